import type { PageLoader } from '../routes/types';

const listPages = () => import('./pages/MarkingListPage');
const settingPages = () => import('./pages/BlockSettingPage');
const readPages = () => import('./pages/ReadPaperPage');
const monitorPages = () => import('./pages/MonitorPages');

/**
 * The online marking pages (spec 001 §2, Exam-Wuhen) by route name of the catalogue, loaded on
 * first visit: pass them to `createExamkitRoutes({ pages: { ...markingPages } })`, or mount the
 * module alone with {@link createMarkingRoutes}.
 * @see docs/modules.md
 */
export const markingPages: Readonly<Record<string, PageLoader>> = {
  'exam-marking': () => listPages().then((m) => m.MarkingListPage),
  'exam-marking-examTask': () => listPages().then((m) => m.MarkingTaskPage),
  'exam-marking-setting': () => settingPages().then((m) => m.BlockSettingPage),
  'exam-marking-setting2': () => settingPages().then((m) => m.BlockSettingPage),
  'exam-marking-readPaper': () => readPages().then((m) => m.ReadPaperPage),
  'exam-marking-readPaper2': () => readPages().then((m) => m.ReadPaperPage),
  'exam-marking-readMonitor': () => monitorPages().then((m) => m.ProgressPage),
  'exam-marking-data-progress': () => monitorPages().then((m) => m.ProgressPage),
  'exam-marking-data-monitor': () => monitorPages().then((m) => m.ProgressPage),
  'exam-marking-data-quality': () => monitorPages().then((m) => m.QualityPage),
  'exam-marking-data-spread': () => monitorPages().then((m) => m.QualityPage),
  'exam-marking-data-checkPaper': () => monitorPages().then((m) => m.CheckPaperPage),
  'exam-marking-checkPaper': () => monitorPages().then((m) => m.CheckPaperPage),
  'exam-marking-error': () => monitorPages().then((m) => m.ProblemPage),
  'exam-marking-paperReview': () => monitorPages().then((m) => m.ProblemPage),
};
