import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/** Uploads and processed Word papers, after the question bank (`0022_…`). */
export function ossMigrations(dialect: Dialect): Record<string, Migration> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const auto = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  return {
    '0025_resource_uploads': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('resource_uploads')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('file_name', 'text', (c) => c.notNull())
          .addColumn('content_type', 'text', (c) => c.notNull())
          .addColumn('size', 'integer', (c) => c.notNull())
          .addColumn('sha256', 'text', (c) => c.notNull())
          .addColumn('file_key', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('resource_uploads_school')
          .on('resource_uploads')
          .columns(['school_id', 'id'])
          .execute();
        await db.schema
          .createTable('resource_imports')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('upload_id', 'integer', (c) =>
            c.notNull().references('resource_uploads.id').onDelete('cascade'),
          )
          .addColumn('subject_code', 'text', (c) => c.notNull())
          .addColumn('grade_num', 'integer', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('html', 'text', (c) => c.notNull())
          .addColumn('questions', 'text', (c) => c.notNull())
          .addColumn('question_ids', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('resource_imports_school')
          .on('resource_imports')
          .columns(['school_id', 'id'])
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('resource_imports').ifExists().execute();
        await db.schema.dropTable('resource_uploads').ifExists().execute();
      },
    },
  };
}
