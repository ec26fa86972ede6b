import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { operatorPages } from '../../operator';
import { createFakeApi, fail, ok, renderApp } from '../../test/fixtures';
import { saveOperatorSession } from './operatorSession';

const P = 'POST /marking-platform/operator';

function region(overrides: { enabled?: boolean; pending?: boolean } = {}) {
  return {
    regionId: 1,
    code: 'demo-district',
    name: '示范区',
    level: 'district',
    parentId: null,
    schools: [{ schoolId: 11, schoolName: '示范中学' }],
    pendingSchools: overrides.pending
      ? [{ schoolId: 12, schoolName: '实验中学', invitedAt: 0 }]
      : [],
    bureauAccounts: [
      {
        bureauUserId: 5,
        loginName: 'bureau',
        nickName: '区教育局',
        enabled: overrides.enabled ?? true,
      },
    ],
  };
}

const auditRow = (id: number) => ({
  id,
  at: new Date(2026, 10, 21, 9, id).getTime(),
  operatorName: '平台运营',
  action: 'school.invite',
  actionName: '邀请学校加入',
  regionName: '示范区',
  schoolName: `学校${id}`,
  bureauLogin: null,
  detail: '',
});

const leaveRow = {
  ...auditRow(20),
  operatorName: '系统管理员（实验中学）',
  action: 'school.leave',
  actionName: '学校退出区域',
  schoolName: '实验中学',
};

type AuditBody = { pageNum: number; pageSize: number; action?: string; schoolId?: number };

/** The console's calls; `wait` may hold an audit read's answer back until a promise settles. */
function consoleApi(wait: (body: AuditBody) => Promise<void> | undefined = () => undefined) {
  let current = region({ pending: true });
  const api = createFakeApi({
    [`${P}/overview`]: () =>
      ok({
        nickName: '平台运营',
        regions: [current],
        schools: [
          { schoolId: 11, schoolName: '示范中学', regionId: 1, invitedRegionId: null },
          { schoolId: 12, schoolName: '实验中学', regionId: null, invitedRegionId: 1 },
        ],
      }),
    [`${P}/bureau/set_status`]: (r: { data: string }) => {
      const body = JSON.parse(r.data) as { enabled: boolean };
      current = { ...current, ...region({ enabled: body.enabled, pending: true }) };
      return ok(current);
    },
    [`${P}/region/remove_school`]: () => {
      current = region({ enabled: current.bureauAccounts[0]!.enabled });
      return ok(current);
    },
    [`${P}/audit/list`]: async (r: { data: string }) => {
      const body = JSON.parse(r.data) as AuditBody;
      await wait(body);
      const operators = [{ operatorId: 1, name: '平台运营' }];
      const actions = [
        { action: 'school.invite', name: '邀请学校加入' },
        { action: 'school.leave', name: '学校退出区域' },
      ];
      // Filtered by 操作: the one school's leaving.
      if (body.action === 'school.leave')
        return ok({ operators, actions, total: 1, rows: [leaveRow] });
      // 12 lines, newest (12) first.
      const ids = Array.from({ length: 12 }, (_, i) => 12 - i);
      const rows = ids.slice((body.pageNum - 1) * body.pageSize, body.pageNum * body.pageSize);
      return ok({ operators, actions, total: 12, rows: rows.map(auditRow) });
    },
  });
  return api;
}

const bodies = (api: ReturnType<typeof createFakeApi>, url: string) =>
  api.calls.filter((c) => c.url === url).map((c) => JSON.parse(String(c.data)) as unknown);

beforeEach(() => saveOperatorSession({ token: 'op-token', nickName: '平台运营' }));
afterEach(() => sessionStorage.clear());

