import type { HomeworkTarget } from '@examkit/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../core/database';
import { forbidden, notFound } from '../core/envelope';
import { inScopeSubject, type Access, type DataScope } from '../core/scope';
import { classCountsOfGrade } from '../school/classQueries';
import { teachClassRows } from '../school/teachingClassRoutes';
import type { HomeworksTable } from './tables';

export type HomeworkRow = Selectable<HomeworksTable>;

/** 校本作业 needs Homework-SchoolBase (the menu entry /homework/school-base). */
export async function requireSchoolBase(access: Access): Promise<void> {
  if (!(await access.has('Homework-SchoolBase'))) throw forbidden('没有校本作业的权限');
}

/** Whether the scope reaches a grade × subject: some class of the grade shows the subject. */
export function reachesGradeSubject(
  scope: DataScope,
  classIdsOfGrade: readonly number[],
  subjectId: number,
): boolean {
  return scope.schoolWide || classIdsOfGrade.some((c) => inScopeSubject(scope, c, subjectId));
}

/**
 * The classes and teaching classes of a grade × subject the caller may set homework for: the
 * classes where they see the subject, the teaching classes they teach or lead the grade of.
 */
export async function targetsOf(
  db: Db,
  scope: DataScope,
  userId: number,
  gradeId: number,
  subjectId: number,
): Promise<HomeworkTarget[]> {
  const classes = await classCountsOfGrade(db, gradeId);
  const teaching = await teachClassRows(db, scope, userId, { gradeId, subjectId });
  return [
    ...classes
      .filter((c) => inScopeSubject(scope, c.id, subjectId))
      .map((c) => ({ kind: 'class' as const, ...c })),
    ...teaching.map((t) => ({
      kind: 'teachingClass' as const,
      id: t.id,
      name: t.name,
      studentCount: t.studentCount,
    })),
  ];
}

/**
 * A homework of the session's school and year the caller may see: another school's, another
 * year's, or one outside their grades and subjects answers as missing.
 */
export async function loadHomework(db: Db, access: Access, id: number): Promise<HomeworkRow> {
  const { session } = access;
  const row = await db
    .selectFrom('homeworks')
    .selectAll()
    .where('id', '=', id)
    .where('school_id', '=', session.schoolId)
    .where('academic_year', '=', session.academicYear)
    .executeTakeFirst();
  if (!row) throw notFound('作业不存在');
  const scope = await access.scope();
  if (row.created_by !== session.userId && !scope.schoolWide) {
    const classIds = (
      await db.selectFrom('classes').select('id').where('grade_id', '=', row.grade_id).execute()
    ).map((c) => c.id);
    if (!reachesGradeSubject(scope, classIds, row.subject_id)) throw notFound('作业不存在');
  }
  return row;
}
