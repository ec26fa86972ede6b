import { Type } from 'typebox';
import { IdempotencyKey } from './builders';
import { ExamType } from './exam';

/**
 * The first fields of a call that creates draft exams in one go (several grades, a joint exam):
 * the retry key, name, type and date, in that order. Internal: not exported from the entry points.
 */
export const newExamFields = () => ({
  /** A key the client makes once per form submission (a UUID). */
  idempotencyKey: IdempotencyKey,
  name: Type.String({ minLength: 1, maxLength: 100 }),
  examType: ExamType,
  examDate: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
});
