import type { MarkingBlock } from '@examkit/contracts';

/** 评分标准 and 参考答案 of a block, open by default; nothing when the block has neither. */
export function ScoringGuide({ block }: { block: Pick<MarkingBlock, 'guide' | 'answer'> }) {
  if (!block.guide && !block.answer) return null;
  return (
    <section aria-label="评分标准">
      <details open>
        <summary>评分标准</summary>
        <pre>{block.guide || '—'}</pre>
      </details>
      <details open>
        <summary>参考答案</summary>
        <pre>{block.answer || '—'}</pre>
      </details>
    </section>
  );
}
