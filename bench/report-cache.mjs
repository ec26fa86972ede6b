// Benchmark of the report cache (packages/server/src/report): the first open of a report (read
// the scores, run @examkit/analysis, store the payload) beside later opens (scores-version check
// plus the cached payload), on the full demo school's 期中 exam and on a synthetic grade.
//
// Run from the repository root:
//   node --import tsx --conditions=source bench/report-cache.mjs            # demo + 1,200 students
//   node --import tsx --conditions=source bench/report-cache.mjs 3000       # demo + 3,000 students
//
// SQLite in memory; wall times (a shared machine adds waiting for a core).
import { performance } from 'node:perf_hooks';
import { createFakeClock } from '../packages/server/src/core/clock.ts';
import { createDatabase } from '../packages/server/src/core/database.ts';
import { migrate } from '../packages/server/src/core/migrations.ts';
import { readExamReport, invalidateExamReport } from '../packages/server/src/report/cache.ts';
import { scoresVersion } from '../packages/server/src/report/snapshot.ts';
import { seedDemo } from '../packages/server/src/seed/seedDemo.ts';

const SYNTHETIC = Number(process.argv[2] ?? 1200);
const SUBJECTS = 9;
const QUESTIONS = 30;
const ms = (t) => `${t.toFixed(1)} ms`;

async function time(fn, runs = 1) {
  const start = performance.now();
  let result;
  for (let i = 0; i < runs; i++) result = await fn();
  return { t: (performance.now() - start) / runs, result };
}

async function report(db, clock, examId, label) {
  await invalidateExamReport(db, examId);
  const first = await time(() => readExamReport(db, clock, examId));
  const version = await time(() => scoresVersion(db, examId), 20);
  const cached = await time(() => readExamReport(db, clock, examId), 20);
  const row = await db
    .selectFrom('report_cache')
    .select('payload')
    .where('exam_id', '=', examId)
    .executeTakeFirstOrThrow();
  const n = first.result.report.snapshot.students.length;
  const s = first.result.report.snapshot.subjects.length;
  console.log(
    `${label}: ${n} students × ${s} subjects | first open ${ms(first.t)} | version check ${ms(version.t)} | cached open ${ms(cached.t)} | payload ${(row.payload.length / 2 ** 20).toFixed(2)} MB`,
  );
}

async function synthetic(db, schoolId, students) {
  const now = Date.now();
  const grade = await db
    .insertInto('grades')
    .values({ school_id: schoolId, academic_year: 2026, name: '基准年级', grade_num: 99 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const classCount = Math.ceil(students / 50);
  const classes = [];
  for (let c = 0; c < classCount; c++)
    classes.push(
      await db
        .insertInto('classes')
        .values({ grade_id: grade.id, name: `基准(${c + 1})班` })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
  const studentRows = [];
  for (let i = 0; i < students; i += 500) {
    const chunk = Array.from({ length: Math.min(500, students - i) }, (_, k) => ({
      school_id: schoolId,
      class_id: classes[Math.floor((i + k) / 50)].id,
      student_no: `B${i + k}`,
      name: `学生${i + k}`,
      tel: null,
    }));
    studentRows.push(
      ...(await db.insertInto('students').values(chunk).returning(['id', 'class_id']).execute()),
    );
  }
  const exam = await db
    .insertInto('exams')
    .values({
      school_id: schoolId,
      academic_year: 2026,
      grade_id: grade.id,
      exam_type: '月测',
      name: '基准考试',
      exam_date: '2026-11-20',
      state: 'published',
      created_by: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < studentRows.length; i += 500)
    await db
      .insertInto('exam_students')
      .values(
        studentRows.slice(i, i + 500).map((s, k) => ({
          exam_id: exam.id,
          student_id: s.id,
          class_id: s.class_id,
          exam_no: `E${i + k}`,
        })),
      )
      .execute();
  let seed = 1;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let sub = 0; sub < SUBJECTS; sub++) {
    const subject = await db
      .insertInto('exam_subjects')
      .values({
        exam_id: exam.id,
        subject_code: `S${sub}`,
        subject_name: `科目${sub}`,
        full_marks: 150,
        sort_order: sub,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const questions = [];
    for (let q = 0; q < QUESTIONS; q++)
      questions.push(
        await db
          .insertInto('exam_questions')
          .values({
            exam_subject_id: subject.id,
            number: String(q + 1),
            kind: q < 12 ? 'single' : 'subjective',
            full_marks: 5,
            option_count: q < 12 ? 4 : null,
            answer: q < 12 ? 'A' : null,
            knowledge_points: JSON.stringify([`知识点${q % 8}`]),
            abilities: '[]',
            sort_order: q,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
    const rows = [];
    const totals = [];
    for (const s of studentRows) {
      let sum = 0;
      for (const [q, question] of questions.entries()) {
        const score = q < 12 ? (rand() < 0.7 ? 5 : 0) : Math.floor(rand() * 6);
        sum += score;
        rows.push({
          exam_subject_id: subject.id,
          question_id: question.id,
          student_id: s.id,
          score,
          source: 'import',
          answer: q < 12 ? (score ? 'A' : 'B') : null,
          updated_at: now,
        });
      }
      totals.push({
        exam_subject_id: subject.id,
        student_id: s.id,
        score: sum,
        absent: 0,
        updated_at: now,
      });
    }
    for (let i = 0; i < rows.length; i += 2000)
      await db
        .insertInto('exam_scores')
        .values(rows.slice(i, i + 2000))
        .execute();
    for (let i = 0; i < totals.length; i += 2000)
      await db
        .insertInto('exam_subject_totals')
        .values(totals.slice(i, i + 2000))
        .execute();
  }
  return exam.id;
}

const db = createDatabase({ dialect: 'sqlite', file: ':memory:' });
await migrate(db);
const seed = await seedDemo(db, { size: 'full' });
const clock = createFakeClock(new Date());
const midterm = await db
  .selectFrom('exams')
  .select('id')
  .where('name', '=', '2026学年第一学期高一期中考试')
  .executeTakeFirst();
if (midterm) await report(db, clock, midterm.id, 'demo 期中');
const examId = await synthetic(db, seed.demoSchoolId, SYNTHETIC);
await report(db, clock, examId, `synthetic ${QUESTIONS} questions a subject`);
await db.destroy();
