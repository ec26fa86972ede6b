import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../core/database';
import { seedDemo } from '../seed/seedDemo';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../test/fixtures';
import { administrationMigrations } from './migrations';

describe.each(DIALECTS)('0091_homework_settings_modes on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedDemo(database.db, { size: 'small' });
  });
  afterAll(() => database.drop());

  it('turns stored 学生互评 rows into 教师批改 and drops 通知家长', async () => {
    const { db } = database;
    const migration = administrationMigrations(dialectOf(db))['0091_homework_settings_modes']!;
    // The table as it was before: with notify_parents.
    await migration.down!(db);
    const school = await db
      .selectFrom('schools')
      .select('id')
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
    const grade = await db
      .selectFrom('grades')
      .select(['id', 'academic_year'])
      .where('school_id', '=', school.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const subjects = await db
      .selectFrom('subjects')
      .select('id')
      .where('school_id', '=', school.id)
      .orderBy('id')
      .limit(3)
      .execute();
    const modes = ['peer', 'teacher', 'auto'];
    for (const [i, s] of subjects.entries())
      await sql`insert into homework_settings (school_id, academic_year, grade_id, subject_id,
        updated_by, updated_at, enabled, deadline_time, allow_late, correction_mode, notify_parents)
        values (${school.id}, ${grade.academic_year}, ${grade.id}, ${s.id}, 1, 0, 1, '22:00', 1,
        ${modes[i]}, 1)`.execute(db);

    await migration.up(db);
    const rows = await db
      .selectFrom('homework_settings')
      .selectAll()
      .where('school_id', '=', school.id)
      .orderBy('subject_id')
      .execute();
    expect(rows.map((r) => r.correction_mode)).toEqual(['teacher', 'teacher', 'auto']);
    expect(rows.every((r) => !('notify_parents' in r))).toBe(true);
  });
});
