import type {
  ExamDetail,
  ExamState,
  ExamSubject,
  ExamSubjectInput,
  ExamSummary,
} from '@examkit/contracts';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../core/database';
import type { DB } from '../core/schema';
import { badRequest, notFound } from '../core/envelope';
import type { ExamRow } from './access';
import { chunks } from './scores';
import { rulesOf, TRANSITIONS } from './states';

/** Subjects of some exams, with question counts and paper marks, keyed by exam id. */
export async function subjectsOf(
  db: Db,
  examIds: readonly number[],
): Promise<Map<number, ExamSubject[]>> {
  const out = new Map<number, ExamSubject[]>();
  if (examIds.length === 0) return out;
  const rows = await db
    .selectFrom('exam_subjects as s')
    .select((eb) => [
      's.id',
      's.exam_id',
      's.subject_code',
      's.subject_name',
      's.full_marks',
      's.elective',
      's.sheet_saved_at',
      's.answer_key_version',
      's.rescore_needed',
      eb
        .selectFrom('exam_questions as q')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('q.exam_subject_id', '=', 's.id')
        .where((e) =>
          e.not(
            e.exists(
              e
                .selectFrom('exam_questions as c')
                .select('c.id')
                .whereRef('c.parent_id', '=', 'q.id'),
            ),
          ),
        )
        .as('question_count'),
      eb
        .selectFrom('exam_questions as q')
        .select((e) => e.fn.sum<number>('q.full_marks').as('m'))
        .whereRef('q.exam_subject_id', '=', 's.id')
        .where('q.parent_id', 'is', null)
        .as('paper_marks'),
    ])
    .where('s.exam_id', 'in', examIds)
    .orderBy('s.sort_order')
    .orderBy('s.id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.exam_id) ?? [];
    list.push({
      id: r.id,
      subjectCode: r.subject_code,
      subjectName: r.subject_name,
      fullMarks: r.full_marks,
      elective: r.elective === 1,
      questionCount: Number(r.question_count ?? 0),
      paperMarks: Number(r.paper_marks ?? 0),
      hasSheet: r.sheet_saved_at !== null,
      answerKeyVersion: r.answer_key_version,
      rescoreNeeded: r.rescore_needed === 1,
    });
    out.set(r.exam_id, list);
  }
  return out;
}

/** List rows of some exams in the given order. */
export async function summariesOf(db: Db, exams: readonly ExamRow[]): Promise<ExamSummary[]> {
  const ids = exams.map((e) => e.id);
  if (ids.length === 0) return [];
  const [subjects, grades, classCounts, studentCounts, online] = await Promise.all([
    subjectsOf(db, ids),
    db
      .selectFrom('grades')
      .select(['id', 'name'])
      .where('id', 'in', [...new Set(exams.map((e) => e.grade_id))])
      .execute(),
    db
      .selectFrom('exam_classes')
      .select((eb) => ['exam_id', eb.fn.countAll<number>().as('n')])
      .where('exam_id', 'in', ids)
      .groupBy('exam_id')
      .execute(),
    db
      .selectFrom('exam_students')
      .select((eb) => ['exam_id', eb.fn.countAll<number>().as('n')])
      .where('exam_id', 'in', ids)
      .groupBy('exam_id')
      .execute(),
    db.selectFrom('online_exams').select('exam_id').where('exam_id', 'in', ids).execute(),
  ]);
  const onlineIds = new Set(online.map((o) => o.exam_id));
  const gradeName = new Map(grades.map((g) => [g.id, g.name]));
  const classCount = new Map(classCounts.map((c) => [c.exam_id, Number(c.n)]));
  const studentCount = new Map(studentCounts.map((c) => [c.exam_id, Number(c.n)]));
  return exams.map((e) => ({
    id: e.id,
    name: e.name,
    examType: e.exam_type,
    academicYear: e.academic_year,
    gradeId: e.grade_id,
    gradeName: gradeName.get(e.grade_id) ?? '',
    examDate: e.exam_date,
    state: e.state,
    subjects: subjects.get(e.id) ?? [],
    classCount: classCount.get(e.id) ?? 0,
    studentCount: studentCount.get(e.id) ?? 0,
    createdBy: e.created_by,
    createdAt: e.created_at,
    ...(onlineIds.has(e.id) ? { online: true } : {}),
  }));
}

