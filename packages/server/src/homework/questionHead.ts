import type { HomeworkQuestionsTable } from './tables';

type QuestionRow = Pick<HomeworkQuestionsTable, 'no' | 'label' | 'type' | 'answer' | 'full_marks'>;

/** A homework question as every screen heads it: 题号, label, kind, answer and full marks. */
export const questionHead = (q: QuestionRow) => ({
  no: q.no,
  label: q.label,
  type: q.type as 'objective' | 'subjective',
  answer: q.answer,
  fullMarks: Number(q.full_marks),
});
