// Benchmark of @examkit/analysis beside DuckDB (in-memory) on the same generated exams.
//
// Run from the repository root (the engine and its seeded fixture generator load from source):
//   node --expose-gc --import tsx --conditions=source bench/analysis.mjs          # both sizes
//   node --expose-gc --import tsx --conditions=source bench/analysis.mjs 1000     # one size
//
// Wall and CPU time are both shown: on a shared machine wall time includes waiting for a core.
// For each size it prints the engine's time and memory (RSS sampled every 2 ms from a worker thread
// while the engine runs; heap retained by the result after a full GC), then DuckDB's load time and
// its query time and peak RSS for the report figures it can compute in SQL from the same raw
// question scores and choices, for the grade, every class and every teacher's classes:
//   - per group × subject (and the total): count, absent, mean, population sd, min, max, median and
//     the 优秀/良好/及格/低分 counts (level rates);
//   - per student: class and grade competition ranks and z scores of every subject and the total;
//   - 一分一段 (count and cumulative count per point) of every subject and the total for the grade;
//   - per group × question: score rate, full-mark and zero-mark rates, 27 % discrimination (upper
//     and lower groups by paper score, ties by student id), option counts and blank rate.
// The ratio line divides the engine's full analyseExam time by DuckDB's query time (goal ≤ 1.5×).
// Not computed on the DuckDB side (the engine's time includes them): 临界生 lists, score bands,
// 超均率, T scores and percentiles (arithmetic on the z scores and ranks), 进退步, 偏科,
// item-total correlations, Cronbach's α and knowledge-point/ability score rates.
// Every figure computed by both is checked: counts, ranks and option counts exactly, the others to
// 1e-9 relative (DuckDB adds in another order).
import {
  BOOLEAN,
  DOUBLE,
  DuckDBDataChunk,
  DuckDBInstance,
  INTEGER,
  UTINYINT,
  VARCHAR,
} from '@duckdb/node-api';
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
const DUCKDB_THREADS = 2;

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

/** Appends rows given as columns (arrays of values) in chunks of 2,048 rows. */
function appendColumns(appender, types, columns) {
  const rows = columns[0].length;
  for (let from = 0; from < rows; from += 2048) {
    const to = Math.min(rows, from + 2048);
    const chunk = DuckDBDataChunk.create(types, to - from);
    chunk.setColumns(columns.map((column) => column.slice(from, to)));
    appender.appendDataChunk(chunk);
  }
  appender.flushSync();
  appender.closeSync();
}

/**
 * Loads the raw exam into DuckDB (students, papers, memberships of the groups the engine reports,
 * and one row per student × subject with every question score and choice), then computes in SQL
 * the report figures listed in the header, for the grade, every class and every teacher's classes.
 */
