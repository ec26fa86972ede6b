import { Type } from 'typebox';
import { Id, Nullable, Obj, post } from '../builders';
import { Int, QuestionHead, R, ReportComment } from './common';

/** Teachers' comments on questions, for the comment edit page. */
export const commentRoutes = {
  commentGet: post(
    `${R}/comment/get`,
    'one question’s comment for the edit page (classId 0 = the grade)',
    Obj({
      examId: Id,
      classId: Type.Integer({ minimum: 0 }),
      questionId: Id,
      type: Type.Integer({ minimum: 1, maximum: 9 }),
    }),
    Obj({
      question: Obj(QuestionHead),
      subjectId: Int,
      comment: Nullable(ReportComment),
    }),
  ),
  commentSave: post(
    `${R}/comment/save`,
    'save (or with empty content delete) a comment on a question',
    Obj({
      examId: Id,
      classId: Type.Integer({ minimum: 0 }),
      questionId: Id,
      type: Type.Integer({ minimum: 1, maximum: 9 }),
      content: Type.String({ maxLength: 5000 }),
    }),
    Nullable(ReportComment),
  ),
};
