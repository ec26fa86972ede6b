import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fail, ok, renderApp } from '../../test/fixtures';
import { systemPages } from '../index';
import { SYS, adminUser, bodiesOf, systemApi } from '../test/fixtures';

afterEach(() => vi.restoreAllMocks());

const teacher = (id: number, name: string) => ({
  id,
  loginName: `t${String(id).padStart(3, '0')}`,
  name,
  tel: `139****${String(id).padStart(4, '0')}`,
  subjectName: '数学',
  status: 1,
  roleNames: ['任课教师'],
});
const TEACHERS = Array.from({ length: 25 }, (_, i) => teacher(i + 1, `教师${i + 1}`));

const api = (routes: Record<string, unknown> = {}) =>
  systemApi({
    [SYS.teachers]: (request: { data: unknown }) => {
      const body = JSON.parse(String(request.data)) as { pageNum: number; keyWord?: string };
      const hits = TEACHERS.filter((t) => !body.keyWord || t.name.includes(body.keyWord));
      return ok({
        list: hits.slice((body.pageNum - 1) * 20, body.pageNum * 20),
        total: hits.length,
        pageNum: body.pageNum,
        pageSize: 20,
      });
    },
    [SYS.subjects]: ok([
      { id: 1, name: '语文', code: 'YW' },
      { id: 2, name: '数学', code: 'SX' },
    ]),
    ...routes,
  });

describe('TeacherListPage', () => {
  it('pages and filters, and keeps both when leaving and returning', async () => {
    const fake = api();
    const { router } = await renderApp({
      path: '/system/teacher/list',
      api: fake,
      user: demoUser(),
      pages: systemPages,
    });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: '教师列表' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('139****0001');
    await user.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() =>
      expect(bodiesOf(fake, SYS.teachers).at(-1)).toEqual({ pageNum: 2, pageSize: 20 }),
    );
    await user.type(screen.getByLabelText('关键字'), '教师2');
    await user.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(bodiesOf(fake, SYS.teachers).at(-1)).toEqual({
        pageNum: 1,
        pageSize: 20,
        keyWord: '教师2',
      }),
    );
    await act(() => router.navigate('/system/teacher/new'));
    await screen.findByRole('heading', { name: '新增教师' });
    await act(() => router.navigate('/system/teacher/list'));
    expect(await screen.findByRole('heading', { name: '教师管理' })).toBeVisible();
    expect(screen.getByLabelText('关键字')).toHaveValue('教师2');
  });

  it('disables an active teacher once confirmed; the list reloads and a disabled one offers no 停用', async () => {
    const list = [teacher(1, '教师1'), { ...teacher(2, '教师2'), status: 0 }];
    const fake = api({
      [SYS.teachers]: () => ok({ list, total: list.length, pageNum: 1, pageSize: 20 }),
      [SYS.deleteTeacher]: (request: { data: unknown }) => {
        const { ids } = JSON.parse(String(request.data)) as { ids: number[] };
        list.splice(0, list.length, ...list.filter((t) => !ids.includes(t.id)));
        return ok(ids.length);
      },
    });
    await renderApp({
      path: '/system/teacher/list',
      api: fake,
      user: demoUser(),
      pages: systemPages,
    });
    const user = userEvent.setup();
    const rows = within(await screen.findByRole('table', { name: '教师列表' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('正常');
    expect(rows[2]).toHaveTextContent('停用');
    expect(screen.queryByRole('button', { name: '停用 教师2' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '停用 教师1' }));
    const dialog = await screen.findByRole('alertdialog', { name: '停用教师' });
    expect(dialog).toHaveTextContent('确定停用“教师1”吗？其历史记录会保留，登录会失效。');
    await user.click(within(dialog).getByRole('button', { name: '确定停用' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(bodiesOf(fake, SYS.deleteTeacher)).toEqual([{ ids: [1] }]);
    expect(await screen.findByText('共 1 条')).toBeInTheDocument();
    expect(screen.queryByText('教师1')).not.toBeInTheDocument();
  });

  it('exports the teachers under the filters in force, for users with System-Export', async () => {
    const fake = api({
      [SYS.exportTeachers]: ok({ fileName: 'teachers.xlsx', contentBase64: 'UEs=' }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    await renderApp({
      path: '/system/teacher/list',
      api: fake,
      user: adminUser(),
      pages: systemPages,
    });
    const user = userEvent.setup();
    await screen.findByRole('table', { name: '教师列表' });
    await user.type(screen.getByLabelText('关键字'), '教师2');
    await user.click(screen.getByRole('button', { name: '查询' }));
    await user.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() =>
      expect(bodiesOf(fake, SYS.exportTeachers)).toEqual([
        { pageNum: 1, pageSize: 20, keyWord: '教师2' },
      ]),
    );
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('shows 暂无数据 when no teacher matches', async () => {
    await renderApp({
      path: '/system/teacher/list',
      api: api({ [SYS.teachers]: ok({ list: [], total: 0, pageNum: 1, pageSize: 20 }) }),
      user: demoUser(),
      pages: systemPages,
    });
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
  });
});

describe('TeacherFormPage', () => {
  it('checks the fields, then shows the server refusal', async () => {
    const fake = api({ [SYS.addTeacher]: fail(400, '手机号已被其他账号使用') });
    await renderApp({
      path: '/system/teacher/new',
      api: fake,
      user: adminUser(),
      pages: systemPages,
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: '新增教师' });
    await user.type(screen.getByLabelText('手机号'), '1380000');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
        '请输入姓名',
        '请输入11位手机号',
      ]),
    );
    expect(bodiesOf(fake, SYS.addTeacher)).toHaveLength(0);

    await user.type(screen.getByLabelText('姓名'), '新老师');
    await user.type(screen.getByLabelText('手机号'), '0001');
    await user.selectOptions(screen.getByLabelText('学科'), '数学');
    await user.click(screen.getByRole('checkbox', { name: '任课教师' }));
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fake, SYS.addTeacher)).toEqual([
        { name: '新老师', tel: '13800000001', subjectId: 2, roleIds: [5] },
      ]),
    );
    expect(
      await screen.findByText('手机号已被其他账号使用', { selector: '[role=alert]' }),
    ).toBeInTheDocument();
  });

  it('offers no roles, and does not ask for them, to a user without 角色管理 (System-Role)', async () => {
    const fake = api();
    await renderApp({
      path: '/system/teacher/new',
      api: fake,
      user: demoUser(),
      pages: systemPages,
    });
    await screen.findByRole('heading', { name: '新增教师' });
    await screen.findByRole('option', { name: '数学' });
    expect(screen.queryByRole('checkbox', { name: '任课教师' })).not.toBeInTheDocument();
    expect(fake.calls.filter((c) => c.url.endsWith('/school/role/list'))).toHaveLength(0);
  });
});
