import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/fixtures';
import { cacheControlFor } from './staticFiles';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// A hashed bundle big enough to be worth compressing.
const SCRIPT = `console.log(${JSON.stringify('登录页'.repeat(2000))});\n`;

describe('serving the built reference app', () => {
  let dir: string;
  let server: TestServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'examkit-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>examkit</title>');
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("app")');
    writeFileSync(join(dir, 'assets', 'index-DbRHIn6q.js'), SCRIPT);
    writeFileSync(
      join(dir, 'favicon.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(2000)}</svg>`,
    );
    server = await startTestServer('sqlite', { staticDir: dir });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    server.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('serves files and falls back to index.html for app paths', async () => {
    const asset = await get('/assets/app.js');
    expect(asset.body).toBe('console.log("app")');
    const deep = await get('/exam/single?x=1');
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>examkit</title>');
  });

  it('keeps the 404 envelope for API paths and non-GET requests', async () => {
    const api = await server.app.inject({ method: 'GET', url: '/marking-user/missing' });
    expect(api.json()).toMatchObject({ code: 404, msg: '接口不存在' });
    const post = await server.app.inject({ method: 'POST', url: '/exam/single' });
    expect(post.json()).toMatchObject({ code: 404 });
  });

  it('wrote brotli and gzip copies of the files worth compressing when it started', () => {
    expect(existsSync(join(dir, 'assets', 'index-DbRHIn6q.js.br'))).toBe(true);
    expect(existsSync(join(dir, 'assets', 'index-DbRHIn6q.js.gz'))).toBe(true);
    // 18 bytes: not worth it.
    expect(existsSync(join(dir, 'assets', 'app.js.br'))).toBe(false);
  });

  it('sends a hashed script as brotli to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/index-DbRHIn6q.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a client that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const zipped = await get('/assets/index-DbRHIn6q.js', 'gzip');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(SCRIPT);
    expect(zipped.headers['cache-control']).toBe(IMMUTABLE);
    expect(String(zipped.headers.vary)).toMatch(/accept-encoding/i);

    const plain = await get('/assets/index-DbRHIn6q.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('has the HTML and unhashed files revalidated on every load', async () => {
    for (const url of ['/index.html', '/login', '/exam/single', '/favicon.svg', '/assets/app.js']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const login = await get('/login', 'br, gzip');
    expect(login.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('cacheControlFor', () => {
  it.each([
    ['assets/index-DbRHIn6q.js', IMMUTABLE],
    ['assets/LoginPage-BvUVetYu.js.br', IMMUTABLE],
    ['assets/theme-XDA6Zc5u.css.gz', IMMUTABLE],
    ['index.html', 'no-cache'],
    ['assets/app.js', 'no-cache'],
    ['favicon.svg', 'no-cache'],
  ])('%s → %s', (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
  });
});
