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
  // 作业报告与录入 (homework/report/report.test.ts): the caller's students of an assigned homework
  // only (those they correct); another teacher's class or student, another school's homework 404
  'homeworkReportRoutes.reportBasic': WRITE(
    'counts and rates of the caller’s students; a class not theirs 404 (report.test.ts)',
  ),
  'homeworkReportRoutes.reportStudent': WRITE('the caller’s students only (report.test.ts)'),
  'homeworkReportRoutes.reportComment': WRITE(
    'the caller’s students and classes only (report.test.ts)',
  ),
  'homeworkReportRoutes.saveComment': WRITE(
    'a class or student of the caller’s only, else 404 (report.test.ts)',
  ),
  'homeworkReportRoutes.studentAnalysis': WRITE(
    'a student the caller corrects only, else 404 (report.test.ts)',
  ),
  'homeworkReportRoutes.studentWrong': WRITE(
    'a student the caller corrects only, else 404 (report.test.ts)',
  ),
  'homeworkReportRoutes.errorStatistics': WRITE(
    'the caller’s students only; a class not theirs 404 (report.test.ts)',
  ),
  'homeworkReportRoutes.knowledgeStatistics': WRITE(
    'the caller’s students only; a class not theirs 404 (report.test.ts)',
  ),
  'homeworkReportRoutes.manualSave': WRITE(
    'a student the caller corrects only, else 404 (report.test.ts)',
  ),
  // 在线作答 (homework/online/online.test.ts): a homework of another school or outside the
  // caller's grades × subjects answers 作业不存在; the student page is public, by 作业码 and 学号
  'homeworkOnlineRoutes.onlineState': WRITE(
    'the 作业码 of one homework, no personal data; another school’s homework 404 (online.test.ts)',
  ),
  'homeworkOnlineRoutes.onlineOpen': WRITE(
    'a homework the caller may see only; another school’s homework 404 (online.test.ts)',
  ),
  'homeworkOnlineRoutes.onlineEnter': WRITE(
    'public student page: one assigned student’s own homework by 作业码 and 学号; a student of another class refused (online.test.ts)',
  ),
  'homeworkOnlineRoutes.onlineSubmit': WRITE(
    'public student page: the ticket’s own hand-in only (online.test.ts)',
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
