// The joint report's input both ways on a joint exam of three schools in SQLite: the DuckDB path
// (`loadJointInput` in pages + `gradeFigures` + every student's ranks read in pages) against the
// in-process engine over the union snapshot (`readJointReport`). Prints the time of each, the JS
// heap held after a garbage collection (with the result still referenced), and for DuckDB the
// memory it holds (`duckdb_memory()`); then the snapshot job's DuckDB path as it runs above
// JOINT_DUCKDB_MIN_STUDENTS (`writeDuckSnapshot`: load, figures, and the figure and rank rows
// written into SQLite in one transaction). The SQLite database is in memory (the test server's), so
// the process's RSS is mostly the database's and is not shown. Not part of CI
// (docs/joint-exams.md#snapshots).
//
//   BENCH_STUDENTS=30000 NODE_OPTIONS=--expose-gc npx tsx --conditions=source bench/joint-duck-memory.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { jointExamRoutes } from '@examkit/contracts';
import { MATH_QUESTIONS } from '../packages/server/src/exam/testKit.ts';
import { gradeFigures } from '../packages/server/src/joint/duck/figures.ts';
import { studentRanks } from '../packages/server/src/joint/duck/ranks.ts';
import { loadJointInput } from '../packages/server/src/joint/duck/load.ts';
import { openJointDuck } from '../packages/server/src/joint/duck/open.ts';
import { writeDuckSnapshot } from '../packages/server/src/joint/duckSnapshot.ts';
import { readJointReport } from '../packages/server/src/joint/report.ts';
import { call, signIn, startTestServer } from '../packages/server/src/test/fixtures.ts';
import { addClassWithStudents, addSchoolInRegion } from '../packages/server/src/test/schoolKit.ts';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 30000);
const SUBJECTS = ['数学', '物理', '化学'];
const mb = (b) => `${(b / 1024 / 1024).toFixed(0)} MB`;
const heap = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};
let base = 0;
const report = (label, ms, extra = '') =>
  console.log(
    `  ${label.padEnd(46)} ${(ms / 1000).toFixed(1).padStart(6)} s   JS heap held +${mb(heap() - base).padStart(7)}${extra}`,
  );

const server = await startTestServer('sqlite');
const { db } = server;
const t0 = performance.now();
const schools = [];
for (let k = 0; k < 3; k++) {
  const school = await addSchoolInRegion(db, {
    schoolName: `第${k + 3}中学`,
    loginName: `bench-${k}`,
    prefix: `B${k}-`,
    region: 'demo-district',
  });
  for (let c = 0; c * 50 < STUDENTS / 3; c++)
    await addClassWithStudents(db, {
      schoolId: school.schoolId,
      grade: school.gradeId,
      className: `高一(${c + 2})班`,
      names: Array.from({ length: 50 }, (_, i) => `学生${c}-${i}`),
      prefix: `B${k}-${c}-`,
    });
  schools.push(school.schoolId);
}
const bureau = await signIn(server.app, 'bureau', { schoolId: server.seed.demoSchoolId });
const ok = async (contract, body) => {
  const r = await call(server.app, contract, {
    token: bureau.token,
    schoolId: bureau.schoolId,
    body,
  });
  if (r.body.code !== 200) throw new Error(JSON.stringify(r.body));
  return r.body.data;
};
const joint = await ok(jointExamRoutes.jointCreate, {
  idempotencyKey: 'bench-joint-1',
  name: '联考',
  examType: '期中',
  examDate: '2026-11-12',
  gradeNum: 10,
  schoolIds: schools,
  subjects: SUBJECTS.map((s) => ({ subjectCode: s, subjectName: s, fullMarks: 30 })),
  schoolLabels: 'codes',
});
for (const s of SUBJECTS)
  await ok(jointExamRoutes.jointQuestionsSave, {
    jointExamId: joint.id,
    subjectCode: s,
    questions: MATH_QUESTIONS,
  });
