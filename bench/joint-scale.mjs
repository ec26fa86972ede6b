// A joint exam at bureau scale: 200,000 students × 9 subjects × 30 questions across 100 schools
// (and, with --million, 1,000,000 students), every figure the reports need computed in DuckDB:
// per question score rates and discrimination (overall and per school), per class / school /
// subject averages, ranks (exam, school, class), score sections, and the 新高考 等级赋分 with
// totals and ranks within 物理类 and 历史类. Prints the time of each step and the peak memory
// (RSS of this process, DuckDB included). Not part of CI (docs/gaokao.md#scale).
//
//   npx tsx --conditions=source bench/joint-scale.mjs              200,000 students
//   npx tsx --conditions=source bench/joint-scale.mjs --million    and then 1,000,000
//
// DuckDB runs with 2 threads and a 1.5 GB memory limit, on a file in the temp folder so that
// what does not fit spills to disk. The question scores are generated inside DuckDB (never as
// JS arrays); one subject's raw scores are brought back to check the SQL 赋分 against the
// analysis engine's convertScores on the same data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DuckDBInstance } from '@duckdb/node-api';
import { BUILT_IN_PROFILES, convertScores, levelQuotas } from '@examkit/analysis';

const SCHOOLS = 100;
const SUBJECTS = ['语文', '数学', '英语', '物理', '历史', '化学', '生物', '政治', '地理'];
const QUESTIONS = 30;
const PAIRS = [
  [5, 6],
  [5, 7],
  [5, 8],
  [6, 7],
  [6, 8],
  [7, 8],
];
const PROFILE = BUILT_IN_PROFILES.common;

let peak = 0;
const sample = () => {
  const rss = process.memoryUsage().rss;
  if (rss > peak) peak = rss;
};
const mb = (b) => `${(b / 1024 / 1024).toFixed(0)} MB`;