describe('the operator console: consent, 停用 and the audit log', () => {
  it('shows a school waiting for consent apart from the members, and withdraws the invitation', async () => {
    const api = consoleApi();
    await renderApp({ path: '/platform-operator', api, pages: operatorPages });
    const card = await screen.findByRole('region', { name: /^示范区/ });
    const pending = await within(card).findByRole('list', { name: '示范区待同意的学校' });
    expect(pending).toHaveTextContent('实验中学（已邀请，等待学校管理员在“区域设置”中同意）');
    expect(within(card).getByRole('list', { name: '示范区的成员学校' })).not.toHaveTextContent(
      '实验中学',
    );
    // A school already invited is not offered to be invited again.
    const select = within(card).getByLabelText('加入示范区的学校');
    expect(within(select).queryByRole('option', { name: '实验中学' })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: '撤回邀请：实验中学' }));
    await waitFor(() =>
      expect(within(card).queryByRole('list', { name: '示范区待同意的学校' })).toBeNull(),
    );
    expect(bodies(api, '/marking-platform/operator/region/remove_school')).toEqual([
      { regionId: 1, schoolId: 12 },
    ]);
  }, 30_000);

  it('停用 then 启用 a bureau account', async () => {
    const api = consoleApi();
    await renderApp({ path: '/platform-operator', api, pages: operatorPages });
    const accounts = await screen.findByRole('list', { name: '示范区的教育局账号' });
    expect(accounts).not.toHaveTextContent('已停用');
    await userEvent.click(within(accounts).getByRole('button', { name: '停用：bureau' }));
    await within(accounts).findByText('已停用');
    await screen.findByText('已停用，该账号的登录已全部失效');
    await userEvent.click(within(accounts).getByRole('button', { name: '启用：bureau' }));
    await within(accounts).findByRole('button', { name: '停用：bureau' });
    expect(accounts).not.toHaveTextContent('已停用');
    expect(bodies(api, '/marking-platform/operator/bureau/set_status')).toEqual([
      { bureauUserId: 5, enabled: false },
      { bureauUserId: 5, enabled: true },
    ]);
  }, 30_000);

  it('lists the audit log ten lines a page, newest first', async () => {
    const api = consoleApi();
    await renderApp({ path: '/platform-operator', api, pages: operatorPages });
    const log = await screen.findByRole('region', { name: '操作日志' });
    const table = await within(log).findByRole('table');
    const firstRows = within(table).getAllByRole('row');
    expect(firstRows).toHaveLength(11); // the header and ten lines
    expect(firstRows[1]).toHaveTextContent('2026-11-21 09:12平台运营邀请学校加入示范区学校12—');
    expect(within(log).getByText('第 1 / 2 页')).toBeInTheDocument();
    await userEvent.click(within(log).getByRole('button', { name: '下一页' }));
    await within(log).findByText('第 2 / 2 页');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('学校1');
    expect(bodies(api, '/marking-platform/operator/audit/list').at(-1)).toEqual({
      pageNum: 2,
      pageSize: 10,
    });
  }, 30_000);

  it('finds lines by 操作人, 操作, 学校 and a period', async () => {
    const api = consoleApi();
    await renderApp({ path: '/platform-operator', api, pages: operatorPages });
    const log = await screen.findByRole('region', { name: '操作日志' });
    await within(log).findByRole('table');
    const search = within(log).getByRole('search', { name: '查找操作日志' });
    const user = userEvent.setup();
    await user.selectOptions(within(search).getByLabelText('操作人'), '平台运营');
    await user.selectOptions(within(search).getByLabelText('学校'), '实验中学');
    await user.type(within(search).getByLabelText('开始日期'), '2026-11-21');
    await user.type(within(search).getByLabelText('结束日期'), '2026-11-21');
    await user.selectOptions(within(search).getByLabelText('操作'), '学校退出区域');
    const table = within(log).getByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      '系统管理员（实验中学）学校退出区域示范区实验中学',
    );
    expect(within(log).getByText('共 1 条')).toBeInTheDocument();
    // The period is the two days' local midnights, its end day included.
    expect(bodies(api, '/marking-platform/operator/audit/list').at(-1)).toEqual({
      pageNum: 1,
      pageSize: 10,
      operatorId: 1,
      action: 'school.leave',
      schoolId: 12,
      from: new Date(2026, 10, 21).getTime(),
      to: new Date(2026, 10, 22).getTime(),
    });
  }, 30_000);
});

