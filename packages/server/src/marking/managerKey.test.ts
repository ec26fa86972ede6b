import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../core/database';
import { seedDemo } from '../seed/seedDemo';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../test/fixtures';
import { markingMigrations } from './migrations';

describe.each(DIALECTS)('marking manager key migration on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedDemo(database.db, { size: 'small' });
  });
  afterAll(() => database.drop());

  it('gives Exam-Wuhen-Manage to roles that managed marking in one role, not to split keys', async () => {
    const { db } = database;
    const school = await db
      .selectFrom('schools')
      .select('id')
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
    const role = async (name: string, codes: string[]) => {
      const { id } = await db
        .insertInto('roles')
        .values({ school_id: school.id, role_name: name })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('role_permissions')
        .values(codes.map((perm_code) => ({ role_id: id, perm_code })))
        .execute();
      return id;
    };
    const before = await role('旧阅卷管理', ['Exam-Wuhen', 'Exam-Single']);
    const system = await role('旧系统', ['Exam-Wuhen', 'System']);
    const marker = await role('只阅卷', ['Exam-Wuhen']);
    const exams = await role('只考试', ['Exam-Single']);
    await markingMigrations(dialectOf(db))['0007m_marking_manager_key']!.up(db);
    const holders = await db
      .selectFrom('role_permissions')
      .select('role_id')
      .where('perm_code', '=', 'Exam-Wuhen-Manage')
      .where('role_id', 'in', [before, system, marker, exams])
      .orderBy('role_id')
      .execute();
    expect(holders.map((h) => h.role_id)).toEqual([before, system]);
  });
});
