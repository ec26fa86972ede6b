import {
  homeworkAssistantRoutes,
  homeworkWorkbookRoutes,
  type HomeworkDetail,
  type WorkbookBatch,
  type WorkbookBatchDetail,
  type WorkbookStudentHomework,
  type WorkbookStudents,
  type WorkbookWrongRow,
} from '@examkit/contracts';
import { menuUser, ok, renderApp } from '../../test/fixtures';
import { homeworkPages } from '../index';
import { detail, frequencyRow, homeworkApi, K } from './fixtures';

/** The 教辅 page tests' fixtures: workbook 同步练习册·数学四年级上 of 四年级(1)班 with two chapters. */
export const W = homeworkWorkbookRoutes;
const CODES = ['Home', 'Homework', 'Homework-SchoolBase', 'Homework-Analysis'];
/** A teacher holding 作业分析 and 校本作业. */
export const analyst = () => menuUser(CODES);

export const batch: WorkbookBatch = {
  id: 3,
  name: '同步练习册·数学四年级上',
  publisher: '人民教育出版社',
  gradeId: 4,
  gradeName: '四年级',
  subjectId: 2,
  subjectName: '数学',
  classes: [{ id: 41, name: '四年级(1)班' }],
  teachingClasses: [],
  chapterCount: 2,
  createdAt: 0,
  editable: true,
};
export const batchDetail: WorkbookBatchDetail = {
  batch,
  chapters: [
    {
      homeworkId: 5,
      position: 1,
      title: '第一单元 大数的认识',
      state: 'assigned',
      questionCount: 3,
      fullMarks: 20,
      expected: 40,
      submitted: 38,
      corrected: 30,
      average: 16.5,
    },
    {
      homeworkId: 6,
      position: 2,
      title: '第二单元 公顷和平方千米',
      state: 'ready',
      questionCount: 1,
      fullMarks: 5,
      expected: 0,
      submitted: 0,
      corrected: 0,
      average: null,
    },
  ],
};
export const chapterRef = {
  homeworkId: 5,
  workbookId: 3,
  workbookName: batch.name,
  position: 1,
  title: '第一单元 大数的认识',
  estimatedMinutes: 20,
  homework: detail({ paperKind: 'workbook', paperName: '' }),
};
/** The chapter call answering with this homework (its questions, state and assignments). */
export const chapterOf = (homework: HomeworkDetail) => ({
  [K(W.workbookChapter)]: ok({ ...chapterRef, homework }),
});
const students: WorkbookStudents = {
  chapters: [
    { homeworkId: 5, title: '第一单元 大数的认识', fullMarks: 20 },
    { homeworkId: 6, title: '第二单元 公顷和平方千米', fullMarks: 5 },
  ],
  students: [
    {
      studentId: 101,
      studentNo: '2026040101',
      name: '王小明',
      className: '四年级(1)班',
      cells: [
        { homeworkId: 5, assigned: true, status: 'finished', score: 18 },
        { homeworkId: 6, assigned: false, status: 'not_submitted', score: null },
      ],
      submitted: 1,
      assigned: 1,
      scoreRate: 90,
    },
  ],
};
const studentHomework: WorkbookStudentHomework = {
  batch,
  student: { studentId: 101, studentNo: '2026040101', name: '王小明', className: '四年级(1)班' },
  chapters: [
    {
      homeworkId: 5,
      position: 1,
      title: '第一单元 大数的认识',
      assigned: true,
      status: 'finished',
      score: 18,
      fullMarks: 20,
      wrong: 1,
    },
    {
      homeworkId: 6,
      position: 2,
      title: '第二单元 公顷和平方千米',
      assigned: false,
      status: 'not_submitted',
      score: null,
      fullMarks: 5,
      wrong: 0,
    },
  ],
};
/** 错题 of the workbook: question 2 of its first chapter, as in 高频错题. */
const { homeworkName: _name, averageScore: _average, ...asked } = frequencyRow('');
const wrongRow: WorkbookWrongRow = {
  ...asked,
  chapterTitle: '第一单元 大数的认识',
  students: [{ studentId: 101, name: '王小明' }],
};

/** A chapter whose second question the teacher tagged with 分数的加减. */
export const taggedChapter = (() => {
  const d = detail({ paperKind: 'workbook', paperName: '' });
  return {
    ...d,
    questions: d.questions.map((q) =>
      q.no === 2 ? { ...q, points: [{ id: 2, name: '分数的加减' }] } : q,
    ),
  };
})();

export function workbookApi(extra: Record<string, unknown> = {}) {
  return homeworkApi({
    [K(homeworkAssistantRoutes.assistantOptions)]: ok([
      { gradeId: 4, gradeName: '四年级', subjectId: 2, subjectName: '数学' },
    ]),
    [K(homeworkAssistantRoutes.assistantSummary)]: ok([]),
    [K(W.workbookBatches)]: ok([batch]),
    [K(W.workbookBatchDetail)]: ok(batchDetail),
    [K(W.workbookChapter)]: ok(chapterRef),
    [K(W.workbookStudents)]: ok(students),
    [K(W.workbookStudentHomework)]: ok(studentHomework),
    [K(W.workbookWrong)]: ok([wrongRow]),
    ...extra,
  });
}

/** Renders a homework page for `user` (by default one holding 作业分析 and 校本作业). */
export const renderWorkbook = (
  path: string,
  api: ReturnType<typeof workbookApi>,
  user = analyst(),
) => renderApp({ path, api, user, pages: homeworkPages });
/** The bureau seat: a reader holding 作业 and 作业分析, not 校本作业 (BUREAU_PERMISSIONS). */
export const SEAT_CODES = ['Home', 'Homework', 'Homework-Analysis'];

/** The workbook calls with the workbook's teaching class 数学提高班 beside its class. */
export const withTeachingClassApi = () =>
  workbookApi({
    [K(W.workbookBatchDetail)]: ok({
      ...batchDetail,
      batch: { ...batch, teachingClasses: [{ id: 7, name: '数学提高班' }] },
    }),
  });
