import { Type } from 'typebox';
import { Id, Obj, post } from './builders';
import { newExamFields } from './newExamFields';
import { ExamSubjectInput, ExamSummary } from './exam';

/**
 * 多科考试 (/exam/single/multiple): one exam per chosen grade, each with the same subjects, name,
 * type and date, all created in one transaction. A retry with the same `idempotencyKey` answers
 * the exams of the first call and creates nothing.
 * @see docs/exams.md#多科考试
 */
export const examBatchRoutes = {
  createMultiple: post(
    '/marking-main/exam/create_multiple',
    'create draft exams for several grades and subjects at once (every class and student of each grade); a retry with the same key creates nothing',
    Obj({
      ...newExamFields(),
      gradeIds: Type.Array(Id, { minItems: 1, maxItems: 12 }),
      subjects: Type.Array(ExamSubjectInput, { minItems: 1, maxItems: 20 }),
    }),
    Obj({
      exams: Type.Array(ExamSummary),
      /** False when the key was used before: the exams are the first call's. */
      created: Type.Boolean(),
    }),
  ),
};
