import { authRoutes } from '@examkit/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../core/rateLimit';
import { call, DIALECTS, startTestServer, type TestServer } from '../test/fixtures';

const MINUTE = 60_000;
const LOCKED = '登录失败次数过多，账号已锁定，请15分钟后再试';

describe.each(DIALECTS)('sign-in rate limits on %s', (dialect) => {
  let server: TestServer | undefined;
  afterEach(() => server?.close());

  const attempt = (loginName: string, password: string, remoteAddress = '10.0.0.1') =>
    call(server!.app, authRoutes.loginPassword, { body: { loginName, password }, remoteAddress });

  it('locks an account for 15 minutes after 5 failures; the right password from elsewhere does not unlock it', async () => {
    server = await startTestServer(dialect, { rateLimit: DEFAULT_RATE_LIMITS });
    for (let i = 0; i < 5; i++) {
      expect((await attempt('teacher', `wrong${i}`, `10.0.0.${i + 1}`)).body.msg).toBe(
        '账号或密码错误',
      );
    }
    const locked = await attempt('teacher', 'demo2026', '10.0.9.9');
    expect(locked).toMatchObject({ status: 429, body: { code: 429, msg: LOCKED } });
    server.clock.advance(14 * MINUTE);
    expect((await attempt('teacher', 'demo2026', '10.0.9.9')).body.msg).toBe(LOCKED);
    // Other accounts are not affected.
    expect((await attempt('head', 'demo2026')).body.code).toBe(200);
    server.clock.advance(MINUTE + 1);
    expect((await attempt('teacher', 'demo2026', '10.0.9.9')).body.code).toBe(200);
  });

  it('forgets failures older than 15 minutes', async () => {
    server = await startTestServer(dialect, { rateLimit: DEFAULT_RATE_LIMITS });
    for (let i = 0; i < 4; i++) await attempt('grader', `wrong${i}`);
    server.clock.advance(16 * MINUTE);
    expect((await attempt('grader', 'wrong-again')).body.msg).toBe('账号或密码错误');
    expect((await attempt('grader', 'demo2026')).body.code).toBe(200);
  });

  it('allows 30 attempts a minute per address on sign-in and code routes', async () => {
    server = await startTestServer(dialect, { rateLimit: DEFAULT_RATE_LIMITS });
    for (let i = 0; i < 30; i++) {
      const result = await call(server.app, authRoutes.loginToken, {
        query: { token: `${'0'.repeat(31)}${i % 10}` },
        remoteAddress: '10.1.1.1',
      });
      expect(result.body.code).toBe(400);
    }
    const blocked = await call(server.app, authRoutes.sendSmsCode, {
      body: { tel: '13800000001' },
      remoteAddress: '10.1.1.1',
    });
    expect(blocked).toMatchObject({
      status: 429,
      body: { code: 429, msg: '请求过于频繁，请稍后再试' },
    });
    const elsewhere = await call(server.app, authRoutes.sendSmsCode, {
      body: { tel: '13800000001' },
      remoteAddress: '10.1.1.2',
    });
    expect(elsewhere.body.code).toBe(200);
    server.clock.advance(MINUTE);
    const later = await call(server.app, authRoutes.loginPassword, {
      body: { loginName: 'admin', password: 'demo2026' },
      remoteAddress: '10.1.1.1',
    });
    expect(later.body.code).toBe(200);
  });
});
