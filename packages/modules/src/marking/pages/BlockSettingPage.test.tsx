import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderApp } from '../../test/fixtures';
import { markingPages } from '../markingPages';
import { BLOCK, MK, bodiesOf, markerUser, markingApi } from '../test/fixtures';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
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

describe('BlockSettingPage', () => {
  it('checks the set-up before saving and sends a valid double-marking block', async () => {
    const api = settingApi();
    await renderApp({
      path: '/exam/marking/setting/9',
      api,
      user: markerUser(),
      pages: markingPages,
    });
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
    await renderApp({
      path: '/exam/marking/setting/9',
      api,
      user: markerUser(),
      pages: markingPages,
    });
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
    await renderApp({
      path: '/exam/marking/setting/9?block=5',
      api,
      user: markerUser(),
      pages: markingPages,
    });
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
});
