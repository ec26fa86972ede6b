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
import { seedDemo } from '@examkit/server';
import { percentile, runMarkingLoad } from '../packages/server/src/marking/simulation.ts';
import {
  checkDoubleMarking,
  createLoadBlock,
  remainingPapers,
} from '../packages/server/src/marking/testing.ts';
import { benchServer, eachDialect } from './support/server.mjs';

const markers = Number(process.env.MARKING_BENCH_MARKERS ?? 200);
const papers = Number(process.env.MARKING_BENCH_PAPERS ?? 20000);
const arbitrators = Number(process.env.MARKING_BENCH_ARBITRATORS ?? 10);
const dialects = (process.env.MARKING_BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
const clock = { now: () => new Date() };

async function bench(db, schema, dialect) {
  const seed = await seedDemo(db, { size: 'small' });
  const setupStarted = performance.now();
  const block = await createLoadBlock(db, clock, {
    schoolId: seed.demoSchoolId,
    students: papers,
    markers,
    arbitrators,
  });
  const setupSeconds = (performance.now() - setupStarted) / 1000;
  const app = await benchServer(db, schema, { rateLimit: { addressLimit: 1_000_000 } });
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
}

const ok = await eachDialect(dialects, 'marking', bench);
process.exit(ok ? 0 : 1);
