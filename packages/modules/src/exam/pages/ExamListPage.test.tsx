import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, myScope, ok, renderApp } from '../../test/fixtures';
import { examPages } from '../index';
import { EXAM, bodiesOf, examApi, reportExamList } from '../test/fixtures';

afterEach(() => vi.restoreAllMocks());

const open = (api = examApi(), path = '/exam/single') =>
  renderApp({ path, api, user: demoUser(), pages: examPages });

describe('ExamListPage', () => {
  it('lists the exams with type, grade, date and state', async () => {
    await open();
    const table = await screen.findByRole('table', { name: '考试列表' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('2026学年高一数学第十二周周练');
    expect(rows[1]).toHaveTextContent('周练');
    expect(rows[1]).toHaveTextContent('草稿');
    expect(rows[2]).toHaveTextContent('已完成');
    expect(rows[2]).toHaveTextContent('语文、数学');
  });

  it('sends the filters and keeps them in list memory across leaving and returning', async () => {
    const api = examApi();
    const { router, store } = await open(api);
    const user = userEvent.setup();
    await screen.findByRole('table', { name: '考试列表' });
    await user.selectOptions(screen.getByLabelText('年级'), '高一');
    await user.selectOptions(screen.getByLabelText('考试类型'), '期中');
    await user.type(screen.getByLabelText('关键字'), '期中考试');
    await user.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(bodiesOf(api, EXAM.list).at(-1)).toEqual({
        academicYear: 2026,
        gradeId: 10,
        examType: '期中',
        keyWord: '期中考试',
        currentPage: 1,
        pageSize: 20,
      }),
    );
    expect(store.getState().listMemory['exam-single']).toMatchObject({
      gradeId: '10',
      examTypeId: '期中',
      keyWord: '期中考试',
      currentPage: 1,
    });

    await act(() => router.navigate('/exam/single/create'));
    expect(await screen.findByRole('heading', { name: '创建考试' })).toBeInTheDocument();
    const calls = bodiesOf(api, EXAM.list).length;
    await act(() => router.navigate('/exam/single'));
    expect(await screen.findByRole('heading', { name: '单校考试' })).toBeVisible();
    expect(screen.getByLabelText('年级')).toHaveValue('10');
    expect(screen.getByLabelText('考试类型')).toHaveValue('期中');
    expect(screen.getByLabelText('关键字')).toHaveValue('期中考试');
    // Shown again: the list is asked again with the same filters.
    await waitFor(() => expect(bodiesOf(api, EXAM.list).length).toBeGreaterThan(calls));
    expect(bodiesOf(api, EXAM.list).at(-1)).toMatchObject({ gradeId: 10, examType: '期中' });
  });

  it('offers 查看报告 on an exam whose report the user may open, leading to its reports', async () => {
    const api = examApi(reportExamList(false));
    const codes = [
      'Home',
      'Exam',
      'Exam-Single',
      'Exam-Single-Report-Class',
      'Exam-Single-Report-Grade',
    ];
    await renderApp({
      path: '/exam/single',
      api,
      user: demoUser({ allPerm: { '2026': { '1': codes } } }),
      pages: examPages,
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: '查看报告 2026学年第一学期高一期中考试' }),
    );
    expect(
      screen.queryByRole('button', { name: '查看报告 2026学年高一数学第十二周周练' }),
    ).not.toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: /查看报告/ });
    expect(within(dialog).getByRole('link', { name: '班级报告' })).toHaveAttribute(
      'href',
      '/exam/single/report/class/basic/1',
    );
    expect(within(dialog).getByRole('link', { name: '年级报告' })).toHaveAttribute(
      'href',
      '/exam/single/report/grade/basic/1',
    );
    expect(within(dialog).getByRole('link', { name: '快速讲评' })).toHaveAttribute(
      'href',
      '/exam/report/exam/quickReview/1',
    );
  });

  it('shows 暂无数据 when no exam matches', async () => {
    await open(examApi({ [EXAM.list]: ok({ list: [], total: 0, pageNum: 1, pageSize: 20 }) }));
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: '考试列表' })).not.toBeInTheDocument();
  });

  it('deletes an exam only after the confirmation', async () => {
    const api = examApi({ [EXAM.remove]: ok(null) });
    await open(api);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: '删除 2026学年高一数学第十二周周练' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: '删除考试' });
    expect(dialog).toHaveTextContent('确定删除“2026学年高一数学第十二周周练”吗？');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(bodiesOf(api, EXAM.remove)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '删除 2026学年高一数学第十二周周练' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定删除' }),
    );
    await waitFor(() => expect(bodiesOf(api, EXAM.remove)).toEqual([{ id: 2 }]));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
  });

  it('shows a 班主任 no 创建考试 and no 删除: only the exams’ managers may (my_scope)', async () => {
    const api = examApi({
      'POST /marking-user/user/school/my_scope': ok(
        myScope({
          schoolWide: false,
          manageGradeIds: [],
          classes: [{ classId: 101, allSubjects: true, subjectIds: [] }],
          markingManager: false,
        }),
      ),
    });
    await open(api);
    const table = await screen.findByRole('table', { name: '考试列表' });
    expect(
      within(table).getByRole('button', { name: '考生 2026学年高一数学第十二周周练' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /^删除/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '创建考试' })).not.toBeInTheDocument();
  });

  it('shows the grade’s 年级主任 删除 for the exams of their grade', async () => {
    const api = examApi({
      'POST /marking-user/user/school/my_scope': ok(
        myScope({ schoolWide: false, manageGradeIds: [10], markingManager: false }),
      ),
    });
    await open(api);
    expect(
      await screen.findByRole('button', { name: '删除 2026学年高一数学第十二周周练' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: '创建考试' })).toBeVisible();
  });
});
