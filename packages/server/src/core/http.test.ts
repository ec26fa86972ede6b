import type { AddressInfo } from 'node:net';
import { authRoutes, examRoutes, type UserInfo } from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';

const PASSWORD_URL = authRoutes.loginPassword.url;

describe.each(DIALECTS)('request handling on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      corsOrigins: ['https://school.example'],
      abilityGrowthHost: 'https://growth.example:8443/app/',
    });
  });
  afterAll(() => server.close());

  const post = (url: string, payload: string, contentType: string) =>
    server.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

  it.each([
    [
      'malformed JSON',
      '{"loginName": "admin",',
      'application/json',
      400,
      '请求格式错误：JSON 无法解析',
    ],
    ['an empty JSON body', '', 'application/json', 400, '请求格式错误：JSON 请求体不能为空'],
    [
      'an unknown field',
      '{"loginName":"admin","password":"x","role":"boss"}',
      'application/json',
      400,
      '请求参数错误：不支持的字段 role',
    ],
    [
      'a missing field',
      '{"password":"demo2026"}',
      'application/json',
      400,
      '请求参数错误：账号不能为空',
    ],
    [
      'an empty field',
      'loginName=&password=demo2026',
      'application/x-www-form-urlencoded',
      400,
      '请求参数错误：账号不能为空',
    ],
    [
      'a number for a string',
      '{"loginName":123,"password":"demo2026"}',
      'application/json',
      400,
      '请求参数错误：账号应为文字',
    ],
    [
      'a string for an integer',
      '{"loginName":"admin","password":"demo2026","schoolId":"1"}',
      'application/json',
      400,
      '请求参数错误：学校应为整数',
    ],
    [
      'a non-number in a form integer',
      'loginName=admin&password=demo2026&schoolId=abc',
      'application/x-www-form-urlencoded',
      400,
      '请求参数错误：学校应为整数',
    ],
    [
      'an unknown form field',
      'loginName=admin&password=demo2026&isAdmin=1',
      'application/x-www-form-urlencoded',
      400,
      '请求参数错误：不支持的字段 isAdmin',
    ],
    [
      'a wrong content type',
      'loginName=admin',
      'text/plain',
      400,
      '请求格式错误：不支持的 Content-Type，请使用 JSON 或表单',
    ],
  ])('refuses %s with a clear message', async (_label, payload, contentType, status, message) => {
    const response = await post(PASSWORD_URL, payload, contentType);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ code: status, data: null, msg: message, message });
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const big = JSON.stringify({ loginName: 'admin', password: 'x'.repeat(1024 * 1024) });
    const response = await post(PASSWORD_URL, big, 'application/json');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 413, msg: '请求体过大，不能超过 1 MiB' });
  });

  it('turns form integers into numbers (schoolId)', async () => {
    const result = await call<UserInfo>(server.app, authRoutes.loginPassword, {
      body: { loginName: 'multi', password: 'demo2026', schoolId: server.seed.labSchoolId },
    });
    expect(result.body.data.schoolId).toBe(server.seed.labSchoolId);
  });

  it('validates query strings too', async () => {
    const user = await signIn(server.app, 'teacher');
    const bad = await call(server.app, authRoutes.aiAccess, {
      token: user.token,
      query: { schoolId: 'x' },
    });
    expect(bad.body.msg).toBe('请求参数错误：学校应为整数');
    const extra = await call(server.app, authRoutes.aiAccess, {
      token: user.token,
      query: { schoolId: user.schoolId, x: 1 },
    });
    expect(extra.body.msg).toBe('请求参数错误：不支持的字段 x');
  });

  it('names fields by their Chinese labels, the choices of a closed list included', async () => {
    const user = await signIn(server.app, 'admin');
    const exam = await call(server.app, examRoutes.create, {
      token: user.token,
      body: {
        name: '月考',
        examType: '月考',
        gradeId: 1,
        examDate: '2026-11-10',
        subjects: [{ subjectCode: '02', subjectName: '数学', fullMarks: 100 }],
        classIds: [1],
      },
    });
    expect(exam.body.msg).toBe(
      '请求参数错误：考试类型应为学前、周练、单元、月测、期中、期末、模拟、其它之一',
    );
    const marks = await call(server.app, examRoutes.create, {
      token: user.token,
      body: {
        name: '期中',
        examType: '期中',
        gradeId: 1,
        examDate: '2026-11-10',
        subjects: [{ subjectCode: '02', subjectName: '数学', fullMarks: 0 }],
        classIds: [1],
      },
    });
    expect(marks.body.msg).toBe('请求参数错误：考试科目第1项的满分应大于 0');
    const date = await call(server.app, examRoutes.create, {
      token: user.token,
      body: {
        name: '期中',
        examType: '期中',
        gradeId: 1,
        examDate: '11/10',
        subjects: [],
        classIds: [1],
      },
    });
    expect(date.body.msg).toMatch(/^请求参数错误：(考试日期格式不正确|考试科目至少选择 1 项)$/);
    expect(date.body.msg).not.toMatch(/[A-Za-z]/);
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/marking-user/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, msg: '接口不存在' });
  });

  it('serves /openapi.json from the contract schemas', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/openapi.json' });
    const doc = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    for (const route of Object.values(authRoutes)) {
      expect(doc.paths[route.url]?.[route.method.toLowerCase()]).toBeDefined();
    }
    expect(JSON.stringify(doc.paths[PASSWORD_URL])).toContain('loginName');
  });

  it('sends security headers with a CSP the reference app can run under', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("media-src 'self' blob: data:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    // The AbilityGrowth sub-application's origin, and only its origin, may serve code and styles.
    expect(csp).toContain("script-src 'self' https://growth.example:8443;");
    expect(csp).toContain("style-src 'self' 'unsafe-inline' https://growth.example:8443;");
    expect(csp).toMatch(/connect-src 'self' https:\/\/growth\.example:8443(;|$)/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allows CORS only for configured origins', async () => {
    const allowed = await server.app.inject({
      method: 'OPTIONS',
      url: PASSWORD_URL,
      headers: { origin: 'https://school.example', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://school.example');
    const other = await server.app.inject({
      method: 'OPTIONS',
      url: PASSWORD_URL,
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    // A download read by fetch from the allowed origin may read its file name.
    const download = await server.app.inject({
      method: 'POST',
      url: PASSWORD_URL,
      headers: { origin: 'https://school.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(download.headers['access-control-allow-origin']).toBe('https://school.example');
    expect(download.headers['access-control-expose-headers']).toBe('Content-Disposition');
  });
});

describe('a listening server', () => {
  it('answers over real HTTP on 127.0.0.1', async () => {
    const server = await startTestServer('sqlite');
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.app.server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}${PASSWORD_URL}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'loginName=admin&password=demo2026',
      });
      const body = (await response.json()) as { code: number; data: UserInfo };
      expect(body.code).toBe(200);
      const detail = await fetch(`http://127.0.0.1:${port}${authRoutes.schoolDetail.url}`, {
        headers: { token: body.data.token, schoolId: String(body.data.schoolId) },
      });
      expect(((await detail.json()) as { data: { schoolName: string } }).data.schoolName).toBe(
        '示范中学',
      );
    } finally {
      await server.close();
    }
  });
});
