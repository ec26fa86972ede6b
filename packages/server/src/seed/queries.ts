import type { Db } from '../core/database';

/** The students of these classes, by student number: the roster a demo exam is set for. */
export function studentsOfClasses(db: Db, classIds: number[]) {
  return db
    .selectFrom('students')
    .select(['id', 'class_id', 'student_no'])
    .where('class_id', 'in', classIds)
    .orderBy('student_no')
    .execute();
}

/**
 * Where a demo homework or online exam is set: the demo school, the user who sets it (by login),
 * this year's 高一, its first class (高一(1)班), and the school's 数学 (absent when the school has
 * none). Null without the demo school.
 */
export async function demoGradeOneMath(db: Db, login: string) {
  const school = await db
    .selectFrom('schools')
    .select('id')
    .where('code', '=', 'demo')
    .executeTakeFirst();
  if (!school) return null;
  const klass = await db
    .selectFrom('classes as c')
    .innerJoin('grades as g', 'g.id', 'c.grade_id')
    .select(['c.id', 'g.id as gradeId', 'g.academic_year'])
    .where('g.school_id', '=', school.id)
    .where('g.name', '=', '高一')
    .orderBy('g.academic_year', 'desc')
    .orderBy('c.id')
    .executeTakeFirstOrThrow();
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('school_id', '=', school.id)
    .where('login_name', '=', login)
    .executeTakeFirstOrThrow();
  const subject = await db
    .selectFrom('subjects')
    .select(['id', 'code', 'name'])
    .where('school_id', '=', school.id)
    .where('name', '=', '数学')
    .executeTakeFirst();
  return {
    schoolId: school.id,
    userId: user.id,
    grade: { id: klass.gradeId, academic_year: klass.academic_year },
    classId: klass.id,
    subject,
  };
}

/**
 * Where a seeded exam of a grade is set: the grade of that name in the year, its classes (by
 * id), and the administrator who creates it. Null when the school lacks any of them.
 */
export async function demoExamPlace(
  db: Db,
  schoolId: number,
  academicYear: number,
  gradeName: string,
): Promise<{ gradeId: number; adminId: number; classIds: number[] } | null> {
  const grade = await db
    .selectFrom('grades')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('academic_year', '=', academicYear)
    .where('name', '=', gradeName)
    .executeTakeFirst();
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('login_name', '=', 'admin')
    .executeTakeFirst();
  if (!grade || !admin) return null;
  const classes = await db
    .selectFrom('classes')
    .select('id')
    .where('grade_id', '=', grade.id)
    .orderBy('id')
    .execute();
  if (classes.length === 0) return null;
  return { gradeId: grade.id, adminId: admin.id, classIds: classes.map((c) => c.id) };
}
