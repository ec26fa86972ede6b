import type { Db } from '../core/database';

/** Home-page figures of one school in one academic year, in one round trip. */
export async function schoolFigures(db: Db, schoolId: number, academicYear: number) {
  const row = await db
    .selectFrom('schools as s')
    .where('s.id', '=', schoolId)
    .select((eb) => [
      's.id',
      's.name',
      eb
        .selectFrom('grades as g')
        .select(eb.fn.countAll<number>().as('n'))
        .where('g.school_id', '=', schoolId)
        .where('g.academic_year', '=', academicYear)
        .as('grades'),
      eb
        .selectFrom('classes as c')
        .innerJoin('grades as g', 'g.id', 'c.grade_id')
        .select(eb.fn.countAll<number>().as('n'))
        .where('g.school_id', '=', schoolId)
        .where('g.academic_year', '=', academicYear)
        .as('classes'),
      // Starts from the year's grades so the indexes lead: grades → classes → students.
      eb
        .selectFrom('grades as g')
        .innerJoin('classes as c', 'c.grade_id', 'g.id')
        .innerJoin('students as st', 'st.class_id', 'c.id')
        .select(eb.fn.countAll<number>().as('n'))
        .where('g.school_id', '=', schoolId)
        .where('g.academic_year', '=', academicYear)
        .as('students'),
      eb
        .selectFrom('teachers as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select(eb.fn.countAll<number>().as('n'))
        .where('t.school_id', '=', schoolId)
        .where('u.status', '=', 1)
        .as('teachers'),
    ])
    .executeTakeFirst();
  if (!row) return null;
  return {
    schoolId: row.id,
    schoolName: row.name,
    gradeCount: Number(row.grades),
    classCount: Number(row.classes),
    studentCount: Number(row.students),
    teacherCount: Number(row.teachers),
    academicYear,
  };
}
