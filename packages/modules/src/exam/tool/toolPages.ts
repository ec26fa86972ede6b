import type { PageLoader } from '../../routes/types';

const sheet = () => import('./SheetPages');
const task = () => import('./TaskPages');
const assign = () => import('./AssignPages');

/** The exam tool's pages (score sheets, entry tasks, 分班) by route name, each loaded lazily. */
export const examToolPages: Readonly<Record<string, PageLoader>> = {
  'exam-tool-sheet-intro': () => sheet().then((m) => m.SheetIntroPage),
  'exam-tool-sheet-list': () => sheet().then((m) => m.SheetListPage),
  'exam-tool-sheet-newsheet': () => sheet().then((m) => m.NewSheetPage),
  'exam-tool-sheet-addsubject': () => sheet().then((m) => m.AddSubjectPage),
  'exam-tool-sheet-detail': () => sheet().then((m) => m.SheetDetailPage),
  'exam-tool-sheet-result': () => sheet().then((m) => m.SheetResultPage),
  'exam-tool-sheet-student': () => sheet().then((m) => m.SheetStudentPage),
  'exam-tool-task-intro': () => task().then((m) => m.TaskIntroPage),
  'exam-tool-task-list': () => task().then((m) => m.TaskListPage),
  'exam-tool-task-list-detail': () => task().then((m) => m.TaskDetailPage),
  'exam-tool-task-create-first': () => task().then((m) => m.TaskFirstPage),
  'exam-tool-task-create-second': () => task().then((m) => m.TaskSecondPage),
  'exam-tool-task-create-third': () => task().then((m) => m.TaskThirdPage),
  'exam-tool-classAssign-intro': () => assign().then((m) => m.AssignIntroPage),
  'exam-tool-classAssign-list': () => assign().then((m) => m.AssignListPage),
  'exam-tool-classAssign-create-step1': () => assign().then((m) => m.AssignStep1Page),
  'exam-tool-classAssign-create-step2': () => assign().then((m) => m.AssignStep2Page),
  'exam-tool-classAssign-rankDetail': () => assign().then((m) => m.AssignRankDetailPage),
  'exam-tool-classAssign-classDetail': () => assign().then((m) => m.AssignClassDetailPage),
  'exam-tool-classAssign-record': () => assign().then((m) => m.AssignRecordPage),
};
