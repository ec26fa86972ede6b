import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createAuthClient,
  createExamkitStore,
  createHttpClient,
  createStorage,
} from '@examkit/core';
import { ExamkitProvider } from '@examkit/core/react';
import { createMenuFilter } from '@examkit/permission';
import { createUiNotifier } from '@examkit/ui';
import { NOW, ok, teacherUser } from '../../test/fixtures';
import { createMarkingRoutes } from '../createMarkingRoutes';
import { BLOCK, MK, bodiesOf, markerUser, markingApi, openMarking } from '../test/fixtures';
import { PROGRESS_POLL_MS } from './MonitorPages';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const progressOf = (done: number) => ({
  blockId: 5,
  name: BLOCK.name,
  state: 'open',
  papers: { total: 100, done, marking: 100 - done, arbitration: 1, problem: 0 },
  remainingMarks: 200 - done * 2,
  doneMarks: done * 2,
  speedPerHour: 30,
  estimatedFinishAt: null,
  markers: [
    {
      userId: 7,
      name: '王老师',
      marked: done,
      leased: 3,
      lastHour: done,
      speedPerHour: done,
      quota: null,
      remaining: null,
      estimatedFinishAt: null,
    },
  ],
});

describe('monitoring', () => {
  it('asks for progress again every few seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = markingApi();
    let done = 10;
    api.on(MK.progress, () => ok(progressOf(done)));
    await openMarking(api, '/exam/marking/readMonitor/5');
    expect(await screen.findByTestId('papers-done')).toHaveTextContent('10');
    const perMarker = screen.getByRole('table', { name: '阅卷老师进度' });
    expect(within(perMarker).getByText('王老师')).toBeInTheDocument();
    done = 12;
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS));
    await waitFor(() => expect(screen.getByTestId('papers-done')).toHaveTextContent('12'));
    expect(screen.getByTestId('marks-done')).toHaveTextContent('24');
    expect(bodiesOf(api, MK.progress).length).toBeGreaterThanOrEqual(2);
  });

  it('resolves a problem paper: back to the pool', async () => {
    const api = markingApi();
    api.on(MK.list, ok({ list: [{ ...BLOCK, roles: ['leader'] }] }));
    api.on(
      MK.problems,
      ok({
        list: [
          {
            paperId: 77,
            blockId: 5,
            blockName: BLOCK.name,
            studentId: 1,
            studentName: '张一',
            studentNo: '2026100101',
            state: 'problem',
            finalScore: null,
            finalSource: null,
            problem: { reason: 'unclear', note: '字迹模糊', userId: 7, at: 0 },
            sample: null,
            marks: [],
          },
        ],
      }),
    );
    api.on(MK.resolve, ok(null));
    await openMarking(api, '/exam/marking/error?blockId=5');
    const card = await screen.findByRole('article', { name: '试卷 77' });
    expect(card).toHaveTextContent('图像不清，字迹模糊');
    await userEvent.setup().click(within(card).getByRole('button', { name: '退回重评' }));
    await waitFor(() => expect(bodiesOf(api, MK.resolve)).toHaveLength(1));
    expect(bodiesOf(api, MK.resolve)[0]).toMatchObject({ paperId: 77, action: 'return' });
  });
});

const POOL = 'POST /marking-main/joint/pool';
const POOL_BLOCK = {
  blockId: 9,
  jointExamId: 7,
  jointExamName: '十一月区联考',
  subjectCode: '数学',
  name: '第5题',
  state: 'open',
  fullScore: 12,
  questionFull: [12],
  scoreStep: 0.5,
  guide: '',
  answer: '',
  roles: ['leader'],
  mode: 'single',
};
const poolPaper = (paperId: number, extra: Record<string, unknown>) => ({
  paperId,
  blockId: 9,
  blockName: '第5题',
  studentId: 0,
  studentName: null,
  studentNo: null,
  finalScore: null,
  finalSource: null,
  problem: null,
  sample: null,
  marks: [],
  ...extra,
});

