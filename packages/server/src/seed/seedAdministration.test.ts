import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../core/database';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../test/fixtures';
import { demoElectives } from './seedAdministration';
import { seedDemo } from './seedDemo';

async function count(
  db: Db,
  table:
    | 'teaching_assignments'
    | 'student_details'
    | 'class_roles'
    | 'grade_roles'
    | 'subjects'
    | 'role_scopes'
    | 'school_params',
) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(DIALECTS)('the demo administration data on %s', (dialect) => {
  let database: TestDatabase;
  let demo: number;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    demo = (await seedDemo(database.db, { size: 'full' })).demoSchoolId;
  }, 60_000);
  afterAll(() => database.drop());

  const assignmentsOf = (login: string) =>
    database.db
      .selectFrom('teaching_assignments as ta')
      .innerJoin('users as u', 'u.id', 'ta.user_id')
      .innerJoin('classes as c', 'c.id', 'ta.class_id')
      .innerJoin('subjects as s', 's.id', 'ta.subject_id')
      .select(['c.name as className', 's.name as subjectName', 'ta.academic_year'])
      .where('u.login_name', '=', login)
      .where('u.school_id', '=', demo)
      .orderBy('c.id')
      .execute();

  it('gives the named accounts their duties for 2026', async () => {
    expect(await assignmentsOf('teacher')).toEqual([
      { className: '高一(1)班', subjectName: '数学', academic_year: 2026 },
      { className: '高一(2)班', subjectName: '数学', academic_year: 2026 },
    ]);
    const head = await database.db
      .selectFrom('class_roles as cr')
      .innerJoin('users as u', 'u.id', 'cr.user_id')
      .innerJoin('classes as c', 'c.id', 'cr.class_id')
      .select(['u.login_name', 'c.name'])
      .where('cr.school_id', '=', demo)
      .execute();
    expect(head).toEqual([{ login_name: 'head', name: '高一(1)班' }]);
    const lead = await database.db
      .selectFrom('grade_roles as gr')
      .innerJoin('users as u', 'u.id', 'gr.user_id')
      .innerJoin('grades as g', 'g.id', 'gr.grade_id')
      .select(['u.login_name', 'g.name'])
      .where('gr.school_id', '=', demo)
      .execute();
    expect(lead).toEqual([{ login_name: 'gradelead', name: '高二' }]);
    const wide = await database.db
      .selectFrom('role_scopes as rs')
      .innerJoin('roles as r', 'r.id', 'rs.role_id')
      .select('r.role_name')
      .where('r.school_id', '=', demo)
      .where('rs.school_wide', '=', 1)
      .orderBy('r.id')
      .execute();
    expect(wide.map((r) => r.role_name)).toEqual(['学校管理员', '校长', '教务主任']);
  });

  it('covers every class × subject, each generated teacher teaching in some classes', async () => {
    const rows = await database.db
      .selectFrom('teaching_assignments')
      .select(['class_id', 'subject_id', 'user_id'])
      .where('school_id', '=', demo)
      .execute();
    expect(new Set(rows.map((r) => `${r.class_id}:${r.subject_id}`)).size).toBe(12 * 9);
    const generated = await database.db
      .selectFrom('users')
      .select('id')
      .where('school_id', '=', demo)
      .where('login_name', 'like', 't0%')
      .execute();
    const teaching = new Set(rows.map((r) => r.user_id));
    expect(generated.every((u) => teaching.has(u.id))).toBe(true);
  });

  it('gives 高二 and 高三 students a valid 3+1+2 choice, 高一 none, and seeds the level lines', async () => {
    const rows = await database.db
      .selectFrom('student_details as d')
      .innerJoin('students as s', 's.id', 'd.student_id')
      .innerJoin('classes as c', 'c.id', 's.class_id')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select(['g.name', 'd.combo_type', 'd.electives'])
      .where('s.school_id', '=', demo)
      .execute();
    expect(rows).toHaveLength(600);
    for (const row of rows) {
      if (row.name === '高一') expect(row.combo_type).toBeNull();
      else {
        expect(row.combo_type).toBe('3+1+2');
        const [first, ...rest] = (row.electives ?? '').split(',');
        expect(['物理', '历史']).toContain(first);
        expect(new Set(rest).size).toBe(2);
      }
    }
    const level = await database.db
      .selectFrom('school_params')
      .select('value')
      .where('school_id', '=', demo)
      .where('param_type', '=', 'level')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(level.value)).toEqual({ excellent: 85, good: 70, pass: 60, low: 30 });
  });

  it('is idempotent', async () => {
    const tables = [
      'teaching_assignments',
      'student_details',
      'class_roles',
      'grade_roles',
      'subjects',
      'role_scopes',
      'school_params',
    ] as const;
    const before = await Promise.all(tables.map((t) => count(database.db, t)));
    await seedDemo(database.db, { size: 'full' });
    expect(await Promise.all(tables.map((t) => count(database.db, t)))).toEqual(before);
  });
});

describe('demoElectives', () => {
  it.each([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])(
    'gives student %i three distinct subjects',
    (n) => {
      const [first, ...rest] = demoElectives(n);
      expect(['物理', '历史']).toContain(first);
      expect(rest.every((s) => ['化学', '生物', '政治', '地理'].includes(s))).toBe(true);
      expect(new Set(rest).size).toBe(2);
    },
  );
});
