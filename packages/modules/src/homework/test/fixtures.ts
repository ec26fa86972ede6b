import {
  administrationRoutes,
  homeworkOnlineRoutes,
  homeworkQuestionPointRoutes,
  homeworkReportRoutes,
  homeworkRoutes,
  type FrequencyRow,
  type HomeworkDetail,
  type HomeworkSummary,
  type KnowledgeNode,
  type SubmissionDetail,
} from '@examkit/contracts';
import { createFakeApi, ok, SCHOOL_ROUTES } from '../../test/fixtures';

/** A contract route's key for the fake API. */
export const K = (route: { url: string }) => `POST ${route.url}`;
export const HW = Object.fromEntries(
  Object.entries(homeworkRoutes).map(([name, route]) => [name, K(route)]),
) as Record<keyof typeof homeworkRoutes, string>;

/** One question's answer in a hand-in, unmarked (no answer, score or review) unless `over` says. */
export const handInAnswer = (
  questionNo: number,
  over: Partial<SubmissionDetail['answers'][number]> = {},
): SubmissionDetail['answers'][number] => ({
  questionNo,
  answer: null,
  score: null,
  judgement: null,
  adjustment: null,
  review: false,
  rubricItemIds: [],
  hasImage: false,
  continuedParts: 0,
  correctedAt: null,
  ...over,
});

export const OPTIONS = [
  {
    gradeId: 4,
    gradeName: '四年级',
    subjectId: 2,
    subjectName: '数学',
    targets: [
      { kind: 'class', id: 41, name: '四年级(1)班', studentCount: 40 },
      { kind: 'class', id: 42, name: '四年级(2)班', studentCount: 38 },
      { kind: 'teachingClass', id: 7, name: '数学提高班', studentCount: 12 },
    ],
  },
  { gradeId: 1, gradeName: '一年级', subjectId: 2, subjectName: '数学', targets: [] },
];

export function summary(overrides: Partial<HomeworkSummary> = {}): HomeworkSummary {
  return {
    id: 5,
    name: '分数加减练习',
    gradeId: 4,
    gradeName: '四年级',
    subjectId: 2,
    subjectName: '数学',
    state: 'ready',
    questionCount: 3,
    fullMarks: 20,
    targets: [],
    dueAt: null,
    createdAt: 0,
    creatorName: '李老师',
    ...overrides,
  };
}

export function detail(overrides: Partial<HomeworkDetail> = {}): HomeworkDetail {
  return {
    ...summary(),
    paperName: '分数.pdf',
    paperKind: 'pdf',
    questions: [
      { no: 1, label: '1', type: 'objective', answer: 'A', fullMarks: 5, points: [] },
      { no: 2, label: '2', type: 'objective', answer: 'BD', fullMarks: 5, points: [] },
      { no: 3, label: '3', type: 'subjective', answer: null, fullMarks: 10, points: [] },
    ],
    assignments: [],
    writtenRefused: false,
    dailyLimit: 60,
    ...overrides,
  };
}

/** {@link detail} once assigned to 四年级(1)班 (40 students, due and assigned at 0). */
export const assignedDetail = (estimatedMinutes = 20): HomeworkDetail =>
  detail({
    state: 'assigned',
    assignments: [
      {
        kind: 'class',
        id: 41,
        name: '四年级(1)班',
        studentCount: 40,
        dueAt: 0,
        estimatedMinutes,
        assignedAt: 0,
      },
    ],
  });

/** The fake API of the homework pages: the school's calls plus homework's. */
export function homeworkApi(extra: Record<string, unknown> = {}) {
  return createFakeApi({
    ...SCHOOL_ROUTES,
    [HW.homeworkOptions]: ok(OPTIONS),
    [HW.homeworkPage]: ok({ list: [summary()], total: 1, pageNum: 1, pageSize: 20 }),
    [HW.homeworkDetail]: ok(detail()),
    [K(homeworkOnlineRoutes.onlineState)]: ok({ id: 1, code: null }),
    // 作业设置 with no saved rows: 布置 keeps its own defaults.
    [K(administrationRoutes.homeworkSettingsGet)]: ok({ academicYear: 2026, rows: [] }),
    // 教材关联 with nothing set.
    [K(administrationRoutes.homeworkCorrelationGet)]: ok({ academicYear: 2026, rows: [] }),
    // 知识点统计 of a report whose questions carry no point.
    [K(homeworkReportRoutes.knowledgeStatistics)]: ok({ untagged: 3, points: [] }),
    ...extra,
  });
}

/** The JSON bodies sent to one call, in order. */
export const bodiesOf = (api: ReturnType<typeof createFakeApi>, key: string) =>
  api.calls
    .filter((c) => `${c.method} ${c.url}` === key)
    .map((c) => JSON.parse(String(c.data)) as Record<string, unknown>);

/** The question/point calls' keys. */
export const POINT_TREE = K(homeworkQuestionPointRoutes.questionPointTree);
export const POINT_SAVE = K(homeworkQuestionPointRoutes.questionPointSave);

const node = (id: number, parentId: number | null, name: string): KnowledgeNode => ({
  id,
  parentId,
  name,
  ord: id,
  shared: true,
  questionCount: 2,
});

/** The school's 小学 数学 tree a homework's questions are tagged from. */
export const POINT_NODES: KnowledgeNode[] = [
  node(1, null, '数与代数'),
  node(2, 1, '分数的加减'),
  node(3, 1, '约分'),
  node(4, null, '图形与几何'),
];

/** A 高频错题 row: question 2 of `homeworkName`, wrong for 19 of 38 (most often C). */
export const frequencyRow = (homeworkName: string): FrequencyRow => ({
  homeworkId: 5,
  homeworkName,
  questionNo: 2,
  label: '2',
  type: 'objective',
  fullMarks: 5,
  answered: 38,
  wrong: 19,
  wrongRate: 50,
  averageScore: 2.5,
  commonWrongAnswer: 'C',
});
