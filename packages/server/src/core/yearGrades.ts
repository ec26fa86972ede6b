import type { Db } from './database';
import { inScopeClass, type DataScope } from './scope';

/** The grades of a school's academic year, youngest first (`grade_num` order). */
export function yearGrades(db: Db, schoolId: number, academicYear: number) {
  return db
    .selectFrom('grades')
    .select(['id', 'name', 'grade_num'])
    .where('school_id', '=', schoolId)
    .where('academic_year', '=', academicYear)
    .orderBy('grade_num')
    .execute();
}

/** The classes of the session's year in scope, with their grade, in grade and class order. */
export async function scopedYearClasses(db: Db, scope: DataScope) {
  const rows = await db
    .selectFrom('classes as c')
    .innerJoin('grades as g', 'g.id', 'c.grade_id')
    .select(['c.id', 'c.name', 'c.grade_id', 'g.name as gradeName'])
    .where('g.school_id', '=', scope.schoolId)
    .where('g.academic_year', '=', scope.academicYear)
    .orderBy('g.grade_num')
    .orderBy('c.id')
    .execute();
  return rows.filter((r) => inScopeClass(scope, r.id));
}
