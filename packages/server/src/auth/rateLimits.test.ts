import { authRoutes } from '@examkit/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as passwords from '../core/password';
import { verifyPassword } from '../core/password';
import { DEFAULT_RATE_LIMITS } from '../core/rateLimit';
import { call, DIALECTS, startTestServer, userIdOf, type TestServer } from '../test/fixtures';

// The real argon2id check, counted: the lock must stop attempts before this slow step.
vi.mock('../core/password', async (importOriginal) => {
  const real = await importOriginal<typeof passwords>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

const MINUTE = 60_000;
const LOCKED = '登录失败次数过多，账号已锁定，请15分钟后再试';
const TOO_MANY = '请求过于频繁，请稍后再试';

describe.each(DIALECTS)('sign-in rate limits on %s', (dialect) => {
  let server: TestServer | undefined;
  afterEach(() => server?.close());
  beforeEach(() => vi.mocked(verifyPassword).mockClear());

  const attempt = (loginName: string, password: string, remoteAddress = '10.0.0.1') =>
    call(server!.app, authRoutes.loginPassword, { body: { loginName, password }, remoteAddress });

  it('warns how many tries are left, locks an account for 15 minutes at the 5th failure; the right password from elsewhere does not unlock it', async () => {
    server = await startTestServer(dialect, { rateLimit: DEFAULT_RATE_LIMITS });
    const answers: string[] = [];
    for (let i = 0; i < 5; i++)
      answers.push((await attempt('teacher', `wrong${i}`, `10.0.0.${i + 1}`)).body.msg);
    expect(answers).toEqual([
      '账号或密码错误',
      '账号或密码错误，还可尝试3次',
      '账号或密码错误，还可尝试2次',
      '账号或密码错误，还可尝试1次',
      LOCKED,
    ]);
    const locked = await attempt('teacher', 'demo2026', '10.0.9.9');
    expect(locked).toMatchObject({ status: 429, body: { code: 429, msg: LOCKED } });
    server.clock.advance(14 * MINUTE);
    expect((await attempt('teacher', 'demo2026', '10.0.9.9')).body.msg).toBe(LOCKED);
    // Other accounts are not affected.
    expect((await attempt('head', 'demo2026')).body.code).toBe(200);
    server.clock.advance(MINUTE + 1);
    expect((await attempt('teacher', 'demo2026', '10.0.9.9')).body.code).toBe(200);
  });

  it('an unknown login name counts and warns the same way (no hint that it does not exist)', async () => {
    server = await startTestServer(dialect, { rateLimit: DEFAULT_RATE_LIMITS });
    const known: string[] = [];
    const unknown: string[] = [];
    for (let i = 0; i < 5; i++) {
      known.push((await attempt('grader', `wrong${i}`, `10.2.0.${i}`)).body.msg);
      unknown.push((await attempt('nobody', `wrong${i}`, `10.3.0.${i}`)).body.msg);
    }
    expect(unknown).toEqual(known);
  });

  it.each([
    ['one address', (i: number) => `10.4.0.${i % 1}`],
    ['25 addresses', (i: number) => `10.5.0.${i}`],
  ])(
    '25 wrong passwords sent at once from %s: exactly 5 are checked, then the account is locked',
    async (_, addressOf) => {
      server = await startTestServer(dialect, { rateLimit: DEFAULT_RATE_LIMITS });
      const replies = await Promise.all(
        Array.from({ length: 25 }, (_, i) => attempt('director', `wrong-${i}`, addressOf(i))),
      );
      expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(5);
      const wrong = replies.filter((r) => r.body.code === 400);
      const refused = replies.filter((r) => r.body.code === 429);
      expect(wrong).toHaveLength(4);
      expect(refused).toHaveLength(21);
      expect(refused.every((r) => r.body.msg === LOCKED)).toBe(true);
      // Locked now: the right password is refused without a check.
      expect((await attempt('director', 'demo2026', '10.6.0.1')).body.msg).toBe(LOCKED);
      expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(5);
    },
  );

  it('forgets failures older than 15 minutes', async () => {
    server = await startTestServer(dialect, { rateLimit: DEFAULT_RATE_LIMITS });
    for (let i = 0; i < 4; i++) await attempt('grader', `wrong${i}`);
    server.clock.advance(16 * MINUTE);
    expect((await attempt('grader', 'wrong-again')).body.msg).toBe('账号或密码错误');
    expect((await attempt('grader', 'demo2026')).body.code).toBe(200);
  });

  it('a hundred markers behind one school gateway all sign in within a minute', async () => {
    server = await startTestServer(dialect, { rateLimit: DEFAULT_RATE_LIMITS });
    const { db, seed } = server;
    const grader = await userIdOf(db, seed.demoSchoolId, 'grader');
    const { password_hash } = await db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', grader)
      .executeTakeFirstOrThrow();
    const roles = await db
      .selectFrom('user_roles')
      .selectAll()
      .where('user_id', '=', grader)
      .execute();
    for (let n = 1; n <= 100; n++) {
      const { id } = await db
        .insertInto('users')
        .values({
          school_id: seed.demoSchoolId,
          login_name: `marker${n}`,
          password_hash,
          nick_name: `阅卷${n}`,
          tel: null,
          status: 1,
          wx_openid: null,
          created_at: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('user_roles')
        .values(
          roles.map((r) => ({ user_id: id, role_id: r.role_id, academic_year: r.academic_year })),
        )
        .execute();
    }
    const codes: number[] = [];
    for (let wave = 0; wave < 10; wave++) {
      const replies = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          attempt(`marker${wave * 10 + i + 1}`, 'demo2026', '10.9.9.9'),
        ),
      );
      codes.push(...replies.map((r) => r.body.code));
      server.clock.advance(5_000);
    }
    expect(codes).toEqual(Array.from({ length: 100 }, () => 200));
  }, 60_000);

  it('30 failures a minute from one address stop further sign-ins from it, not from others', async () => {
    server = await startTestServer(dialect, { rateLimit: DEFAULT_RATE_LIMITS });
    // Each failure on another (unknown) name, so no account lock is involved.
    for (let i = 0; i < 30; i++) {
      const result = await call(server.app, authRoutes.loginToken, {
        query: { token: `${'0'.repeat(31)}${i % 10}` },
        remoteAddress: '10.1.1.1',
      });
      expect(result.body.code).toBe(400);
    }
    const blocked = await attempt('admin', 'demo2026', '10.1.1.1');
    expect(blocked).toMatchObject({ status: 429, body: { code: 429, msg: TOO_MANY } });
    expect((await attempt('admin', 'demo2026', '10.1.1.2')).body.code).toBe(200);
    server.clock.advance(MINUTE);
    expect((await attempt('admin', 'demo2026', '10.1.1.1')).body.code).toBe(200);
  });

  it('every code send counts: 30 sends a minute per address', async () => {
    server = await startTestServer(dialect, { rateLimit: DEFAULT_RATE_LIMITS });
    for (let i = 0; i < 30; i++) {
      const sent = await call(server.app, authRoutes.sendSmsCode, {
        body: { tel: `1390000${String(i).padStart(4, '0')}` },
        remoteAddress: '10.1.2.1',
      });
      expect(sent.body.code).toBe(200);
    }
    const blocked = await call(server.app, authRoutes.sendSmsCode, {
      body: { tel: '13800000001' },
      remoteAddress: '10.1.2.1',
    });
    expect(blocked).toMatchObject({ status: 429, body: { code: 429, msg: TOO_MANY } });
    const elsewhere = await call(server.app, authRoutes.sendSmsCode, {
      body: { tel: '13800000001' },
      remoteAddress: '10.1.2.2',
    });
    expect(elsewhere.body.code).toBe(200);
  });
});
