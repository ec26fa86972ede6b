import { formatScore } from '../../utils/format';

/** Students who lost points on a question as 姓名（分数，所选）, joined with 、. */
export const lostStudentsText = (
  students: readonly { name: string; score: number | null; answer: string | null }[],
) =>
  students
    .map((s) => `${s.name}（${formatScore(s.score)}${s.answer ? `，${s.answer}` : ''}）`)
    .join('、');
