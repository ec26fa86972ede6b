import { authRoutes, type UserInfo } from '@examkit/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, DIALECTS, startTestServer, TEST_NOW, type TestServer } from '../test/fixtures';
import type { SmsSender } from './sms';

const MINUTE = 60_000;

describe.each(DIALECTS)('phone-code sign-in on %s', (dialect) => {
  let server: TestServer;
  const sent: { tel: string; code: string }[] = [];
  const sender: SmsSender = {
    send: async ({ tel, code }) => {
      sent.push({ tel, code });
    },
  };
  beforeAll(async () => {
    // Account locks are tested on their own; here they would hide the code's own try limit.
    server = await startTestServer(dialect, {
      smsSender: sender,
      rateLimit: { addressLimit: 10_000, accountFailures: 1000 },
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.clock.set(TEST_NOW);
  });

  const requestCode = async (tel: string) => {
    const result = await call(server.app, authRoutes.sendSmsCode, { body: { tel } });
    return { result, code: sent.at(-1)?.tel === tel ? sent.at(-1)?.code : undefined };
  };
  const loginWith = (tel: string, code: string, schoolId?: number) =>
    call<UserInfo>(server.app, authRoutes.loginCode, {
      body: schoolId === undefined ? { tel, code } : { tel, code, schoolId },
    });
  const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

  it('sends a 6-digit code and signs in with it once only', async () => {
    const { result, code } = await requestCode('13800000004');
    expect(result.body).toMatchObject({ code: 200, data: { expiresIn: 300, resendIn: 60 } });
    expect(code).toMatch(/^\d{6}$/);
    const first = await loginWith('13800000004', code ?? '');
    expect(first.body.code).toBe(200);
    expect(first.body.data.nickName).toBe('李老师');
    const again = await loginWith('13800000004', code ?? '');
    expect(again.body).toMatchObject({ code: 400, msg: '验证码错误或已过期' });
  });

  it('stores neither the phone number nor the code in sms_codes', async () => {
    server.clock.advance(10 * MINUTE);
    const { code } = await requestCode('13800000003');
    const rows = await server.db.selectFrom('sms_codes').selectAll().execute();
    const text = JSON.stringify(rows);
    expect(text).not.toContain('13800000003');
    expect(text).not.toContain(`"${code}"`);
  });

  it('allows one send per phone per minute', async () => {
    server.clock.advance(20 * MINUTE);
    expect((await requestCode('13800000005')).result.body.code).toBe(200);
    server.clock.advance(59_000);
    const tooSoon = await requestCode('13800000005');
    expect(tooSoon.result).toMatchObject({
      status: 429,
      body: { code: 429, msg: '验证码发送过于频繁，请1分钟后再试' },
    });
    server.clock.advance(2_000);
    expect((await requestCode('13800000005')).result.body.code).toBe(200);
  });

  it('a code lives 5 minutes', async () => {
    server.clock.advance(30 * MINUTE);
    const { code } = await requestCode('13800000002');
    server.clock.advance(5 * MINUTE + 1);
    expect((await loginWith('13800000002', code ?? '')).body.msg).toBe('验证码错误或已过期');
  });

  it('a code is dead after 5 wrong tries, even the right one after them', async () => {
    server.clock.advance(40 * MINUTE);
    const { code = '' } = await requestCode('13800000008');
    for (let i = 0; i < 5; i++) {
      expect((await loginWith('13800000008', wrongCode(code))).body.msg).toBe('验证码错误');
    }
    const right = await loginWith('13800000008', code);
    expect(right.body).toMatchObject({ code: 400, msg: '验证码错误或已过期' });
  });

  it('answers an unknown phone like a known one but sends nothing', async () => {
    server.clock.advance(50 * MINUTE);
    const before = sent.length;
    const { result } = await requestCode('13999999999');
    expect(result.body).toMatchObject({ code: 200, data: { expiresIn: 300, resendIn: 60 } });
    expect(sent.length).toBe(before);
  });

  it('asks to choose a school for a phone in two schools without using the code up', async () => {
    server.clock.advance(60 * MINUTE);
    const { code = '' } = await requestCode('13800000009');
    const choose = await loginWith('13800000009', code);
    expect(choose.body.code).toBe(6002);
    const chosen = await loginWith('13800000009', code, server.seed.labSchoolId);
    expect(chosen.body.data.schoolName).toBe('实验中学');
  });
});

describe('the embedded sender', () => {
  it('writes the message to sms_outbox', async () => {
    const server = await startTestServer('sqlite');
    try {
      await call(server.app, authRoutes.sendSmsCode, { body: { tel: '13800000001' } });
      const rows = await server.db.selectFrom('sms_outbox').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.tel).toBe('13800000001');
      expect(rows[0]?.body).toMatch(/验证码为 \d{6}/);
      expect(server.logs.join('')).toContain('138****0001');
      expect(server.logs.join('')).not.toContain('13800000001');
    } finally {
      await server.close();
    }
  });
});
