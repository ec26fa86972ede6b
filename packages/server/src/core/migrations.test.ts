import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from './database';
import { migrate } from './migrations';

describe('migrate', () => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
  });

  it('brings an empty database to the latest schema and is a no-op the second time', async () => {
    db = createDatabase({ dialect: 'sqlite', file: ':memory:' });
    await migrate(db);
    const tables = async () =>
      (
        await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' order by name`.execute(db!)
      ).rows.map((r) => r.name);
    const first = await tables();
    expect(first).toEqual(
      expect.arrayContaining(['users', 'exams', 'marking_papers', 'scan_sheets', 'report_cache']),
    );
    await migrate(db);
    expect(await tables()).toEqual(first);
    const ran = await sql<{
      name: string;
    }>`select name from kysely_migration order by name`.execute(db);
    expect(ran.rows.map((r) => r.name)).toContain('0007_homework_settings');
  });
});