async function run(students) {
  const dir = mkdtempSync(join(tmpdir(), 'examkit-joint-'));
  const instance = await DuckDBInstance.create(join(dir, 'joint.duckdb'), {
    threads: '2',
    memory_limit: '1536MB',
    preserve_insertion_order: 'false',
    temp_directory: join(dir, 'spill'),
  });
  const db = await instance.connect();
  peak = 0;
  const timer = setInterval(sample, 50);
  const steps = [];
  const step = async (name, sql) => {
    const t = performance.now();
    const reader = await db.runAndReadAll(sql);
    sample();
    steps.push([name, performance.now() - t]);
    return reader;
  };
  const count = async (table) =>
    Number((await db.runAndReadAll(`select count(*) from ${table}`)).getRows()[0][0]);

  console.log(
    `\n${students.toLocaleString('en')} students × ${SUBJECTS.length} subjects × ${QUESTIONS} questions, ${SCHOOLS} schools`,
  );
  const t0 = performance.now();
  await step(
    'generate students',
    `create table students as
     select i::integer as sid, (i // 50)::integer as class_id, ((i // 50) % ${SCHOOLS})::smallint as school_id,
            (hash(i, 1) % 2)::utinyint as track, (hash(i, 2) % 6)::utinyint as pair,
            (0.2 + (hash(i, 3) % 1000) / 1000.0 * 0.6)::float as ability
     from range(${students}) t(i)`,
  );
  // 语数外 5 marks a question (150); the others 20 × 3 + 10 × 4 (100)
  await step(
    'generate question scores',
    `create table scores as
     select sid, j::utinyint as subject, k::utinyint as question,
            least(f, greatest(0, round(f * (ability + ((hash(sid, j, k) % 1000) / 1000.0 - 0.5) * 0.6
                                          - (k % 10) * 0.02))))::utinyint as score
     from (select s.sid, s.ability, j, k, case when j < 3 then 5 when k < 20 then 3 else 4 end as f
           from students s, range(${SUBJECTS.length}) a(j), range(${QUESTIONS}) b(k))`,
  );
  const generated = performance.now() - t0;
  const scoreRows = await count('scores');

  const t1 = performance.now();
  await step(
    'subject totals',
    `create table totals as select sid, subject, sum(score)::smallint as total from scores group by all`,
  );
  await step(
    'question rates + discrimination (27 % groups)',
    `create table question_stats as
     with g as (
       select sid, subject,
              case when pr <= 0.27 then 1 when pr >= 0.73 then -1 else 0 end as grp
       from (select sid, subject, percent_rank() over (partition by subject order by total desc) as pr
             from totals))
     select s.subject, s.question,
            max(s.score) as top, avg(s.score) as mean,
            avg(s.score) filter (where g.grp = 1) - avg(s.score) filter (where g.grp = -1) as gap
     from scores s join g using (sid, subject)
     group by all`,
  );
  await step(
    'question rates per school',
    `create table question_school as
     select st.school_id, s.subject, s.question, avg(s.score) as mean
     from scores s join students st using (sid) group by all`,
  );
  await step(
    'class / school / subject averages',
    `create table averages as
     select st.school_id, st.class_id, t.subject, avg(t.total) as mean, count(*) as n,
            grouping(st.school_id, st.class_id) as level
     from totals t join students st using (sid)
     group by grouping sets ((t.subject), (st.school_id, t.subject), (st.school_id, st.class_id, t.subject))`,
  );
  await step(
    'exam totals and ranks (exam, school, class)',
    `create table exam_ranks as
     select sid, school_id, class_id, total,
            rank() over (order by total desc) as exam_rank,
            rank() over (partition by school_id order by total desc) as school_rank,
            rank() over (partition by class_id order by total desc) as class_rank
     from (select sid, sum(total) as total from totals group by sid) join students using (sid)`,
  );
  await step(
    'score sections (subjects by 10, exam total by 10)',
    `create table sections as
     select subject, (total // 10) * 10 as band, count(*) as n from totals group by all
     union all
     select 255, (total // 10) * 10, count(*) from exam_ranks group by all`,
  );

  // 赋分: each re-chosen subject among the students who chose it (both 类 together)
  await step(
    '等级赋分 ranks',
    `create table takers as
     select t.sid, t.subject, t.total as raw,
            rank() over (partition by t.subject order by t.total desc) as r,
            count(*) over (partition by t.subject) as n
     from totals t join students st using (sid)
     where t.subject >= 5 and t.subject in (${PAIRS.map((p, i) => `case when st.pair = ${i} then ${p[0]} end, case when st.pair = ${i} then ${p[1]} end`).join(', ')})`,
  );
  const perSubject = (
    await db.runAndReadAll(
      `select subject, any_value(n) from takers group by subject order by subject`,
    )
  ).getRows();
  const levelCase = perSubject
    .map(([subject, n]) => {
      const quotas = Array.from(levelQuotas(PROFILE, Number(n)));
      return `when subject = ${subject} then case ${quotas
        .map((q, k) => `when r <= ${q} then ${k}`)
        .join(' ')} else ${quotas.length - 1} end`;
    })
    .join(' ');
  const levelValues = PROFILE.levels.map((l, k) => `(${k}, ${l.high}, ${l.low})`).join(', ');
  await step(
    '等级赋分 levels and interpolation',
    `create table converted as
     with leveled as (select *, case ${levelCase} end as level from takers),
          ranges as (select subject, level, max(raw) as y2, min(raw) as y1 from leveled group by all),
          profile(level, t2, t1) as (values ${levelValues})
     select sid, subject, raw, level,
            case when y2 = y1 then t2
                 else floor(t1 + (raw - y1) * (t2 - t1) / (y2 - y1) + 0.5 + 1e-9) end::smallint as score
     from leveled join ranges using (subject, level) join profile using (level)`,
  );
  await step(
    '新高考 totals, ranks within 类, sections',
    `create table gaokao as
     with raw as (select t.sid, sum(t.total) as raw from totals t join students st using (sid)
                  where t.subject < 3 or t.subject = 3 + st.track group by t.sid),
          conv as (select sid, sum(score) as conv from converted group by sid)
     select st.sid, st.track, st.school_id, raw.raw + conv.conv as total,
            rank() over (partition by st.track order by raw.raw + conv.conv desc) as track_rank,
            rank() over (partition by st.track, st.school_id order by raw.raw + conv.conv desc) as school_rank
     from students st join raw using (sid) join conv using (sid)`,
  );
  await step(
    '新高考 sections and level counts',
    `create table gaokao_figures as
     select track, (total // 10) * 10 as band, count(*) as n, null::utinyint as subject from gaokao group by all
     union all select null, level, count(*), subject from converted group by all`,
  );
  const computed = performance.now() - t1;
  clearInterval(timer);
  sample();

  // the SQL 赋分 against the analysis engine, on 化学
  const rows = (
    await db.runAndReadAll(`select raw, score from converted where subject = 5`)
  ).getRows();
  const raw = Float64Array.from(rows, (r) => Number(r[0]));
  const engine = convertScores(raw, PROFILE).converted;
  const mismatches = rows.filter((r, i) => Number(r[1]) !== engine[i]).length;
  const stats = (
    await db.runAndReadAll(`select min(score), max(score), count(*) from converted`)
  ).getRows()[0];

  for (const [name, t] of steps)
    console.log(`  ${name.padEnd(48)} ${(t / 1000).toFixed(2).padStart(7)} s`);
  console.log(
    `  question scores                                 ${scoreRows.toLocaleString('en')} rows`,
  );
  console.log(
    `  generation                                      ${(generated / 1000).toFixed(2).padStart(7)} s`,
  );
  console.log(
    `  every report figure                             ${(computed / 1000).toFixed(2).padStart(7)} s (goal 60 s at 200,000)`,
  );
  console.log(
    `  peak memory (RSS, DuckDB included)              ${mb(peak).padStart(9)} (goal 2 GB)`,
  );
  console.log(
    `  赋分 scores ${stats[2]} in ${stats[0]}–${stats[1]}; SQL vs convertScores on 化学: ${mismatches} of ${rows.length} differ`,
  );
  db.closeSync?.();
  instance.closeSync?.();
  rmSync(dir, { recursive: true, force: true });
  return { computed, peak, mismatches };
}

const sizes = process.env.BENCH_STUDENTS
  ? [Number(process.env.BENCH_STUDENTS)]
  : process.argv.includes('--million')
    ? [200_000, 1_000_000]
    : [200_000];
let bad = 0;
for (const n of sizes) bad += (await run(n)).mismatches;
process.exit(bad === 0 ? 0 : 1);
