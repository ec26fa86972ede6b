import type {
  ExamSummary,
  ScanBatchProgress,
  ScanException,
  ScanObjectiveDetail,
  ScanObjectivePage,
  ScanObjectiveStudent,
  ScanReconciliation,
  ScanSubjectOverview,
} from '@examkit/contracts';
import { ok } from '../../test/fixtures';
import {
  EXAM,
  MIDTERM,
  WEEKLY,
  WEEKLY_PAPER,
  examApi,
  weeklyDetail,
} from '../../exam/test/fixtures';

/** Calls of the scan page, keyed as the fake API takes them. */
export const SCAN = {
  create: 'POST /marking-main/exam/scan/batch/create',
  chunk: 'POST /marking-main/exam/scan/batch/chunk',
  chunks: 'POST /marking-main/exam/scan/batch/chunks',
  complete: 'POST /marking-main/exam/scan/batch/complete',
  progress: 'POST /marking-main/exam/scan/batch/progress',
  list: 'POST /marking-main/exam/scan/batch/list',
  reconcile: 'POST /marking-main/exam/scan/reconcile',
  exceptions: 'POST /marking-main/exam/scan/exception/list',
  resolve: 'POST /marking-main/exam/scan/exception/resolve',
  absent: 'POST /marking-main/exam/scan/absent/confirm',
  rescore: 'POST /marking-main/exam/scan/rescore',
  objective: 'POST /marking-main/exam/scan/objective/list',
  objectiveDetail: 'POST /marking-main/exam/scan/objective/detail',
  overview: 'POST /marking-main/exam/scan/overview',
} as const;

export const batch = (over: Partial<ScanBatchProgress> = {}): ScanBatchProgress => ({
  batchId: 3,
  examSubjectId: 21,
  state: 'done',
  filesTotal: 2,
  filesDone: 2,
  pages: 2,
  recognized: 1,
  exceptions: 1,
  duplicates: 0,
  createdAt: new Date(2026, 10, 21, 9, 0).getTime(),
  ...over,
});

const ref = (studentId: number, name: string, examNo: string) => ({
  studentId,
  name,
  examNo,
  className: '高一(1)班',
});

export const RECON: ScanReconciliation = {
  expected: 2,
  matched: [{ ...ref(1, '张一', '20260001'), sheetIds: [10] }],
  duplicates: [],
  unknown: [
    { sheetId: 11, examNoRead: '59670415', reason: '考号 59670415 不在本考试科目的考生名单中' },
  ],
  missingPages: [],
  absent: [],
  noSheet: [ref(2, '李二', '20260002')],
  openExceptions: 2,
};

export const exception = (over: Partial<ScanException> = {}): ScanException => ({
  id: 41,
  kind: 'unknown_exam_no',
  reason: '考号 59670415 不在本考试科目的考生名单中',
  sheetId: 11,
  batchId: 3,
  hasImage: true,
  examNoRead: '59670415',
  student: null,
  answers: [],
  createdAt: new Date(2026, 10, 21, 9, 1).getTime(),
  resolvedAt: null,
  resolvedBy: null,
  resolution: null,
  ...over,
});

export const FAINT = exception({
  id: 42,
  kind: 'bubble_review',
  reason: '客观题需人工确认：第 2 题（填涂过浅）',
  sheetId: 10,
  examNoRead: '20260001',
  student: ref(1, '张一', '20260001'),
  answers: [
    { questionId: 2, number: '2', answer: '', status: 'review', confidence: 0.4, flags: ['faint'] },
    { questionId: 1, number: '1', answer: 'A', status: 'ok', confidence: 0.98, flags: [] },
  ],
});

/** A student of the objective scores table; 张一 scored by default. */
export const objectiveRow = (over: Partial<ScanObjectiveStudent> = {}): ScanObjectiveStudent => ({
  ...ref(1, '张一', '20260001'),
  status: 'scored',
  objectiveScore: 8,
  reviewCount: 0,
  ...over,
});

/** One page of objective scores: 张一 scored 8 of 13, 李二 absent; 62 students in all. */
export const objectivePage = (over: Partial<ScanObjectivePage> = {}): ScanObjectivePage => ({
  list: [
    objectiveRow(),
    objectiveRow({ ...ref(2, '李二', '20260002'), status: 'absent', objectiveScore: null }),
  ],
  total: 62,
  pageNum: 1,
  pageSize: 50,
  fullMarks: 13,
  questionCount: 3,
  ...over,
});

