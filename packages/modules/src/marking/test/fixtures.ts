import axios from 'axios';
import { type LeasedPaper, type MarkingBlock } from '@examkit/contracts';
import { markingPages } from '../markingPages';
import {
  bodiesOf,
  bodyOf,
  menuUser,
  renderApp,
  SCHOOL_ROUTES,
  createFakeApi,
  ok,
  type FakeRequest,
} from '../../test/fixtures';

const M = 'POST /marking-main/exam/marking';

/** Calls of the marking pages, keyed as the fake API takes them. */
export const MK = {
  list: `${M}/list`,
  getBlock: `${M}/block/get`,
  saveBlock: `${M}/block/save`,
  blockState: `${M}/block/state`,
  fetch: `${M}/fetch`,
  crop: `${M}/crop`,
  submit: `${M}/submit`,
  release: `${M}/release`,
  reviewList: `${M}/review/list`,
  rescore: `${M}/review/submit`,
  flag: `${M}/problem/flag`,
  problems: `${M}/problem/list`,
  resolve: `${M}/problem/resolve`,
  remark: `${M}/paper/remark`,
  checkPaper: `${M}/checkPaper`,
  sample: `${M}/sample`,
  progress: `${M}/progress`,
  quality: `${M}/quality`,
  questions: 'POST /marking-main/exam/subject/questions/get',
  teachers: 'POST /marking-user/user/teacher/query_ts',
} as const;

const CODES = ['Home', 'Exam', 'Exam-Single', 'Exam-Wuhen', 'System', 'System-Teacher'];

/** A marker of the demo school with Exam-Wuhen. */
export const markerUser = () => menuUser(CODES, '阅卷老师');

/** Opens a marking page at `path` as the 阅卷老师. */
export const openMarking = (api: ReturnType<typeof createFakeApi>, path: string) =>
  renderApp({ path, api, user: markerUser(), pages: markingPages });

export const BLOCK: MarkingBlock = {
  blockId: 5,
  examId: 3,
  examName: '2026学年高一数学十一月月考',
  examSubjectId: 9,
  subjectName: '数学',
  name: '第17题 函数',
  state: 'open',
  mode: 'double',
  fullScore: 10,
  questionFullScores: [10],
  questionIds: [31],
  tolerance: 2,
  scoreStep: 0.5,
  distribution: 'pool',
  anonymous: true,
  guide: '单调区间 4 分，最值 4 分，结论 2 分。',
  answer: '最大值 f(1) = 3。',
  recheckPercent: 0,
  leaseMinutes: 5,
  roles: ['marker'],
  papers: { total: 100, done: 10, marking: 90, arbitration: 0, problem: 0 },
  markers: [
    { userId: 7, name: '王老师', quota: null },
    { userId: 8, name: '李老师', quota: null },
  ],
  arbitrators: [2],
  leaders: [2],
};

export const paper = (taskId: number, extra: Partial<LeasedPaper> = {}): LeasedPaper => ({
  taskId,
  paperId: taskId + 1000,
  kind: 'mark',
  leaseToken: `lease-${taskId}`,
  leaseExpiresAt: 0,
  marks: [],
  studentName: null,
  studentNo: null,
  ...extra,
});

export const cropOf = (taskId: number) => `data:image/png;base64,CROP${taskId}`;

export { bodiesOf, bodyOf };

export const networkDown = () => {
  throw new axios.AxiosError('Network Error', 'ERR_NETWORK');
};

/**
 * A marking server in memory: a pool of `papers` task ids handed out in order; a submitted
 * task leaves the pool; live leases come back first, as the real server does.
 */
export function markingApi(options: { papers?: LeasedPaper[]; block?: MarkingBlock } = {}) {
  const pool = [
    ...(options.papers ?? [paper(101), paper(102), paper(103), paper(104), paper(105)]),
  ];
  const submitted = new Set<number>();
  const api = createFakeApi({
    ...SCHOOL_ROUTES,
    [MK.getBlock]: ok(options.block ?? BLOCK),
    [MK.fetch]: (r: FakeRequest) => {
      const { count } = bodyOf(r) as { count: number };
      return ok({ list: pool.filter((p) => !submitted.has(p.taskId)).slice(0, count) });
    },
    [MK.crop]: (r: FakeRequest) =>
      ok({ contentType: 'image/png', dataUrl: cropOf(bodyOf(r).taskId as number) }),
    [MK.submit]: (r: FakeRequest) => {
      const b = bodyOf(r) as { taskId: number; score?: number };
      submitted.add(b.taskId);
      return ok({
        taskId: b.taskId,
        paperId: b.taskId + 1000,
        score: b.score ?? 0,
        duplicate: false,
      });
    },
    [MK.release]: ok({ released: 0 }),
    [MK.reviewList]: ok({ list: [] }),
    [MK.flag]: (r: FakeRequest) => {
      submitted.add(bodyOf(r).taskId as number);
      return ok(null);
    },
    [MK.sample]: ok(null),
  });
  return Object.assign(api, { submitted });
}
