import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';
import { autoId } from '../core/migrationColumns';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

const REGION_NOT_NULL = /"region_id" integer not null/;

/**
 * SQLite cannot drop a NOT NULL: the table is rebuilt from its own DDL (edited by `edit`) with
 * foreign keys off, so the tables that reference it keep their rows. SQLite migrations run
 * outside a transaction (Kysely), which is what lets the pragma take effect.
 */
async function rebuildSqliteTable(db: AnyDb, table: string, edit: (ddl: string) => string) {
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master
    where type = 'table' and name = ${table}`.execute(db);
  const ddl = rows[0]?.sql ?? '';
  const edited = edit(ddl);
  if (edited === ddl) throw new Error(`${table}: the column to change was not found`);
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master
    where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
  const next = `${table}_rebuilt`;
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql
      .raw(edited.replace(new RegExp(`^create table "?${table}"?`, 'i'), `create table "${next}"`))
      .execute(db);
    await sql.raw(`insert into "${next}" select * from "${table}"`).execute(db);
    await sql.raw(`drop table "${table}"`).execute(db);
    await sql.raw(`alter table "${next}" rename to "${table}"`).execute(db);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error(`${table}: foreign keys broken by the rebuild`);
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/**
 * `0050_cross_school`: a joint exam may have no region (a cross-school exam of two schools of any
 * regions, organised by the host school), and the host's invite codes.
 */
export function crossSchoolMigrations(dialect: Dialect): Record<string, Migration> {
  const { id, auto } = autoId(dialect);
  return {
    '0050_cross_school': {
      async up(db: AnyDb) {
        if (dialect === 'postgres')
          await sql`alter table joint_exams alter column region_id drop not null`.execute(db);
        else
          await rebuildSqliteTable(db, 'joint_exams', (ddl) =>
            ddl.replace(REGION_NOT_NULL, '"region_id" integer'),
          );
        await db.schema
          .createTable('cross_school_invites')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('exam_id', 'integer', (c) =>
            c.notNull().references('exams.id').onDelete('cascade'),
          )
          .addColumn('code_hash', 'text', (c) => c.notNull().unique())
          .addColumn('school_labels', 'text', (c) => c.notNull())
          .addColumn('created_by', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('used_at', 'bigint')
          .addColumn('guest_school_id', 'integer', (c) =>
            c.references('schools.id').onDelete('cascade'),
          )
          .addColumn('joint_exam_id', 'integer', (c) =>
            c.references('joint_exams.id').onDelete('set null'),
          )
          .addColumn('revoked_at', 'bigint')
          .execute();
        await db.schema
          .createIndex('cross_school_invites_school_idx')
          .on('cross_school_invites')
          .columns(['school_id', 'exam_id'])
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('cross_school_invites').ifExists().execute();
        await db.deleteFrom('joint_exams').where('region_id', 'is', null).execute();
        if (dialect === 'postgres')
          await sql`alter table joint_exams alter column region_id set not null`.execute(db);
        else
          await rebuildSqliteTable(db, 'joint_exams', (ddl) =>
            ddl.replace(/"region_id" integer(?! not null)/, '"region_id" integer not null'),
          );
      },
    },
  };
}
