import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, type FakeRequest } from '../../test/fixtures';
import { BLOCK, MK, bodiesOf, markingApi, openMarking } from '../test/fixtures';

/** The seed-paper calls of the set-up page. */
const SEED = {
  list: 'POST /marking-main/exam/marking/seed/list',
  add: 'POST /marking-main/exam/marking/seed/add',
  remove: 'POST /marking-main/exam/marking/seed/remove',
  search: 'POST /marking-main/exam/marking/papers/search',
} as const;

const seed = (paperId: number, name: string, no: string, seedScore: number, marked: number) => ({
  paperId,
  studentId: paperId - 100,
  studentName: name,
  studentNo: no,
  seedScore,
  assigned: 2,
  marked,
  exact: marked,
  createdAt: 0,
});

afterEach(() => vi.restoreAllMocks());

const q = (id: number, number: string, kind: string, fullMarks: number) => ({
  id,
  number,
  fullNumber: number,
  kind,
  fullMarks,
  optionCount: null,
  answer: null,
  partialMarks: null,
  scoreStep: 1,
  blankCount: null,
  knowledgePoints: [],
  abilities: [],
  children: [],
});

const teacher = (id: number, name: string, loginName: string) => ({
  id,
  loginName,
  name,
  tel: null,
  subjectName: '数学',
  status: 1,
  roleNames: ['任课教师'],
});

function settingApi() {
  const api = markingApi();
  api.on(
    MK.questions,
    ok({
      examId: 3,
      examName: '2026学年高一数学十一月月考',
      state: 'marking',
      subject: { id: 9, subjectName: '数学' },
      paperEditable: false,
      answerKeyEditable: false,
      questions: [
        q(30, '1', 'single', 5),
        q(31, '17', 'subjective', 10),
        q(32, '18', 'subjective', 12),
      ],
    }),
  );
  api.on(
    MK.teachers,
    ok({
      list: [
        teacher(7, '王老师', 'teacher'),
        teacher(8, '李老师', 'grader'),
        teacher(2, '周教务', 'director'),
      ],
      total: 3,
      pageNum: 1,
      pageSize: 200,
    }),
  );
  api.on(MK.list, ok({ list: [{ ...BLOCK, roles: ['manager'] }] }));
  api.on(MK.saveBlock, ok({ blockId: 6 }));
  return api;
}

/** Opens subject 9's block settings, or one block of it with `?block=5`. */
const openSetting = (api: ReturnType<typeof settingApi>, search = '') =>
  openMarking(api, `/exam/marking/setting/9${search}`);

