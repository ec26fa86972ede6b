import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/**
 * Migrations of the report domain, named `0006_reports`, `0006a_…` and so on so
 * that they run after the exam and marking tables they read.
 */
export function reportMigrations(dialect: Dialect): Record<string, Migration> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const auto = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  return {
    '0006_reports': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('report_cache')
          .addColumn('exam_id', 'integer', (c) =>
            c.primaryKey().references('exams.id').onDelete('cascade'),
          )
          .addColumn('scores_version', 'text', (c) => c.notNull())
          .addColumn('computed_at', 'bigint', (c) => c.notNull())
          .addColumn('payload', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('report_comments')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('exam_id', 'integer', (c) =>
            c.notNull().references('exams.id').onDelete('cascade'),
          )
          .addColumn('class_id', 'integer', (c) => c.notNull())
          .addColumn('question_id', 'integer', (c) => c.notNull())
          .addColumn('type', 'integer', (c) => c.notNull())
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('updated_by', 'integer', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addUniqueConstraint('report_comments_unique', [
            'exam_id',
            'class_id',
            'question_id',
            'type',
          ])
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('report_comments').ifExists().execute();
        await db.schema.dropTable('report_cache').ifExists().execute();
      },
    },
    '0006b_report_export_jobs': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('report_export_jobs')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('exam_id', 'integer', (c) =>
            c.notNull().references('exams.id').onDelete('cascade'),
          )
          .addColumn('request', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('file_key', 'text')
          .addColumn('file_name', 'text')
          .addColumn('content_type', 'text')
          .addColumn('message', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('report_export_jobs_user')
          .on('report_export_jobs')
          .columns(['school_id', 'user_id'])
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('report_export_jobs').ifExists().execute();
      },
    },
  };
}
