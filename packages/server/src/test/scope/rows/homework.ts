import { WRITE, type Entry } from '../entry';

/** The data-scope rows of homework (校本作业, hand-ins, homework from the bank). */
export const homeworkRows: Record<string, Entry> = {
  // 校本作业 (homework/homework.test.ts “keeps a teacher to their classes and subjects”)
  'homeworkRoutes.assignCheck': WRITE(
    'minutes per class, no personal data; a class outside the caller’s subject scope answers as missing (homework.test.ts)',
  ),
  'homeworkRoutes.assign': WRITE(
    'classes and teaching classes of the caller’s grade × subject only; others answer as missing (homework.test.ts)',
  ),
  // 作业提交与批改 (homework/submissions/submissions.test.ts “keeps a teacher to their classes’ hand-ins”)
  'homeworkSubmissionRoutes.scanResolve': WRITE(
    'a student of the caller’s assigned classes only; another student answers as missing (submissions.test.ts)',
  ),
  // 校本作业 from the bank (homework/store.test.ts): a homework id of another school or outside
  // the caller's grades × subjects answers 作业不存在; basket-confirm only for their grade × subject
  'homeworkStoreRoutes.questionItems': WRITE(
    'questions of one homework, no personal data; another school’s homework 404 (store.test.ts)',
  ),
  'homeworkStoreRoutes.basketConfirm': WRITE(
    'a grade × subject the caller teaches only, else refused (store.test.ts)',
  ),
};
