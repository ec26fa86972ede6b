import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3FileStore, s3ConfigFromEnv } from './s3Files';

/** A minimal path-style S3 endpoint in memory: PUT, GET, DELETE of objects. */
let server: Server;
let endpoint: string;
const objects = new Map<string, Buffer>();
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = decodeURIComponent((req.url ?? '').split('?')[0]!);
      seen.push(`${req.method} ${path}`);
      if (req.method === 'PUT') {
        objects.set(path, Buffer.concat(chunks));
        res.writeHead(200, { etag: '"x"' }).end();
      } else if (req.method === 'GET') {
        const body = objects.get(path);
        if (!body) {
          res
            .writeHead(404, { 'content-type': 'application/xml' })
            .end('<Error><Code>NoSuchKey</Code><Message>no</Message></Error>');
        } else res.writeHead(200, { 'content-length': body.length }).end(body);
      } else if (req.method === 'DELETE') {
        objects.delete(path);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('S3 file store', () => {
  it('presigns a PUT of one key for the browser when it has keys, and not without', async () => {
    const env = {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'scans',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'ek/',
    };
    expect(createS3FileStore(s3ConfigFromEnv(env)!).presignPut).toBeUndefined();
    const store = createS3FileStore(
      s3ConfigFromEnv({ ...env, S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })!,
    );
    const signed = store.presignPut!('direct/1/a.png', { 'content-type': 'image/png' }, 300);
    expect(signed.url).toMatch(
      new RegExp(`^${endpoint}/scans/ek/direct/1/a\\.png\\?X-Amz-Algorithm=AWS4-HMAC-SHA256&`),
    );
    expect(signed.url).toContain('X-Amz-Expires=300');
    const put = await fetch(signed.url, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array([7]),
    });
    expect(put.ok).toBe(true);
    expect(objects.get('/scans/ek/direct/1/a.png')).toEqual(Buffer.from([7]));
    seen.length = 0;
    objects.clear();
  });

  it('puts, gets and deletes objects in the bucket, null for a missing key', async () => {
    const store = createS3FileStore(
      s3ConfigFromEnv({
        S3_ENDPOINT: endpoint,
        S3_BUCKET: 'scans',
        S3_REGION: 'cn-north-1',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_FORCE_PATH_STYLE: 'true',
      })!,
    );
    await store.put('scan/1/b2/page.png', new Uint8Array([1, 2, 3]));
    expect(objects.get('/scans/scan/1/b2/page.png')).toEqual(Buffer.from([1, 2, 3]));
    expect([...((await store.get('scan/1/b2/page.png')) ?? [])]).toEqual([1, 2, 3]);
    expect(await store.get('scan/1/none.png')).toBeNull();
    await store.delete('scan/1/b2/page.png');
    expect(await store.get('scan/1/b2/page.png')).toBeNull();
    await expect(store.put('../x', new Uint8Array([1]))).rejects.toThrow(/invalid file key/);
    expect(seen[0]).toBe('PUT /scans/scan/1/b2/page.png');
  });

  it('is off without S3_BUCKET', () => {
    expect(s3ConfigFromEnv({ S3_ENDPOINT: 'http://x' })).toBeUndefined();
  });
});