describe('BlockSettingPage', () => {
  it('checks the set-up before saving and sends a valid double-marking block', async () => {
    const api = settingApi();
    await openSetting(api);
    const form = await screen.findByRole('form', { name: '题块设置' });
    await screen.findByLabelText('阅卷老师：王老师（teacher）');
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: '保存题块' }));
    expect(await screen.findByText('请输入题块名称')).toBeInTheDocument();
    expect(screen.getByText('请选择至少一道主观题')).toBeInTheDocument();
    expect(screen.getByText('双评至少需要 2 位阅卷老师')).toBeInTheDocument();
    expect(screen.getByText('双评或三评需要指定仲裁老师')).toBeInTheDocument();
    // Only subjective questions are offered.
    expect(screen.queryByLabelText(/第1题/)).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/题块名称/), '第18题');
    await user.click(screen.getByLabelText('第18题（12分）'));
    await user.clear(screen.getByLabelText('误差阈值（分）'));
    await user.type(screen.getByLabelText('误差阈值（分）'), '1.2');
    await user.click(screen.getByLabelText('阅卷老师：王老师（teacher）'));
    await user.click(screen.getByRole('button', { name: '保存题块' }));
    expect(await screen.findByText('误差阈值必须是 0.5 的倍数')).toBeInTheDocument();
    expect(screen.getByText('双评至少需要 2 位阅卷老师')).toBeInTheDocument();
    expect(bodiesOf(api, MK.saveBlock)).toHaveLength(0);

    await user.clear(screen.getByLabelText('误差阈值（分）'));
    await user.type(screen.getByLabelText('误差阈值（分）'), '3');
    await user.click(screen.getByLabelText('阅卷老师：李老师（grader）'));
    await user.click(screen.getByLabelText('仲裁：周教务（director）'));
    await user.click(screen.getByLabelText('组长：周教务（director）'));
    await user.selectOptions(screen.getByLabelText('给分步长'), '0.5 分');
    await user.click(screen.getByRole('button', { name: '保存题块' }));
    await waitFor(() => expect(bodiesOf(api, MK.saveBlock)).toHaveLength(1));
    expect(bodiesOf(api, MK.saveBlock)[0]).toEqual({
      setup: {
        examSubjectId: 9,
        name: '第18题',
        questionIds: [32],
        mode: 'double',
        tolerance: 3,
        scoreStep: 0.5,
        distribution: 'pool',
        anonymous: true,
        guide: '',
        answer: '',
        recheckPercent: 0,
        leaseMinutes: 5,
        markers: [{ userId: 7 }, { userId: 8 }],
        arbitrators: [2],
        leaders: [2],
      },
    });
  });

  it('asks for a quota per marker in quota distribution', async () => {
    const api = settingApi();
    await openSetting(api);
    await screen.findByLabelText('阅卷老师：王老师（teacher）');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('评阅方式'), '单评');
    await user.selectOptions(screen.getByLabelText('分配方式'), '定量分配（每人任务量）');
    await user.type(screen.getByLabelText(/题块名称/), '第17题');
    await user.click(screen.getByLabelText('第17题（10分）'));
    await user.click(screen.getByLabelText('阅卷老师：王老师（teacher）'));
    await user.click(screen.getByRole('button', { name: '保存题块' }));
    expect(await screen.findByText('定量分配时每位阅卷老师需要任务量')).toBeInTheDocument();
    await user.type(screen.getByLabelText('任务量：王老师（teacher）'), '50');
    await user.click(screen.getByRole('button', { name: '保存题块' }));
    await waitFor(() => expect(bodiesOf(api, MK.saveBlock)).toHaveLength(1));
    expect(bodiesOf(api, MK.saveBlock)[0]).toMatchObject({
      setup: { mode: 'single', distribution: 'quota', markers: [{ userId: 7, quota: 50 }] },
    });
  });

  it('shows the server’s reason when a block may not finish', async () => {
    const api = settingApi();
    api.on(MK.getBlock, ok({ ...BLOCK, roles: ['manager'], markers: BLOCK.markers }));
    api.on(MK.blockState, fail(409, '还有 3 份未评完、1 份待仲裁、0 份问题卷，不能结束'));
    await openSetting(api, '?block=5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '结束阅卷' }));
    const region = screen.getByRole('region', { name: '阅卷状态' });
    await waitFor(() =>
      expect(within(region).getByRole('alert')).toHaveTextContent(
        '还有 3 份未评完、1 份待仲裁、0 份问题卷，不能结束',
      ),
    );
    expect(bodiesOf(api, MK.blockState)[0]).toEqual({ blockId: 5, action: 'finish' });
  });

  it('loads the saved re-check share, checks it and sends it with the block', async () => {
    const api = settingApi();
    api.on(MK.getBlock, ok({ ...BLOCK, state: 'setup', recheckPercent: 10, roles: ['manager'] }));
    api.on(SEED.list, ok({ list: [] }));
    await openSetting(api, '?block=5');
    const field = await screen.findByRole('textbox', { name: '重评比例（%）' });
    await waitFor(() => expect(field).toHaveValue('10'));
    expect(field).toHaveAccessibleDescription(/不加提示地再发给本人评一次/);
    const status = screen.getByRole('region', { name: '阅卷状态' });
    await waitFor(() =>
      expect(within(status).getByText(/重评比例 10%/)).toHaveTextContent(
        '重评比例 10%，隐藏样卷 0 份',
      ),
    );
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '60');
    await user.click(screen.getByRole('button', { name: '保存题块' }));
    expect(await screen.findByText('重评比例须为 0–50 之间的整数')).toBeInTheDocument();
    expect(bodiesOf(api, MK.saveBlock)).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '20');
    await user.click(screen.getByRole('button', { name: '保存题块' }));
    await waitFor(() => expect(bodiesOf(api, MK.saveBlock)).toHaveLength(1));
    expect(bodiesOf(api, MK.saveBlock)[0]).toMatchObject({
      blockId: 5,
      setup: { name: '第17题 函数', questionIds: [31], recheckPercent: 20 },
    });
  });

  it('lists the seed papers, adds one found by name with its known score, and removes an unmarked one', async () => {
    const api = settingApi();
    api.on(MK.getBlock, ok({ ...BLOCK, roles: ['manager'] }));
    let seeds = [seed(201, '陈一', '2026100101', 6, 2), seed(202, '林二', '2026100102', 4, 0)];
    api.on(SEED.list, () => ok({ list: seeds }));
    api.on(
      SEED.search,
      ok({
        list: [
          {
            paperId: 11,
            studentId: 61,
            studentName: '张三',
            studentNo: '2026100111',
            state: 'done',
            finalScore: 7,
            seeded: false,
          },
          {
            paperId: 12,
            studentId: 62,
            studentName: '张三丰',
            studentNo: '2026100112',
            state: 'marking',
            finalScore: null,
            seeded: false,
          },
        ],
      }),
    );
    api.on(MK.crop, ok({ contentType: 'image/png', dataUrl: 'data:image/png;base64,ANSWER11' }));
    api.on(SEED.add, (r: FakeRequest) => {
      const b = JSON.parse(String(r.data)) as { seedScore: number };
      seeds = [...seeds, seed(203, '张三', '2026100111', b.seedScore, 0)];
      return ok({ paperId: 203 });
    });
    api.on(SEED.remove, (r: FakeRequest) => {
      const b = JSON.parse(String(r.data)) as { paperId: number };
      seeds = seeds.filter((x) => x.paperId !== b.paperId);
      return ok(null);
    });
    await openSetting(api, '?block=5');
    const current = await screen.findByRole('table', { name: '当前样卷' });
    const marked = within(current).getByRole('row', { name: /陈一/ });
    expect(marked).toHaveTextContent('6 分');
    expect(marked).toHaveTextContent('2/2 位已评，2 位给分一致');
    // A seed a marker already marked cannot go.
    expect(
      within(marked).getByRole('button', { name: '删除样卷：陈一（2026100101）' }),
    ).toBeDisabled();
    expect(
      within(screen.getByRole('region', { name: '阅卷状态' })).getByText(/隐藏样卷 2 份/),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    const finder = screen.getByRole('search', { name: '查找本题块答卷' });
    await user.type(within(finder).getByRole('searchbox', { name: '考号或姓名' }), '张三');
    await user.click(within(finder).getByRole('checkbox', { name: '只看已评完的答卷' }));
    await user.click(within(finder).getByRole('button', { name: '查找答卷' }));
    await waitFor(() => expect(bodiesOf(api, SEED.search)).toHaveLength(1));
    expect(bodiesOf(api, SEED.search)[0]).toEqual({
      blockId: 5,
      keyword: '张三',
      done: true,
      limit: 20,
    });
    const results = await screen.findByRole('table', { name: '查找结果' });
    expect(within(results).getByRole('row', { name: /2026100111/ })).toHaveTextContent('已完成');
    await user.click(within(results).getByRole('button', { name: '选为样卷：张三（2026100111）' }));
    const form = await screen.findByRole('form', { name: '添加样卷' });
    // The leader sees the answer and starts from its final score.
    expect(
      await within(form).findByRole('img', { name: '答卷：张三（2026100111）' }),
    ).toHaveAttribute('src', 'data:image/png;base64,ANSWER11');
    expect(bodiesOf(api, MK.crop).at(-1)).toEqual({ paperId: 11 });
    const score = within(form).getByRole('textbox', { name: '标准分（满分 10 分）' });
    expect(score).toHaveValue('7');
    await user.clear(score);
    await user.type(score, '11');
    await user.click(within(form).getByRole('button', { name: '添加样卷' }));
    expect(await within(form).findByText('分数不能超过满分 10 分')).toBeInTheDocument();
    await user.clear(score);
    await user.type(score, '7.3');
    await user.click(within(form).getByRole('button', { name: '添加样卷' }));
    expect(await within(form).findByText('给分步长为 0.5 分')).toBeInTheDocument();
    expect(bodiesOf(api, SEED.add)).toHaveLength(0);
    await user.clear(score);
    await user.type(score, '7.5');
    await user.click(within(form).getByRole('button', { name: '添加样卷' }));
    await waitFor(() =>
      expect(bodiesOf(api, SEED.add)).toEqual([{ blockId: 5, paperId: 11, seedScore: 7.5 }]),
    );
    const added = await within(current).findByRole('row', { name: /张三/ });
    expect(added).toHaveTextContent('7.5 分');
    expect(within(results).getByRole('row', { name: /2026100111/ })).toHaveTextContent('已是样卷');
    expect(screen.queryByRole('form', { name: '添加样卷' })).not.toBeInTheDocument();

    // Remove the unmarked seed of 林二, after confirming.
    await user.click(within(current).getByRole('button', { name: '删除样卷：林二（2026100102）' }));
    const dialog = await screen.findByRole('alertdialog', { name: '删除隐藏样卷' });
    await user.click(within(dialog).getByRole('button', { name: '确定删除' }));
    await waitFor(() => expect(bodiesOf(api, SEED.remove)).toEqual([{ paperId: 202 }]));
    await waitFor(() =>
      expect(within(current).queryByRole('row', { name: /林二/ })).not.toBeInTheDocument(),
    );
    expect(within(current).getAllByRole('row')).toHaveLength(3);
  });

  it('offers no seed papers before the block is saved', async () => {
    const api = settingApi();
    await openSetting(api);
    await screen.findByRole('form', { name: '题块设置' });
    expect(screen.getByRole('textbox', { name: '重评比例（%）' })).toHaveValue('0');
    expect(screen.queryByRole('heading', { name: '隐藏样卷（试评卷）' })).not.toBeInTheDocument();
    expect(bodiesOf(api, SEED.list)).toHaveLength(0);
  });
});
