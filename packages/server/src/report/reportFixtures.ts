import type { Db } from '../core/database';
import {
  grade2026,
  insertExamWithStudents,
  insertQuestion,
  insertSubject,
  insertTotals,
} from './fixtureRows';

/**
 * A tiny exam for report tests, small enough to work every figure by hand (docs/reports.md):
 * 高一, the seeded 高一(1)班 (first three students: s1 s2 s3) and a new 高一(9)班 (s4 s5).
 *
 * | student | class | 数学 q1 (5, key A) | 数学 q2 (10) | 数学 | 语文 q1 (20) | 总分 |
 * |---|---|---|---|---|---|---|
 * | s1 | 1 | A 5 | 10 | 15 | 18 | 33 |
 * | s2 | 1 | B 0 | 6 | 6 | 12 | 18 |
 * | s3 | 1 | A 5 | 4 | 9 | 缺考 | 缺考 |
 * | s4 | 9 | C 0 | 8 | 8 | 15 | 23 |
 * | s5 | 9 | B 0 | 2 | 2 | 9 | 11 |
 */
export interface ReportFixture {
  examId: number;
  gradeId: number;
  class1: number;
  class9: number;
  /** s1 … s5 in the table's order. */
  students: number[];
  math: { id: number; q1: number; q2: number };
  chinese: { id: number; q1: number };
}

export async function insertReportFixture(
  db: Db,
  schoolId: number,
  options: { state?: 'finished' | 'published'; name?: string; examDate?: string } = {},
): Promise<ReportFixture> {
  const now = Date.parse('2026-11-15T08:00:00Z');
  const grade = await grade2026(db, schoolId);
  const class1 = await db
    .selectFrom('classes')
    .select('id')
    .where('grade_id', '=', grade.id)
    .where('name', '=', '高一(1)班')
    .executeTakeFirstOrThrow();
  const existing9 = await db
    .selectFrom('classes')
    .select('id')
    .where('grade_id', '=', grade.id)
    .where('name', '=', '高一(9)班')
    .executeTakeFirst();
  const class9 =
    existing9 ??
    (await db
      .insertInto('classes')
      .values({ grade_id: grade.id, name: '高一(9)班' })
      .returning('id')
      .executeTakeFirstOrThrow());
  const firstThree = await db
    .selectFrom('students')
    .select('id')
    .where('class_id', '=', class1.id)
    .orderBy('id')
    .limit(3)
    .execute();
  let nine = await db
    .selectFrom('students')
    .select('id')
    .where('class_id', '=', class9.id)
    .orderBy('id')
    .execute();
  if (nine.length === 0) {
    nine = await db
      .insertInto('students')
      .values(
        ['夏雨', '秋实'].map((name, i) => ({
          school_id: schoolId,
          class_id: class9.id,
          student_no: `20261909${i + 1}`,
          name,
          tel: null,
        })),
      )
      .returning('id')
      .execute();
  }
  const students = [...firstThree, ...nine].map((s) => s.id);
  const exam = {
    id: await insertExamWithStudents(db, {
      schoolId,
      gradeId: grade.id,
      name: options.name ?? '报告测试月考',
      examDate: options.examDate ?? '2026-11-10',
      state: options.state ?? 'published',
      now,
      classIds: [class1.id, class9.id],
      students: students.map((id, i) => ({
        id,
        classId: i < 3 ? class1.id : class9.id,
        examNo: `R${i + 1}`,
      })),
    }),
  };
  const subject = (code: string, fullMarks: number, sort: number) =>
    insertSubject(db, exam.id, code, fullMarks, sort);
  const mathId = await subject('数学', 15, 1);
  const chineseId = await subject('语文', 20, 2);
  const q1 = await insertQuestion(db, mathId, '1', 'single', 5, 'A', ['函数'], ['运算'], 1);
  const q2 = await insertQuestion(
    db,
    mathId,
    '2',
    'subjective',
    10,
    null,
    ['函数', '几何'],
    ['推理'],
    2,
  );
  const c1 = await insertQuestion(db, chineseId, '1', 'subjective', 20, null, ['写作'], [], 1);

  const mathRows: [number, string | null, number][] = [
    [5, 'A', 10],
    [0, 'B', 6],
    [5, 'A', 4],
    [0, 'C', 8],
    [0, 'B', 2],
  ];
  const chinese: (number | null)[] = [18, 12, null, 15, 9];
  const scoreRows = students.flatMap((sid, i) => {
    const [a, answer, b] = mathRows[i]!;
    const rows = [
      {
        exam_subject_id: mathId,
        question_id: q1,
        student_id: sid,
        score: a,
        source: 'import',
        answer,
        updated_at: now,
      },
      {
        exam_subject_id: mathId,
        question_id: q2,
        student_id: sid,
        score: b,
        source: 'import',
        answer: null,
        updated_at: now,
      },
    ];
    const c = chinese[i];
    if (c !== null && c !== undefined)
      rows.push({
        exam_subject_id: chineseId,
        question_id: c1,
        student_id: sid,
        score: c,
        source: 'import',
        answer: null,
        updated_at: now,
      });
    return rows;
  });
  await db.insertInto('exam_scores').values(scoreRows).execute();
  await insertTotals(
    db,
    now,
    students.flatMap((studentId, i) => {
      const [a, , b] = mathRows[i]!;
      return [
        { examSubjectId: mathId, studentId, score: a + b },
        { examSubjectId: chineseId, studentId, score: chinese[i] ?? null },
      ];
    }),
  );
  return {
    examId: exam.id,
    gradeId: grade.id,
    class1: class1.id,
    class9: class9.id,
    students,
    math: { id: mathId, q1, q2 },
    chinese: { id: chineseId, q1: c1 },
  };
}
