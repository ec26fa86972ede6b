import type { PageLoader } from '../routes/types';

const listPages = () => import('./pages/HomeworkListPage');
const createPages = () => import('./pages/HomeworkCreatePage');
const splitPages = () => import('./pages/SplitConfirmPage');
const aiPages = () => import('./pages/AiSplitPage');
const scanPages = () => import('./pages/HomeworkScanPage');
const correctPages = () => import('./pages/HomeworkCorrectPage');
const storePage = () => import('./store/HomeworkStorePage');
const basketPage = () => import('./store/HomeworkBasketPage');
const confirmPage = () => import('./store/BasketConfirmPage');
const itemPage = () => import('./store/QuestionItemPage');
const compositionList = () => import('./composition/CompositionListPage');
const compositionForm = () => import('./composition/CompositionFormPage');
const compositionScan = () => import('./composition/CompositionScanPage');
const compositionCorrect = () => import('./composition/CompositionCorrectPage');
const compositionReport = () => import('./composition/CompositionReportPage');
const assistantPages = () => import('./assistant/AssistantPages');
const workbookBatch = () => import('./workbook/WorkbookBatchPages');
const workbookChapter = () => import('./workbook/WorkbookChapterPages');
const workbookStudent = () => import('./workbook/WorkbookStudentPages');
const reportBasic = () => import('./report/HomeworkReportBasicPage');
const reportComment = () => import('./report/HomeworkReportCommentPage');
const reportStudent = () => import('./report/HomeworkReportStudentPage');
const studentReport = () => import('./report/StudentReportPage');
const onlinePage = () => import('./online/HomeworkOnlinePage');
const paperPages = () => import('./paper/PaperPages');
const questionEdit = () => import('./paper/QuestionEditPage');
const collatePage = () => import('./collate/CollatePage');
const downloadPage = () => import('./download/DownloadAssistantPage');
const groupPage = () => import('./group/HomeworkGroupPage');
const wordQuestion = () => import('./wordExercise/WordExerciseQuestionPage');
const wordCard = () => import('./wordExercise/WordExerciseCardPage');
const wordAccuracy = () => import('./wordExercise/WordExerciseAccuracyPage');
const wordDetail = () => import('./wordExercise/WordExerciseDetailPage');
const wordWrong = () => import('./wordExercise/WordExerciseWrongPage');

/**
 * The homework pages built so far (校本作业 from an uploaded paper or from the bank, 作文,
 * 作业分析 with its 教辅 pages; docs/homework.md) by route name of the catalogue, loaded on first visit: pass them to
 * `createExamkitRoutes({ pages: { ...homeworkPages } })`, or mount the module alone with
 * {@link createHomeworkRoutes}.
 */
