import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';

/**
 * Migrations of the scan domain, named `0005_scanning`, `0005a_…` and so on so that
 * they run after the domains they build on. Written in code so the built package needs no files.
 */
export function scanMigrations(dialect: Dialect): Record<string, Migration> {
  const serial = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const ms = 'bigint' as const;
  const real = 'double precision' as const;
  return {
    '0005_scanning': {
      async up(db) {
        await db.schema
          .createTable('scan_batches')
          .addColumn('id', serial, (c) => c.primaryKey())
          .addColumn('school_id', 'integer', (c) => c.notNull())
          .addColumn('exam_id', 'integer', (c) =>
            c.notNull().references('exams.id').onDelete('cascade'),
          )
          .addColumn('exam_subject_id', 'integer', (c) =>
            c.notNull().references('exam_subjects.id').onDelete('cascade'),
          )
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('chunk_size', 'integer', (c) => c.notNull())
          .addColumn('created_by', 'integer', (c) => c.notNull())
          .addColumn('created_at', ms, (c) => c.notNull())
          .addColumn('updated_at', ms, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('scan_batches_subject')
          .on('scan_batches')
          .columns(['exam_subject_id'])
          .execute();
        await db.schema
          .createTable('scan_files')
          .addColumn('batch_id', 'integer', (c) =>
            c.notNull().references('scan_batches.id').onDelete('cascade'),
          )
          .addColumn('file_index', 'integer', (c) => c.notNull())
          .addColumn('file_name', 'text', (c) => c.notNull())
          .addColumn('size', ms, (c) => c.notNull())
          .addColumn('sha256', 'text', (c) => c.notNull())
          .addColumn('chunk_count', 'integer', (c) => c.notNull())
          .addColumn('file_key', 'text')
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('pages', 'integer')
          .addPrimaryKeyConstraint('scan_files_pk', ['batch_id', 'file_index'])
          .execute();
        await db.schema
          .createTable('scan_chunks')
          .addColumn('batch_id', 'integer', (c) =>
            c.notNull().references('scan_batches.id').onDelete('cascade'),
          )
          .addColumn('file_index', 'integer', (c) => c.notNull())
          .addColumn('chunk_index', 'integer', (c) => c.notNull())
          .addColumn('size', 'integer', (c) => c.notNull())
          .addColumn('sha256', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('scan_chunks_pk', ['batch_id', 'file_index', 'chunk_index'])
          .execute();
        await db.schema
          .createTable('scan_sheets')
          .addColumn('id', serial, (c) => c.primaryKey())
          .addColumn('batch_id', 'integer', (c) =>
            c.notNull().references('scan_batches.id').onDelete('cascade'),
          )
          .addColumn('exam_id', 'integer', (c) => c.notNull())
          .addColumn('exam_subject_id', 'integer', (c) => c.notNull())
          .addColumn('file_index', 'integer', (c) => c.notNull())
          .addColumn('scan_page', 'integer', (c) => c.notNull())
          .addColumn('template_page', 'integer')
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('student_id', 'integer')
          .addColumn('exam_no_read', 'text')
          .addColumn('absent', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('image_key', 'text')
          .addColumn('discarded', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', ms, (c) => c.notNull())
          .addColumn('updated_at', ms, (c) => c.notNull())
          .addUniqueConstraint('scan_sheets_page', ['batch_id', 'file_index', 'scan_page'])
          .execute();
        await db.schema
          .createIndex('scan_sheets_subject_student')
          .on('scan_sheets')
          .columns(['exam_subject_id', 'student_id'])
          .execute();
        await db.schema
          .createTable('scan_answers')
          .addColumn('sheet_id', 'integer', (c) =>
            c.notNull().references('scan_sheets.id').onDelete('cascade'),
          )
          .addColumn('question_id', 'integer', (c) => c.notNull())
          .addColumn('answer', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('confidence', real, (c) => c.notNull())
          .addColumn('flags', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('scan_answers_pk', ['sheet_id', 'question_id'])
          .execute();
        await db.schema
          .createTable('scan_crops')
          .addColumn('sheet_id', 'integer', (c) =>
            c.notNull().references('scan_sheets.id').onDelete('cascade'),
          )
          .addColumn('question_id', 'integer', (c) => c.notNull())
          .addColumn('part', 'integer', (c) => c.notNull())
          .addColumn('crop_key', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('scan_crops_pk', ['sheet_id', 'question_id', 'part'])
          .execute();
        await db.schema
          .createTable('scan_exceptions')
          .addColumn('id', serial, (c) => c.primaryKey())
          .addColumn('exam_subject_id', 'integer', (c) =>
            c.notNull().references('exam_subjects.id').onDelete('cascade'),
          )
          .addColumn('sheet_id', 'integer', (c) =>
            c.references('scan_sheets.id').onDelete('cascade'),
          )
          .addColumn('student_id', 'integer')
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('reason', 'text', (c) => c.notNull())
          .addColumn('created_at', ms, (c) => c.notNull())
          .addColumn('resolved_by', 'integer')
          .addColumn('resolution', 'text')
          .addColumn('resolved_at', ms)
          .execute();
        await db.schema
          .createIndex('scan_exceptions_subject')
          .on('scan_exceptions')
          .columns(['exam_subject_id', 'resolved_at'])
          .execute();
        await db.schema
          .createIndex('scan_exceptions_sheet')
          .on('scan_exceptions')
          .columns(['sheet_id'])
          .execute();
      },
    },
  };
}
