import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/fixtures';

describe('serving the built reference app', () => {
  let dir: string;
  let server: TestServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'examkit-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>examkit</title>');
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("app")');
    server = await startTestServer('sqlite', { staticDir: dir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves files and falls back to index.html for app paths', async () => {
    const asset = await server.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.body).toBe('console.log("app")');
    const deep = await server.app.inject({ method: 'GET', url: '/exam/single?x=1' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>examkit</title>');
  });

  it('keeps the 404 envelope for API paths and non-GET requests', async () => {
    const api = await server.app.inject({ method: 'GET', url: '/marking-user/missing' });
    expect(api.json()).toMatchObject({ code: 404, msg: '接口不存在' });
    const post = await server.app.inject({ method: 'POST', url: '/exam/single' });
    expect(post.json()).toMatchObject({ code: 404 });
  });
});
