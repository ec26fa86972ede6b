import { authRoutes } from '@examkit/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../core/rateLimit';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';
import type { SmsSender } from './sms';

const LOCKED = '登录失败次数过多，账号已锁定，请15分钟后再试';

describe.each(DIALECTS)('忘记密码: reset by a phone code on %s', (dialect) => {
  let server: TestServer | undefined;
  afterEach(() => server?.close());
  const sent: { tel: string; code: string }[] = [];
  const sender: SmsSender = {
    send: async ({ tel, code }) => {
      sent.push({ tel, code });
    },
  };
  const start = async () => {
    server = await startTestServer(dialect, { smsSender: sender, rateLimit: DEFAULT_RATE_LIMITS });
    return server;
  };
  const codeFor = async (s: TestServer, tel: string) => {
    const result = await call(s.app, authRoutes.sendSmsCode, { body: { tel } });
    expect(result.body.code).toBe(200);
    const last = sent.at(-1);
    expect(last?.tel).toBe(tel);
    return last?.code ?? '';
  };
  const reset = (s: TestServer, body: Record<string, unknown>) =>
    call(s.app, authRoutes.resetPassword, { body });
  const other = (code: string) => (code === '000000' ? '111111' : '000000');

  it('sets a new password with the code, ends every session, lifts the lock; the old password fails', async () => {
    const s = await start();
    const before = await signIn(s.app, 'teacher');
    for (let i = 0; i < 5; i++)
      await call(s.app, authRoutes.loginPassword, {
        body: { loginName: 'teacher', password: `wrong${i}` },
      });
    const code = await codeFor(s, '13800000004');
    expect((await reset(s, { tel: '13800000004', code, newPassWord: 'abc' })).body.msg).toContain(
      '密码须为至少6位的字母和数字组合',
    );
    expect((await reset(s, { tel: '13800000004', code, newPassWord: 'abcdefg' })).body.msg).toBe(
      '密码须为至少6位的字母和数字组合',
    );
    const done = await reset(s, { tel: '13800000004', code, newPassWord: 'new2027pw' });
    expect(done.body).toMatchObject({ code: 200, data: null });
    expect(
      (await call(s.app, authRoutes.myRole, { token: before.token, body: {} })).body.code,
    ).toBe(431);
    const old = await call(s.app, authRoutes.loginPassword, {
      body: { loginName: 'teacher', password: 'demo2026' },
    });
    expect(old.body.msg).toBe('账号或密码错误');
    expect((await signIn(s.app, 'teacher', { password: 'new2027pw' })).nickName).toBe('李老师');
    // The code is used up.
    expect((await reset(s, { tel: '13800000004', code, newPassWord: 'again2027' })).body.msg).toBe(
      '验证码错误或已过期',
    );
  });

  it('wrong codes warn, then lock the phone for 15 minutes like sign-in', async () => {
    const s = await start();
    const code = await codeFor(s, '13800000003');
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const result = await reset(s, {
        tel: '13800000003',
        code: other(code),
        newPassWord: 'new2027pw',
      });
      answers.push(result.body.msg);
    }
    expect(answers).toEqual([
      '验证码错误',
      '验证码错误，还可尝试3次',
      '验证码错误，还可尝试2次',
      '验证码错误，还可尝试1次',
      '验证码错误次数过多，请15分钟后再试',
    ]);
    const refused = await reset(s, { tel: '13800000003', code, newPassWord: 'new2027pw' });
    expect(refused.body).toMatchObject({ code: 429, msg: '验证码错误次数过多，请15分钟后再试' });
    expect((await signIn(s.app, 'head')).nickName).toBe('陈班主任');
  });

  it('a phone of accounts in two schools asks which school (6002) without using the code', async () => {
    const s = await start();
    const multi = await s.db
      .selectFrom('users')
      .select('tel')
      .where('login_name', '=', 'multi')
      .execute();
    const tel = multi[0]?.tel ?? '';
    expect(multi.every((m) => m.tel === tel)).toBe(true);
    const code = await codeFor(s, tel);
    const choose = await reset(s, { tel, code, newPassWord: 'new2027pw' });
    expect(choose.body.code).toBe(6002);
    const done = await reset(s, {
      tel,
      code,
      newPassWord: 'new2027pw',
      schoolId: s.seed.labSchoolId,
    });
    expect(done.body.code).toBe(200);
    expect(
      (await signIn(s.app, 'multi', { password: 'new2027pw', schoolId: s.seed.labSchoolId }))
        .schoolName,
    ).toBe('实验中学');
    expect((await signIn(s.app, 'multi', { schoolId: s.seed.demoSchoolId })).schoolName).toBe(
      '示范中学',
    );
  });

  it('a locked account is locked for sign-in, but its owner can reset by phone', async () => {
    const s = await start();
    for (let i = 0; i < 5; i++)
      await call(s.app, authRoutes.loginPassword, {
        body: { loginName: 'grader', password: `wrong${i}` },
      });
    const locked = await call(s.app, authRoutes.loginPassword, {
      body: { loginName: 'grader', password: 'demo2026' },
    });
    expect(locked.body.msg).toBe(LOCKED);
    const tel =
      (
        await s.db
          .selectFrom('users')
          .select('tel')
          .where('login_name', '=', 'grader')
          .executeTakeFirstOrThrow()
      ).tel ?? '';
    const code = await codeFor(s, tel);
    expect((await reset(s, { tel, code, newPassWord: 'grade2027' })).body.code).toBe(200);
    expect((await signIn(s.app, 'grader', { password: 'grade2027' })).userId).toBeGreaterThan(0);
  });
});
