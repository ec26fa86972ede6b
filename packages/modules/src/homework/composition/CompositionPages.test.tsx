import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  homeworkCompositionRoutes,
  homeworkSubmissionRoutes,
  type CompositionDetail,
  type CompositionReportBasic,
  type CompositionStudentRow,
  type CorrectionOverview,
  type SubmissionDetail,
} from '@examkit/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderApp, teacherUser } from '../../test/fixtures';
import { homeworkPages } from '../index';
import { HW, bodiesOf, detail, handInAnswer, homeworkApi, K } from '../test/fixtures';

const C = homeworkCompositionRoutes;
const S = homeworkSubmissionRoutes;

afterEach(() => vi.restoreAllMocks());

const RUBRIC = { content: 25, structure: 15, language: 15, writing: 5 };
const composition = (overrides: Partial<CompositionDetail> = {}): CompositionDetail => ({
  id: 8,
  name: '我的家乡',
  gradeId: 4,
  gradeName: '四年级',
  subjectId: 2,
  subjectName: '语文',
  state: 'assigned',
  genre: '记叙文',
  minWords: 400,
  fullMarks: 60,
  submitted: 2,
  corrected: 1,
  exemplary: 1,
  createdAt: 0,
  prompt: '以“我的家乡”为题写一篇记叙文。',
  rubric: RUBRIC,
  estimatedMinutes: 40,
  aiSuggestion: null,
  ...overrides,
});

const render = (path: string, api = homeworkApi()) =>
  renderApp({ path, api, user: teacherUser(), pages: homeworkPages });

/** 张一's finished essay (55.5, 情感真挚, 范文) as the student report lists it. */
const ZHANG_YI: CompositionStudentRow = {
  studentId: 1,
  studentNo: '20260401',
  name: '张一',
  className: '四年级(1)班',
  status: 'finished',
  submissionId: 11,
  score: 55.5,
  scores: { content: 23, structure: 13.5, language: 14, writing: 5 },
  comment: '情感真挚',
  exemplary: true,
};

