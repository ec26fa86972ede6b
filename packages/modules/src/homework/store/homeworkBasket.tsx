import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { homeworkStoreRoutes as S, type BankQuestionItem } from '@examkit/contracts';
import { Button } from '@examkit/ui';
import { useApiCall } from '../../common/useApiCall';

/** The homework basket of one subject as a page holds it: the ids in it, and how to change it. */
export interface HomeworkBasketState {
  ids: ReadonlySet<number>;
  toggle(question: BankQuestionItem): Promise<void>;
}

export const HomeworkBasketContext = createContext<HomeworkBasketState>({
  ids: new Set(),
  toggle: async () => {},
});

/** The ids of the homework basket of a subject, asked once for the page's toggles. */
export function useHomeworkBasket(subjectCode: string): HomeworkBasketState {
  const call = useApiCall();
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    if (!subjectCode) return;
    void call(S.basketList, { subjectCode }, { dedupe: false }).then(
      (r) => r.ok && setIds(new Set(r.data.items.map((i) => i.question.id))),
    );
  }, [call, subjectCode]);
  const toggle = useCallback(
    async (question: BankQuestionItem) => {
      const inBasket = ids.has(question.id);
      const r = await call(inBasket ? S.basketRemove : S.basketAdd, { questionId: question.id });
      if (!r.ok) return;
      setIds((old) => {
        const next = new Set(old);
        if (inBasket) next.delete(question.id);
        else next.add(question.id);
        return next;
      });
    },
    [call, ids],
  );
  return { ids, toggle };
}

/** 加入作业篮 / 移出作业篮 of one question of the list. */
export function HomeworkBasketToggle({ question }: { question: BankQuestionItem }) {
  const { ids, toggle } = useContext(HomeworkBasketContext);
  const [busy, setBusy] = useState(false);
  const inBasket = ids.has(question.id);
  const text = inBasket ? '移出作业篮' : '加入作业篮';
  return (
    <Button
      size="small"
      type={inBasket ? 'default' : 'primary'}
      loading={busy}
      aria-label={`${text}：试题 ${question.id}`}
      onClick={() => {
        setBusy(true);
        void toggle(question).finally(() => setBusy(false));
      }}
    >
      {text}
    </Button>
  );
}
