import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';
import { createJointTables, JOINT_TABLES } from '../joint/migrations';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

const TABLES = [...JOINT_TABLES, 'bureau_seats', 'bureau_users', 'region_schools', 'regions'];

/** Regions, their schools, bureau accounts and joint exams, named `0031_…` to run after the schools and users. */
export function regionMigrations(dialect: Dialect): Record<string, Migration> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const auto = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  return {
    '0031_regions_joint': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('regions')
          .addColumn('id', id, auto)
          .addColumn('code', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('level', 'text', (c) => c.notNull())
          .addColumn('parent_id', 'integer', (c) => c.references('regions.id').onDelete('set null'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('region_schools')
          .addColumn('region_id', 'integer', (c) =>
            c.notNull().references('regions.id').onDelete('cascade'),
          )
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
          .addColumn('region_id', 'integer', (c) =>
            c.notNull().references('regions.id').onDelete('cascade'),
          )
          .addColumn('login_name', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('nick_name', 'text', (c) => c.notNull())
          .addColumn('tel', 'text')
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('bureau_seats')
          .addColumn('bureau_user_id', 'integer', (c) =>
            c.notNull().references('bureau_users.id').onDelete('cascade'),
          )
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
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
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('nick_name', 'text', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('platform_operator_sessions')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('operator_id', 'integer', (c) =>
            c.notNull().references('platform_operators.id').onDelete('cascade'),
          )
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
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
          .addColumn('region_id', 'integer', (c) =>
            c.notNull().references('regions.id').onDelete('cascade'),
          )
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().unique().references('schools.id').onDelete('cascade'),
          )
          .addColumn('invited_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('platform_operator_audit')
          .addColumn('id', id, auto)
          .addColumn('operator_id', 'integer', (c) => c.notNull())
          .addColumn('operator_name', 'text', (c) => c.notNull())
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('region_id', 'integer')
          .addColumn('region_name', 'text')
          .addColumn('school_id', 'integer')
          .addColumn('school_name', 'text')
          .addColumn('bureau_user_id', 'integer')
          .addColumn('bureau_login', 'text')
          .addColumn('detail', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('platform_operator_audit').ifExists().execute();
        await db.schema.dropTable('region_school_invites').ifExists().execute();
      },
    },
  };
}
