import {
  administrationRoutes,
  homeworkOnlineRoutes,
  homeworkRoutes,
  type HomeworkDetail,
  type HomeworkSummary,
} from '@examkit/contracts';
import { createFakeApi, ok, SCHOOL_ROUTES } from '../../test/fixtures';

const K = (route: { url: string }) => `POST ${route.url}`;
export const HW = Object.fromEntries(
  Object.entries(homeworkRoutes).map(([name, route]) => [name, K(route)]),
) as Record<keyof typeof homeworkRoutes, string>;

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
      { no: 1, label: '1', type: 'objective', answer: 'A', fullMarks: 5 },
      { no: 2, label: '2', type: 'objective', answer: 'BD', fullMarks: 5 },
      { no: 3, label: '3', type: 'subjective', answer: null, fullMarks: 10 },
    ],
    assignments: [],
    writtenRefused: false,
    dailyLimit: 60,
    ...overrides,
  };
}

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
    ...extra,
  });
}

/** The JSON bodies sent to one call, in order. */
export const bodiesOf = (api: ReturnType<typeof createFakeApi>, key: string) =>
  api.calls
    .filter((c) => `${c.method} ${c.url}` === key)
    .map((c) => JSON.parse(String(c.data)) as Record<string, unknown>);
