import type { Db } from '../core/database';

/**
 * A class of named students in a school's grade (the grade created when `grade` is given), for
 * tests that need a school or class the small demo does not have. Student numbers are
 * `${prefix}${i}`.
 */
export async function addClassWithStudents(
  db: Db,
  input: {
    schoolId: number;
    grade: number | { name: string; gradeNum: number; academicYear: number };
    className: string;
    names: readonly string[];
    prefix: string;
  },
): Promise<{ gradeId: number; classId: number }> {
  const gradeId =
    typeof input.grade === 'number'
      ? input.grade
      : (
          await db
            .insertInto('grades')
            .values({
              school_id: input.schoolId,
              academic_year: input.grade.academicYear,
              name: input.grade.name,
              grade_num: input.grade.gradeNum,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
  const { id: classId } = await db
    .insertInto('classes')
    .values({ grade_id: gradeId, name: input.className })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('students')
    .values(
      input.names.map((name, i) => ({
        school_id: input.schoolId,
        class_id: classId,
        student_no: `${input.prefix}${i}`,
        name,
        tel: null,
      })),
    )
    .execute();
  return { gradeId, classId };
}

/** Gives a school's role one more permission key, for tests of a key the demo role lacks. */
export async function grantKey(db: Db, schoolId: number, roleName: string, key: string) {
  const role = await db
    .selectFrom('roles')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('role_name', '=', roleName)
    .executeTakeFirstOrThrow();
  await db.insertInto('role_permissions').values({ role_id: role.id, perm_code: key }).execute();
}
