import { authRoutes } from '@examkit/contracts';
import { describe, expect, it } from 'vitest';
import { call, DIALECTS, signIn, TEST_NOW, userIdOf } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';

const EXPIRED = {
  code: 431,
  data: null,
  msg: '账号过期，请重新登录',
  message: '账号过期，请重新登录',
};
const MINUTE = 60_000;

describe.each(DIALECTS)('sessions on %s', (dialect) => {
  const server = sharedTestServer(dialect);

  const readsWith = async (token: string, schoolId: number) => [
    await call(server.app, authRoutes.myRole, { token, body: {} }),
    await call(server.app, authRoutes.schoolDetail, { token }),
    await call(server.app, authRoutes.aiAccess, { token, query: { schoolId } }),
  ];

  it('logout revokes the token on the server: three routes then answer 431 over HTTP 401', async () => {
    server.clock.set(TEST_NOW);
    const user = await signIn(server.app, 'teacher');
    for (const before of await readsWith(user.token, user.schoolId))
      expect(before.body.code).toBe(200);
    const out = await call(server.app, authRoutes.logout, { token: user.token, body: {} });
    expect(out.body).toMatchObject({ code: 200, data: null });
    for (const after of await readsWith(user.token, user.schoolId))
      expect(after).toEqual({ status: 401, body: EXPIRED });
  });

  it.each([
    ['missing', undefined],
    ['malformed', 'not-a-token'],
    ['unknown', '0123456789abcdef0123456789abcdef'],
  ])('a %s token gets 431', async (_label, token) => {
    const result = await call(
      server.app,
      authRoutes.schoolDetail,
      token === undefined ? {} : { token },
    );
    expect(result).toEqual({ status: 401, body: EXPIRED });
  });

  it('dies after 30 idle minutes, but activity keeps it alive', async () => {
    server.clock.set(TEST_NOW);
    const user = await signIn(server.app, 'head');
    server.clock.advance(29 * MINUTE);
    expect((await call(server.app, authRoutes.schoolDetail, { token: user.token })).body.code).toBe(
      200,
    );
    server.clock.advance(29 * MINUTE);
    expect((await call(server.app, authRoutes.schoolDetail, { token: user.token })).body.code).toBe(
      200,
    );
    server.clock.advance(30 * MINUTE);
    expect((await call(server.app, authRoutes.schoolDetail, { token: user.token })).body).toEqual(
      EXPIRED,
    );
  });

  it('dies 12 hours after sign-in however active', async () => {
    server.clock.set(TEST_NOW);
    const user = await signIn(server.app, 'head');
    for (let i = 0; i < 24; i++) {
      server.clock.advance(29 * MINUTE);
      expect(
        (await call(server.app, authRoutes.myRole, { token: user.token, body: {} })).body.code,
      ).toBe(200);
    }
    server.clock.advance(25 * MINUTE); // 24 × 29 + 25 = 721 minutes
    expect(
      (await call(server.app, authRoutes.myRole, { token: user.token, body: {} })).body,
    ).toEqual(EXPIRED);
  });

  it('refuses a school A token sent with the schoolId header of school B', async () => {
    server.clock.set(TEST_NOW);
    const user = await signIn(server.app, 'teacher');
    const same = await call(server.app, authRoutes.schoolDetail, {
      token: user.token,
      schoolId: user.schoolId,
    });
    expect(same.body.code).toBe(200);
    const other = await call(server.app, authRoutes.schoolDetail, {
      token: user.token,
      schoolId: server.seed.labSchoolId,
    });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe(403);
    const query = await call(server.app, authRoutes.dictionaryOther, {
      token: user.token,
      query: { schoolId: server.seed.labSchoolId },
    });
    expect(query.body.code).toBe(403);
  });

  it("changing one's own password needs the current one, keeps this session and ends the others; the old password then fails", async () => {
    server.clock.set(TEST_NOW);
    const first = await signIn(server.app, 'director');
    const second = await signIn(server.app, 'director');
    const change = (body: Record<string, unknown>) =>
      call(server.app, authRoutes.updatePassword, {
        token: first.token,
        body: { id: first.userId, newPassWord: 'fresh2027', ...body },
      });
    expect((await change({})).body).toMatchObject({ code: 400, msg: '请输入原密码' });
    expect((await change({ oldPassWord: 'guess123' })).body).toMatchObject({
      code: 400,
      msg: '原密码错误',
    });
    expect((await change({ oldPassWord: 'demo2026' })).body).toMatchObject({
      code: 200,
      data: null,
    });
    // This session goes on working; the other one has ended.
    expect(
      (await call(server.app, authRoutes.myRole, { token: first.token, body: {} })).body.code,
    ).toBe(200);
    expect(
      (await call(server.app, authRoutes.myRole, { token: second.token, body: {} })).body,
    ).toEqual(EXPIRED);
    const old = await call(server.app, authRoutes.loginPassword, {
      body: { loginName: 'director', password: 'demo2026' },
    });
    expect(old.body.msg).toBe('账号或密码错误');
    const fresh = await signIn(server.app, 'director', { password: 'fresh2027' });
    expect(fresh.userId).toBe(first.userId);
  });

  it('wrong current passwords count like sign-in failures: a warning, then the lock', async () => {
    server.clock.set(TEST_NOW);
    const user = await signIn(server.app, 'grader');
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const result = await call(server.app, authRoutes.updatePassword, {
        token: user.token,
        body: { id: user.userId, newPassWord: 'fresh2027', oldPassWord: `guess${i}x` },
      });
      answers.push(result.body.msg);
    }
    expect(answers).toEqual([
      '原密码错误',
      '原密码错误，还可尝试3次',
      '原密码错误，还可尝试2次',
      '原密码错误，还可尝试1次',
      '登录失败次数过多，账号已锁定，请15分钟后再试',
    ]);
    // The session itself stays signed in.
    expect(
      (await call(server.app, authRoutes.myRole, { token: user.token, body: {} })).body.code,
    ).toBe(200);
  });

  it.each(['abcdefg', '1234567', 'ab12'])(
    'refuses the weak password %s with the product message',
    async (weak) => {
      server.clock.set(TEST_NOW);
      const user = await signIn(server.app, 'gradelead');
      const result = await call(server.app, authRoutes.updatePassword, {
        token: user.token,
        body: { id: user.userId, newPassWord: weak, oldPassWord: 'demo2026' },
      });
      expect(result.status).toBe(400);
      expect(result.body.msg).toContain('密码须为至少6位的字母和数字组合');
    },
  );

  it("only a System-Teacher holder may change another teacher's password, in the same school only", async () => {
    server.clock.set(TEST_NOW);
    const teacher = await signIn(server.app, 'teacher');
    const principal = await signIn(server.app, 'principal');
    const denied = await call(server.app, authRoutes.updatePassword, {
      token: teacher.token,
      body: { id: principal.userId, newPassWord: 'hacked123' },
    });
    expect(denied.body.code).toBe(403);

    const admin = await signIn(server.app, 'admin');
    const ok = await call(server.app, authRoutes.updatePassword, {
      token: admin.token,
      body: { id: teacher.userId, newPassWord: 'reset2026' },
    });
    expect(ok.body.code).toBe(200);
    expect(
      (await call(server.app, authRoutes.myRole, { token: teacher.token, body: {} })).body.code,
    ).toBe(431);
    await signIn(server.app, 'teacher', { password: 'reset2026' });

    const labAdmin = await userIdOf(server.db, server.seed.labSchoolId, 'lab-admin');
    const foreign = await call(server.app, authRoutes.updatePassword, {
      token: admin.token,
      body: { id: labAdmin, newPassWord: 'hacked123' },
    });
    expect(foreign.body.code).toBe(404);
  });
});
