import type { Selectable } from 'kysely';
import { BUILT_IN_PROFILES, type GradeLevel, type GradingProfile } from '@examkit/analysis';
import type { Db } from '../core/database';
import { notFound } from '../core/envelope';
import type { AnalysisStudent, AnalysisSubject } from './compute';
import type { GaokaoAnalysesTable } from './tables';

export type AnalysisRow = Selectable<GaokaoAnalysesTable>;
export const ANALYSIS_NOT_FOUND = '新高考分析不存在';

/** The session school's analysis, or 404 (another school's is indistinguishable from none). */
export async function loadAnalysis(db: Db, schoolId: number, id: number): Promise<AnalysisRow> {
  const row = await db
    .selectFrom('gaokao_analyses')
    .selectAll()
    .where('id', '=', id)
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  if (!row) throw notFound(ANALYSIS_NOT_FOUND);
  return row;
}

/** The profile an analysis was made with. */
export const profileOf = (row: AnalysisRow): GradingProfile & { code: string } => ({
  code: row.profile_code,
  name: row.profile_name,
  levels: JSON.parse(row.profile_levels) as GradeLevel[],
});

/** The built-in profile of a code, or null for `custom`. */
export const builtInProfile = (code: string): GradingProfile | null =>
  (BUILT_IN_PROFILES as Record<string, GradingProfile>)[code] ?? null;

/** An exam's subjects with every student's total (null = absent), by subject name. */
export async function loadSubjects(db: Db, examId: number): Promise<AnalysisSubject[]> {
  const subjects = await db
    .selectFrom('exam_subjects')
    .select(['id', 'subject_name', 'full_marks'])
    .where('exam_id', '=', examId)
    .orderBy('sort_order')
    .execute();
  if (subjects.length === 0) return [];
  const totals = await db
    .selectFrom('exam_subject_totals')
    .select(['exam_subject_id', 'student_id', 'score'])
    .where(
      'exam_subject_id',
      'in',
      subjects.map((s) => s.id),
    )
    .execute();
  return subjects.map((s) => ({
    name: s.subject_name,
    fullMarks: Number(s.full_marks),
    scores: new Map(
      totals
        .filter((t) => t.exam_subject_id === s.id)
        .map((t) => [t.student_id, t.score === null ? null : Number(t.score)]),
    ),
  }));
}

/** The exam's students with their class and 选科. */
export async function loadStudents(db: Db, examId: number): Promise<AnalysisStudent[]> {
  const rows = await db
    .selectFrom('exam_students as es')
    .innerJoin('students as s', 's.id', 'es.student_id')
    .innerJoin('classes as c', 'c.id', 'es.class_id')
    .leftJoin('student_details as d', 'd.student_id', 's.id')
    .select([
      's.id',
      's.student_no',
      's.name',
      'es.class_id',
      'c.name as class_name',
      'd.combo_type',
      'd.electives',
    ])
    .where('es.exam_id', '=', examId)
    .orderBy('s.student_no')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    studentNo: r.student_no,
    name: r.name,
    classId: r.class_id,
    className: r.class_name,
    comboType: r.combo_type ?? null,
    electives: r.electives ? r.electives.split(',') : [],
  }));
}
