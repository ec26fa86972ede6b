import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/** Migrations of the 新高考 simulation, named `0032_gaokao`: after the roster and exams. */
export function gaokaoMigrations(dialect: Dialect): Record<string, Migration> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const auto = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  return {
    '0032_gaokao': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('gaokao_analyses')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('exam_id', 'integer', (c) =>
            c.notNull().references('exams.id').onDelete('cascade'),
          )
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('profile_code', 'text', (c) => c.notNull())
          .addColumn('profile_name', 'text', (c) => c.notNull())
          .addColumn('profile_levels', 'text', (c) => c.notNull())
          .addColumn('converted_subjects', 'text', (c) => c.notNull())
          .addColumn('idempotency_key', 'text', (c) => c.notNull())
          .addColumn('created_by', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addUniqueConstraint('gaokao_analyses_key', ['school_id', 'idempotency_key'])
          .execute();
        await db.schema
          .createIndex('gaokao_analyses_exam')
          .on('gaokao_analyses')
          .column('exam_id')
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('gaokao_analyses').ifExists().execute();
      },
    },
  };
}

/** `0069_gaokao_joint`: 新高考 analyses of joint exams, beside the single-school ones. */
export function gaokaoJointMigrations(dialect: Dialect): Record<string, Migration> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const auto = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  return {
    '0069_gaokao_joint': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('gaokao_joint_analyses')
          .addColumn('id', id, auto)
          .addColumn('joint_exam_id', 'integer', (c) =>
            c.notNull().references('joint_exams.id').onDelete('cascade'),
          )
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('profile_code', 'text', (c) => c.notNull())
          .addColumn('profile_name', 'text', (c) => c.notNull())
          .addColumn('profile_levels', 'text', (c) => c.notNull())
          .addColumn('converted_subjects', 'text', (c) => c.notNull())
          .addColumn('organiser_key', 'text', (c) => c.notNull())
          .addColumn('idempotency_key', 'text', (c) => c.notNull())
          .addColumn('created_by', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addUniqueConstraint('gaokao_joint_analyses_key', ['organiser_key', 'idempotency_key'])
          .execute();
        await db.schema
          .createIndex('gaokao_joint_analyses_joint')
          .on('gaokao_joint_analyses')
          .column('joint_exam_id')
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('gaokao_joint_analyses').ifExists().execute();
      },
    },
    // A joint analysis's snapshot, computed in the background (docs/gaokao.md#joint-snapshot).
    '0073_gaokao_joint_snapshots': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('gaokao_joint_snapshots')
          .addColumn('analysis_id', 'integer', (c) =>
            c.primaryKey().references('gaokao_joint_analyses.id').onDelete('cascade'),
          )
          .addColumn('version', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('progress', 'integer', (c) => c.notNull())
          .addColumn('stage', 'text', (c) => c.notNull())
          .addColumn('message', 'text')
          .addColumn('payload', 'text')
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('gaokao_joint_snapshots').ifExists().execute();
      },
    },
  };
}