describe('问题卷 and 组长改分 of a 统一阅卷 pool block (the same page, the pool’s calls)', () => {
  it('the leader gives a problem paper its final score and re-marks a marked paper, with no student shown', async () => {
    const api = markingApi();
    api.on(`${POOL}/mine`, ok({ list: [POOL_BLOCK] }));
    api.on(
      `${POOL}/problem/list`,
      ok({
        list: [
          poolPaper(81, {
            state: 'problem',
            problem: { reason: 'unclear', note: '字迹模糊', userId: 7, at: 0 },
          }),
        ],
      }),
    );
    api.on(
      `${POOL}/paper/list`,
      ok({
        list: [
          poolPaper(82, {
            state: 'done',
            finalScore: 9,
            finalSource: 'single',
            marks: [
              {
                kind: 'mark',
                slot: 1,
                userId: 8,
                userName: '外校阅卷老师',
                score: 9,
                at: 0,
                reason: null,
              },
            ],
          }),
        ],
      }),
    );
    api.on(`${POOL}/problem/resolve`, ok(null));
    api.on(`${POOL}/paper/remark`, ok({ paperId: 82, score: 7, duplicate: false }));
    await openMarking(api, '/exam/marking/error?blockId=9&pool=1');
    expect(
      await screen.findByRole(
        'heading',
        { name: '问题卷处理：十一月区联考 · 数学 · 第5题' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    const problem = await screen.findByRole('article', { name: '试卷 81' });
    expect(problem).toHaveTextContent('匿名考生');
    const u = userEvent.setup();
    await u.type(within(problem).getByLabelText('最终分数：试卷 81'), '13');
    await u.click(within(problem).getByRole('button', { name: '给分' }));
    expect(await within(problem).findByRole('alert')).toHaveTextContent('12');
    await u.clear(within(problem).getByLabelText('最终分数：试卷 81'));
    await u.type(within(problem).getByLabelText('最终分数：试卷 81'), '6.5');
    await u.click(within(problem).getByRole('button', { name: '给分' }));
    await waitFor(() =>
      expect(bodiesOf(api, `${POOL}/problem/resolve`)).toEqual([
        expect.objectContaining({ paperId: 81, action: 'score', score: 6.5 }),
      ]),
    );
    const marked = await screen.findByRole('article', { name: '试卷 82' });
    expect(marked).toHaveTextContent('外校阅卷老师');
    await u.type(within(marked).getByLabelText('改分：试卷 82'), '7');
    await u.type(within(marked).getByLabelText('改分原因：试卷 82'), '步骤分给多了');
    await u.click(within(marked).getByRole('button', { name: '确认改分' }));
    await waitFor(() =>
      expect(bodiesOf(api, `${POOL}/paper/remark`)).toEqual([
        expect.objectContaining({ paperId: 82, score: 7, reason: '步骤分给多了' }),
      ]),
    );
    // The school's own calls are never asked for a pool block.
    expect(bodiesOf(api, MK.problems)).toEqual([]);
    expect(bodiesOf(api, MK.resolve)).toEqual([]);
    expect(bodiesOf(api, MK.remark)).toEqual([]);
  }, 30_000);
});

describe('隐藏样卷 of a 统一阅卷 pool block on its 组长’s page', () => {
  it('the leader sees the seeds with no student and removes one nobody has marked', async () => {
    const seed = (paperId: number, marked: number) => ({
      paperId,
      studentId: 0,
      studentName: null,
      studentNo: null,
      seedScore: 8,
      assigned: 2,
      marked,
      exact: marked,
      createdAt: 1,
    });
    let seeds = [seed(91, 1), seed(92, 0)];
    const api = markingApi();
    api.on(`${POOL}/mine`, ok({ list: [POOL_BLOCK] }));
    api.on(`${POOL}/problem/list`, ok({ list: [] }));
    api.on(`${POOL}/paper/list`, ok({ list: [] }));
    api.on(`${POOL}/seed/list`, () => ok({ list: seeds }));
    api.on(`${POOL}/seed/remove`, () => {
      seeds = [seed(91, 1)];
      return ok(null);
    });
    await openMarking(api, '/exam/marking/error?blockId=9&pool=1');
    const current = await screen.findByRole('table', { name: '当前样卷' }, { timeout: 10_000 });
    expect(
      within(current)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      '试卷编号标准分评阅情况操作',
      '918 分1/2 位已评，1 位给分一致删除样卷：试卷 91',
      '928 分0/2 位已评，0 位给分一致删除样卷：试卷 92',
    ]);
    expect(within(current).getByRole('button', { name: '删除样卷：试卷 91' })).toBeDisabled();
    const u = userEvent.setup();
    await u.click(within(current).getByRole('button', { name: '删除样卷：试卷 92' }));
    await u.click(await screen.findByRole('button', { name: '确定删除' }));
    await waitFor(() => expect(bodiesOf(api, `${POOL}/seed/remove`)).toEqual([{ paperId: 92 }]));
    await waitFor(() => expect(within(current).getAllByRole('row')).toHaveLength(2));
    // The school's own seed calls are never asked for a pool block.
    expect(bodiesOf(api, 'POST /marking-main/exam/marking/seed/list')).toEqual([]);
    expect(bodiesOf(api, 'POST /marking-main/exam/marking/seed/remove')).toEqual([]);
  }, 30_000);
});

describe('monitoring: quality and final scores', () => {
  const problemPaper = {
    paperId: 78,
    blockId: 5,
    blockName: BLOCK.name,
    studentId: 2,
    studentName: '张二',
    studentNo: '2026100102',
    state: 'problem',
    finalScore: null,
    finalSource: null,
    problem: { reason: 'wrong_region', note: '', userId: 7, at: 0 },
    sample: null,
    marks: [],
  };

  it('shows each marker’s quality beside the whole block, with score distributions', async () => {
    const api = markingApi();
    const stats = { count: 20, mean: 6.25, stdDev: 1.5, zeroShare: 0.05, fullShare: 0.1 };
    api.on(
      MK.quality,
      ok({
        block: { ...stats, distribution: { '10': 2, '6': 18 } },
        markers: [
          {
            userId: 7,
            name: '王老师',
            ...stats,
            distribution: { '6': 20 },
            pairs: 4,
            disagreementRate: 0.25,
            rechecks: 2,
            recheckSameShare: 0.5,
            recheckMeanDiff: 1,
            seeds: 0,
            seedExactShare: null,
            seedMeanError: null,
          },
          {
            userId: 8,
            name: '李老师',
            count: 0,
            mean: 0,
            stdDev: 0,
            zeroShare: 0,
            fullShare: 0,
            distribution: {},
            pairs: 0,
            disagreementRate: null,
            rechecks: 0,
            recheckSameShare: null,
            recheckMeanDiff: null,
            seeds: 0,
            seedExactShare: null,
            seedMeanError: null,
          },
        ],
      }),
    );
    await openMarking(api, '/exam/marking/data/quality/5');
    expect(
      await screen.findByRole('heading', {
        name: `阅卷质量：${BLOCK.examName} · 数学 · ${BLOCK.name}`,
      }),
    ).toBeInTheDocument();
    const rows = within(await screen.findByRole('table', { name: '阅卷质量' })).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('全题块206.251.55%10%———');
    expect(
      within(rows[1]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['6分18', '10分2']);
    expect(rows[2]).toHaveTextContent('王老师206.251.55%10%25%（4 对）50%（2 份，均差 1）—6分20');
    expect(rows[3]).toHaveTextContent('李老师0————————');
  });

  it('gives a problem paper its final score, checked against full marks and step', async () => {
    const api = markingApi();
    api.on(MK.list, ok({ list: [{ ...BLOCK, roles: ['leader'] }] }));
    api.on(MK.problems, ok({ list: [problemPaper] }));
    api.on(MK.resolve, ok(null));
    await openMarking(api, '/exam/marking/error?blockId=5');
    const card = await screen.findByRole('article', { name: '试卷 78' });
    expect(card).toHaveTextContent('问题：切割错误');
    const user = userEvent.setup();
    const score = await within(card).findByLabelText('最终分数：试卷 78');
    await user.type(score, '7.3');
    await user.click(within(card).getByRole('button', { name: '给分' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('给分步长为 0.5 分');
    await user.clear(score);
    await user.type(score, '11');
    await user.click(within(card).getByRole('button', { name: '给分' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('分数不能超过满分 10 分');
    expect(bodiesOf(api, MK.resolve)).toHaveLength(0);
    await user.clear(score);
    await user.type(score, '7.5');
    const asked = bodiesOf(api, MK.problems).length;
    await user.click(within(card).getByRole('button', { name: '给分' }));
    await waitFor(() => expect(bodiesOf(api, MK.resolve)).toHaveLength(1));
    expect(bodiesOf(api, MK.resolve)[0]).toMatchObject({
      paperId: 78,
      action: 'score',
      score: 7.5,
    });
    expect(await screen.findByText('已给出最终分数')).toBeInTheDocument();
    await waitFor(() => expect(bodiesOf(api, MK.problems).length).toBe(asked + 1));
  });
});

describe('checkPaper: 组长改分', () => {
  const found = (finalScore: number, marks: object[]) =>
    ok({
      list: [
        {
          paperId: 88,
          blockId: 5,
          blockName: BLOCK.name,
          studentId: 1,
          studentName: '张一',
          studentNo: '2026100101',
          state: 'done',
          finalScore,
          finalSource: marks.length > 2 ? 'leader' : 'mean',
          problem: null,
          sample: null,
          marks,
        },
      ],
    });
  const mark = (score: number, userName: string) => ({
    kind: 'mark',
    slot: 1,
    userId: 7,
    userName,
    score,
    at: 0,
    reason: null,
  });

  it('the leader re-marks a paper with a reason, within full marks and step, and sees the mark', async () => {
    const api = markingApi({ block: { ...BLOCK, roles: ['leader'] } });
    const first = [mark(6, '王老师'), mark(7, '李老师')];
    let marks: object[] = first;
    api.on(MK.checkPaper, () => found(marks.length > 2 ? 8.5 : 6.5, marks));
    api.on(MK.remark, () => {
      marks = [
        ...first,
        {
          kind: 'leader',
          slot: null,
          userId: 2,
          userName: '组长',
          score: 8.5,
          at: 0,
          reason: '漏看第二步',
        },
      ];
      return ok({ paperId: 88, score: 8.5, duplicate: false });
    });
    await openMarking(api, '/exam/marking/checkPaper/5');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: '考号' }), '2026100101');
    await user.click(screen.getByRole('button', { name: '查找' }));
    const card = await screen.findByRole('article', { name: '试卷 88' });
    const score = await within(card).findByRole('textbox', { name: '改分：试卷 88' });
    const reason = within(card).getByRole('textbox', { name: '改分原因：试卷 88' });
    const confirm = within(card).getByRole('button', { name: '确认改分' });
    // Over full marks, off the step, or without a reason: nothing is sent.
    await user.type(score, '11');
    await user.type(reason, '漏看第二步');
    await user.click(confirm);
    expect(await within(card).findByRole('alert')).toHaveTextContent('分数不能超过满分 10 分');
    await user.clear(score);
    await user.type(score, '8.3');
    await user.click(confirm);
    expect(within(card).getByRole('alert')).toHaveTextContent('给分步长为 0.5 分');
    await user.clear(score);
    await user.type(score, '8.5');
    await user.clear(reason);
    await user.click(confirm);
    expect(within(card).getByRole('alert')).toHaveTextContent('请填写改分原因');
    expect(bodiesOf(api, MK.remark)).toHaveLength(0);
    await user.type(reason, '漏看第二步');
    await user.click(confirm);
    await waitFor(() => expect(bodiesOf(api, MK.remark)).toHaveLength(1));
    const body = bodiesOf(api, MK.remark)[0]!;
    expect(body).toMatchObject({ paperId: 88, score: 8.5, reason: '漏看第二步' });
    expect(body.idempotencyKey).toMatch(/^[0-9a-f-]{16,64}$/i);
    // The paper is asked for again and shows the leader's mark with who and why.
    const history = await screen.findByRole('table', { name: '试卷 88 的评分记录' });
    await waitFor(() => expect(within(history).getByText('漏看第二步')).toBeInTheDocument());
    expect(within(history).getByText('组长')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: '试卷 88' })).toHaveTextContent('最终得分：8.5');
  });

  it('shows no re-mark control to a marker or on a finished block', async () => {
    for (const block of [BLOCK, { ...BLOCK, roles: ['leader'], state: 'finished' as const }]) {
      const api = markingApi({ block });
      api.on(MK.checkPaper, () => found(6.5, [mark(6, '王老师')]));
      const { unmount } = await openMarking(api, '/exam/marking/checkPaper/5');
      const user = userEvent.setup();
      await user.type(await screen.findByRole('textbox', { name: '考号' }), '2026100101');
      await user.click(screen.getByRole('button', { name: '查找' }));
      const card = await screen.findByRole('article', { name: '试卷 88' });
      // Both the frame and the page have their block before the control is looked for.
      await waitFor(() => expect(bodiesOf(api, MK.getBlock)).toHaveLength(2));
      await act(() => new Promise((r) => setTimeout(r, 20)));
      expect(within(card).queryByRole('button', { name: '确认改分' })).not.toBeInTheDocument();
      unmount();
    }
  });
});

describe('createMarkingRoutes', () => {
  async function mount(user = markerUser()) {
    const api = markingApi();
    api.on(MK.list, ok({ list: [BLOCK] }));
    const storage = createStorage('memory');
    const notifier = createUiNotifier({ duration: 60_000 });
    const store = createExamkitStore(storage);
    const http = createHttpClient({ storage, notifier, adapter: api.adapter, reload: () => {} });
    const auth = createAuthClient({
      http,
      storage,
      store,
      menuFilter: createMenuFilter({}),
      now: () => NOW,
    });
    await auth.login(user);
    const router = createMemoryRouter(createMarkingRoutes(), { initialEntries: ['/exam/marking'] });
    render(
      <ExamkitProvider value={{ http, auth, store, storage, notifier }}>
        <RouterProvider router={router} />
      </ExamkitProvider>,
    );
    return router;
  }

  it('mounts the marking pages alone, without the product shell', async () => {
    await mount();
    const table = await screen.findByRole('table', { name: '阅卷题块' });
    expect(within(table).getByRole('link', { name: `进入阅卷：${BLOCK.name}` })).toHaveAttribute(
      'href',
      '/exam/marking/readPaper/5/0/1/0/0',
    );
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('refuses a user without Exam-Wuhen', async () => {
    await mount(teacherUser());
    expect(await screen.findByRole('note', { name: '禁止访问！' })).toBeInTheDocument();
  });
});
