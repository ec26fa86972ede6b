import { formatRate } from './format';

const OBJECTIVE = new Set(['single', 'multiple', 'judge']);

interface QuestionOptions {
  kind: string;
  /** False when the scores were imported without the students' choices. */
  choicesRecorded?: boolean;
  options: readonly { option: string; count: number; rate: number | null; correct: boolean }[];
}

/**
 * A question's option distribution as text (`A✓ 30人（60.00%）；B 5人（10.00%）`), 未录入选项 for an
 * objective question whose choices were not recorded, — for a subjective one.
 */
export function optionsCell(q: QuestionOptions): string {
  if (!OBJECTIVE.has(q.kind)) return '—';
  if (q.choicesRecorded === false) return '未录入选项';
  if (q.options.length === 0) return '—';
  return q.options
    .map((o) => `${o.option}${o.correct ? '✓' : ''} ${o.count}人（${formatRate(o.rate)}）`)
    .join('；');
}
