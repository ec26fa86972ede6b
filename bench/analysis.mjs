// Benchmark of @examkit/analysis beside DuckDB (in-memory) on the same generated exams.
//
// Run from the repository root (the engine and its seeded fixture generator load from source):
//   node --expose-gc --import tsx --conditions=source bench/analysis.mjs          # both sizes
//   node --expose-gc --import tsx --conditions=source bench/analysis.mjs 1000     # one size
//
// Wall and CPU time are both shown: on a shared machine wall time includes waiting for a core.
// For each size it prints the engine's time and memory (RSS sampled every 2 ms from a worker thread
// while the engine runs; heap retained by the result after a full GC), then DuckDB's load and query
// time for the same per-class means, population standard deviations and class/grade ranks of every
// subject and the total, and checks that the two agree (means and sds to 1e-9 relative, ranks exactly).
import { DuckDBInstance } from '@duckdb/node-api';
import { analyseExam, competitionRanks, describe } from '@examkit/analysis';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { generateExam } from '../packages/analysis/src/test/fixtures.ts';

const SIZES = [
  { students: 1_000, classes: 20 },
  { students: 100_000, classes: 2_000 },
];
const SUBJECTS = 9;
const QUESTIONS = 30;

const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const ms = (t) => `${t.toFixed(0)} ms`;
const gc = () => globalThis.gc?.();

