import type { Db } from '../core/database';
import { DEMO_PASSWORD } from '../seed/seedDemo';
import { createAdministrator } from '../setup/createAdministrator';
import { TEST_NOW } from './fixtures';

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

/**
 * One more school with its administrator (`loginName`, the demo password) and a 高一(1)班 of three
 * students (`${prefix}0`…), a member of a region: the demo's by code, or a new one. For the
 * cross-school, joint and bureau tests.
 */
export async function addSchoolInRegion(
  db: Db,
  input: {
    schoolName: string;
    loginName: string;
    prefix: string;
    region: string | { code: string; name: string; level: 'district' | 'city' };
  },
): Promise<{ schoolId: number; regionId: number; gradeId: number; classId: number }> {
  const { schoolId } = await createAdministrator(db, {
    schoolName: input.schoolName,
    loginName: input.loginName,
    password: DEMO_PASSWORD,
    now: TEST_NOW.getTime(),
  });
  const { gradeId, classId } = await addClassWithStudents(db, {
    schoolId,
    grade: { name: '高一', gradeNum: 10, academicYear: 2026 },
    className: '高一(1)班',
    names: ['甲同学', '乙同学', '丙同学'],
    prefix: input.prefix,
  });
  const regionId =
    typeof input.region === 'string'
      ? (
          await db
            .selectFrom('regions')
            .select('id')
            .where('code', '=', input.region)
            .executeTakeFirstOrThrow()
        ).id
      : (
          await db
            .insertInto('regions')
            .values({ ...input.region, created_at: 0 })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
  await db
    .insertInto('region_schools')
    .values({ region_id: regionId, school_id: schoolId })
    .execute();
  return { schoolId, regionId, gradeId, classId };
}

/** A school's 2026 grade of a number (高一: 10) and its classes, for an exam of the whole grade. */
export async function gradeWithClasses(db: Db, schoolId: number, gradeNum = 10) {
  const grade = await db
    .selectFrom('grades')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('academic_year', '=', 2026)
    .where('grade_num', '=', gradeNum)
    .executeTakeFirstOrThrow();
  const classes = await db
    .selectFrom('classes')
    .select('id')
    .where('grade_id', '=', grade.id)
    .execute();
  return { gradeId: grade.id, classIds: classes.map((c) => c.id) };
}