let scoreRows = 0;
for (const school of joint.schools) {
  const students = await db
    .selectFrom('exam_students')
    .select('student_id')
    .where('exam_id', '=', school.examId)
    .execute();
  const subjects = await db
    .selectFrom('exam_subjects')
    .select('id')
    .where('exam_id', '=', school.examId)
    .execute();
  for (const [j, subject] of subjects.entries()) {
    const leaves = await db
      .selectFrom('exam_questions')
      .select(['id', 'full_marks'])
      .where('exam_subject_id', '=', subject.id)
      .where('parent_id', 'is not', null)
      .execute();
    const top = await db
      .selectFrom('exam_questions')
      .select(['id', 'full_marks'])
      .where('exam_subject_id', '=', subject.id)
      .where('parent_id', 'is', null)
      .where('kind', '!=', 'subjective')
      .execute();
    const scored = [...top, ...leaves];
    for (let from = 0; from < students.length; from += 400) {
      const batch = students.slice(from, from + 400);
      const rows = batch.flatMap(({ student_id }, i) =>
        scored.map((q, qi) => ({
          exam_subject_id: subject.id,
          question_id: q.id,
          student_id,
          score: (student_id * 7 + qi * 3 + j + i) % (Number(q.full_marks) + 1),
          source: 'import',
          answer: null,
          updated_at: 1,
        })),
      );
      await db.insertInto('exam_scores').values(rows).execute();
      scoreRows += rows.length;
    }
  }
  await db
    .updateTable('exams')
    .set({ state: 'finished' })
    .where('id', '=', school.examId)
    .execute();
}
const row = await db
  .selectFrom('joint_exams')
  .selectAll()
  .where('id', '=', joint.id)
  .executeTakeFirstOrThrow();
console.log(
  `\n${joint.schools.reduce((a, s) => a + s.studentCount, 0).toLocaleString('en')} students × ${SUBJECTS.length} subjects × 6 questions (${scoreRows.toLocaleString('en')} question scores) in SQLite`,
);
console.log(`  set up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
base = heap();

const dataDir = mkdtempSync(join(tmpdir(), 'examkit-duck-bench-'));
const t1 = performance.now();
const duck = await openJointDuck({ dataDir, threads: 2, memoryLimit: '512MB' });
const input = await loadJointInput(db, duck.connection, row);
report('DuckDB: load in pages', performance.now() - t1);
const t2 = performance.now();
const figures = await gradeFigures(duck.connection, input);
let ranks = 0;
for (let after = 0; ;) {
  const page = await studentRanks(duck.connection, { after, limit: 5000 });
  if (page.length === 0) break;
  ranks += page.length;
  after = page[page.length - 1].studentId;
}
const [held] = (
  await duck.connection.runAndReadAll(
    'select sum(memory_usage_bytes) + sum(temporary_storage_bytes) from duckdb_memory()',
  )
).getRows();
report(
  `DuckDB: grade figures + ${ranks.toLocaleString('en')} student ranks`,
  performance.now() - t2,
  `   DuckDB ${mb(Number(held[0]))}`,
);
duck.close();
const figuresHeld = figures.groups.length;
base = heap();

const t4 = performance.now();
const settings = { minStudents: 0, dataDir, threads: 2, memoryLimit: '512MB' };
await writeDuckSnapshot({ db, clock: server.clock, settings }, row, 'bench');
const [written] = await Promise.all(
  ['joint_snapshot_ranks'].map(async (table) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  ),
);
report(
  `snapshot job as rows (${written.toLocaleString('en')} rank rows written)`,
  performance.now() - t4,
);
rmSync(dataDir, { recursive: true, force: true });
base = heap();

const t3 = performance.now();
const engine = await readJointReport(db, server.clock, row);
report('in process: schools’ reports + union + engine', performance.now() - t3);
void figuresHeld;
const mean = (x) => x?.description.mean;
console.log(
  `  whole exam's total mean: DuckDB ${mean(figures.groups[0].columns.get(0))}, engine ${mean(engine.report.analysis.grade.total)}`,
);
await server.close();