/** 张一's objective questions: 1 right, 2 a subset of the key, 3 (true/false) waiting for review. */
export const OBJECTIVE_DETAIL: ScanObjectiveDetail = {
  student: objectiveRow({ status: 'review', reviewCount: 1 }),
  fullMarks: 13,
  questions: [
    {
      questionId: 1,
      number: '1',
      kind: 'single',
      fullMarks: 5,
      partialMarks: null,
      key: 'B',
      read: 'B',
      readStatus: 'ok',
      score: 5,
    },
    {
      questionId: 2,
      number: '2',
      kind: 'multiple',
      fullMarks: 6,
      partialMarks: 3,
      key: 'ACD',
      read: 'AC',
      readStatus: 'fixed',
      score: 3,
    },
    {
      questionId: 3,
      number: '3',
      kind: 'judge',
      fullMarks: 2,
      partialMarks: null,
      key: 'T',
      read: '',
      readStatus: 'review',
      score: null,
    },
  ],
};

const PARTICIPANTS = [
  {
    studentId: 1,
    studentNo: '20260001',
    examNo: '20260001',
    name: '张一',
    classId: 101,
    className: '高一(1)班',
    electives: [],
  },
  {
    studentId: 2,
    studentNo: '20260002',
    examNo: '20260002',
    name: '李二',
    classId: 101,
    className: '高一(1)班',
    electives: [],
  },
];

/** The fake API of the scan page for the 周练's 数学 (exam subject 21) in `scanning`. */
export function scanApi(routes: Record<string, unknown> = {}) {
  return examApi({
    [EXAM.questionsGet]: ok({ ...WEEKLY_PAPER, state: 'scanning' }),
    [EXAM.detail]: ok({ ...weeklyDetail(), state: 'scanning', allowedTransitions: ['marking'] }),
    [EXAM.participants]: ok(PARTICIPANTS),
    [SCAN.list]: ok({ list: [] }),
    [SCAN.reconcile]: ok(RECON),
    [SCAN.exceptions]: ok({ list: [] }),
    [SCAN.objective]: ok(objectivePage()),
    [SCAN.objectiveDetail]: ok(OBJECTIVE_DETAIL),
    ...routes,
  });
}

/** The 周练 in `scanning`: 数学 (21) with a saved sheet, 物理 (22) without one. */
export const SCANNING_WEEKLY: ExamSummary = {
  ...WEEKLY,
  state: 'scanning',
  subjects: [
    { ...WEEKLY.subjects[0]!, hasSheet: true },
    { ...WEEKLY.subjects[0]!, id: 22, subjectCode: 'S22', subjectName: '物理', hasSheet: false },
  ],
};

const counts = (
  examSubjectId: number,
  over: Partial<ScanSubjectOverview> = {},
): ScanSubjectOverview => ({
  examSubjectId,
  expected: 0,
  uploaded: 0,
  matched: 0,
  openExceptions: 0,
  ...over,
});

/** Scan counts by exam id: 周练 数学 has 5 pages, 2 of 3 students matched, 2 open exceptions. */
export const OVERVIEWS: Record<number, ScanSubjectOverview[]> = {
  [SCANNING_WEEKLY.id]: [
    counts(21, { expected: 3, uploaded: 5, matched: 2, openExceptions: 2 }),
    counts(22, { expected: 3 }),
  ],
  [MIDTERM.id]: [
    counts(11, { expected: 270, uploaded: 270, matched: 268, openExceptions: 0 }),
    counts(12, { expected: 270, uploaded: 269, matched: 267, openExceptions: 1 }),
  ],
};

const bodyOf = (request: { data: unknown }) =>
  JSON.parse(String(request.data)) as Record<string, unknown>;

/**
 * The fake API of the 答题卡上传 hub: the exam list answers by state (the 周练 in `scanning`,
 * the 期中 in `finished`, a draft that must never be asked for), the overview by exam id.
 */
export function hubApi(routes: Record<string, unknown> = {}) {
  const byState: Record<string, ExamSummary[]> = {
    draft: [{ ...WEEKLY, id: 3, name: '草稿考试' }],
    scanning: [SCANNING_WEEKLY],
    finished: [MIDTERM],
  };
  return scanApi({
    [EXAM.list]: (request: { data: unknown }) => {
      const state = bodyOf(request).state as string | undefined;
      const list = state ? (byState[state] ?? []) : Object.values(byState).flat();
      return ok({ list, total: list.length, pageNum: 1, pageSize: 100 });
    },
    [SCAN.overview]: (request: { data: unknown }) =>
      ok({ subjects: OVERVIEWS[bodyOf(request).examId as number] ?? [] }),
    ...routes,
  });
}
