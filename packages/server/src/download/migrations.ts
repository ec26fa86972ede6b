import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';
import { autoId } from '../core/migrationColumns';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/**
 * The download centre's table. It replaces the report domain's own `report_export_jobs`: every
 * long export (reports, transcripts, scans, answer sheets) is one kind of job (docs/downloads.md).
 */
export function downloadMigrations(dialect: Dialect): Record<string, Migration> {
  const { id, auto } = autoId(dialect);
  return {
    '0011d_download_jobs': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('download_jobs')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('params', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('stage', 'text', (c) => c.notNull())
          .addColumn('file_key', 'text')
          .addColumn('file_name', 'text')
          .addColumn('content_type', 'text')
          .addColumn('size', 'bigint')
          .addColumn('message', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addColumn('finished_at', 'bigint')
          .addColumn('expires_at', 'bigint')
          .addUniqueConstraint('download_jobs_same_export', [
            'school_id',
            'user_id',
            'kind',
            'params',
          ])
          .execute();
        await db.schema
          .createIndex('download_jobs_expiry')
          .on('download_jobs')
          .column('expires_at')
          .execute();
        // Its jobs were transient (a file kept per running page); nothing to carry over.
        await db.schema.dropTable('report_export_jobs').ifExists().execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('download_jobs').ifExists().execute();
      },
    },
  };
}