/**
 * The detail of an exam of the school (the caller has checked the school). `manager: false`
 * (a teacher who sees the exam but does not manage it) lists no state change: the screen shows
 * only the buttons the server allows.
 */
export async function detailOf(
  db: Db,
  exam: ExamRow,
  { manager = true }: { manager?: boolean } = {},
): Promise<ExamDetail> {
  const [summary] = await summariesOf(db, [exam]);
  if (!summary) throw notFound('考试不存在');
  const classes = await db
    .selectFrom('exam_classes as ec')
    .innerJoin('classes as c', 'c.id', 'ec.class_id')
    .select(['c.id as classId', 'c.name as className'])
    .where('ec.exam_id', '=', exam.id)
    .orderBy('c.name')
    .execute();
  const rules = rulesOf(exam.state);
  return {
    ...summary,
    classes,
    allowedTransitions: manager ? [...TRANSITIONS[exam.state]] : [],
    editable: rules,
  };
}

export interface ParticipantsInput {
  gradeId: number;
  classIds: readonly number[];
  studentIds: readonly number[] | undefined;
}

/** Checks classes and students belong to the school's grade; returns the participants. */
export async function resolveParticipants(
  db: Db,
  schoolId: number,
  input: ParticipantsInput,
): Promise<{ studentId: number; classId: number; studentNo: string }[]> {
  const classIds = [...new Set(input.classIds)];
  const classes = await db
    .selectFrom('classes as c')
    .innerJoin('grades as g', 'g.id', 'c.grade_id')
    .select('c.id')
    .where('g.school_id', '=', schoolId)
    .where('c.grade_id', '=', input.gradeId)
    .where('c.id', 'in', classIds)
    .execute();
  if (classes.length !== classIds.length) throw badRequest('所选班级不属于该年级');
  const students = await db
    .selectFrom('students')
    .select(['id', 'class_id', 'student_no'])
    .where('school_id', '=', schoolId)
    .where('class_id', 'in', classIds)
    .orderBy('class_id')
    .orderBy('student_no')
    .execute();
  let chosen = students;
  if (input.studentIds !== undefined) {
    const wanted = new Set(input.studentIds);
    chosen = students.filter((s) => wanted.has(s.id));
    if (chosen.length !== wanted.size) throw badRequest('所选考生不在所选班级中');
  }
  if (chosen.length === 0) throw badRequest('所选班级中没有学生');
  return chosen.map((s) => ({ studentId: s.id, classId: s.class_id, studentNo: s.student_no }));
}

/** Checks a subject list: unique codes, positive full marks. */
export function checkSubjects(subjects: readonly ExamSubjectInput[]): void {
  const codes = new Set<string>();
  for (const s of subjects) {
    if (codes.has(s.subjectCode)) throw badRequest(`科目 ${s.subjectName} 重复`);
    codes.add(s.subjectCode);
  }
}

/** Replaces participants, keeping the exam numbers of students who stay. */
export async function writeParticipants(
  trx: Db,
  examId: number,
  classIds: readonly number[],
  participants: readonly { studentId: number; classId: number; studentNo: string }[],
): Promise<void> {
  await trx.deleteFrom('exam_classes').where('exam_id', '=', examId).execute();
  await trx
    .insertInto('exam_classes')
    .values([...new Set(classIds)].map((class_id) => ({ exam_id: examId, class_id })))
    .execute();
  const existing = await trx
    .selectFrom('exam_students')
    .select('student_id')
    .where('exam_id', '=', examId)
    .execute();
  const keep = new Set(participants.map((p) => p.studentId));
  const had = new Set(existing.map((e) => e.student_id));
  const gone = [...had].filter((id) => !keep.has(id));
  for (const part of chunks(gone)) {
    await trx
      .deleteFrom('exam_students')
      .where('exam_id', '=', examId)
      .where('student_id', 'in', part)
      .execute();
    const subjectIds = trx.selectFrom('exam_subjects').select('id').where('exam_id', '=', examId);
    await trx
      .deleteFrom('exam_student_electives')
      .where('exam_subject_id', 'in', subjectIds)
      .where('student_id', 'in', part)
      .execute();
  }
  const added = participants.filter((p) => !had.has(p.studentId));
  for (const part of chunks(added)) {
    await trx
      .insertInto('exam_students')
      .values(
        part.map((p) => ({
          exam_id: examId,
          student_id: p.studentId,
          class_id: p.classId,
          exam_no: p.studentNo,
        })),
      )
      .execute();
  }
}