export const homeworkPages: Readonly<Record<string, PageLoader>> = {
  'homework-online': () => onlinePage().then((m) => m.HomeworkOnlinePage),
  'homework-school-base': () => listPages().then((m) => m.HomeworkListPage),
  'homework-school-base-create': () => createPages().then((m) => m.HomeworkCreatePage),
  'homework-school-base-split-confirm': () => splitPages().then((m) => m.SplitConfirmPage),
  'homework-school-base-ai-split-confirm': () => aiPages().then((m) => m.AiSplitPage),
  'homework-school-base-id-scan': () => scanPages().then((m) => m.HomeworkScanPage),
  'homework-correct': () => correctPages().then((m) => m.HomeworkCorrectPage),
  'homework-school-base-store': () => storePage().then((m) => m.HomeworkStorePage),
  'homework-school-base-store-basket': () => basketPage().then((m) => m.HomeworkBasketPage),
  'homework-school-base-basket-confirm': () => confirmPage().then((m) => m.BasketConfirmPage),
  'homework-school-base-questionItem': () => itemPage().then((m) => m.QuestionItemPage),
  'homework-composition': () => compositionList().then((m) => m.CompositionListPage),
  'homework-composition-create': () => compositionForm().then((m) => m.CompositionCreatePage),
  'homework-composition-edit': () => compositionForm().then((m) => m.CompositionEditPage),
  'homework-composition-scan': () => compositionScan().then((m) => m.CompositionScanPage),
  'homework-composition-correct': () => compositionCorrect().then((m) => m.CompositionCorrectPage),
  'homework-composition-report-basic': () =>
    compositionReport().then((m) => m.CompositionReportBasicPage),
  'homework-composition-report-student': () =>
    compositionReport().then((m) => m.CompositionReportStudentPage),
  'homework-teaching-assistant': () => assistantPages().then((m) => m.AssistantSummaryPage),
  'homework-teaching-assistant-summary': () => assistantPages().then((m) => m.AssistantSummaryPage),
  'homework-teaching-assistant-frequency': () =>
    assistantPages().then((m) => m.AssistantFrequencyPage),
  'homework-teaching-assistant-frequency-export': () =>
    assistantPages().then((m) => m.FrequencyExportPage),
  'homework-teaching-assistant-batch': () => workbookBatch().then((m) => m.WorkbookBatchPage),
  'homework-teaching-assistant-batchDetail': () =>
    workbookBatch().then((m) => m.WorkbookBatchDetailPage),
  'homework-teaching-assistant-chapter': () => workbookChapter().then((m) => m.WorkbookChapterPage),
  'homework-teaching-assistant-chapter-scan': () =>
    workbookChapter().then((m) => m.WorkbookChapterScanPage),
  'homework-teaching-assistant-comment': () => workbookChapter().then((m) => m.WorkbookCommentPage),
  'homework-teaching-assistant-correct': () => correctPages().then((m) => m.HomeworkCorrectPage),
  'homework-teaching-assistant-student': () => workbookStudent().then((m) => m.WorkbookStudentPage),
  'homework-teaching-assistant-student-homework': () =>
    workbookStudent().then((m) => m.WorkbookStudentHomeworkPage),
  'homework-teaching-assistant-wrong': () => workbookStudent().then((m) => m.WorkbookWrongPage),
  'homework-school-base-id-report-basic': () =>
    reportBasic().then((m) => m.HomeworkReportBasicPage),
  'homework-school-base-id-report-comment': () =>
    reportComment().then((m) => m.HomeworkReportCommentPage),
  'homework-school-base-id-report-student': () =>
    reportStudent().then((m) => m.HomeworkReportStudentPage),
  'homework-school-base-student-studentId-report-analysis': () =>
    studentReport().then((m) => m.StudentAnalysisPage),
  'homework-school-base-student-studentId-report-wrong': () =>
    studentReport().then((m) => m.StudentWrongPage),
  'homework-viewPdf': () => paperPages().then((m) => m.HomeworkViewPdfPage),
  'paper-record': () => paperPages().then((m) => m.PaperRecordPage),
  'paper-pdf': () => paperPages().then((m) => m.PaperPdfPage),
  'paper-split': () => paperPages().then((m) => m.PaperSplitPage),
  'homework-question-edit': () => questionEdit().then((m) => m.QuestionEditPage),
  'homework-collate': () => collatePage().then((m) => m.CollatePage),
  'homework-download-assistant': () => downloadPage().then((m) => m.DownloadAssistantPage),
  'homework-group': () => groupPage().then((m) => m.HomeworkGroupPage),
  'homework-word-exercise-question': () => wordQuestion().then((m) => m.WordExerciseQuestionPage),
  'homework-word-exercise-card': () => wordCard().then((m) => m.WordExerciseCardPage),
  'homework-word-exercise-accuracy': () => wordAccuracy().then((m) => m.WordExerciseAccuracyPage),
  'homework-word-exercise-detail': () => wordDetail().then((m) => m.WordExerciseDetailPage),
  'homework-word-exercise-wrong': () => wordWrong().then((m) => m.WordExerciseWrongPage),
  'homework-word-exercise-scan': () => scanPages().then((m) => m.WordExerciseScanPage),
};