async function duckdbFigures(input, resolvedLines) {
  const instance = await DuckDBInstance.create(':memory:', { threads: String(DUCKDB_THREADS) });
  const connection = await instance.connect();
  const loadStart = performance.now();
  const n = input.students.length;
  const questionCount = Math.max(...input.subjects.map((s) => s.questions.length));
  await connection.run('create table students(student integer, id varchar, class varchar)');
  appendColumns(
    await connection.createAppender('students'),
    [INTEGER, VARCHAR, VARCHAR],
    [
      input.students.map((_, s) => s),
      input.students.map((s) => s.id),
      input.students.map((s) => s.classId),
    ],
  );
  await connection.run(
    'create table papers(subject varchar, full_marks double, excellent double, good double, pass double, low double)',
  );
  const paperRows = [
    ...input.subjects.map((s) => [s.id, s.fullMarks]),
    ['total', input.subjects.reduce((a, s) => a + s.fullMarks, 0)],
  ];
  appendColumns(
    await connection.createAppender('papers'),
    [VARCHAR, DOUBLE, DOUBLE, DOUBLE, DOUBLE, DOUBLE],
    [
      paperRows.map((r) => r[0]),
      paperRows.map((r) => r[1]),
      ...['excellent', 'good', 'pass', 'low'].map((line) =>
        paperRows.map((r) => Math.round(resolvedLines[line] * r[1] * 1e6) / 1e6),
      ),
    ],
  );
  const questionCounts = new Map(input.subjects.map((s) => [s.id, s.questions.length]));
  await connection.run(
    `create table paper_questions(subject varchar, ${Array.from({ length: questionCount }, (_, k) => `f${k} double, o${k} boolean`).join(', ')})`,
  );
  appendColumns(
    await connection.createAppender('paper_questions'),
    [VARCHAR, ...Array.from({ length: questionCount }, () => [DOUBLE, BOOLEAN]).flat()],
    [
      input.subjects.map((s) => s.id),
      ...Array.from({ length: questionCount }, (_, k) => [
        input.subjects.map((s) => s.questions[k]?.fullMarks ?? null),
        input.subjects.map((s) => {
          const q = s.questions[k];
          return q !== undefined && q.kind === 'objective' && q.options !== undefined;
        }),
      ]).flat(),
    ],
  );
  // groups: the grade, each class, each teacher's classes (the teacher's subjects and the total)
  await connection.run('create table memberships(grp varchar, class varchar, subject varchar)');
  const classIds = [...new Set(input.students.map((s) => s.classId))];
  const allSubjects = [...input.subjects.map((s) => s.id), 'total'];
  const memberships = [];
  for (const c of classIds)
    for (const subject of allSubjects)
      memberships.push(['grade', c, subject], [`class:${c}`, c, subject]);
  for (const t of input.teachers ?? [])
    for (const c of new Set(t.classIds))
      for (const subject of [...(t.subjectIds ?? input.subjects.map((s) => s.id)), 'total'])
        memberships.push([`teacher:${t.id}`, c, subject]);
  appendColumns(
    await connection.createAppender('memberships'),
    [VARCHAR, VARCHAR, VARCHAR],
    [0, 1, 2].map((c) => memberships.map((r) => r[c])),
  );
  // answers: one row per student and subject, q<k> the score of question k (null when the student
  // left it unscored), r<k> the choice bit mask of objective question k (null for none recorded)
  const qNames = Array.from({ length: questionCount }, (_, k) => `q${k}`);
  const rNames = Array.from({ length: questionCount }, (_, k) => `r${k}`);
  await connection.run(
    `create table answers(student integer, subject varchar, absent boolean, ${qNames.map((q) => `${q} double`).join(', ')}, ${rNames.map((r) => `${r} utinyint`).join(', ')})`,
  );
  const answers = await connection.createAppender('answers');
  const answerTypes = [
    INTEGER,
    VARCHAR,
    BOOLEAN,
    ...qNames.map(() => DOUBLE),
    ...rNames.map(() => UTINYINT),
  ];
  for (const scores of input.scores) {
    const questionsOf = input.subjects.find((s) => s.id === scores.subjectId).questions;
    const columns = [
      Array.from({ length: n }, (_, s) => s),
      Array.from({ length: n }, () => scores.subjectId),
      Array.from({ length: n }, (_, s) => Boolean(scores.absent?.[s])),
      ...qNames.map((_, k) => {
        const column = scores.questions[k];
        return Array.from({ length: n }, (_, s) =>
          column === undefined || Number.isNaN(column[s]) ? null : column[s],
        );
      }),
      ...rNames.map((_, k) => {
        const column = scores.responses?.[k];
        return column === undefined || questionsOf[k]?.kind !== 'objective'
          ? new Array(n).fill(null)
          : Array.from(column);
      }),
    ];
    for (let from = 0; from < n; from += 2048) {
      const to = Math.min(n, from + 2048);
      const chunk = DuckDBDataChunk.create(answerTypes, to - from);
      chunk.setColumns(columns.map((column) => column.slice(from, to)));
      answers.appendDataChunk(chunk);
    }
  }
  answers.flushSync();
  answers.closeSync();
  const loadTime = performance.now() - loadStart;

  const queryStart = performance.now();
  const cpuStart = process.cpuUsage();
  const steps = [];
  let stepStart = performance.now();
  const step = (name) => {
    const now = performance.now();
    steps.push(`${name} ${ms(now - stepStart)}`);
    stepStart = now;
  };
  const sum = qNames.map((q) => `coalesce(${q}, 0)`).join(' + ');
  // subject scores (null when absent) and the total (null when absent from any subject)
  await connection.run(`
    create temp table subject_scores as
    with subject as (
      select student, subject, case when absent then null else ${sum} end as score from answers
    )
    select * from subject
    union all
    select student, 'total', case when count(score) = ${input.subjects.length} then sum(score) end
    from subject group by student`);
  step('subject scores');
  // group members with their score, position in the paper's 27 % groups and group size
  await connection.run(`
    create temp table members as
    select m.grp, s.student, s.subject, s.score, st.id,
           row_number() over (partition by m.grp, s.subject order by s.score desc, st.id) as position,
           count(s.score) over (partition by m.grp, s.subject) as present
    from subject_scores s join students st using (student)
    join memberships m on m.class = st.class and m.subject = s.subject`);
  step('group members');
  const stats = await connection.runAndReadAll(`
    select grp, subject, count(score)::integer, (count(*) - count(score))::integer,
           avg(score), stddev_pop(score), min(score), max(score), median(score),
           count(*) filter (score >= p.excellent)::integer, count(*) filter (score >= p.good)::integer,
           count(*) filter (score >= p.pass)::integer, count(*) filter (score < p.low)::integer
    from members join papers p using (subject)
    group by grp, subject`);
  step('score statistics');
  const ranks = await connection.runAndReadAll(`
    select student, subject,
           rank() over (partition by class, subject order by score desc)::integer,
           rank() over (partition by subject order by score desc)::integer,
           (score - avg(score) over (partition by subject)) / nullif(stddev_pop(score) over (partition by subject), 0)
    from subject_scores join students using (student) where score is not null`);
  step('ranks');
  const segments = await connection.runAndReadAll(`
    select subject, floor(score)::double as segment, count(*)::integer,
           (sum(count(*)) over (partition by subject order by floor(score) desc))::integer
    from subject_scores where score is not null group by subject, floor(score)`);
  step('一分一段');
  // question figures over present students: score rate, full and zero marks, discrimination by the
  // upper and lower 27 % of the group on the paper (ties by student id), choices of objective questions
  const upper = `least(present // 2, greatest(1, round(${0.27} * present)))`;
  // one row per group × paper, the figures of every question side by side (no reshaping of the
  // 27 million question scores into rows)
  const perQuestion = qNames.map((q, k) => {
    const score = `coalesce(a.${q}, 0)`;
    const choice = `coalesce(a.${rNames[k]}, 0)`;
    return [
      `avg(${score})`,
      `count(*) filter (${score} >= p.f${k})::integer`,
      `count(*) filter (${score} = 0)::integer`,
      `(avg(${score}) filter (m.position <= ${upper}) - avg(${score}) filter (m.position > m.present - ${upper})) / any_value(p.f${k})`,
      ...[0, 1, 2, 3].map(
        (o) => `count(*) filter (p.o${k} and (${choice} >> ${o}) & 1 = 1)::integer`,
      ),
      `count(*) filter (p.o${k} and ${choice} = 0)::integer`,
    ].join(', ');
  });
  const questionStats = await connection.runAndReadAll(`
    select m.grp, m.subject, count(*)::integer, ${perQuestion.join(', ')}
    from answers a
    join members m on m.student = a.student and m.subject = a.subject
    join paper_questions p on p.subject = a.subject
    where not a.absent
    group by m.grp, m.subject`);
  step('question statistics');
  const queryTime = performance.now() - queryStart;
  const cpuUsed = process.cpuUsage(cpuStart);
  const queryCpu = (cpuUsed.user + cpuUsed.system) / 1000;
  const result = {
    loadTime,
    queryTime,
    queryCpu,
    steps,
    stats: stats.getRows(),
    ranks: ranks.getRows(),
    segments: segments.getRows(),
    questions: questionStats
      .getRows()
      .flatMap(([grp, subject, count, ...figures]) =>
        Array.from({ length: questionCounts.get(subject) }, (_, k) => [
          grp,
          subject,
          k,
          count,
          ...figures.slice(k * 9, k * 9 + 9),
        ]),
      ),
  };
  connection.closeSync();
  instance.closeSync();
  return result;
}

