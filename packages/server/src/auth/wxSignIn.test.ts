import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authRoutes, type UserInfo, type WxNotBoundData } from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, startTestServer, type TestServer } from '../test/fixtures';
import { createDevWxProvider, createWxOAuthProvider } from './wx';

describe.each(DIALECTS)('messaging-app sign-in on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { wx: createDevWxProvider() });
  });
  afterAll(() => server.close());

  it('answers 6003 with a bind ticket for an unbound openid; binding signs in and later sign-ins need no password', async () => {
    const unbound = await call<WxNotBoundData>(server.app, authRoutes.loginWxWeb, {
      body: { wxCode: 'dev:openid-head' },
    });
    expect(unbound.body.code).toBe(6003);
    const { bindTicket } = unbound.body.data;
    expect(bindTicket).toMatch(/^[0-9a-f]{32}$/);

    const wrongPassword = await call(server.app, authRoutes.bindWx, {
      body: { bindTicket, loginName: 'head', password: 'wrong-pass1' },
    });
    expect(wrongPassword.body.msg).toBe('账号或密码错误');

    const bound = await call<UserInfo>(server.app, authRoutes.bindWx, {
      body: { bindTicket, loginName: 'head', password: 'demo2026' },
    });
    expect(bound.body.code).toBe(200);
    expect(bound.body.data.nickName).toBe('陈班主任');

    const reuse = await call(server.app, authRoutes.bindWx, {
      body: { bindTicket, loginName: 'head', password: 'demo2026' },
    });
    expect(reuse.body.msg).toBe('绑定凭证无效或已过期');

    const again = await call<UserInfo>(server.app, authRoutes.loginWxWeb, {
      body: { wxCode: 'dev:openid-head' },
    });
    expect(again.body.code).toBe(200);
    expect(again.body.data.userId).toBe(bound.body.data.userId);
  });

  it('refuses a code the provider does not accept', async () => {
    const result = await call(server.app, authRoutes.loginWxWeb, {
      body: { wxCode: 'not-a-dev-code' },
    });
    expect(result.body).toMatchObject({ code: 400, msg: '微信授权失败，请重新扫码' });
  });
});

describe('messaging-app sign-in switched off', () => {
  it('is refused in production without a provider', async () => {
    const server = await startTestServer('sqlite', { nodeEnv: 'production' });
    try {
      const result = await call(server.app, authRoutes.loginWxWeb, {
        body: { wxCode: 'dev:someone' },
      });
      expect(result.body).toMatchObject({ code: 400, msg: '未启用微信登录' });
    } finally {
      await server.close();
    }
  });
});

describe('the WeChat OAuth provider', () => {
  let fake: Server;
  let baseUrl: string;
  const seen: URL[] = [];
  beforeAll(async () => {
    fake = createHttpServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      seen.push(url);
      res.setHeader('content-type', 'application/json');
      if (url.searchParams.get('code') === 'good-code')
        res.end(JSON.stringify({ openid: 'o-real-1', access_token: 'x' }));
      else if (url.searchParams.get('code') === 'broken') res.writeHead(502).end('bad gateway');
      else res.end(JSON.stringify({ errcode: 40029, errmsg: 'invalid code' }));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

  it('exchanges the code with appid and secret at /sns/oauth2/access_token', async () => {
    const provider = createWxOAuthProvider({ appId: 'wx-app', secret: 'wx-secret', baseUrl });
    expect(await provider.openIdFor('good-code')).toBe('o-real-1');
    const request = seen.at(-1);
    expect(request?.pathname).toBe('/sns/oauth2/access_token');
    expect(Object.fromEntries(request?.searchParams ?? [])).toEqual({
      appid: 'wx-app',
      secret: 'wx-secret',
      code: 'good-code',
      grant_type: 'authorization_code',
    });
  });

  it('gives null for an error answer or a failing endpoint', async () => {
    const provider = createWxOAuthProvider({ appId: 'wx-app', secret: 'wx-secret', baseUrl });
    expect(await provider.openIdFor('expired')).toBeNull();
    expect(await provider.openIdFor('broken')).toBeNull();
    const down = createWxOAuthProvider({
      appId: 'a',
      secret: 'b',
      baseUrl: 'http://127.0.0.1:1',
      timeoutMs: 500,
    });
    expect(await down.openIdFor('good-code')).toBeNull();
  });
});
