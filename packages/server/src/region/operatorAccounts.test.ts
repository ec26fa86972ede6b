import { authRoutes, operatorRoutes, ResultCode, type DataOf } from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RULE_MESSAGE, verifyPassword } from '../core/password';
import { DEMO_PASSWORD } from '../seed/seedDemo';
import { DEMO_OPERATOR } from '../seed/seedRegion';
import { call, DIALECTS, startTestServer, type TestServer } from '../test/fixtures';
import { BUREAU_DISABLED_MESSAGE } from './bureau';
import { OPERATOR_LAST_MESSAGE, OPERATOR_SELF_DISABLE_MESSAGE } from './operatorAccounts';

type Accounts = DataOf<typeof operatorRoutes.operatorList>;
type Audit = DataOf<typeof operatorRoutes.auditLog>;

describe.each(DIALECTS)('平台运营账号: operators managing each other on %s', (dialect) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    token = await signInAs(DEMO_OPERATOR.login, DEMO_PASSWORD);
  }, 60_000);
  afterAll(() => server.close());

  async function signInAs(loginName: string, password: string) {
    const answer = await call<{ token: string }>(server.app, authRoutes.loginPassword, {
      body: { loginName, password },
    });
    expect(answer.body.code).toBe(ResultCode.PlatformOperator);
    return answer.body.data.token;
  }
  const op = <T>(
    route: (typeof operatorRoutes)[keyof typeof operatorRoutes],
    body = {},
    t = token,
  ) => call<T>(server.app, route, { token: t, body });
  const idOf = async (loginName: string) =>
    (
      await server.db
        .selectFrom('platform_operators')
        .select('id')
        .where('login_name', '=', loginName)
        .executeTakeFirstOrThrow()
    ).id;

  it('creates an operator (argon2id, the forms’ password rule, a login unique across every account kind); a retry creates nothing', async () => {
    const body = { loginName: 'ops2', nickName: '运营二', password: 'abc12345' };
    const weak = await op(operatorRoutes.createOperator, { ...body, password: '123456' });
    expect(weak.body).toMatchObject({ code: 400, message: PASSWORD_RULE_MESSAGE });
    for (const loginName of ['admin', 'bureau', DEMO_OPERATOR.login]) {
      const taken = await op(operatorRoutes.createOperator, { ...body, loginName });
      expect(taken.body).toMatchObject({ code: 409, message: '该账号已被使用，请换一个账号' });
    }
    const made = await op<Accounts>(operatorRoutes.createOperator, body);
    expect(made.body.code).toBe(200);
    expect(made.body.data).toEqual([
      expect.objectContaining({ loginName: DEMO_OPERATOR.login, enabled: true, self: true }),
      expect.objectContaining({
        loginName: 'ops2',
        nickName: '运营二',
        enabled: true,
        self: false,
      }),
    ]);
    expect(JSON.stringify(made.body.data)).not.toMatch(/password|hash/i);
    const again = await op<Accounts>(operatorRoutes.createOperator, body);
    expect(again.body.data).toHaveLength(2);
    // Another name or password under the same login is another account: taken.
    const other = await op(operatorRoutes.createOperator, { ...body, password: 'xyz98765' });
    expect(other.body.code).toBe(409);
    const row = await server.db
      .selectFrom('platform_operators')
      .select('password_hash')
      .where('login_name', '=', 'ops2')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await signInAs('ops2', 'abc12345')).toMatch(/^[0-9a-f]{32}$/);
    const list = await op<Accounts>(operatorRoutes.operatorList);
    expect(list.body.data.map((a) => a.loginName)).toEqual([DEMO_OPERATOR.login, 'ops2']);
  }, 60_000);

  it('resets another operator’s password: its sessions end, the new password signs in', async () => {
    const ops2 = await idOf('ops2');
    const theirs = await signInAs('ops2', 'abc12345');
    const weak = await op(operatorRoutes.resetOperatorPassword, {
      operatorId: ops2,
      password: 'abcdef',
    });
    expect(weak.body).toMatchObject({ code: 400, message: PASSWORD_RULE_MESSAGE });
    const missing = await op(operatorRoutes.resetOperatorPassword, {
      operatorId: 9999,
      password: 'new12345',
    });
    expect(missing.body).toMatchObject({ code: 404, message: '运营账号不存在' });
    const reset = await op<Accounts>(operatorRoutes.resetOperatorPassword, {
      operatorId: ops2,
      password: 'new12345',
    });
    expect(reset.body.code).toBe(200);
    expect((await op(operatorRoutes.overview, {}, theirs)).body.code).toBe(
      ResultCode.SessionExpired,
    );
    const row = await server.db
      .selectFrom('platform_operators')
      .select('password_hash')
      .where('id', '=', ops2)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash, 'new12345')).toBe(true);
    await signInAs('ops2', 'new12345');
  }, 60_000);

  it('停用 ends the operator’s sessions at once and refuses its sign-in; never itself; 启用 restores it', async () => {
    const me = await idOf(DEMO_OPERATOR.login);
    const ops2 = await idOf('ops2');
    const theirs = await signInAs('ops2', 'new12345');
    const self = await op(operatorRoutes.setOperatorStatus, { operatorId: me, enabled: false });
    expect(self.body).toMatchObject({ code: 400, message: OPERATOR_SELF_DISABLE_MESSAGE });

    const off = await op<Accounts>(operatorRoutes.setOperatorStatus, {
      operatorId: ops2,
      enabled: false,
    });
    expect(off.body.data.find((a) => a.operatorId === ops2)!.enabled).toBe(false);
    expect((await op(operatorRoutes.overview, {}, theirs)).body.code).toBe(
      ResultCode.SessionExpired,
    );
    // The right password is refused with the reason; a wrong one stays a wrong password.
    const refused = await call(server.app, authRoutes.loginPassword, {
      body: { loginName: 'ops2', password: 'new12345' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(BUREAU_DISABLED_MESSAGE);
    const wrong = await call(server.app, authRoutes.loginPassword, {
      body: { loginName: 'ops2', password: 'wrong123' },
    });
    expect(wrong.body.code).toBe(400);
    // Disabling again is a no-op (no second audit line).
    expect(
      (await op(operatorRoutes.setOperatorStatus, { operatorId: ops2, enabled: false })).body.code,
    ).toBe(200);

    const on = await op<Accounts>(operatorRoutes.setOperatorStatus, {
      operatorId: ops2,
      enabled: true,
    });
    expect(on.body.data.every((a) => a.enabled)).toBe(true);
    await signInAs('ops2', 'new12345');
  }, 60_000);

  it('two operators disabling each other at once leave one enabled: the last one is refused', async () => {
    const me = await idOf(DEMO_OPERATOR.login);
    const ops2 = await idOf('ops2');
    const theirs = await signInAs('ops2', 'new12345');
    const answers = await Promise.all([
      op(operatorRoutes.setOperatorStatus, { operatorId: ops2, enabled: false }),
      op(operatorRoutes.setOperatorStatus, { operatorId: me, enabled: false }, theirs),
    ]);
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    // The other is refused: the last enabled one (both sessions read first), or its session
    // already ended (the first change came before its session was read).
    const refused = answers.find((a) => a.body.code !== 200)!.body;
    if (refused.code === 400) expect(refused.message).toBe(OPERATOR_LAST_MESSAGE);
    else expect(refused.code).toBe(ResultCode.SessionExpired);
    const left = await server.db
      .selectFrom('platform_operators')
      .select('id')
      .where('status', '=', 1)
      .execute();
    expect(left).toHaveLength(1);
    // Restored for the next test, by the one still enabled.
    const winner = left[0]!.id === me ? token : theirs;
    const back = await op<Accounts>(
      operatorRoutes.setOperatorStatus,
      { operatorId: left[0]!.id === me ? ops2 : me, enabled: true },
      winner,
    );
    expect(back.body.data.every((a) => a.enabled)).toBe(true);
    if (left[0]!.id !== me) token = await signInAs(DEMO_OPERATOR.login, DEMO_PASSWORD);
  }, 60_000);

  it('writes an audit line for every change, named in Chinese, with no secret', async () => {
    const log = await op<Audit>(operatorRoutes.auditLog, { pageNum: 1, pageSize: 100 });
    const lines = log.body.data.rows
      .filter((r) => r.action.startsWith('operator.'))
      .map((r) => `${r.operatorName} ${r.actionName} ${r.detail}`)
      .reverse();
    expect(lines.slice(0, 4)).toEqual([
      `${DEMO_OPERATOR.name} 新建运营账号 运营账号 ops2（运营二）`,
      `${DEMO_OPERATOR.name} 重置运营账号密码 运营账号 ops2（运营二）`,
      `${DEMO_OPERATOR.name} 停用运营账号 运营账号 ops2（运营二）`,
      `${DEMO_OPERATOR.name} 启用运营账号 运营账号 ops2（运营二）`,
    ]);
    // The race: one 停用 and one 启用 more.
    expect(lines.slice(4).map((l) => l.split(' ')[1])).toEqual(['停用运营账号', '启用运营账号']);
    expect(log.body.data.actions).toContainEqual({
      action: 'operator.create',
      name: '新建运营账号',
    });
    expect(JSON.stringify(log.body.data)).not.toMatch(/abc12345|new12345|argon/);
  }, 60_000);
});