function close(a, b) {
  if (a === null || b === null) return a === b;
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** Checks every figure both computed; returns the disagreements and how many rows were compared. */
function compare(analysis, duck) {
  const problems = [];
  const check = (ok, what) => {
    if (!ok) problems.push(what);
  };
  const groups = new Map([
    ['grade', analysis.grade],
    ...analysis.classes.map((c) => [`class:${c.id}`, c]),
    ...analysis.teachers.map((t) => [`teacher:${t.id}`, t]),
  ]);
  const statsOf = (grp, subject) => {
    const group = groups.get(grp);
    return subject === 'total' ? group.total : group.subjects.find((s) => s.subjectId === subject);
  };
  for (const [grp, subject, count, absent, mean, sd, min, max, median, ...levels] of duck.stats) {
    const stats = statsOf(grp, subject);
    const d = stats.description;
    const l = stats.levels;
    const ok =
      d.count === count &&
      d.absent === absent &&
      close(d.mean, mean) &&
      close(d.sd, sd) &&
      d.min === min &&
      d.max === max &&
      close(d.median, median) &&
      [l.excellent, l.good, l.pass, l.low].every((c, k) => c === levels[k]);
    check(
      ok,
      `${grp}/${subject}: engine ${JSON.stringify(d)} ${JSON.stringify(l)}, duckdb ${count} ${absent} ${mean} ${sd} ${min} ${max} ${median} ${levels}`,
    );
  }
  const engineStats = [...groups.values()].reduce((k, g) => k + g.subjects.length + 1, 0);
  check(
    engineStats === duck.stats.length,
    `engine has ${engineStats} group × subject rows, duckdb ${duck.stats.length}`,
  );
  const studentColumns = new Map([
    ...analysis.students.subjects.map((c) => [c.subjectId, c]),
    ['total', analysis.students.total],
  ]);
  let rankedRows = 0;
  for (const [s, subject, classRank, gradeRank, z] of duck.ranks) {
    const column = studentColumns.get(subject);
    rankedRows++;
    check(
      column.classRanks[s] === classRank &&
        column.gradeRanks[s] === gradeRank &&
        close(column.z[s], z),
      `student ${s} ${subject}: engine ${column.classRanks[s]}/${column.gradeRanks[s]}/${column.z[s]}, duckdb ${classRank}/${gradeRank}/${z}`,
    );
  }
  const engineRanked = [...studentColumns.values()].reduce(
    (n, c) => n + c.gradeRanks.filter((r) => r !== null).length,
    0,
  );
  check(engineRanked === rankedRows, `engine ranked ${engineRanked} rows, duckdb ${rankedRows}`);
  // 一分一段 of the grade: DuckDB lists the occupied segments, the engine every segment in between
  const segmentRows = new Map();
  for (const [subject, segment, count, cumulative] of duck.segments)
    segmentRows.set(`${subject}/${segment}`, [count, cumulative]);
  for (const subject of studentColumns.keys()) {
    for (const row of statsOf('grade', subject).segments) {
      const key = `${subject}/${row.score}`;
      const [count, cumulative] = segmentRows.get(key) ?? [0, undefined];
      check(
        row.count === count && (count === 0 || row.cumulative === cumulative),
        `一分一段 ${key}: engine ${row.count} ${row.cumulative}, duckdb ${count} ${cumulative}`,
      );
      segmentRows.delete(key);
    }
  }
  check(segmentRows.size === 0, `segments only DuckDB has: ${[...segmentRows.keys()].slice(0, 3)}`);
  let questionRows = 0;
  for (const [
    grp,
    subject,
    q,
    count,
    mean,
    fullCount,
    zeroCount,
    discrimination,
    ...choices
  ] of duck.questions) {
    const question = statsOf(grp, subject).questions[q];
    questionRows++;
    const blank = choices.pop();
    const ok =
      question.count === count &&
      close(question.mean, mean) &&
      close(question.scoreRate, mean / question.fullMarks) &&
      close(question.fullMarkRate, fullCount / count) &&
      close(question.zeroRate, zeroCount / count) &&
      close(question.discrimination, discrimination) &&
      (question.options === null
        ? choices.every((c) => c === 0) && blank === 0
        : question.options.every((o, k) => o.count === choices[k]) &&
          close(question.blankRate, blank / count));
    check(
      ok,
      `${grp}/${subject}/q${q}: engine ${JSON.stringify(question)}, duckdb ${count} ${mean} ${fullCount} ${zeroCount} ${discrimination} ${choices} ${blank}`,
    );
  }
  const engineQuestions = [...groups.values()].reduce(
    (n, g) =>
      n + g.subjects.reduce((m, s) => m + (s.description.count > 0 ? s.questions.length : 0), 0),
    0,
  );
  check(
    engineQuestions === questionRows,
    `engine has ${engineQuestions} question rows, duckdb ${questionRows}`,
  );
  return {
    problems,
    statRows: duck.stats.length,
    rankedRows,
    segmentRows: duck.segments.length,
    questionRows,
  };
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
  const engineCpu = (cpu.user + cpu.system) / 1000;
  const peakRss = sampler.peak();
  gc();
  const retained = process.memoryUsage().heapUsed - base.heapUsed;
  console.log(
    `  engine analyseExam   ${ms(engineTime).padStart(9)} (cpu ${ms(engineCpu)})   peak RSS +${mb(peakRss - base.rss)} over ${mb(base.rss)} (input held)   result heap ${mb(retained)}`,
  );

  const columns = subjectScores(input);
  start = performance.now();
  engineCore(input, columns);
  console.log(
    `  engine means/sd/ranks only ${ms(performance.now() - start).padStart(9)}   (describe + competitionRanks per class and grade)`,
  );

  gc();
  sampler.reset();
  const rssBeforeDuck = process.memoryUsage.rss();
  const duck = await duckdbFigures(input, { excellent: 0.85, good: 0.7, pass: 0.6, low: 0.3 });
  const duckPeak = sampler.peak() - rssBeforeDuck;
  console.log(`  duckdb query steps: ${duck.steps.join(', ')}`);
  console.log(
    `  duckdb load ${ms(duck.loadTime).padStart(9)}   query ${ms(duck.queryTime)} (cpu ${ms(duck.queryCpu)}, ${DUCKDB_THREADS} threads)   peak RSS +${mb(duckPeak)}`,
  );
  console.log(
    `  ratio engine / duckdb query: wall ${(engineTime / duck.queryTime).toFixed(2)}×   cpu ${(engineCpu / duck.queryCpu).toFixed(2)}×   (goal ≤ 1.5×)`,
  );
  const { problems, statRows, rankedRows, segmentRows, questionRows } = compare(analysis, duck);
  console.log(
    problems.length === 0
      ? `  agree: ${statRows} group × subject rows (count, absent, mean, sd, min, max, median, 4 level counts), ${rankedRows} class and grade ranks and z scores, ${segmentRows} 一分一段 rows, ${questionRows} group × question rows (score rate, full and zero marks, 27 % discrimination, option counts, blank rate)`
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
