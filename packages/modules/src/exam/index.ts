import { lazy, type ComponentType } from 'react';
import type { PageLoader } from '../routes/types';
import { examToolPages } from './tool/toolPages';
import { gaokaoPages } from './gaokao/gaokaoPages';
import { crossSchoolPages } from './crossSchool/crossSchoolPages';
import { analyticPages } from './analytic/analyticPages';

/**
 * The exam module's pages by route name of the catalogue, each loaded on first visit as its
 * own chunk: pass them to `createExamkitRoutes({ pages: { ...examPages } })`.
 * @see docs/modules.md
 */
export const examPages: Readonly<Record<string, PageLoader>> = {
  'exam-single': () => import('./pages/ExamListPage').then((m) => m.ExamListPage),
  'exam-single-create': () => import('./pages/ExamFormPage').then((m) => m.ExamFormPage),
  'exam-single-edit': () => import('./pages/ExamFormPage').then((m) => m.ExamFormPage),
  'exam-single-project-student': () =>
    import('./pages/ExamProjectPage').then((m) => m.ExamStudentsPage),
  'exam-single-project-teacher': () =>
    import('./pages/ExamProjectPage').then((m) => m.ExamTeachersPage),
  'exam-single-question': () =>
    import('./pages/PaperStructurePage').then((m) => m.PaperStructurePage),
  'exam-single-answer': () => import('./pages/AnswerKeyPage').then((m) => m.AnswerKeyPage),
  'exam-single-answer-new': () => import('./pages/AnswerKeyPage').then((m) => m.AnswerKeyPage),
  'exam-single-multiple': () => import('./pages/MultipleExamPage').then((m) => m.MultipleExamPage),
  'exam-print': () => import('./pages/ExamPrintPage').then((m) => m.ExamPrintPage),
  'exam-single-import': () => import('./pages/ScoreImportPage').then((m) => m.ScoreImportPage),
  'exam-single-create-answer-sheet': () =>
    import('./pages/AnswerSheetPage').then((m) => m.AnswerSheetPage),
  'card-create': () => import('./pages/AnswerSheetPage').then((m) => m.AnswerSheetPage),
  'card-create-v2': () => import('./pages/AnswerSheetPage').then((m) => m.AnswerSheetPage),
  'card-stand': () => import('./pages/AnswerSheetPage').then((m) => m.AnswerSheetPage),
  'exam-online-createBasic': () =>
    import('./online/OnlineBasicPage').then((m) => m.OnlineBasicPage),
  'exam-online-edit': () => import('./online/OnlineBasicPage').then((m) => m.OnlineBasicPage),
  'exam-online-createSetQuestion': () =>
    import('./online/OnlineQuestionsPage').then((m) => m.OnlineQuestionsPage),
  'exam-online-setAnswer': () =>
    import('./online/OnlineAnswerPage').then((m) => m.OnlineAnswerPage),
  'exam-online-createSetTime': () =>
    import('./online/OnlineTimePage').then((m) => m.OnlineTimePage),
  'exam-online-answerStatistics': () =>
    import('./online/OnlineStatisticsPage').then((m) => m.OnlineStatisticsPage),
  /** Public: the student page of online exams (no account). */
  'online-exam': () => import('./online/OnlineStudentPage').then((m) => m.OnlineStudentPage),
  'exam-tool': () => import('./pages/AnswerSheetListPage').then((m) => m.ExamToolPage),
  'exam-tool-answerSheet-intro': () =>
    import('./pages/AnswerSheetListPage').then((m) => m.AnswerSheetIntroPage),
  'exam-tool-answerSheet-list': () =>
    import('./pages/AnswerSheetListPage').then((m) => m.AnswerSheetListPage),
  ...examToolPages,
  'exam-multiple': () => import('./joint/JointListPage').then((m) => m.JointListPage),
  'exam-multiple-create': () => import('./joint/JointCreatePage').then((m) => m.JointCreatePage),
  'exam-project-create': () => import('./joint/JointCreatePage').then((m) => m.JointCreatePage),
  'exam-multiple-edit': () => import('./joint/JointEditPage').then((m) => m.JointEditPage),
  'report-pdf': () => import('./joint/JointReportPdfPage').then((m) => m.JointReportPdfPage),
  ...gaokaoPages,
  ...crossSchoolPages,
  ...analyticPages,
};

/** A page as a `React.lazy` component: its own chunk, rendered inside `<Suspense>`. */
const lazyPage = (load: PageLoader) =>
  lazy(async (): Promise<{ default: ComponentType }> => ({ default: await load() }));

// The pages by name, lazy so that importing them never pulls every page into one chunk.
export const ExamListPage = lazyPage(examPages['exam-single']!);
export const ExamFormPage = lazyPage(examPages['exam-single-create']!);
export const ExamStudentsPage = lazyPage(examPages['exam-single-project-student']!);
export const ExamTeachersPage = lazyPage(examPages['exam-single-project-teacher']!);
export const PaperStructurePage = lazyPage(examPages['exam-single-question']!);
export const AnswerKeyPage = lazyPage(examPages['exam-single-answer']!);
export const ScoreImportPage = lazyPage(examPages['exam-single-import']!);
export const AnswerSheetPage = lazyPage(examPages['card-create']!);
export const AnswerSheetListPage = lazyPage(examPages['exam-tool-answerSheet-list']!);
export const AnswerSheetIntroPage = lazyPage(examPages['exam-tool-answerSheet-intro']!);
export const ExamToolPage = lazyPage(examPages['exam-tool']!);
export const MultipleExamPage = lazyPage(examPages['exam-single-multiple']!);
export const ExamPrintPage = lazyPage(examPages['exam-print']!);

export { downloadFile, fileNameOf } from '../common/downloadFile';
export type { DownloadFileOptions } from '../common/downloadFile';
