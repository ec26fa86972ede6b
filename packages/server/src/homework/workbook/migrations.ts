import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../../core/database';
import { autoId, cascadeTo, notNull } from '../../core/migrationColumns';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/** 教辅: workbook batches, the classes using each, and its chapters (each a homework). */
export function homeworkWorkbookMigrations(dialect: Dialect): Record<string, Migration> {
  const { id, auto } = autoId(dialect);
  return {
    '0060_homework_workbooks': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('homework_workbooks')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', cascadeTo('schools'))
          .addColumn('academic_year', 'integer', notNull)
          .addColumn('grade_id', 'integer', cascadeTo('grades'))
          .addColumn('subject_id', 'integer', cascadeTo('subjects'))
          .addColumn('name', 'text', notNull)
          .addColumn('publisher', 'text', notNull)
          .addColumn('created_by', 'integer', notNull)
          .addColumn('idempotency_key', 'text', notNull)
          .addColumn('created_at', 'bigint', notNull)
          .addUniqueConstraint('homework_workbooks_idempotency_unique', [
            'school_id',
            'created_by',
            'idempotency_key',
          ])
          .execute();
        await db.schema
          .createTable('homework_workbook_classes')
          .addColumn('workbook_id', 'integer', cascadeTo('homework_workbooks'))
          .addColumn('class_id', 'integer', cascadeTo('classes'))
          .addPrimaryKeyConstraint('homework_workbook_classes_pk', ['workbook_id', 'class_id'])
          .execute();
        await db.schema
          .createTable('homework_workbook_chapters')
          .addColumn('homework_id', 'integer', (c) =>
            c.primaryKey().references('homeworks.id').onDelete('cascade'),
          )
          .addColumn('workbook_id', 'integer', cascadeTo('homework_workbooks'))
          .addColumn('position', 'integer', notNull)
          .addColumn('title', 'text', notNull)
          .addUniqueConstraint('homework_workbook_chapters_position_unique', [
            'workbook_id',
            'position',
          ])
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('homework_workbook_chapters').execute();
        await db.schema.dropTable('homework_workbook_classes').execute();
        await db.schema.dropTable('homework_workbooks').execute();
      },
    },
    '0082_homework_workbook_teaching_classes': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('homework_workbook_teaching_classes')
          .addColumn('workbook_id', 'integer', cascadeTo('homework_workbooks'))
          .addColumn('teaching_class_id', 'integer', cascadeTo('teaching_classes'))
          .addPrimaryKeyConstraint('homework_workbook_teaching_classes_pk', [
            'workbook_id',
            'teaching_class_id',
          ])
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('homework_workbook_teaching_classes').execute();
      },
    },
  };
}
