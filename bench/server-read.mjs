// Read throughput of the reference server against a bare Fastify route, in one run.
//
//   npx tsx --conditions=source bench/server-read.mjs          (from the repository root)
//   BENCH_DURATION=10 BENCH_CONNECTIONS=20 npx tsx --conditions=source bench/server-read.mjs
//
// Starts the server on a fresh SQLite data dir (full demo seed) on 127.0.0.1, signs in
// as `admin`, then drives GET get_detail_school (authenticated: session lookup plus four
// counts) and, on another port, a bare Fastify route returning a constant envelope.
// Prints requests/s and p99 latency of both.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { createDatabase, createServer, migrate, seedDemo } from '@examkit/server';

const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

function run(title, url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ title, url, headers, duration, connections }, (error, result) => {
      if (error) reject(error);
      else resolve(result);
    });
  });
}

function line(name, result) {
  const non2xx = result.non2xx ? `, ${result.non2xx} non-2xx` : '';
  return `${name.padEnd(28)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(result.latency.p99).padStart(4)} ms${non2xx}`;
}

const dataDir = mkdtempSync(join(tmpdir(), 'examkit-bench-'));
const db = createDatabase({ dialect: 'sqlite', file: join(dataDir, 'examkit.db') });
await migrate(db);
await seedDemo(db, { size: 'full' });
const app = await createServer({ database: { db }, logger: false, migrate: false });
const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({
  code: 200,
  data: { ok: true },
  msg: '操作成功',
  message: '操作成功',
}));

try {
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await fetch(`${base}/marking-login/login/school_login_pd`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'loginName=admin&password=demo2026',
  });
  const { code, data } = await signIn.json();
  if (code !== 200) throw new Error(`sign-in failed with code ${code}`);
  const headers = { token: data.token, schoolId: String(data.schoolId) };
  const check = await (
    await fetch(`${base}/marking-user/user/school/get_detail_school`, { headers })
  ).json();
  if (check.code !== 200) throw new Error(`get_detail_school answered ${check.code}`);

  console.log(
    `examkit server read benchmark: ${duration} s each, ${connections} connections, SQLite`,
  );
  const detail = await run(
    'get_detail_school',
    `${base}/marking-user/user/school/get_detail_school`,
    headers,
  );
  console.log(line('get_detail_school (auth)', detail));
  const plain = await run('bare fastify', `${bareBase}/bare`);
  console.log(line('bare Fastify route', plain));
} finally {
  await app.close();
  await bare.close();
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
