import type { BankQuestionItem } from '@examkit/contracts';
import { Button } from '@examkit/ui';

/**
 * The 加入试题篮 / 移出试题篮 toggle of a question in a list. Placeholder of the foundation: the
 * basket's own work replaces it with the real toggle (basket add and remove calls, count).
 */
export function AddToBasket({ question }: { question: BankQuestionItem }) {
  return (
    <Button size="small" disabled aria-label={`加入试题篮：试题 ${question.id}`}>
      加入试题篮
    </Button>
  );
}
