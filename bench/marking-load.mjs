// Online marking under load: 200 markers pull and submit over HTTP on loopback until a
// double-marking block of 20,000 papers is done, on SQLite and on PostgreSQL.
//
//   npx tsx --conditions=source bench/marking-load.mjs                 (from the repository root)
//   MARKING_BENCH_MARKERS=40 MARKING_BENCH_PAPERS=2000 npx tsx --conditions=source bench/marking-load.mjs
//   MARKING_BENCH_DIALECTS=sqlite …   BENCH_DATABASE_URL=postgres://… …
//
// Prints submits per second and p50/p99 submit latency per dialect, and checks the result:
// every paper has exactly two marks by two markers (and one arbitration when they differ
// beyond the tolerance), no duplicate, every acknowledged submit stored, no error.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase, createServer, migrate, seedDemo } from '@examkit/server';
import { percentile, runMarkingLoad } from '../packages/server/src/marking/simulation.ts';
import {
  checkDoubleMarking,
  createLoadBlock,
  remainingPapers,
} from '../packages/server/src/marking/testing.ts';

const markers = Number(process.env.MARKING_BENCH_MARKERS ?? 200);
const papers = Number(process.env.MARKING_BENCH_PAPERS ?? 20000);
const arbitrators = Number(process.env.MARKING_BENCH_ARBITRATORS ?? 10);
const postgresUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.EXAMKIT_TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const dialects = (process.env.MARKING_BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
const clock = { now: () => new Date() };

async function reachable(url) {
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

async function admin(query) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(query);
  await client.end();
}

async function bench(dialect) {
  const dataDir = mkdtempSync(join(tmpdir(), 'examkit-marking-bench-'));
  const schema = dialect === 'postgres' ? `examkit_bench_${Date.now()}` : undefined;
  if (schema) await admin(`create schema ${schema}`);
  const db = schema
    ? createDatabase({ dialect: 'postgres', connectionString: postgresUrl, schema, poolSize: 10 })
    : createDatabase({ dialect: 'sqlite', file: join(dataDir, 'examkit.db') });
  try {
    await migrate(db, schema ? { schema } : {});
    const seed = await seedDemo(db, { size: 'small' });
    const setupStarted = performance.now();
    const block = await createLoadBlock(db, clock, {
      schoolId: seed.demoSchoolId,
      students: papers,
      markers,
      arbitrators,
    });
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    const app = await createServer({
      database: schema ? { db, schema } : { db },
      logger: false,
      migrate: false,
      rateLimit: { addressLimit: 1_000_000 },
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const result = await runMarkingLoad({
      baseUrl: base,
      blockId: block.blockId,
      markerTokens: block.markers.map((m) => m.token),
      arbitratorTokens: block.arbitrators.map((a) => a.token),
      fullScore: block.fullScore,
      remaining: () => remainingPapers(db, block.blockId),
      timeoutMs: 3_600_000,
    });
    await app.close();
    const problems = await checkDoubleMarking(db, block.blockId);
    const marks = await db
      .selectFrom('marking_marks')
      .select(['idempotency_key', 'task_id', 'score_half'])
      .where('block_id', '=', block.blockId)
      .execute();
    const stored = new Map(marks.map((m) => [m.idempotency_key, m]));
    const lost = [...result.acknowledged].filter(
      ([key, ack]) => stored.get(key)?.score_half !== ack.score * 2,
    ).length;
    const arbitrated = await db
      .selectFrom('marking_tasks')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('block_id', '=', block.blockId)
      .where('slot', '=', 9)
      .executeTakeFirstOrThrow();
    const seconds = result.elapsedMs / 1000;
    console.log(
      `${dialect.padEnd(9)} ${markers} markers × ${papers} papers (double): ` +
        `${result.submits} submits in ${seconds.toFixed(1)} s = ${(result.submits / seconds).toFixed(0)} submits/s, ` +
        `p50 ${percentile(result.submitLatencies, 50).toFixed(1)} ms, p99 ${percentile(result.submitLatencies, 99).toFixed(1)} ms; ` +
        `${Number(arbitrated.n)} arbitrations, ${result.duplicatesAnswered} retried submits answered as duplicates, ` +
        `${result.errors.length} errors, ${marks.length - result.submits} duplicate rows, ${lost} lost, ` +
        `${problems.length} invariant failures (set-up ${setupSeconds.toFixed(0)} s)`,
    );
    if (problems.length) console.log(problems.slice(0, 10));
    if (result.errors.length) console.log(result.errors.slice(0, 10));
    return (
      result.errors.length === 0 &&
      problems.length === 0 &&
      lost === 0 &&
      marks.length === result.submits
    );
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
    if (schema) await admin(`drop schema if exists ${schema} cascade`);
  }
}

let ok = true;
for (const dialect of dialects) {
  if (dialect === 'postgres' && !(await reachable(postgresUrl))) {
    console.log(`postgres  left out: ${postgresUrl} unreachable`);
    continue;
  }
  ok = (await bench(dialect)) && ok;
}
process.exit(ok ? 0 : 1);
