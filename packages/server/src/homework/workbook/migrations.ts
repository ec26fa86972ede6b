import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../../core/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/** 教辅: workbook batches, the classes using each, and its chapters (each a homework). */
export function homeworkWorkbookMigrations(dialect: Dialect): Record<string, Migration> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const auto = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  return {
    '0060_homework_workbooks': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('homework_workbooks')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('academic_year', 'integer', (c) => c.notNull())
          .addColumn('grade_id', 'integer', (c) =>
            c.notNull().references('grades.id').onDelete('cascade'),
          )
          .addColumn('subject_id', 'integer', (c) =>
            c.notNull().references('subjects.id').onDelete('cascade'),
          )
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('publisher', 'text', (c) => c.notNull())
          .addColumn('created_by', 'integer', (c) => c.notNull())
          .addColumn('idempotency_key', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addUniqueConstraint('homework_workbooks_idempotency_unique', [
            'school_id',
            'created_by',
            'idempotency_key',
          ])
          .execute();
        await db.schema
          .createTable('homework_workbook_classes')
          .addColumn('workbook_id', 'integer', (c) =>
            c.notNull().references('homework_workbooks.id').onDelete('cascade'),
          )
          .addColumn('class_id', 'integer', (c) =>
            c.notNull().references('classes.id').onDelete('cascade'),
          )
          .addPrimaryKeyConstraint('homework_workbook_classes_pk', ['workbook_id', 'class_id'])
          .execute();
        await db.schema
          .createTable('homework_workbook_chapters')
          .addColumn('homework_id', 'integer', (c) =>
            c.primaryKey().references('homeworks.id').onDelete('cascade'),
          )
          .addColumn('workbook_id', 'integer', (c) =>
            c.notNull().references('homework_workbooks.id').onDelete('cascade'),
          )
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('title', 'text', (c) => c.notNull())
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
          .addColumn('workbook_id', 'integer', (c) =>
            c.notNull().references('homework_workbooks.id').onDelete('cascade'),
          )
          .addColumn('teaching_class_id', 'integer', (c) =>
            c.notNull().references('teaching_classes.id').onDelete('cascade'),
          )
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
