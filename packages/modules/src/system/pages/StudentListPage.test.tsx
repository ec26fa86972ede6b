import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fail, ok, renderApp, type FakeRequest } from '../../test/fixtures';
import { systemPages } from '../index';
import { STUDENTS, SYS, adminUser, bodiesOf, systemApi } from '../test/fixtures';

afterEach(() => vi.restoreAllMocks());

const open = (api = systemApi(), user = demoUser(), path = '/system/student/list') =>
  renderApp({ path, api, user, pages: systemPages });

const table = () => screen.findByRole('table', { name: '学生列表' });

describe('StudentListPage', () => {
  it('shows the first page of 20 with masked phones and pages on', async () => {
    const api = systemApi();
    await open(api);
    const rows = within(await table()).getAllByRole('row');
    expect(rows).toHaveLength(21);
    expect(rows[1]).toHaveTextContent('20260001');
    expect(rows[1]).toHaveTextContent('张一');
    expect(rows[1]).toHaveTextContent('138****0001');
    expect(screen.getByText('共 45 条')).toBeInTheDocument();
    expect(screen.getByText('第 1 / 3 页')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() =>
      expect(bodiesOf(api, SYS.students).at(-1)).toEqual({ pageNum: 2, pageSize: 20 }),
    );
    expect(await screen.findByText('第 2 / 3 页')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')[1]).toHaveTextContent(
        '20260021',
      ),
    );
  });

  it('filters by grade, class and keyword, back on page 1', async () => {
    const api = systemApi();
    const { store } = await open(api);
    const user = userEvent.setup();
    await table();
    await user.click(screen.getByRole('button', { name: '下一页' }));
    await user.selectOptions(screen.getByLabelText('年级'), '高一');
    await user.selectOptions(screen.getByLabelText('班级'), '高一(2)班');
    await waitFor(() =>
      expect(bodiesOf(api, SYS.students).at(-1)).toEqual({
        pageNum: 1,
        pageSize: 20,
        gradeId: 10,
        classId: 102,
      }),
    );
    await waitFor(() => expect(screen.getByText('共 20 条')).toBeInTheDocument());
    await user.type(screen.getByLabelText('关键字'), '学生30');
    await user.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(bodiesOf(api, SYS.students).at(-1)).toEqual({
        pageNum: 1,
        pageSize: 20,
        gradeId: 10,
        classId: 102,
        keyWord: '学生30',
      }),
    );
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2),
    );
    expect(store.getState().listMemory['system-student-list']).toMatchObject({
      gradeId: '10',
      classId: '102',
      keyWord: '学生30',
      currentPage: 1,
    });
  });

  it('keeps filters and page when leaving and returning, and restores them from list memory on a fresh mount', async () => {
    const api = systemApi();
    const { router, store, unmount } = await open(api);
    const user = userEvent.setup();
    await table();
    await user.selectOptions(screen.getByLabelText('年级'), '高一');
    await user.click(screen.getByRole('button', { name: '下一页' }));
    await screen.findByText('第 2 / 3 页');

    await act(() => router.navigate('/system/student/new'));
    expect(await screen.findByRole('heading', { name: '新增学生' })).toBeInTheDocument();
    await act(() => router.navigate('/system/student/list'));
    expect(await screen.findByRole('heading', { name: '学生管理' })).toBeVisible();
    expect(screen.getByLabelText('年级')).toHaveValue('10');
    expect(screen.getByText('第 2 / 3 页')).toBeVisible();

    // A fresh app with the same store state: the memory brings the list back.
    const memory = store.getState().listMemory['system-student-list'] ?? {};
    unmount();
    const again = systemApi();
    const second = await renderApp({
      path: '/system/student/list',
      api: again,
      user: demoUser(),
      pages: systemPages,
    });
    act(() => second.store.getState().rememberList('system-student-list', memory));
    await waitFor(() =>
      expect(bodiesOf(again, SYS.students).at(-1)).toEqual({
        pageNum: 2,
        pageSize: 20,
        gradeId: 10,
      }),
    );
    expect(await screen.findByText('第 2 / 3 页')).toBeInTheDocument();
    expect(screen.getByLabelText('年级')).toHaveValue('10');
  });

  it('deletes a student once confirmed, and the list reloads without them', async () => {
    const gone = new Set<number>();
    const api = systemApi({
      [SYS.deleteStudents]: (request: FakeRequest) => {
        for (const id of (JSON.parse(String(request.data)) as { ids: number[] }).ids) gone.add(id);
        return ok(1);
      },
      [SYS.students]: (request: FakeRequest) => {
        const body = JSON.parse(String(request.data)) as { pageNum: number; pageSize: number };
        const hits = STUDENTS.filter((s) => !gone.has(s.id));
        const start = (body.pageNum - 1) * body.pageSize;
        return ok({ list: hits.slice(start, start + body.pageSize), total: hits.length });
      },
    });
    await open(api);
    const user = userEvent.setup();
    await table();
    await user.click(screen.getByRole('button', { name: '删除 张一' }));
    const dialog = await screen.findByRole('alertdialog', { name: '删除学生' });
    expect(dialog).toHaveTextContent('确定删除学生“张一”吗？');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(bodiesOf(api, SYS.deleteStudents)).toEqual([]);

    await user.click(screen.getByRole('button', { name: '删除 张一' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定删除' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(bodiesOf(api, SYS.deleteStudents)).toEqual([{ ids: [1] }]);
    expect(await screen.findByText('共 44 条')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除 张一' })).not.toBeInTheDocument();
  });

  it('shows 暂无数据 when no student matches', async () => {
    await open(systemApi({ [SYS.students]: ok({ list: [], total: 0, pageNum: 1, pageSize: 20 }) }));
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: '学生列表' })).not.toBeInTheDocument();
  });

  it('offers export only to users with System-Export', async () => {
    const first = await open();
    await table();
    expect(screen.queryByRole('button', { name: '导出' })).not.toBeInTheDocument();
    first.unmount();
    await open(systemApi(), adminUser());
    await table();
    expect(screen.getByRole('button', { name: '导出' })).toBeInTheDocument();
  });
});

