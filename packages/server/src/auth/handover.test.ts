import { authRoutes, type UserInfo } from '@examkit/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_INTEGRATIONS } from '../seed/seedDemo';
import { call, DIALECTS, TEST_NOW } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';
import { signLogin } from './dengyue';

const { portal, region, dengyue } = DEMO_INTEGRATIONS;

describe.each(DIALECTS)('hand-over and partner sign-in on %s', (dialect) => {
  const server = sharedTestServer(dialect);
  beforeEach(() => server.clock.set(TEST_NOW));

  const handover = async (
    loginName: string,
    client: { clientId: string; secret: string } = portal,
    schoolId?: number,
    remoteAddress?: string,
  ) => {
    const result = await call<{ token: string; expiresIn: number }>(
      server.app,
      authRoutes.handover,
      {
        body: {
          clientId: client.clientId,
          clientSecret: client.secret,
          loginName,
          schoolId: schoolId ?? server.seed.demoSchoolId,
        },
        ...(remoteAddress ? { remoteAddress } : {}),
      },
    );
    return result;
  };

  it('hands over a one-time token that signs in once (school_login_token)', async () => {
    const issued = await handover('teacher');
    expect(issued.body.data.expiresIn).toBe(60);
    const first = await call<UserInfo>(server.app, authRoutes.loginToken, {
      query: { token: issued.body.data.token },
    });
    expect(first.body.code).toBe(200);
    expect(first.body.data.nickName).toBe('李老师');
    const second = await call(server.app, authRoutes.loginToken, {
      query: { token: issued.body.data.token },
    });
    expect(second.body).toMatchObject({ code: 400, msg: '登录凭证无效或已过期' });
  });

  it('two simultaneous uses of one token: exactly one signs in', async () => {
    const issued = await handover('teacher');
    const both = await Promise.all([
      call(server.app, authRoutes.loginToken, { query: { token: issued.body.data.token } }),
      call(server.app, authRoutes.loginYuexun, { body: { code: issued.body.data.token } }),
    ]);
    expect(both.map((r) => r.body.code).sort()).toEqual([200, 400]);
  });

  it('a hand-over token is dead after 60 seconds', async () => {
    const issued = await handover('teacher');
    server.clock.advance(60_001);
    const late = await call(server.app, authRoutes.loginToken, {
      query: { token: issued.body.data.token },
    });
    expect(late.body.msg).toBe('登录凭证无效或已过期');
  });

  it('refuses a wrong client secret and a school the integration does not serve', async () => {
    const bad = await handover('teacher', { clientId: portal.clientId, secret: 'guess' });
    expect(bad.body).toMatchObject({ code: 403, msg: '集成凭据无效' });
    const otherSchool = await handover('lab-admin', portal, server.seed.labSchoolId);
    expect(otherSchool.body.code).toBe(403);
  });

  it('wrong secrets lock the guessing address, never the partner: the real partner signs in from its own address', async () => {
    const guesses: { code: number; msg: string }[] = [];
    for (let i = 0; i < 25; i++) {
      const bad = await handover(
        'teacher',
        { clientId: portal.clientId, secret: `guess${i}` },
        undefined,
        '10.66.0.1',
      );
      guesses.push({ code: bad.body.code, msg: bad.body.msg });
    }
    expect(guesses.slice(0, 5).map((g) => g.msg)).toEqual([
      '集成凭据无效',
      '集成凭据无效，还可尝试3次',
      '集成凭据无效，还可尝试2次',
      '集成凭据无效，还可尝试1次',
      '集成凭据错误次数过多，请15分钟后再试',
    ]);
    expect(guesses.slice(5).every((g) => g.code === 429)).toBe(true);
    // Even the right secret from the guessing address waits out the lock …
    expect((await handover('teacher', portal, undefined, '10.66.0.1')).body.code).toBe(429);
    // … while the real partner, from its own address, is not locked out.
    const real = await handover('teacher', portal, undefined, '10.77.0.1');
    expect(real.body.code).toBe(200);
    const signedIn = await call<UserInfo>(server.app, authRoutes.loginToken, {
      query: { token: real.body.data.token },
      remoteAddress: '10.88.0.1',
    });
    expect(signedIn.body.data.nickName).toBe('李老师');
    server.clock.advance(15 * 60_000);
    expect((await handover('teacher', portal, undefined, '10.66.0.1')).body.code).toBe(200);
  });

  it('yuexun/login consumes a partner code once', async () => {
    const issued = await handover('head');
    const first = await call<UserInfo>(server.app, authRoutes.loginYuexun, {
      body: { code: issued.body.data.token },
    });
    expect(first.body.data.nickName).toBe('陈班主任');
    const replay = await call(server.app, authRoutes.loginYuexun, {
      body: { code: issued.body.data.token },
    });
    expect(replay.body.code).toBe(400);
  });

  it('region_to_school_login signs in only into the school the token was issued for', async () => {
    const intoLab = await handover('lab-admin', region, server.seed.labSchoolId);
    const wrongSchool = await call(server.app, authRoutes.regionToSchool, {
      body: { token: intoLab.body.data.token, schoolId: server.seed.demoSchoolId },
    });
    expect(wrongSchool.body.code).toBe(400);
    const right = await call<UserInfo>(server.app, authRoutes.regionToSchool, {
      body: { token: intoLab.body.data.token, schoolId: server.seed.labSchoolId },
    });
    expect(right.body.data.schoolName).toBe('实验中学');
    const portalToken = await handover('teacher');
    const notRegion = await call(server.app, authRoutes.regionToSchool, {
      body: { token: portalToken.body.data.token, schoolId: server.seed.demoSchoolId },
    });
    expect(notRegion.body.code).toBe(400);
  });

  describe('dengyue/login/v2', () => {
    const signed = (
      overrides: Partial<{ loginName: string; timestamp: number; key: string }> = {},
    ) => {
      const request = {
        appId: dengyue.clientId,
        loginName: overrides.loginName ?? 'teacher',
        schoolId: server.seed.demoSchoolId,
        timestamp: overrides.timestamp ?? Math.floor(server.clock.now().getTime() / 1000),
      };
      return { ...request, sign: signLogin(overrides.key ?? dengyue.secret, request) };
    };

    it('signs in with a valid sign and refuses to replay it', async () => {
      const body = signed();
      const first = await call<UserInfo>(server.app, authRoutes.loginDengyue, { body });
      expect(first.body.code).toBe(200);
      const replay = await call(server.app, authRoutes.loginDengyue, { body });
      expect(replay.body).toMatchObject({ code: 403, msg: '签名已使用，请勿重复提交' });
    });

    it('refuses a sign made with another key', async () => {
      const result = await call(server.app, authRoutes.loginDengyue, {
        body: signed({ key: 'not-the-secret' }),
      });
      expect(result.body).toMatchObject({ code: 403, msg: '签名无效' });
    });

    it('bad signatures lock the sending address, not the account: its owner still signs in', async () => {
      for (let i = 0; i < 6; i++) {
        await call(server.app, authRoutes.loginDengyue, {
          body: signed({ key: `wrong-${i}` }),
          remoteAddress: '10.55.0.1',
        });
      }
      const locked = await call(server.app, authRoutes.loginDengyue, {
        body: signed({}),
        remoteAddress: '10.55.0.1',
      });
      expect(locked.body).toMatchObject({ code: 429, msg: '集成凭据错误次数过多，请15分钟后再试' });
      const owner = await call(server.app, authRoutes.loginPassword, {
        body: { loginName: 'teacher', password: 'demo2026' },
        remoteAddress: '10.55.0.2',
      });
      expect(owner.body.code).toBe(200);
    });

    it('accepts ±300 s of clock difference and no more', async () => {
      const now = Math.floor(server.clock.now().getTime() / 1000);
      const edge = await call(server.app, authRoutes.loginDengyue, {
        body: signed({ timestamp: now - 300 }),
      });
      expect(edge.body.code).toBe(200);
      const stale = await call(server.app, authRoutes.loginDengyue, {
        body: signed({ timestamp: now - 301 }),
      });
      expect(stale.body).toMatchObject({ code: 400, msg: '签名已过期，请重新发起登录' });
      const future = await call(server.app, authRoutes.loginDengyue, {
        body: signed({ timestamp: now + 301 }),
      });
      expect(future.body.code).toBe(400);
    });
  });
});
