import { WRITE, type Entry } from '../entry';

/**
 * The data-scope rows of 教辅 (homework/workbook/workbook.test.ts “keeps a 班主任 to their own
 * class”): the batch's classes the caller teaches only; another class or student answers as
 * missing, another school's batch 教辅不存在.
 */
export const workbookRows: Record<string, Entry> = {
  'homeworkWorkbookRoutes.workbookBatchCreate': WRITE(
    'classes and teaching classes of the caller’s grade × subject only; another answers 班级不存在 / 教学班不存在 (workbook.test.ts)',
  ),
  'homeworkWorkbookRoutes.workbookBatchUpdate': WRITE(
    'the batch’s maker, a school-wide role or one teaching every class and teaching class of it; another teacher 403, another school 404 (workbook.test.ts)',
  ),
  'homeworkWorkbookRoutes.workbookBatchRemove': WRITE(
    'as batch/update; refused while a chapter has hand-ins (workbook.test.ts)',
  ),
  'homeworkWorkbookRoutes.workbookChapterUpdate': WRITE(
    'as batch/update on the chapter’s batch; another school 章节不存在 (workbook.test.ts)',
  ),
  'homeworkWorkbookRoutes.workbookChapterRemove': WRITE(
    'as batch/update; refused once the chapter has hand-ins (workbook.test.ts)',
  ),
  'homeworkWorkbookRoutes.workbookStudents': WRITE(
    'students of the batch’s classes the caller teaches; another class 404 (workbook.test.ts)',
  ),
  'homeworkWorkbookRoutes.workbookStudentHomework': WRITE(
    'a student of the caller’s classes of the batch only, else 404 (workbook.test.ts)',
  ),
  'homeworkWorkbookRoutes.workbookWrong': WRITE(
    'the caller’s students only; another class 404 (workbook.test.ts)',
  ),
};
