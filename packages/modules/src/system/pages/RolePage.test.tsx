import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderApp } from '../../test/fixtures';
import { systemPages } from '../index';
import { ROLES, SYS, adminUser, bodiesOf, systemApi } from '../test/fixtures';

afterEach(() => vi.restoreAllMocks());

const open = (api = systemApi()) =>
  renderApp({ path: '/system/role', api, user: adminUser(), pages: systemPages });

const SYSTEM_KEYS = [
  'System',
  'System-Student',
  'System-Teacher',
  'System-Class',
  'System-Role',
  'System-Homework',
  'System-Parm',
  'System-Export',
  'System-Tel',
  'Parm-ReportPush',
  'Parm-Level',
  'Parm-Knowledge',
  'Parm-Undulate',
  'Parm-Count',
  'Parm-Ability',
  'Parm-Accomplishment',
  'Parm-Average',
  'Parm-GradeSet',
  'Parm-Other',
  'Parm-Homework',
];

describe('RolePage', () => {
  it('lists the roles with their data scope', async () => {
    await open();
    const rows = within(await screen.findByRole('table', { name: '角色列表' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('学校管理员全校1');
    expect(rows[2]).toHaveTextContent('任课教师本人任教/管理30');
  });

  it('checks a parent with its children, and saves exactly the chosen keys', async () => {
    const api = systemApi({
      [SYS.rolePerms]: ok(['Home']),
      [SYS.roleUpdatePerm]: ok(null),
    });
    await open(api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '权限 任课教师' }));
    const tree = await screen.findByRole('tree', { name: '任课教师的权限' });
    expect(within(tree).getByRole('checkbox', { name: '首页' })).toBeChecked();

    await user.click(within(tree).getByRole('checkbox', { name: '系统管理' }));
    for (const name of ['学生管理', '教师管理', '查看手机号', '等级设置', '作业参数'])
      expect(within(tree).getByRole('checkbox', { name })).toBeChecked();
    expect(within(tree).getByRole('checkbox', { name: '考试管理' })).not.toBeChecked();

    // Leaving one child out: the parent stays chosen and shows as mixed.
    await user.click(within(tree).getByRole('checkbox', { name: '查看手机号' }));
    expect(within(tree).getByRole('checkbox', { name: '系统管理' })).toHaveAttribute(
      'aria-checked',
      'mixed',
    );
    // A child alone brings its module along.
    await user.click(within(tree).getByRole('checkbox', { name: '单校考试' }));
    expect(within(tree).getByRole('checkbox', { name: '考试管理' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: '保存权限' }));
    await waitFor(() =>
      expect(bodiesOf(api, SYS.roleUpdatePerm)).toEqual([
        {
          id: 5,
          permCodes: [
            'Home',
            'Exam',
            'Exam-Single',
            ...SYSTEM_KEYS.filter((k) => k !== 'System-Tel'),
          ],
        },
      ]),
    );
  });

  it('unchecking a parent unchecks everything under it', async () => {
    await open(systemApi({ [SYS.rolePerms]: ok(SYSTEM_KEYS) }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '权限 学校管理员' }));
    const tree = await screen.findByRole('tree');
    expect(within(tree).getByRole('checkbox', { name: '等级设置' })).toBeChecked();
    await user.click(within(tree).getByRole('checkbox', { name: '系统管理' }));
    expect(
      within(tree)
        .getAllByRole('checkbox')
        .filter((c) => (c as HTMLInputElement).checked),
    ).toHaveLength(0);
  });

  it('adds a role after checking its name, then edits its permissions', async () => {
    let roles = ROLES;
    const api = systemApi({
      [SYS.roles]: () => ok(roles),
      [SYS.roleInsert]: () => {
        roles = [...ROLES, { id: 9, roleName: '学籍管理员', schoolWide: false, userCount: 0 }];
        return ok({ id: 9 });
      },
    });
    await open(api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '新增角色' }));
    const dialog = await screen.findByRole('dialog', { name: '新增角色' });
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('请输入角色名称');
    expect(bodiesOf(api, SYS.roleInsert)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('角色名称'), '学籍管理员');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(api, SYS.roleInsert)).toEqual([
        { roleName: '学籍管理员', schoolWide: false },
      ]),
    );
    expect(
      await screen.findByRole('heading', { name: '权限设置：学籍管理员' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(bodiesOf(api, SYS.rolePerms).at(-1)).toEqual({ id: 9 }));
  });

  it('assigns roles to a teacher for this academic year, replacing the old ones', async () => {
    const api = systemApi({ [SYS.assign]: ok(null) });
    await open(api);
    const user = userEvent.setup();
    await screen.findByRole('table', { name: '角色列表' });
    await waitFor(() => expect(bodiesOf(api, SYS.listTeacher).length).toBeGreaterThan(0));
    await user.selectOptions(await screen.findByLabelText('教师'), '孙老师（teacher）');
    const group = await screen.findByRole('group', { name: '角色' });
    expect(within(group).getByRole('checkbox', { name: '任课教师' })).toBeChecked();
    await user.click(within(group).getByRole('checkbox', { name: '任课教师' }));
    await user.click(within(group).getByRole('checkbox', { name: '学校管理员' }));
    await user.click(screen.getByRole('button', { name: '保存分配' }));
    await waitFor(() => expect(bodiesOf(api, SYS.assign)).toEqual([{ userId: 4, roleIds: [1] }]));
    expect(await screen.findByText('角色已分配')).toBeInTheDocument();
  });
});
