import * as contracts from '@examkit/contracts';
import type { RouteContract } from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestServer, type TestServer } from '../test/fixtures';
import { AJV_OPTIONS, lazyValidators } from './validators';

/** Every route contract the contracts package exports, whatever group it is in. */
function everyContract(): RouteContract[] {
  const isContract = (value: unknown): value is RouteContract =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RouteContract).url === 'string' &&
    typeof (value as RouteContract).method === 'string';
  return Object.values(contracts).flatMap((group) =>
    typeof group === 'object' && group !== null ? Object.values(group).filter(isContract) : [],
  );
}

describe('route validators compiled on first use', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => server.close());

  it('compiles the body and query schema of every route the server serves', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const served = Object.entries(doc.paths).flatMap(([url, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`),
    );
    const byRoute = new Map(everyContract().map((c) => [`${c.method} ${c.url}`, c]));
    const build = lazyValidators({}, AJV_OPTIONS);
    let compiled = 0;
    for (const key of served) {
      const contract = byRoute.get(key);
      if (!contract) continue;
      for (const [httpPart, schema] of [
        ['body', contract.body],
        ['querystring', contract.query],
      ] as const) {
        if (!schema) continue;
        const validate = build({ schema, method: contract.method, url: contract.url, httpPart });
        expect(() => validate({}), key).not.toThrow();
        compiled += 1;
      }
    }
    expect(compiled).toBeGreaterThan(500);
    // the rest are the file downloads (GET, a query of their own): each checks its query
    const downloads = served.filter((key) => !byRoute.has(key));
    expect(downloads.length).toBeGreaterThan(0);
    const admin = await signIn(server.app, 'admin');
    for (const key of downloads) {
      const [method, url] = key.split(' ') as ['GET', string];
      expect(method).toBe('GET');
      const response = await server.app.inject({
        method,
        url: `${url}?unknownField=1`,
        headers: { token: admin.token },
      });
      expect(response.json(), key).toMatchObject({
        code: 400,
        msg: expect.stringMatching(/^请求参数错误：/),
      });
    }
  });

  it('refuses a bad query with the same Chinese message on its first call and later ones', async () => {
    const user = await signIn(server.app, 'teacher');
    for (let i = 0; i < 2; i++) {
      const bad = await call(server.app, contracts.authRoutes.aiAccess, {
        token: user.token,
        query: { schoolId: 'x' },
      });
      expect(bad.body.msg).toBe('请求参数错误：学校应为整数');
    }
    const good = await call(server.app, contracts.authRoutes.aiAccess, {
      token: user.token,
      query: { schoolId: user.schoolId },
    });
    expect(good.body.code).toBe(200);
  });
});
