import type { ExamState } from '@examkit/contracts';
import type { Selectable } from 'kysely';
import { permissionCodesIn } from '../auth/access';
import type { Db } from '../core/database';
import { inScopeGrade, inScopeSubject, type DataScope } from '../core/scope';
import { badRequest, forbidden, notFound } from '../core/envelope';
import type { SessionInfo } from '../core/session';
import type { ExamSubjectsTable, ExamsTable } from './tables';

export type ExamRow = Selectable<ExamsTable>;
export type SubjectRow = Selectable<ExamSubjectsTable>;

/** Exam management (list, create, edit, paper, keys, scores). */
export const EXAM_SINGLE = ['Exam-Single'] as const;
/** The answer-sheet tool: /exam/single/create_answer_sheet (Exam-Single) and /card/create (Exam-Tool). */
export const SHEET_TOOL = ['Exam-Single', 'Exam-Tool'] as const;

/** Throws 403 unless the caller holds one of the keys in the session's academic year. */
export async function requireAnyPermission(
  db: Db,
  session: SessionInfo,
  codes: readonly string[],
): Promise<void> {
  const held = await permissionCodesIn(db, session.userId, session.academicYear);
  if (!codes.some((code) => held.has(code))) throw forbidden('没有考试管理权限');
}

export const EXAM_NOT_FOUND = '考试不存在';

/** The session school's exam, or 404 (another school's exam is indistinguishable from none). */
export async function loadExam(db: Db, schoolId: number, id: number): Promise<ExamRow> {
  const exam = await db
    .selectFrom('exams')
    .selectAll()
    .where('id', '=', id)
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  if (!exam) throw notFound(EXAM_NOT_FOUND);
  return exam;
}

/** An exam subject of the session school with its exam, or 404. */
export async function loadSubject(
  db: Db,
  schoolId: number,
  examSubjectId: number,
): Promise<{ exam: ExamRow; subject: SubjectRow }> {
  const subject = await db
    .selectFrom('exam_subjects')
    .selectAll()
    .where('id', '=', examSubjectId)
    .executeTakeFirst();
  if (!subject) throw notFound('考试科目不存在');
  const exam = await db
    .selectFrom('exams')
    .selectAll()
    .where('id', '=', subject.exam_id)
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  if (!exam) throw notFound('考试科目不存在');
  return { exam, subject };
}

export const stateOf = (exam: ExamRow): ExamState => exam.state;

/** Refuses an exam outside the user's data scope (a teacher sees the exams of their grades). */
export function assertExamVisible(scope: DataScope, exam: ExamRow): void {
  if (!inScopeGrade(scope, exam.grade_id)) throw forbidden('超出数据范围：不是您所在年级的考试');
}

/** Managing an exam (create, edit, delete, state, score import): school-wide roles or the grade's 年级主任. */
export function assertExamManager(scope: DataScope, gradeId: number): void {
  if (!scope.schoolWide && !scope.leadGradeIds.has(gradeId))
    throw forbidden('只有全校范围的角色或本年级的年级主任可以管理考试');
}

const PAPER_EDITORS = '只有考试管理者或任教该科目的老师可以修改试卷和答题卡';

/**
 * Paper structure, answer keys and the answer sheet of a subject: exam managers, and the
 * teachers who teach that subject in one of the exam's classes.
 */
export async function assertSubjectEditor(
  db: Db,
  scope: DataScope,
  exam: ExamRow,
  subject: SubjectRow,
): Promise<void> {
  if (scope.schoolWide || scope.leadGradeIds.has(exam.grade_id)) return;
  if (scope.wholeSchoolReader) throw forbidden(PAPER_EDITORS);
  const [schoolSubjects, classes] = await Promise.all([
    db
      .selectFrom('subjects')
      .select(['id', 'code', 'name'])
      .where('school_id', '=', exam.school_id)
      .execute(),
    db.selectFrom('exam_classes').select('class_id').where('exam_id', '=', exam.id).execute(),
  ]);
  const own =
    schoolSubjects.find((s) => s.code === subject.subject_code) ??
    schoolSubjects.find((s) => s.name === subject.subject_name);
  if (own && classes.some((c) => inScopeSubject(scope, c.class_id, own.id))) return;
  throw forbidden(PAPER_EDITORS);
}

/** Re-reads the exam's state inside the write: a concurrent transition makes the edit fail. */
export async function assertStateUnchanged(trx: Db, exam: ExamRow): Promise<void> {
  const touched = await trx
    .updateTable('exams')
    .set({ updated_at: exam.updated_at })
    .where('id', '=', exam.id)
    .where('state', '=', exam.state)
    .executeTakeFirst();
  if (Number(touched.numUpdatedRows) !== 1) throw badRequest('考试状态已变化，请刷新后重试');
}

/**
 * Refuses a school's own edit of the paper structure, answer key or answer sheet of its exam in a
 * joint exam organised for a region: the organiser sets them once for every school
 * (docs/joint-exams.md#paper). A cross-school exam (no region) keeps the host's pages.
 */
export async function assertNotJointCopy(db: Db, examId: number): Promise<void> {
  if (await isJointCopy(db, examId))
    throw badRequest('这是联考中本校的考试，试卷结构、答案和答题卡由联考组织方在联考页面统一设置');
}

/** Whether the exam is a school's exam in a joint exam organised for a region. */
export async function isJointCopy(db: Db, examId: number): Promise<boolean> {
  const joint = await db
    .selectFrom('joint_exam_schools as js')
    .innerJoin('joint_exams as j', 'j.id', 'js.joint_exam_id')
    .select('j.id')
    .where('js.exam_id', '=', examId)
    .where('j.region_id', 'is not', null)
    .executeTakeFirst();
  return joint !== undefined;
}
