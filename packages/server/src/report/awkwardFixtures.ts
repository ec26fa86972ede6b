import type { Db } from '../core/database';
import {
  grade2026,
  insertExamWithStudents,
  insertQuestion,
  insertSubject,
  insertTotals,
} from './fixtureRows';

/**
 * The awkward exam of docs/reports.md ("Tests"): ties, 缺考, a zero, full marks, a class of one,
 * a question nobody answered, equal score rates that differ in floating point, and a paper nobody
 * sat. 高一: a new 高一(17)班 of eleven students s1…s11 and a new 高一(18)班 of one (s12).
 *
 * | s | 数学 q1 (5, 单选 A) | q2 (3, 单选 B) | q3 (9) | q4 (3) | 数学 (20) | 语文 (10) | 化学 (10) | 总分 |
 * |---|---|---|---|---|---|---|---|---|
 * | s1 | A 5 | blank 0 | 9 | 3 | 17 | 10 | nobody sat | 27 |
 * | s2 | A 5 | blank 0 | 3 | 1 | 9 | 6 | | 15 |
 * | s3 | C 0 | blank 0 | 4 | 2 | 6 | 6 | | 12 |
 * | s4 | A 5 | blank 0 | 0 | 0 | 5 | 0 | | 5 |
 * | s5 | A 5 | blank 0 | 5 | 1 | 11 | 8 | | 19 |
 * | s6 | A 5 | blank 0 | 3 | 1 | 9 | 8 | | 17 |
 * | s7 | A 5 | blank 0 | 2 | 1 | 8 | 7 | | 15 |
 * | s8 | A 5 | blank 0 | 2 | 0 | 7 | 7 | | 14 |
 * | s9 | A 5 | blank 0 | 2 | 0 | 7 | 6 | | 13 |
 * | s10 | A 5 | blank 0 | 1 | 1 | 7 | 3 | | 10 |
 * | s11 | B 0 | blank 0 | 1 | 1 | 2 | 3 | | 5 |
 * | s12 (18班) | A 5 | blank 0 | 1 | 0 | 6 | 缺考 | | 缺考 |
 *
 * q3 and q4 both have the score rate 33 / (12 × 9) = 11 / (12 × 3) = 0.30555…, which floating point
 * makes q4 the smaller. Knowledge points: q1 q2 函数, q3 q4 几何.
 */
export interface AwkwardFixture {
  examId: number;
  class1: number;
  class8: number;
  /** s1 … s12 in the table's order. */
  students: number[];
  math: { id: number; q: number[] };
  chinese: { id: number; q1: number };
  chemistry: { id: number };
}

export const AWKWARD_MATH: [answer: string | null, q1: number, q3: number, q4: number][] = [
  ['A', 5, 9, 3],
  ['A', 5, 3, 1],
  ['C', 0, 4, 2],
  ['A', 5, 0, 0],
  ['A', 5, 5, 1],
  ['A', 5, 3, 1],
  ['A', 5, 2, 1],
  ['A', 5, 2, 0],
  ['A', 5, 2, 0],
  ['A', 5, 1, 1],
  ['B', 0, 1, 1],
  ['A', 5, 1, 0],
];
export const AWKWARD_CHINESE: (number | null)[] = [10, 6, 6, 0, 8, 8, 7, 7, 6, 3, 3, null];

export async function insertAwkwardExam(db: Db, schoolId: number): Promise<AwkwardFixture> {
  const now = Date.parse('2026-11-16T08:00:00Z');
  const grade = await grade2026(db, schoolId);
  const newClass = (name: string) =>
    db
      .insertInto('classes')
      .values({ grade_id: grade.id, name })
      .returning('id')
      .executeTakeFirstOrThrow();
  const newStudents = (classId: number, names: string[], prefix: string) =>
    db
      .insertInto('students')
      .values(
        names.map((name, i) => ({
          school_id: schoolId,
          class_id: classId,
          student_no: `${prefix}${String(i + 1).padStart(2, '0')}`,
          name,
          tel: null,
        })),
      )
      .returning('id')
      .execute();
  const class1 = await newClass('高一(17)班');
  const class8 = await newClass('高一(18)班');
  const eleven = await newStudents(
    class1.id,
    ['甲一', '乙二', '丙三', '丁四', '戊五', '己六', '庚七', '辛八', '壬九', '癸十', '子十一'],
    '20261710',
  );
  const lone = (await newStudents(class8.id, ['独行'], '20261810'))[0]!;
  const students = [...eleven.map((s) => s.id), lone.id];
  const exam = {
    id: await insertExamWithStudents(db, {
      schoolId,
      gradeId: grade.id,
      name: '疑难月考',
      examDate: '2026-11-12',
      state: 'published',
      now,
      classIds: [class1.id, class8.id],
      students: students.map((id, i) => ({
        id,
        classId: i < 11 ? class1.id : class8.id,
        examNo: `K${String(i + 1).padStart(2, '0')}`,
      })),
    }),
  };
  const subject = (name: string, fullMarks: number, sort: number) =>
    insertSubject(db, exam.id, name, fullMarks, sort);
  const mathId = await subject('数学', 20, 1);
  const chineseId = await subject('语文', 10, 2);
  const chemistryId = await subject('化学', 10, 3);
  const question = (
    examSubjectId: number,
    number: string,
    kind: string,
    fullMarks: number,
    answer: string | null,
    knowledge: string[],
    sort: number,
  ) => insertQuestion(db, examSubjectId, number, kind, fullMarks, answer, knowledge, [], sort);
  const q = [
    await question(mathId, '1', 'single', 5, 'A', ['函数'], 1),
    await question(mathId, '2', 'single', 3, 'B', ['函数'], 2),
    await question(mathId, '3', 'subjective', 9, null, ['几何'], 3),
    await question(mathId, '4', 'subjective', 3, null, ['几何'], 4),
  ];
  const c1 = await question(chineseId, '1', 'subjective', 10, null, ['写作'], 1);
  await question(chemistryId, '1', 'subjective', 10, null, ['实验'], 1);

  const row = (
    examSubjectId: number,
    questionId: number,
    studentId: number,
    score: number,
    answer: string | null,
  ) => ({
    exam_subject_id: examSubjectId,
    question_id: questionId,
    student_id: studentId,
    score,
    source: 'import',
    answer,
    updated_at: now,
  });
  const scoreRows = students.flatMap((sid, i) => {
    const [answer, a1, a3, a4] = AWKWARD_MATH[i]!;
    const rows = [
      row(mathId, q[0]!, sid, a1, answer),
      row(mathId, q[1]!, sid, 0, ''),
      row(mathId, q[2]!, sid, a3, null),
      row(mathId, q[3]!, sid, a4, null),
    ];
    const c = AWKWARD_CHINESE[i];
    if (c !== null && c !== undefined) rows.push(row(chineseId, c1, sid, c, null));
    return rows;
  });
  await db.insertInto('exam_scores').values(scoreRows).execute();
  await insertTotals(
    db,
    now,
    students.flatMap((studentId, i) => {
      const [, a1, a3, a4] = AWKWARD_MATH[i]!;
      return [
        { examSubjectId: mathId, studentId, score: a1 + a3 + a4 },
        { examSubjectId: chineseId, studentId, score: AWKWARD_CHINESE[i] ?? null },
      ];
    }),
  );
  return {
    examId: exam.id,
    class1: class1.id,
    class8: class8.id,
    students,
    math: { id: mathId, q },
    chinese: { id: chineseId, q1: c1 },
    chemistry: { id: chemistryId },
  };
}
