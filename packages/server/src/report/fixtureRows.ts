import type { Db } from '../core/database';

/** Test fixtures: one subject of an exam, named by its name (also its code), with no sheet. */
export async function insertSubject(
  db: Db,
  examId: number,
  name: string,
  fullMarks: number,
  sort: number,
): Promise<number> {
  const row = await db
    .insertInto('exam_subjects')
    .values({
      exam_id: examId,
      subject_code: name,
      subject_name: name,
      full_marks: fullMarks,
      elective: 0,
      sort_order: sort,
      sheet_design: null,
      sheet_template: null,
      sheet_saved_at: null,
      answer_key_version: 1,
      rescore_needed: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Test fixtures: one top-level question (a single choice has four options). */
export async function insertQuestion(
  db: Db,
  examSubjectId: number,
  number: string,
  kind: string,
  fullMarks: number,
  answer: string | null,
  knowledge: string[],
  abilities: string[],
  sort: number,
): Promise<number> {
  const row = await db
    .insertInto('exam_questions')
    .values({
      exam_subject_id: examSubjectId,
      parent_id: null,
      number,
      kind,
      full_marks: fullMarks,
      option_count: kind === 'single' ? 4 : null,
      answer,
      partial_marks: null,
      score_step: 1,
      blank_count: null,
      knowledge_points: JSON.stringify(knowledge),
      abilities: JSON.stringify(abilities),
      sort_order: sort,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Test fixtures: the 高一 of the 2026 school year of a school. */
export async function grade2026(db: Db, schoolId: number): Promise<{ id: number }> {
  return db
    .selectFrom('grades')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('academic_year', '=', 2026)
    .where('name', '=', '高一')
    .executeTakeFirstOrThrow();
}

/**
 * Test fixtures: a 月测 of 2026 made by the school's admin, with its classes and students
 * (each with its class and exam number).
 */
export async function insertExamWithStudents(
  db: Db,
  exam: {
    schoolId: number;
    gradeId: number;
    name: string;
    examDate: string;
    state: 'finished' | 'published';
    now: number;
    classIds: number[];
    students: { id: number; classId: number; examNo: string }[];
  },
): Promise<number> {
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('school_id', '=', exam.schoolId)
    .where('login_name', '=', 'admin')
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('exams')
    .values({
      school_id: exam.schoolId,
      academic_year: 2026,
      grade_id: exam.gradeId,
      exam_type: '月测',
      name: exam.name,
      exam_date: exam.examDate,
      state: exam.state,
      created_by: admin.id,
      created_at: exam.now,
      updated_at: exam.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('exam_classes')
    .values(exam.classIds.map((c) => ({ exam_id: id, class_id: c })))
    .execute();
  await db
    .insertInto('exam_students')
    .values(
      exam.students.map((s) => ({
        exam_id: id,
        student_id: s.id,
        class_id: s.classId,
        exam_no: s.examNo,
      })),
    )
    .execute();
  return id;
}

/** Test fixtures: subject totals of students; a `null` score is 缺考. */
export async function insertTotals(
  db: Db,
  now: number,
  totals: { examSubjectId: number; studentId: number; score: number | null }[],
): Promise<void> {
  await db
    .insertInto('exam_subject_totals')
    .values(
      totals.map((t) => ({
        exam_subject_id: t.examSubjectId,
        student_id: t.studentId,
        score: t.score,
        absent: t.score === null ? 1 : 0,
        updated_at: now,
      })),
    )
    .execute();
}