describe('作文作业', () => {
  it('is reached from 校本作业 and lists compositions with their hand-ins and actions', async () => {
    const user = userEvent.setup();
    const { prompt: _p, rubric: _r, estimatedMinutes: _e, ...row } = composition();
    const api = homeworkApi({
      [K(C.compositionPage)]: ok({
        list: [row, { ...row, id: 9, name: '一件难忘的事', state: 'ready', submitted: 0 }],
        total: 2,
        pageNum: 1,
        pageSize: 20,
      }),
    });
    await render('/homework/school-base', api);
    await user.click(await screen.findByRole('link', { name: '作文作业' }, { timeout: 10_000 }));
    const table = await screen.findByRole('table', { name: '作文列表' }, { timeout: 10_000 });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('我的家乡四年级语文记叙文60已布置211');
    expect(within(table).getByRole('link', { name: '批改：我的家乡' })).toHaveAttribute(
      'href',
      '/homework/composition/correct?id=8',
    );
    expect(within(table).getByRole('link', { name: '报告：我的家乡' })).toHaveAttribute(
      'href',
      '/homework/composition/8/report/basic',
    );
    // Not assigned yet: to edit and assign, or delete; nothing to correct.
    expect(within(table).getByRole('link', { name: '编辑并布置：一件难忘的事' })).toBeVisible();
    expect(within(table).queryByRole('link', { name: '批改：一件难忘的事' })).toBeNull();
    expect(within(table).queryByRole('button', { name: '删除：我的家乡' })).toBeNull();
  }, 30_000);

  it('creates a composition with its rubric, showing the total, then opens it to assign', async () => {
    const user = userEvent.setup();
    const api = homeworkApi({
      [K(C.compositionCreate)]: ok({ id: 8 }),
      [K(C.compositionDetail)]: ok(composition({ state: 'ready', submitted: 0 })),
      [HW.homeworkDetail]: ok(detail({ id: 8, name: '我的家乡', state: 'ready' })),
    });
    const { router } = await render('/homework/composition/create', api);
    await screen.findByRole('option', { name: '四年级' }, { timeout: 10_000 });
    await user.selectOptions(screen.getByRole('combobox', { name: '年级' }), '四年级');
    await user.selectOptions(screen.getByRole('combobox', { name: '科目' }), '数学');
    await user.click(screen.getByRole('button', { name: '创建作文' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请填写作文名称');
    await user.type(screen.getByRole('textbox', { name: '作文名称' }), '我的家乡');
    await user.type(
      screen.getByRole('textbox', { name: '作文要求（题目、材料与写作要求）' }),
      '写你的家乡。',
    );
    const content = screen.getByRole('spinbutton', { name: '内容满分' });
    await user.clear(content);
    await user.type(content, '30');
    expect(screen.getByRole('group', { name: '评分标准（总分 65 分）' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '创建作文' }));
    expect(bodiesOf(api, K(C.compositionCreate))).toEqual([
      {
        name: '我的家乡',
        prompt: '写你的家乡。',
        genre: '记叙文',
        minWords: 600,
        rubric: { ...RUBRIC, content: 30 },
        gradeId: 4,
        subjectId: 2,
        estimatedMinutes: 40,
        idempotencyKey: expect.any(String),
      },
    ]);
    await vi.waitFor(() => expect(router.state.location.search).toBe('?id=8'));
    expect(router.state.location.pathname).toBe('/homework/composition/edit');
    expect(await screen.findByRole('heading', { name: '布置作业' })).toBeInTheDocument();
  }, 30_000);

  it('shows the server’s refusal when an assigned composition’s rubric is changed', async () => {
    const user = userEvent.setup();
    const api = homeworkApi({
      [K(C.compositionDetail)]: ok(composition()),
      [HW.homeworkDetail]: ok(detail({ id: 8, state: 'assigned' })),
      [K(C.compositionEdit)]: fail(400, '作文已布置，评分标准不能再修改'),
    });
    await render('/homework/composition/edit?id=8', api);
    expect(
      await screen.findByRole('spinbutton', { name: '内容满分' }, { timeout: 10_000 }),
    ).toBeDisabled();
    const name = screen.getByRole('textbox', { name: '作文名称' });
    await user.clear(name);
    await user.type(name, '我的家乡（二）');
    await user.click(screen.getByRole('button', { name: '保存作文' }));
    expect(bodiesOf(api, K(C.compositionEdit))[0]).toMatchObject({
      id: 8,
      name: '我的家乡（二）',
      rubric: RUBRIC,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('作文已布置，评分标准不能再修改');
  }, 30_000);
});

const overview: CorrectionOverview = {
  id: 8,
  name: '我的家乡',
  questions: [{ no: 1, label: '作文', type: 'subjective', answer: null, fullMarks: 60 }],
  students: (
    [
      ['张一', 11, 'submitted'],
      ['王二', 12, 'submitted'],
      ['李三', null, 'not_submitted'],
    ] as const
  ).map(([name, submissionId, status], i) => ({
    studentId: i + 1,
    studentNo: `2026040${i + 1}`,
    name,
    className: '四年级(1)班',
    status,
    submissionId,
    score: null,
    scored: 0,
    source: submissionId === null ? null : 'scan',
  })),
  rubric: [],
};

const essay = (id: number, name: string): SubmissionDetail => ({
  id,
  homeworkId: 8,
  studentId: id - 10,
  studentName: name,
  className: '四年级(1)班',
  status: 'submitted',
  source: 'scan',
  score: null,
  hasImage: false,
  correctedBy: null,
  correctedAt: null,
  answers: [handInAnswer(1)],
  annotations: [],
});

/** The calls of the 作文批改 screen: 张一 (11) and 王二, no review yet, a saved review. */
const correctionApi = (extra: Record<string, unknown> = {}) =>
  homeworkApi({
    [K(C.compositionDetail)]: ok(composition()),
    [K(S.correctOverview)]: ok(overview),
    [K(S.submission)]: (req: { data: string }) => {
      const { submissionId } = JSON.parse(req.data) as { submissionId: number };
      return ok(essay(submissionId, submissionId === 11 ? '张一' : '王二'));
    },
    [K(C.compositionReview)]: ok(null),
    [K(C.compositionCorrect)]: ok({
      submissionId: 11,
      scores: { content: 21, structure: 12.5, language: 12, writing: 4 },
      total: 49.5,
      comment: '中心明确，细节可以更具体。',
      exemplary: false,
      reviewedBy: '李老师',
      reviewedAt: 1,
    }),
    ...extra,
  });

describe('作文批改', () => {
  it('scores the four parts by keyboard with a comment and 范文, then opens the next essay', async () => {
    const user = userEvent.setup();
    const api = correctionApi({
      [K(C.compositionCorrect)]: ok({
        submissionId: 11,
        scores: { content: 23, structure: 13.5, language: 14, writing: 5 },
        total: 55.5,
        comment: '情感真挚',
        exemplary: true,
        reviewedBy: '李老师',
        reviewedAt: 1,
      }),
    });
    await render('/homework/composition/correct?id=8', api);
    const roster = await screen.findByRole('table', { name: '学生名单' }, { timeout: 10_000 });
    expect(within(roster).queryByRole('button', { name: '批改：李三' })).toBeNull();
    await user.click(within(roster).getByRole('button', { name: '批改：张一' }));
    await screen.findByRole('heading', { name: '四年级(1)班 张一 的作文' });
    await user.type(screen.getByRole('textbox', { name: '评语' }), '情感真挚');
    await user.click(screen.getByRole('checkbox', { name: '设为范文' }));
    // The focus left the score boxes: digits typed on the page go back to the panel.
    await user.click(screen.getByRole('heading', { name: '评分' }));
    // 内容 over its 25 points is refused before anything is sent.
    await user.keyboard('26{Enter}');
    expect(bodiesOf(api, K(C.compositionCorrect))).toHaveLength(0);
    const content = screen.getByRole('textbox', { name: /内容/ });
    await user.clear(content);
    await user.keyboard('23{Enter}13.5{Enter}14{Enter}5{Enter}');
    expect(bodiesOf(api, K(C.compositionCorrect))).toEqual([
      {
        submissionId: 11,
        scores: { content: 23, structure: 13.5, language: 14, writing: 5 },
        comment: '情感真挚',
        exemplary: true,
      },
    ]);
    await screen.findByRole('heading', { name: '四年级(1)班 王二 的作文' });
    // The next essay starts empty.
    expect(screen.getByRole('textbox', { name: '评语' })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: '设为范文' })).not.toBeChecked();
  }, 30_000);
});

describe('AI批改建议', () => {
  it('fills the four scores and the 评语 from the model; nothing is saved until 保存', async () => {
    const user = userEvent.setup();
    const api = correctionApi({
      [K(C.compositionSuggest)]: ok({
        submissionId: 11,
        scores: { content: 21, structure: 12.5, language: 12, writing: 4 },
        comment: '中心明确，细节可以更具体。',
      }),
    });
    await render('/homework/composition/correct?id=8', api);
    const roster = await screen.findByRole('table', { name: '学生名单' }, { timeout: 10_000 });
    await user.click(within(roster).getByRole('button', { name: '批改：张一' }));
    await screen.findByRole('heading', { name: '四年级(1)班 张一 的作文' });
    await user.click(screen.getByRole('button', { name: 'AI批改建议' }));
    expect(await screen.findByText('已填入AI批改建议，请核对后保存')).toBeVisible();
    expect(bodiesOf(api, K(C.compositionSuggest))).toEqual([{ submissionId: 11 }]);
    expect(screen.getByRole('textbox', { name: '评语' })).toHaveValue('中心明确，细节可以更具体。');
    expect(screen.getByRole('textbox', { name: /内容/ })).toHaveValue('21');
    expect(screen.getByRole('textbox', { name: /结构/ })).toHaveValue('12.5');
    expect(screen.getByRole('textbox', { name: /语言/ })).toHaveValue('12');
    expect(screen.getByRole('textbox', { name: /书写/ })).toHaveValue('4');
    expect(bodiesOf(api, K(C.compositionCorrect))).toHaveLength(0);
    // The teacher checks, changes one part and saves as usual.
    await user.clear(screen.getByRole('textbox', { name: /书写/ }));
    await user.type(screen.getByRole('textbox', { name: /书写/ }), '5');
    await user.click(screen.getByRole('button', { name: /保存并下一篇/ }));
    expect(bodiesOf(api, K(C.compositionCorrect))).toEqual([
      {
        submissionId: 11,
        scores: { content: 21, structure: 12.5, language: 12, writing: 5 },
        comment: '中心明确，细节可以更具体。',
        exemplary: false,
      },
    ]);
  }, 30_000);

  it('shows the server’s message when the answer is unusable, and the scores stay empty', async () => {
    const user = userEvent.setup();
    const api = correctionApi({
      [K(C.compositionSuggest)]: fail(400, 'AI返回的结果无法识别，请重试或手动批改'),
    });
    await render('/homework/composition/correct?id=8', api);
    const roster = await screen.findByRole('table', { name: '学生名单' }, { timeout: 10_000 });
    await user.click(within(roster).getByRole('button', { name: '批改：张一' }));
    await screen.findByRole('heading', { name: '四年级(1)班 张一 的作文' });
    await user.click(screen.getByRole('button', { name: 'AI批改建议' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'AI返回的结果无法识别，请重试或手动批改',
    );
    expect(screen.getByRole('textbox', { name: /内容/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: '评语' })).toHaveValue('');
  }, 30_000);

  it('says so on a disabled button when the school has no model', async () => {
    const user = userEvent.setup();
    const api = correctionApi({
      [K(C.compositionDetail)]: ok(composition({ aiSuggestion: '学校尚未配置AI模型' })),
    });
    await render('/homework/composition/correct?id=8', api);
    const roster = await screen.findByRole('table', { name: '学生名单' }, { timeout: 10_000 });
    await user.click(within(roster).getByRole('button', { name: '批改：张一' }));
    const button = await screen.findByRole('button', { name: 'AI批改建议' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('学校尚未配置AI模型');
  }, 30_000);
});

describe('作文报告', () => {
  it('shows each part of the rubric, the bands and the 范文; the student tab shows every student', async () => {
    const user = userEvent.setup();
    const report: CompositionReportBasic = {
      id: 8,
      name: '我的家乡',
      fullMarks: 60,
      expected: 3,
      submitted: 2,
      corrected: 2,
      average: 45.8,
      highest: 55.5,
      lowest: 36,
      dimensions: [
        { key: 'content', label: '内容', points: 25, average: 19.5, rate: 78 },
        { key: 'structure', label: '结构', points: 15, average: 11.3, rate: 75.3 },
        { key: 'language', label: '语言', points: 15, average: 11, rate: 73.3 },
        { key: 'writing', label: '书写', points: 5, average: 4, rate: 80 },
      ],
      bands: [
        { label: '优秀（85%及以上）', count: 1 },
        { label: '良好（70%–85%）', count: 0 },
        { label: '合格（60%–70%）', count: 1 },
        { label: '待提高（60%以下）', count: 0 },
      ],
      exemplary: [
        {
          submissionId: 11,
          studentName: '张一',
          className: '四年级(1)班',
          score: 55.5,
          comment: '情感真挚',
          hasImage: true,
        },
      ],
    };
    const students: CompositionStudentRow[] = [
      ZHANG_YI,
      {
        studentId: 3,
        studentNo: '20260403',
        name: '李三',
        className: '四年级(1)班',
        status: 'not_submitted',
        submissionId: null,
        score: null,
        scores: null,
        comment: '',
        exemplary: false,
      },
    ];
    const api = homeworkApi({
      [K(C.reportBasic)]: ok(report),
      [K(C.reportStudent)]: ok(students),
    });
    await render('/homework/composition/8/report/basic', api);
    expect(
      await screen.findByText(/应交 3 人，已交 2 人，已批改 2 人；平均分 45.8，最高分 55.5/),
    ).toBeInTheDocument();
    const parts = screen.getByRole('table', { name: '评分标准各项得分' });
    expect(within(parts).getAllByRole('row')[1]).toHaveTextContent('内容2519.578%');
    const exemplary = screen.getByRole('table', { name: '范文列表' });
    expect(within(exemplary).getAllByRole('row')[1]).toHaveTextContent(
      '张一四年级(1)班55.5情感真挚',
    );
    await user.click(screen.getByRole('link', { name: '学生情况' }));
    const table = await screen.findByRole('table', { name: '学生作文得分' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('张一四年级(1)班●已批改55.52313.5145情感真挚范文');
    expect(rows[2]).toHaveTextContent('李三四年级(1)班○未提交—————');
  }, 30_000);
});

/** `fetch` answering a PNG for each image URL, the object URL naming the part asked for. */
function imageFetch() {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:${n++}`);
  URL.revokeObjectURL = vi.fn();
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(() =>
      Promise.resolve(
        new Response(new Blob(['PNG']), { status: 200, headers: { 'content-type': 'image/png' } }),
      ),
    );
}

/** An essay handed in on three pages: its first part and two continued parts. */
const continuedEssay = (id: number, name: string): SubmissionDetail => {
  const e = essay(id, name);
  return { ...e, answers: [{ ...e.answers[0]!, hasImage: true, continuedParts: 2 }] };
};

describe('作文续写在后面的页上', () => {
  it('shows every part of the essay on the correction screen, in page order', async () => {
    const user = userEvent.setup();
    const fetchMock = imageFetch();
    const api = homeworkApi({
      [K(C.compositionDetail)]: ok(composition()),
      [K(S.correctOverview)]: ok(overview),
      [K(S.submission)]: ok(continuedEssay(11, '张一')),
      [K(C.compositionReview)]: ok(null),
    });
    await render('/homework/composition/correct?id=8', api);
    const roster = await screen.findByRole('table', { name: '学生名单' }, { timeout: 10_000 });
    await user.click(within(roster).getByRole('button', { name: '批改：张一' }));
    expect(await screen.findByRole('img', { name: '张一的作文' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: '张一的作文（续写部分 1）' })).toBeVisible();
    expect(await screen.findByRole('img', { name: '张一的作文（续写部分 2）' })).toBeVisible();
    expect(screen.getByText('续写部分（第 2 部分，接上一页）')).toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/submissionId=11&questionNo=1$/),
        expect.stringMatching(/submissionId=11&questionNo=1&part=1$/),
        expect.stringMatching(/submissionId=11&questionNo=1&part=2$/),
      ]),
    );
  }, 30_000);

  it('shows a student’s whole essay from the student report', async () => {
    const user = userEvent.setup();
    imageFetch();
    const row = ZHANG_YI;
    const api = homeworkApi({
      [K(C.reportStudent)]: ok([row, { ...row, studentId: 3, name: '李三', submissionId: null }]),
      [K(S.submission)]: ok(continuedEssay(11, '张一')),
    });
    await render('/homework/composition/8/report/student', api);
    const table = await screen.findByRole('table', { name: '学生作文得分' }, { timeout: 10_000 });
    expect(within(table).queryByRole('button', { name: '查看作文：李三' })).toBeNull();
    await user.click(within(table).getByRole('button', { name: '查看作文：张一' }));
    expect(await screen.findByRole('heading', { name: '四年级(1)班 张一 的作文' })).toBeVisible();
    expect(await screen.findByRole('img', { name: '张一的作文' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: '张一的作文（续写部分 2）' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: '收起作文' }));
    expect(screen.queryByRole('img', { name: '张一的作文' })).toBeNull();
  }, 30_000);
});