/** Replaces 选考 choices: every student must take part, every code must be an elective subject. */
export async function writeElectives(
  trx: Db,
  examId: number,
  electives: readonly { studentId: number; subjectCodes: readonly string[] }[],
): Promise<void> {
  const subjects = await trx
    .selectFrom('exam_subjects')
    .select(['id', 'subject_code', 'subject_name', 'elective'])
    .where('exam_id', '=', examId)
    .execute();
  const byCode = new Map(subjects.map((s) => [s.subject_code, s]));
  const participants = new Set(
    (
      await trx
        .selectFrom('exam_students')
        .select('student_id')
        .where('exam_id', '=', examId)
        .execute()
    ).map((r) => r.student_id),
  );
  const rows: { exam_subject_id: number; student_id: number }[] = [];
  for (const e of electives) {
    if (!participants.has(e.studentId)) throw badRequest('选考学生不是本场考试的考生');
    for (const code of new Set(e.subjectCodes)) {
      const subject = byCode.get(code);
      if (!subject) throw badRequest(`选考科目 ${code} 不在本场考试中`);
      if (subject.elective !== 1) throw badRequest(`科目 ${subject.subject_name} 不是选考科目`);
      rows.push({ exam_subject_id: subject.id, student_id: e.studentId });
    }
  }
  const ids = subjects.map((s) => s.id);
  await trx.deleteFrom('exam_student_electives').where('exam_subject_id', 'in', ids).execute();
  for (const part of chunks(rows)) {
    await trx.insertInto('exam_student_electives').values(part).execute();
  }
}

/** Adds, updates and removes subjects to match the list (matched by id, then by code). */
export async function writeSubjects(
  trx: Db,
  examId: number,
  subjects: readonly ExamSubjectInput[],
): Promise<void> {
  const existing = await trx
    .selectFrom('exam_subjects')
    .select(['id', 'subject_code'])
    .where('exam_id', '=', examId)
    .execute();
  const byId = new Map(existing.map((s) => [s.id, s]));
  const byCode = new Map(existing.map((s) => [s.subject_code, s]));
  const kept = new Set<number>();
  for (const input of subjects) {
    if (input.id !== undefined && !byId.has(input.id)) throw badRequest('考试科目不存在');
    const match = input.id !== undefined ? byId.get(input.id) : byCode.get(input.subjectCode);
    if (match) kept.add(match.id);
  }
  const removed = existing.filter((s) => !kept.has(s.id)).map((s) => s.id);
  if (removed.length > 0)
    await trx.deleteFrom('exam_subjects').where('id', 'in', removed).execute();
  for (const [order, input] of subjects.entries()) {
    const match = input.id !== undefined ? byId.get(input.id) : byCode.get(input.subjectCode);
    const values = {
      subject_code: input.subjectCode,
      subject_name: input.subjectName,
      full_marks: input.fullMarks,
      elective: input.elective ? 1 : 0,
      sort_order: order,
    };
    if (match)
      await trx.updateTable('exam_subjects').set(values).where('id', '=', match.id).execute();
    else
      await trx
        .insertInto('exam_subjects')
        .values({ ...values, exam_id: examId, answer_key_version: 1, rescore_needed: 0 })
        .execute();
  }
}