describe('student import', () => {
  const rejected = {
    jobId: 9,
    status: 'rejected',
    total: 3,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    errors: [
      { row: 3, column: '姓名', reason: '姓名不能为空' },
      { row: 4, column: '班级', reason: '班级不存在' },
    ],
    createdAt: 0,
  };

  async function upload(api: ReturnType<typeof systemApi>) {
    await open(api);
    const user = userEvent.setup();
    await table();
    await user.click(screen.getByRole('button', { name: '导入学生' }));
    const dialog = await screen.findByRole('dialog', { name: '导入学生' });
    const file = new File(['学号,姓名,年级,班级\n'], 'roster.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('选择文件'), file);
    await user.click(within(dialog).getByRole('button', { name: '开始导入' }));
    return { dialog, user };
  }

  it('shows every bad row with its reason and offers the error report', async () => {
    const api = systemApi({
      [SYS.importStudents]: ok(rejected),
      [SYS.importErrors]: ok({ fileName: 'errors.xlsx', contentBase64: 'UEs=' }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const { dialog, user } = await upload(api);
    const errors = await within(dialog).findByRole('table', { name: '错误行' });
    const rows = within(errors).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('第 3 行姓名姓名不能为空');
    expect(rows[2]).toHaveTextContent('第 4 行班级班级不存在');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('2 处错误，未写入任何数据');
    expect(bodiesOf(api, SYS.importStudents)[0]).toMatchObject({ fileName: 'roster.csv' });

    await user.click(within(dialog).getByRole('button', { name: '下载错误报告' }));
    await waitFor(() => expect(bodiesOf(api, SYS.importErrors)).toEqual([{ id: 9 }]));
  });

  it('shows the counts on success and reloads the list', async () => {
    const api = systemApi({
      [SYS.importStudents]: ok({ ...rejected, status: 'ok', inserted: 2, updated: 1, errors: [] }),
    });
    const { dialog } = await upload(api);
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      '导入成功：共 3 行，新增 2 行，更新 1 行，未变 0 行。',
    );
    await waitFor(() => expect(bodiesOf(api, SYS.students).length).toBeGreaterThan(1));
  });

  it('refuses other file types before sending', async () => {
    const api = systemApi();
    await open(api);
    const user = userEvent.setup({ applyAccept: false });
    await table();
    await user.click(screen.getByRole('button', { name: '导入学生' }));
    const dialog = await screen.findByRole('dialog', { name: '导入学生' });
    await user.upload(within(dialog).getByLabelText('选择文件'), new File(['x'], 'a.txt'));
    await user.click(within(dialog).getByRole('button', { name: '开始导入' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('只支持 .xlsx 或 .csv 文件');
    expect(bodiesOf(api, SYS.importStudents)).toHaveLength(0);
  });
});

describe('StudentFormPage', () => {
  it('checks the fields before sending', async () => {
    const api = systemApi();
    await open(api, demoUser(), '/system/student/new');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: '新增学生' });
    await user.type(screen.getByLabelText('学号'), '2026 01');
    await user.type(screen.getByLabelText('手机号'), '123');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
        '学号只能包含字母、数字和“-”，最多32位',
        '请输入姓名',
        '请选择班级',
        '请输入11位手机号',
      ]),
    );
    expect(bodiesOf(api, SYS.addStudent)).toHaveLength(0);
  });

  it("shows the server's message when the student is refused", async () => {
    const api = systemApi({ [SYS.addStudent]: fail(400, '学号已被使用') });
    await open(api, demoUser(), '/system/student/new');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: '新增学生' });
    await user.type(screen.getByLabelText('学号'), '20260001');
    await user.type(screen.getByLabelText('姓名'), '新同学');
    await user.selectOptions(screen.getByLabelText('年级'), '高一');
    await user.selectOptions(screen.getByLabelText('班级'), '高一(1)班');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(api, SYS.addStudent)).toEqual([
        { studentNo: '20260001', name: '新同学', classId: 101, sex: 0 },
      ]),
    );
    const alerts = await screen.findAllByText('学号已被使用');
    expect(alerts.some((a) => a.getAttribute('role') === 'alert')).toBe(true);
    expect(screen.getByRole('heading', { name: '新增学生' })).toBeInTheDocument();
  });

  it('edits a student, keeping the masked phone, and returns to the list', async () => {
    const api = systemApi({ [SYS.updateStudent]: ok(null) });
    const { router } = await open(api, demoUser(), '/system/student/edit/1');
    const user = userEvent.setup();
    const name = await screen.findByLabelText('姓名');
    await waitFor(() => expect(name).toHaveValue('张一'));
    expect(screen.getByLabelText('手机号')).toHaveValue('138****0001');
    await user.clear(name);
    await user.type(name, '张一一');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(api, SYS.updateStudent)).toEqual([
        { id: 1, studentNo: '20260001', name: '张一一', classId: 101, sex: 1 },
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/student/list'));
  });
});
