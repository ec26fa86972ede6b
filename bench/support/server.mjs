// What the HTTP benchmarks share: PostgreSQL schemas to run in, the server on loopback, sign-in
// and JSON posts as the SDK makes them, and a stopwatch. Not a benchmark itself (bench/run.mjs
// runs only the .mjs files directly in bench/).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createDatabase, createServer, DEMO_PASSWORD, migrate } from '@examkit/server';

/** The PostgreSQL server of the per-dialect benchmarks (the test database unless told). */
export const benchPostgresUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.EXAMKIT_TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/** Whether a PostgreSQL server answers at `url` within two seconds. */
export async function reachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** One statement on its own connection (`create schema …`, `drop schema …`). */
export async function pgAdmin(url, query) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(query);
  await client.end();
}

/**
 * Runs `bench(db, schema, dialect)` once per dialect of `dialects` ('sqlite', 'postgres') on a
 * fresh migrated database (a SQLite file in a temporary folder, a new schema at
 * `benchPostgresUrl`), removed afterwards; PostgreSQL is left out when it does not answer.
 * Whether every run returned true without throwing.
 */
export async function eachDialect(dialects, name, bench) {
  let ok = true;
  for (const dialect of dialects) {
    if (dialect === 'postgres' && !(await reachable(benchPostgresUrl))) {
      console.log(`postgres  left out: ${benchPostgresUrl} unreachable`);
      continue;
    }
    const dataDir = mkdtempSync(join(tmpdir(), `examkit-${name}-bench-`));
    const schema = dialect === 'postgres' ? `examkit_${name}_bench_${Date.now()}` : undefined;
    if (schema) await pgAdmin(benchPostgresUrl, `create schema ${schema}`);
    const db = schema
      ? createDatabase({
          dialect: 'postgres',
          connectionString: benchPostgresUrl,
          schema,
          poolSize: 10,
        })
      : createDatabase({ dialect: 'sqlite', file: join(dataDir, 'examkit.db') });
    try {
      await migrate(db, schema ? { schema } : {});
      ok = (await bench(db, schema, dialect)) && ok;
    } catch (e) {
      console.log(`${dialect.padEnd(9)} failed: ${e instanceof Error ? e.stack : e}`);
      ok = false;
    } finally {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
      if (schema) await pgAdmin(benchPostgresUrl, `drop schema if exists ${schema} cascade`);
    }
  }
  return ok;
}

/** The server over `db` (in `schema` on PostgreSQL), already migrated and seeded, quiet. */
export const benchServer = (db, schema, options = {}) =>
  createServer({
    database: schema ? { db, schema } : { db },
    logger: false,
    migrate: false,
    ...options,
  });

/** Signs `loginName` in over HTTP as the login page does; the session's token. */
export async function signInOverHttp(base, loginName, password = DEMO_PASSWORD) {
  const res = await fetch(`${base}/marking-login/login/school_login_pd`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', plantform: '1' },
    body: new URLSearchParams({ loginName, password }).toString(),
  });
  const json = await res.json();
  if (json.code !== 200) throw new Error(`sign-in ${loginName}: ${json.code} ${json.message}`);
  return json.data.token;
}

/** POSTs `body` as JSON to `url` with `token`; the envelope's data, or throws on a code not 200. */
export async function postJson(url, token, body) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, plantform: '1' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (json.code !== 200) throw new Error(`${url}: ${json.code} ${json.message}`);
  return json.data;
}

/** `[milliseconds, result]` of one awaited call. */
export async function timed(fn) {
  const t0 = performance.now();
  const result = await fn();
  return [performance.now() - t0, result];
}
