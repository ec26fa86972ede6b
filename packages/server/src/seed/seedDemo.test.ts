import { PERMISSION_KEYS } from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../core/database';
import { migrate } from '../core/migrations';
import { verifyPassword } from '../core/password';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../test/fixtures';
import { DEMO_ROLES } from './demoRoles';
import { seedDemo } from './seedDemo';

async function counts(db: Db) {
  const tables = [
    'schools',
    'users',
    'roles',
    'role_permissions',
    'user_roles',
    'grades',
    'classes',
    'students',
    'teachers',
    'integrations',
  ] as const;
  const out: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

describe.each(DIALECTS)('the full demo seed on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  }, 60_000);
  afterAll(() => database.drop());

  it('creates 示范中学 with 3 grades, 12 classes, 600 students and about 60 teachers, and is idempotent', async () => {
    const first = await seedDemo(database.db, { size: 'full' });
    const before = await counts(database.db);
    const second = await seedDemo(database.db, { size: 'full' });
    await migrate(database.db, database.schema ? { schema: database.schema } : {});
    expect(second).toEqual(first);
    expect(await counts(database.db)).toEqual(before);

    const demo = first.demoSchoolId;
    const grades = await database.db
      .selectFrom('grades')
      .select('name')
      .where('school_id', '=', demo)
      .orderBy('grade_num')
      .execute();
    expect(grades.map((g) => g.name)).toEqual(['高一', '高二', '高三']);
    const classes = await database.db
      .selectFrom('classes as c')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('g.school_id', '=', demo)
      .executeTakeFirstOrThrow();
    expect(Number(classes.n)).toBe(12);
    const students = await database.db
      .selectFrom('students')
      .select(['student_no'])
      .where('school_id', '=', demo)
      .execute();
    expect(students).toHaveLength(600);
    expect(new Set(students.map((s) => s.student_no)).size).toBe(600);
    const teachers = await database.db
      .selectFrom('teachers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('school_id', '=', demo)
      .executeTakeFirstOrThrow();
    expect(Number(teachers.n)).toBe(60);

    const admin = await database.db
      .selectFrom('users')
      .select('password_hash')
      .where('school_id', '=', demo)
      .where('login_name', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(admin.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2/);
    expect(await verifyPassword(admin.password_hash, 'demo2026')).toBe(true);
  }, 60_000);
});

describe('demo roles', () => {
  it('use only catalogue keys, and the school administrator holds every key', () => {
    const known = new Set(PERMISSION_KEYS);
    for (const codes of Object.values(DEMO_ROLES))
      for (const code of codes) expect(known.has(code)).toBe(true);
    expect(DEMO_ROLES['学校管理员']).toEqual(PERMISSION_KEYS);
    expect(Object.keys(DEMO_ROLES)).toEqual([
      '学校管理员',
      '校长',
      '教务主任',
      '年级主任',
      '班主任',
      '任课教师',
      '阅卷老师',
    ]);
  });
});
