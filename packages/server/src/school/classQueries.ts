import { sql } from 'kysely';
import type { Db } from '../core/database';
import { badRequest, forbidden } from '../core/envelope';
import { scopedClassIds, type DataScope } from '../core/scope';
import { subjectsOf } from './common';

/** Whether the scope may change the classes of a grade: school-wide or its 年级主任. */
export function assertGradeWrite(scope: DataScope, gradeId: number): void {
  if (!scope.schoolWide && !scope.leadGradeIds.has(gradeId))
    throw forbidden('超出数据范围：无权管理该年级的班级');
}

/** The number of students of the class a column (`c.id`) names, as a column of a select. */
export function classStudentCount(classColumn: string) {
  return sql<number>`(select count(*) from students where students.class_id = ${sql.ref(classColumn)})`;
}

/** Administrative classes in scope, with their 班主任 and student counts. */
export async function classesInScope(db: Db, scope: DataScope, gradeId?: number) {
  const ids = scopedClassIds(scope);
  if (ids !== null && ids.length === 0) return [];
  let q = db
    .selectFrom('classes as c')
    .innerJoin('grades as g', 'g.id', 'c.grade_id')
    .leftJoin('class_roles as cr', (j) =>
      j
        .onRef('cr.class_id', '=', 'c.id')
        .on('cr.role_type', '=', 1)
        .on('cr.academic_year', '=', scope.academicYear),
    )
    .leftJoin('users as u', 'u.id', 'cr.user_id')
    .select([
      'c.id',
      'c.name',
      'g.id as gradeId',
      'g.name as gradeName',
      'u.id as headTeacherId',
      'u.nick_name as headTeacherName',
      classStudentCount('c.id').as('studentCount'),
    ])
    .where('g.school_id', '=', scope.schoolId)
    .where('g.academic_year', '=', scope.academicYear);
  if (gradeId !== undefined) q = q.where('g.id', '=', gradeId);
  if (ids !== null) q = q.where('c.id', 'in', ids);
  const rows = await q.orderBy('g.grade_num').orderBy('c.id').execute();
  return rows.map((row) => ({
    ...row,
    headTeacherId: row.headTeacherId ?? null,
    headTeacherName: row.headTeacherName ?? null,
    studentCount: Number(row.studentCount ?? 0),
  }));
}

/**
 * The classes of a grade in id order with their student counts; only those of `ids` when given
 * (a scope's classes: none when empty).
 */
export async function classCountsOfGrade(db: Db, gradeId: number, ids: number[] | null = null) {
  let q = db
    .selectFrom('classes as c')
    .select(['c.id', 'c.name', classStudentCount('c.id').as('n')])
    .where('c.grade_id', '=', gradeId);
  if (ids !== null) q = q.where('c.id', 'in', ids.length ? ids : [0]);
  const rows = await q.orderBy('c.id').execute();
  return rows.map((c) => ({ id: c.id, name: c.name, studentCount: Number(c.n ?? 0) }));
}

/** The school's grades of the academic year, in grade order. */
export async function gradesOf(db: Db, schoolId: number, academicYear: number) {
  const rows = await db
    .selectFrom('grades')
    .select(['id', 'name', 'grade_num', 'academic_year'])
    .where('school_id', '=', schoolId)
    .where('academic_year', '=', academicYear)
    .orderBy('grade_num')
    .execute();
  return rows.map((g) => ({
    id: g.id,
    name: g.name,
    gradeNum: g.grade_num,
    academicYear: g.academic_year,
  }));
}

/** Subjects the scope covers in the given classes (all of them where the scope is full). */
export async function subjectsInScope(db: Db, scope: DataScope, classIds: number[]) {
  const all = await subjectsOf(db, scope.schoolId);
  if (scope.schoolWide || classIds.some((id) => scope.fullClassIds.has(id))) return all;
  const allowed = new Set(classIds.flatMap((id) => [...(scope.subjectsByClass.get(id) ?? [])]));
  return all.filter((s) => allowed.has(s.id));
}

/**
 * Refuses a name another class (or 教学班) of the grade already has; `except` is the one
 * being renamed.
 */
export async function assertNameFreeInGrade(
  db: Db,
  table: 'classes' | 'teaching_classes',
  gradeId: number,
  name: string,
  except?: number,
): Promise<void> {
  let q = db
    .selectFrom(table)
    .select('id')
    .where('grade_id', '=', gradeId)
    .where('name', '=', name);
  if (except !== undefined) q = q.where('id', '!=', except);
  if (await q.executeTakeFirst())
    throw badRequest(table === 'classes' ? '该年级已有同名班级' : '该年级已有同名教学班');
}

/**
 * The grade and subject names of some rows with a `grade_id` and a `subject_id` (homework,
 * 作业分组, 字词练习), one query each: a row's `{ gradeName, subjectName }` ('' when missing).
 */
export async function gradeSubjectNamesOf(
  db: Db,
  rows: readonly { grade_id: number; subject_id: number }[],
) {
  const [grades, subjects] =
    rows.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .selectFrom('grades')
            .select(['id', 'name'])
            .where('id', 'in', [...new Set(rows.map((r) => r.grade_id))])
            .execute(),
          db
            .selectFrom('subjects')
            .select(['id', 'name'])
            .where('id', 'in', [...new Set(rows.map((r) => r.subject_id))])
            .execute(),
        ]);
  return (r: { grade_id: number; subject_id: number }) => ({
    gradeName: grades.find((g) => g.id === r.grade_id)?.name ?? '',
    subjectName: subjects.find((s) => s.id === r.subject_id)?.name ?? '',
  });
}