describe('the operator console: two filters changed in a row', () => {
  it('shows the answer to the newer filters while the older read is still on its way', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // the read of 学校 alone is answered only after the read of 学校 and 操作 has been sent
    const api = consoleApi((body) => (body.schoolId && !body.action ? held : undefined));
    await renderApp({ path: '/platform-operator', api, pages: operatorPages });
    const log = await screen.findByRole('region', { name: '操作日志' });
    await within(log).findByRole('table');
    const search = within(log).getByRole('search', { name: '查找操作日志' });
    const user = userEvent.setup();
    await user.selectOptions(within(search).getByLabelText('学校'), '实验中学');
    await user.selectOptions(within(search).getByLabelText('操作'), '学校退出区域');
    await waitFor(() =>
      expect(bodies(api, '/marking-platform/operator/audit/list').at(-1)).toMatchObject({
        schoolId: 12,
        action: 'school.leave',
      }),
    );
    release();
    expect(await within(log).findByText('共 1 条')).toBeInTheDocument();
    expect(within(within(log).getByRole('table')).getAllByRole('row')[1]).toHaveTextContent(
      '学校退出区域',
    );
  }, 30_000);
});

describe('the operator console: 平台运营账号', () => {
  it('lists the operators, creates one, resets a password, 停用/启用 another; disabling itself is not offered and a refusal is shown', async () => {
    const api = consoleApi();
    let accounts = [
      { operatorId: 1, loginName: 'operator', nickName: '平台运营', enabled: true, self: true },
    ];
    const ops2 = {
      operatorId: 2,
      loginName: 'ops2',
      nickName: '运营二',
      enabled: true,
      self: false,
    };
    api.on(`${P}/operator/list`, () => ok(accounts));
    api.on(`${P}/operator/create`, () => {
      accounts = [...accounts, ops2];
      return ok(accounts);
    });
    api.on(`${P}/operator/reset_password`, () => ok(accounts));
    let refuse = false;
    api.on(`${P}/operator/set_status`, (r: { data: string }) => {
      if (refuse) return fail(400, '这是最后一个启用的运营账号，不能停用');
      const body = JSON.parse(r.data) as { operatorId: number; enabled: boolean };
      accounts = accounts.map((a) =>
        a.operatorId === body.operatorId ? { ...a, enabled: body.enabled } : a,
      );
      return ok(accounts);
    });
    await renderApp({ path: '/platform-operator', api, pages: operatorPages });
    const card = await screen.findByRole('region', { name: '平台运营账号' });
    const list = await within(card).findByRole('list', { name: '平台运营账号列表' });
    expect(list).toHaveTextContent('平台运营（operator）（当前账号）状态：启用');
    // No 停用 of itself.
    expect(within(list).queryByRole('button', { name: '停用运营账号：operator' })).toBeNull();

    const user = userEvent.setup();
    const form = within(card).getByRole('form', { name: '新建运营账号' });
    await user.type(within(form).getByLabelText(/^运营账号$/), 'ops2');
    await user.type(within(form).getByLabelText(/^运营账号姓名/), '运营二');
    await user.type(within(form).getByLabelText(/^运营账号密码/), 'abc12345');
    await user.click(within(form).getByRole('button', { name: '新建运营账号' }));
    await within(list).findByText(/运营二（ops2）/);
    expect(bodies(api, '/marking-platform/operator/operator/create')).toEqual([
      { loginName: 'ops2', nickName: '运营二', password: 'abc12345' },
    ]);

    await user.click(within(list).getByRole('button', { name: '重置密码：运营账号 ops2' }));
    await user.type(within(list).getByLabelText(/ops2的新密码/), 'new12345');
    await user.click(within(list).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(bodies(api, '/marking-platform/operator/operator/reset_password')).toEqual([
        { operatorId: 2, password: 'new12345' },
      ]),
    );

    await user.click(within(list).getByRole('button', { name: '停用运营账号：ops2' }));
    await within(list).findByText('状态：已停用');
    await user.click(within(list).getByRole('button', { name: '启用运营账号：ops2' }));
    await within(list).findByRole('button', { name: '停用运营账号：ops2' });
    refuse = true;
    await user.click(within(list).getByRole('button', { name: '停用运营账号：ops2' }));
    expect(await screen.findByText('这是最后一个启用的运营账号，不能停用')).toBeInTheDocument();
    expect(within(list).queryByText('状态：已停用')).toBeNull();
    expect(bodies(api, '/marking-platform/operator/operator/set_status')).toEqual([
      { operatorId: 2, enabled: false },
      { operatorId: 2, enabled: true },
      { operatorId: 2, enabled: false },
    ]);
  }, 60_000);
});