/** Samples process RSS from another thread, so the peak is seen while the main thread is busy. */
function startRssSampler() {
  const shared = new Float64Array(new SharedArrayBuffer(16));
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const peak = new Float64Array(workerData);
     setInterval(() => { const r = process.memoryUsage.rss(); if (r > peak[0]) peak[0] = r; }, 2);`,
    { eval: true, workerData: shared.buffer },
  );
  return {
    reset() {
      shared[0] = process.memoryUsage.rss();
    },
    peak: () => shared[0],
    stop: () => worker.terminate(),
  };
}

/** Subject scores straight from the question columns: sum of marks, NaN when absent. */
function subjectScores(input) {
  return input.scores.map(({ questions, absent }) =>
    Float64Array.from(input.students, (_, s) => {
      if (absent?.[s]) return Number.NaN;
      let sum = 0;
      for (const column of questions) sum += Number.isNaN(column[s]) ? 0 : column[s];
      return sum;
    }),
  );
}

async function duckdbFigures(input, columns) {
  const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
  const connection = await instance.connect();
  const loadStart = performance.now();
  await connection.run(
    'create table scores(student integer, class varchar, subject varchar, score double)',
  );
  const appender = await connection.createAppender('scores');
  input.students.forEach((student, s) => {
    columns.forEach((column, j) => {
      appender.appendInteger(s);
      appender.appendVarchar(student.classId);
      appender.appendVarchar(input.subjects[j].id);
      if (Number.isNaN(column[s])) appender.appendNull();
      else appender.appendDouble(column[s]);
      appender.endRow();
    });
  });
  appender.closeSync();
  const loadTime = performance.now() - loadStart;
  const queryStart = performance.now();
  const withTotal = `
    with all_scores as (
      select * from scores
      union all
      select student, any_value(class), 'total',
             case when count(score) = ${columns.length} then sum(score) end
      from scores group by student
    )`;
  const stats = await connection.runAndReadAll(`${withTotal}
    select class, subject, count(score)::integer, avg(score), stddev_pop(score)
    from all_scores group by class, subject`);
  const ranks = await connection.runAndReadAll(`${withTotal}
    select student, subject,
           rank() over (partition by class, subject order by score desc)::integer,
           rank() over (partition by subject order by score desc)::integer
    from all_scores where score is not null`);
  const queryTime = performance.now() - queryStart;
  const result = { loadTime, queryTime, stats: stats.getRows(), ranks: ranks.getRows() };
  connection.closeSync();
  instance.closeSync();
  return result;
}

function close(a, b) {
  if (a === null || b === null) return a === b;
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

function compare(analysis, duck) {
  const problems = [];
  const byClass = new Map(analysis.classes.map((c) => [c.id, c]));
  for (const [classId, subject, count, mean, sd] of duck.stats) {
    const group = byClass.get(classId);
    const stats =
      subject === 'total' ? group.total : group.subjects.find((s) => s.subjectId === subject);
    const d = stats.description;
    if (d.count !== count || !close(d.mean, mean) || !close(d.sd, sd)) {
      problems.push(
        `${classId}/${subject}: engine ${d.count} ${d.mean} ${d.sd}, duckdb ${count} ${mean} ${sd}`,
      );
    }
  }
  const studentColumns = new Map([
    ...analysis.students.subjects.map((c) => [c.subjectId, c]),
    ['total', analysis.students.total],
  ]);
  let rankedRows = 0;
  for (const [s, subject, classRank, gradeRank] of duck.ranks) {
    const column = studentColumns.get(subject);
    rankedRows++;
    if (column.classRanks[s] !== classRank || column.gradeRanks[s] !== gradeRank) {
      problems.push(
        `student ${s} ${subject}: engine ${column.classRanks[s]}/${column.gradeRanks[s]}, duckdb ${classRank}/${gradeRank}`,
      );
    }
  }
  const engineRanked = [...studentColumns.values()].reduce(
    (n, c) => n + c.gradeRanks.filter((r) => r !== null).length,
    0,
  );
  if (engineRanked !== rankedRows)
    problems.push(`engine ranked ${engineRanked} rows, duckdb ${rankedRows}`);
  return { problems, statRows: duck.stats.length, rankedRows };
}

/** Only what DuckDB computes, with the engine's exported functions: per-class describe and ranks. */
function engineCore(input, columns) {
  const classes = new Map();
  input.students.forEach((student, s) => {
    const members = classes.get(student.classId) ?? [];
    members.push(s);
    classes.set(student.classId, members);
  });
  for (const column of columns) {
    competitionRanks(column);
    for (const members of classes.values()) {
      const values = Float64Array.from(members, (s) => column[s]);
      describe(values);
      competitionRanks(values);
    }
  }
}

async function run({ students, classes }, sampler) {
  console.log(
    `\n${students.toLocaleString('en')} students × ${SUBJECTS} subjects × ${QUESTIONS} questions, ${classes} classes`,
  );
  const input = generateExam({
    seed: 2026,
    students,
    classes,
    subjects: SUBJECTS,
    questions: QUESTIONS,
    float32: true,
  });
  gc();
  const base = process.memoryUsage();
  sampler.reset();
  const cpuBefore = process.cpuUsage();
  let start = performance.now();
  const analysis = analyseExam(input);
  const engineTime = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  const peakRss = sampler.peak();
  gc();
  const retained = process.memoryUsage().heapUsed - base.heapUsed;
  console.log(
    `  engine analyseExam   ${ms(engineTime).padStart(9)} (cpu ${ms((cpu.user + cpu.system) / 1000)})   peak RSS +${mb(peakRss - base.rss)} over ${mb(base.rss)} (input held)   result heap ${mb(retained)}`,
  );

  const columns = subjectScores(input);
  start = performance.now();
  engineCore(input, columns);
  console.log(
    `  engine means/sd/ranks only ${ms(performance.now() - start).padStart(9)}   (describe + competitionRanks per class and grade)`,
  );

  sampler.reset();
  const rssBeforeDuck = process.memoryUsage.rss();
  const duck = await duckdbFigures(input, columns);
  console.log(
    `  duckdb load ${ms(duck.loadTime).padStart(9)}   query ${ms(duck.queryTime)}   peak RSS +${mb(sampler.peak() - rssBeforeDuck)}`,
  );
  const { problems, statRows, rankedRows } = compare(analysis, duck);
  console.log(
    problems.length === 0
      ? `  agree: ${statRows} class × subject means and sds, ${rankedRows} class and grade ranks`
      : `  DISAGREE (${problems.length}):\n    ${problems.slice(0, 5).join('\n    ')}`,
  );
  return problems.length === 0;
}

const only = Number(process.argv[2]);
const sizes = only ? SIZES.filter((size) => size.students === only) : SIZES;
if (!globalThis.gc) console.log('(run with --expose-gc for retained-heap figures)');
const sampler = startRssSampler();
let ok = true;
for (const size of sizes) ok = (await run(size, sampler)) && ok;
await sampler.stop();
process.exitCode = ok ? 0 : 1;
