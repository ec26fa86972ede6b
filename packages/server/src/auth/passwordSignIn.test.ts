import { authRoutes, permissionCatalogue, type UserInfo } from '@examkit/contracts';
import { describe, expect, it } from 'vitest';
import { call, DIALECTS, signIn, userIdOf } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';

describe.each(DIALECTS)('password sign-in on %s', (dialect) => {
  const server = sharedTestServer(dialect);

  it('signs the admin in with every permission of the current academic year', async () => {
    const user = await signIn(server.app, 'admin');
    expect(user.token).toMatch(/^[0-9a-f]{32}$/);
    expect(user.schoolName).toBe('示范中学');
    expect(user.academicYear).toBe(2026);
    expect(user.isHistoryRole).toBe(false);
    expect(user.roles.map((r) => r.roleName)).toEqual(['学校管理员']);
    expect(user.perms.map((p) => p.permCode)).toEqual(permissionCatalogue.map((p) => p.permCode));
    expect(Object.keys(user.allRole).sort()).toEqual(['2025', '2026']);
    const roleId = String(user.roles[0]?.id);
    expect(user.allPerm['2026']?.[roleId]).toHaveLength(permissionCatalogue.length);
  });

  it('stores only the hash of the session token', async () => {
    const user = await signIn(server.app, 'teacher');
    const rows = await server.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === user.token)).toBe(false);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('answers the same for an unknown account and a wrong password', async () => {
    const wrong = await call(server.app, authRoutes.loginPassword, {
      body: { loginName: 'director', password: 'nope1234' },
    });
    const unknown = await call(server.app, authRoutes.loginPassword, {
      body: { loginName: 'nobody', password: 'nope1234' },
    });
    expect(wrong).toEqual({
      status: 400,
      body: { code: 400, data: null, msg: '账号或密码错误', message: '账号或密码错误' },
    });
    expect(unknown).toEqual(wrong);
  });

  it('falls back to last year, marked historical, for the history account', async () => {
    const user = await signIn(server.app, 'history');
    expect(user.academicYear).toBe(2025);
    expect(user.isHistoryRole).toBe(true);
    expect(user.roles.map((r) => r.roleName)).toEqual(['任课教师']);
    const mine = await call(server.app, authRoutes.myRole, { token: user.token, body: {} });
    expect(mine.body.data).toEqual({ roles: user.roles, academicYear: 2025, isHistoryRole: true });
  });

  it('refuses an account without any role', async () => {
    const userId = await userIdOf(server.db, server.seed.demoSchoolId, 'grader');
    await server.db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    const result = await call(server.app, authRoutes.loginPassword, {
      body: { loginName: 'grader', password: 'demo2026' },
    });
    expect(result.status).toBe(403);
    expect(result.body.msg).toBe('该账号无任何权限，请联系管理员分配权限');
  });

  it('asks to choose a school (6002) when the account exists in two, then signs in to the chosen one', async () => {
    const choose = await call(server.app, authRoutes.loginPassword, {
      body: { loginName: 'multi', password: 'demo2026' },
    });
    expect(choose.body.code).toBe(6002);
    expect(choose.body.data).toEqual({
      schools: [
        { schoolId: server.seed.demoSchoolId, schoolName: '示范中学' },
        { schoolId: server.seed.labSchoolId, schoolName: '实验中学' },
      ],
    });
    const list = await call(server.app, authRoutes.schoolList, {
      body: { loginName: 'multi', password: 'demo2026' },
    });
    expect(list.body.data).toEqual((choose.body.data as { schools: unknown }).schools);
    const user = await signIn(server.app, 'multi', { schoolId: server.seed.labSchoolId });
    expect(user.schoolName).toBe('实验中学');
  });

  it('list_upgrade refuses wrong credentials', async () => {
    const list = await call(server.app, authRoutes.schoolList, {
      body: { loginName: 'multi', password: 'wrong1' },
    });
    expect(list.body).toMatchObject({ code: 400, msg: '账号或密码错误' });
  });

  it('school_login_client records the client id on the session', async () => {
    const result = await call<UserInfo>(server.app, authRoutes.loginClient, {
      body: { loginName: 'director', password: 'demo2026', clientId: 'scanner-7' },
    });
    expect(result.body.code).toBe(200);
    const sessions = await server.db
      .selectFrom('sessions')
      .select('client_id')
      .where('user_id', '=', result.body.data.userId)
      .execute();
    expect(sessions.map((s) => s.client_id)).toContain('scanner-7');
  });
});
