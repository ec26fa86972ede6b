import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { notFound } from '../core/envelope';
import { inScopeClass, type DataScope } from '../core/scope';
import { readExamReport } from '../report/cache';
import type { ReportContext } from '../report/views/context';

/**
 * Which exams the error pages read and how they open them: the report's cached analysis under
 * the caller's data scope, with the report's own publication rule (school-wide roles see a
 * finished exam, everyone else a published one).
 */

export interface ExamRow {
  id: number;
  name: string;
  examDate: string;
  gradeId: number;
}

/** States whose report the caller may read. */
export function readableStates(scope: DataScope): ('finished' | 'published')[] {
  return scope.schoolWide ? ['finished', 'published'] : ['published'];
}

/** The session school's readable exams of a grade (or some exam ids) between two dates, oldest first. */
export async function readableExams(
  db: Db,
  scope: DataScope,
  filter: { gradeId?: number; examIds?: number[]; dateFrom?: string; dateTo?: string },
): Promise<ExamRow[]> {
  if (filter.examIds && filter.examIds.length === 0) return [];
  const rows = await db
    .selectFrom('exams')
    .select(['id', 'name', 'exam_date', 'grade_id'])
    .where('school_id', '=', scope.schoolId)
    .where('state', 'in', readableStates(scope))
    .$if(filter.gradeId !== undefined, (q) => q.where('grade_id', '=', filter.gradeId!))
    .$if(filter.examIds !== undefined, (q) => q.where('id', 'in', filter.examIds!))
    .$if(!!filter.dateFrom, (q) => q.where('exam_date', '>=', filter.dateFrom!))
    .$if(!!filter.dateTo, (q) => q.where('exam_date', '<=', filter.dateTo!))
    .orderBy('exam_date')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, examDate: r.exam_date, gradeId: r.grade_id }));
}

/** The readable exams a student sat (between two dates when given), oldest first. */
export async function studentExams(
  db: Db,
  scope: DataScope,
  studentId: number,
  dates: { dateFrom?: string; dateTo?: string } = {},
): Promise<ExamRow[]> {
  const taken = await db
    .selectFrom('exam_students')
    .select('exam_id')
    .where('student_id', '=', studentId)
    .execute();
  return readableExams(db, scope, { examIds: taken.map((t) => t.exam_id), ...dates });
}

/** The report of a readable exam as a context the report views take. */
export async function examContext(
  db: Db,
  clock: Clock,
  scope: DataScope,
  examId: number,
): Promise<ReportContext | null> {
  const read = await readExamReport(db, clock, examId);
  if (!read) return null;
  const exam = await db
    .selectFrom('exams')
    .select('state')
    .where('id', '=', examId)
    .executeTakeFirstOrThrow();
  return {
    report: read.report,
    computedAt: read.computedAt,
    published: exam.state === 'published',
    scope,
  };
}

/** One readable exam of the session's school, or 404 (another school's exam answers the same). */
export async function openExam(
  db: Db,
  clock: Clock,
  scope: DataScope,
  examId: number,
): Promise<ReportContext> {
  const [exam] = await readableExams(db, scope, { examIds: [examId] });
  const ctx = exam ? await examContext(db, clock, scope, exam.id) : null;
  if (!ctx) throw notFound('考试不存在或报告尚未发布');
  return ctx;
}

/** The exam's classes in the caller's scope, by name order of the snapshot. */
export function scopedClasses(ctx: ReportContext): { id: number; name: string }[] {
  return ctx.report.snapshot.classes.filter((c) => inScopeClass(ctx.scope, c.id));
}

/** Snapshot indexes of a class's students. */
export function membersOf(ctx: ReportContext, classId: number): number[] {
  const out: number[] = [];
  ctx.report.snapshot.students.forEach((s, i) => {
    if (s.classId === classId) out.push(i);
  });
  return out;
}
