import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';
import { createJointTables, JOINT_TABLES } from '../joint/migrations';
import { autoId, cascadeTo, notNull } from '../core/migrationColumns';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

const TABLES = [...JOINT_TABLES, 'bureau_seats', 'bureau_users', 'region_schools', 'regions'];

/** Regions, their schools, bureau accounts and joint exams, named `0031_…` to run after the schools and users. */
export function regionMigrations(dialect: Dialect): Record<string, Migration> {
  const { id, auto } = autoId(dialect);
  return {
    '0031_regions_joint': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('regions')
          .addColumn('id', id, auto)
          .addColumn('code', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', notNull)
          .addColumn('level', 'text', notNull)
          .addColumn('parent_id', 'integer', (c) => c.references('regions.id').onDelete('set null'))
          .addColumn('created_at', 'bigint', notNull)
          .execute();
        await db.schema
          .createTable('region_schools')
          .addColumn('region_id', 'integer', cascadeTo('regions'))
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().unique().references('schools.id').onDelete('cascade'),
          )
          .execute();
        await db.schema
          .createIndex('region_schools_region_idx')
          .on('region_schools')
          .column('region_id')
          .execute();
        await db.schema
          .createTable('bureau_users')
          .addColumn('id', id, auto)
          .addColumn('region_id', 'integer', cascadeTo('regions'))
          .addColumn('login_name', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', notNull)
          .addColumn('nick_name', 'text', notNull)
          .addColumn('tel', 'text')
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('created_at', 'bigint', notNull)
          .execute();
        await db.schema
          .createTable('bureau_seats')
          .addColumn('bureau_user_id', 'integer', cascadeTo('bureau_users'))
          .addColumn('school_id', 'integer', cascadeTo('schools'))
          .addColumn('user_id', 'integer', (c) =>
            c.notNull().unique().references('users.id').onDelete('cascade'),
          )
          .addPrimaryKeyConstraint('bureau_seats_pk', ['bureau_user_id', 'school_id'])
          .execute();
        await createJointTables(db, dialect);
      },
      async down(db: AnyDb) {
        for (const table of TABLES) await db.schema.dropTable(table).ifExists().execute();
      },
    },
    // Platform operators: accounts of the platform in no school (docs/joint-exams.md#operator).
    '0073_platform_operators': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('platform_operators')
          .addColumn('id', id, auto)
          .addColumn('login_name', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', notNull)
          .addColumn('nick_name', 'text', notNull)
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('created_at', 'bigint', notNull)
          .execute();
        await db.schema
          .createTable('platform_operator_sessions')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('operator_id', 'integer', cascadeTo('platform_operators'))
          .addColumn('created_at', 'bigint', notNull)
          .addColumn('last_seen_at', 'bigint', notNull)
          .addColumn('revoked_at', 'bigint')
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('platform_operator_sessions').ifExists().execute();
        await db.schema.dropTable('platform_operators').ifExists().execute();
      },
    },
    // A school's consent before it joins a region, and the operators' audit log
    // (docs/joint-exams.md#consent, #operator-audit).
    '0084_region_invites_operator_audit': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('region_school_invites')
          .addColumn('region_id', 'integer', cascadeTo('regions'))
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().unique().references('schools.id').onDelete('cascade'),
          )
          .addColumn('invited_at', 'bigint', notNull)
          .execute();
        await db.schema
          .createTable('platform_operator_audit')
          .addColumn('id', id, auto)
          .addColumn('operator_id', 'integer', notNull)
          .addColumn('operator_name', 'text', notNull)
          .addColumn('action', 'text', notNull)
          .addColumn('region_id', 'integer')
          .addColumn('region_name', 'text')
          .addColumn('school_id', 'integer')
          .addColumn('school_name', 'text')
          .addColumn('bureau_user_id', 'integer')
          .addColumn('bureau_login', 'text')
          .addColumn('detail', 'text', notNull)
          .addColumn('created_at', 'bigint', notNull)
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('platform_operator_audit').ifExists().execute();
        await db.schema.dropTable('region_school_invites').ifExists().execute();
      },
    },
  };
}