/** Why a transition cannot happen now, or null when it can. */
export async function transitionProblem(
  db: Db,
  exam: ExamRow,
  to: ExamState,
): Promise<string | null> {
  if (!TRANSITIONS[exam.state].includes(to)) return null;
  const subjects = (await subjectsOf(db, [exam.id])).get(exam.id) ?? [];
  if (exam.state === 'draft' && to === 'sheet_ready') {
    for (const s of subjects) {
      if (s.questionCount === 0) return `科目${s.subjectName}还没有录入试卷结构`;
      if (Math.abs(s.paperMarks - s.fullMarks) > 1e-9)
        return `科目${s.subjectName}的试卷总分 ${s.paperMarks} 与满分 ${s.fullMarks} 不一致`;
      if (!s.hasSheet) return `科目${s.subjectName}还没有保存答题卡`;
    }
  }
  if (to === 'finished' && (exam.state === 'draft' || exam.state === 'sheet_ready')) {
    for (const s of subjects) {
      const total = await db
        .selectFrom('exam_subject_totals')
        .select('student_id')
        .where('exam_subject_id', '=', s.id)
        .limit(1)
        .executeTakeFirst();
      if (!total) return `科目${s.subjectName}还没有导入成绩`;
    }
  }
  if (exam.state === 'scanning' && to === 'sheet_ready') {
    const score = await db
      .selectFrom('exam_scores as sc')
      .innerJoin('exam_subjects as s', 's.id', 'sc.exam_subject_id')
      .select('sc.student_id')
      .where('s.exam_id', '=', exam.id)
      .where('sc.source', 'in', ['objective', 'marking'])
      .limit(1)
      .executeTakeFirst();
    if (score) return '已有扫描成绩，不能退回到答题卡就绪';
  }
  return null;
}

/** The school's grade with its academic year, or 400 `年级不存在`. */
export async function gradeOfSchool(
  db: Db,
  schoolId: number,
  gradeId: number,
): Promise<{ id: number; academic_year: number }> {
  const grade = await db
    .selectFrom('grades')
    .select(['id', 'academic_year'])
    .where('id', '=', gradeId)
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  if (!grade) throw badRequest('年级不存在');
  return grade;
}

/** Exams whose name holds the keyword (`%` and `_` taken literally). */
export function whereNameHas<O>(
  query: SelectQueryBuilder<DB, 'exams', O>,
  keyword: string,
): SelectQueryBuilder<DB, 'exams', O> {
  const escaped = keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
  return query.where(sql<boolean>`name like ${`%${escaped}%`} escape '\\'`);
}

/** One page of a filtered exam query, newest exam date first, with the total. */
export async function pageOfExams(
  query: SelectQueryBuilder<DB, 'exams', object>,
  pageNum: number,
  pageSize: number,
): Promise<{ rows: ExamRow[]; total: number }> {
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await query
    .selectAll()
    .orderBy('exam_date', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  return { rows, total: Number(counted?.n ?? 0) };
}

/**
 * The fields of a draft exam a user asked for (its type, name and date) in a grade of their school,
 * for {@link createDraftExam}.
 */
export function requestedDraft(
  user: { schoolId: number; userId: number },
  grade: { id: number; academic_year: number },
  body: { examType: string; name: string; examDate: string },
  at: number,
) {
  return {
    schoolId: user.schoolId,
    academicYear: grade.academic_year,
    gradeId: grade.id,
    examType: body.examType,
    name: body.name,
    examDate: body.examDate,
    createdBy: user.userId,
    at,
  };
}

/** A new draft exam with its subjects and participants (inside the caller's transaction); returns its id. */
export async function createDraftExam(
  trx: Db,
  exam: {
    schoolId: number;
    academicYear: number;
    gradeId: number;
    examType: string;
    name: string;
    examDate: string;
    createdBy: number;
    at: number;
    subjects: readonly ExamSubjectInput[];
    classIds: readonly number[];
    participants: readonly { studentId: number; classId: number; studentNo: string }[];
  },
): Promise<number> {
  const { id } = await trx
    .insertInto('exams')
    .values({
      school_id: exam.schoolId,
      academic_year: exam.academicYear,
      grade_id: exam.gradeId,
      exam_type: exam.examType,
      name: exam.name.trim(),
      exam_date: exam.examDate,
      state: 'draft',
      created_by: exam.createdBy,
      created_at: exam.at,
      updated_at: exam.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeSubjects(trx, id, exam.subjects);
  await writeParticipants(trx, id, exam.classIds, exam.participants);
  return id;
}
