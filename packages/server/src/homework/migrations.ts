import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';
import { autoId, cascadeTo, notNull } from '../core/migrationColumns';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/** Migrations of 校本作业, after the administration domain's (grades, classes, teaching classes). */
export function homeworkMigrations(dialect: Dialect): Record<string, Migration> {
  const { id, auto } = autoId(dialect);
  return {
    '0030_homework': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('homeworks')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', cascadeTo('schools'))
          .addColumn('academic_year', 'integer', notNull)
          .addColumn('grade_id', 'integer', cascadeTo('grades'))
          .addColumn('subject_id', 'integer', cascadeTo('subjects'))
          .addColumn('name', 'text', notNull)
          .addColumn('state', 'text', notNull)
          .addColumn('paper_key', 'text', notNull)
          .addColumn('paper_name', 'text', notNull)
          .addColumn('paper_kind', 'text', notNull)
          .addColumn('created_by', 'integer', notNull)
          .addColumn('idempotency_key', 'text', notNull)
          .addColumn('created_at', 'bigint', notNull)
          .addColumn('updated_at', 'bigint', notNull)
          .addUniqueConstraint('homeworks_idempotency_unique', [
            'school_id',
            'created_by',
            'idempotency_key',
          ])
          .execute();
        await db.schema
          .createIndex('homeworks_school_year_idx')
          .on('homeworks')
          .columns(['school_id', 'academic_year', 'created_at'])
          .execute();
        await db.schema
          .createTable('homework_questions')
          .addColumn('homework_id', 'integer', cascadeTo('homeworks'))
          .addColumn('no', 'integer', notNull)
          .addColumn('label', 'text', notNull)
          .addColumn('type', 'text', notNull)
          .addColumn('answer', 'text')
          .addColumn('full_marks', 'real', notNull)
          .addPrimaryKeyConstraint('homework_questions_pk', ['homework_id', 'no'])
          .execute();
        await db.schema
          .createTable('homework_assignments')
          .addColumn('id', id, auto)
          .addColumn('homework_id', 'integer', cascadeTo('homeworks'))
          .addColumn('school_id', 'integer', cascadeTo('schools'))
          .addColumn('class_id', 'integer', (c) => c.references('classes.id').onDelete('cascade'))
          .addColumn('teaching_class_id', 'integer', (c) =>
            c.references('teaching_classes.id').onDelete('cascade'),
          )
          .addColumn('due_at', 'bigint', notNull)
          .addColumn('estimated_minutes', 'integer', notNull)
          .addColumn('day', 'text', notNull)
          .addColumn('assigned_by', 'integer', notNull)
          .addColumn('assigned_at', 'bigint', notNull)
          .execute();
        await db.schema
          .createIndex('homework_assignments_homework_idx')
          .on('homework_assignments')
          .column('homework_id')
          .execute();
        await db.schema
          .createIndex('homework_assignments_day_idx')
          .on('homework_assignments')
          .columns(['school_id', 'day'])
          .execute();
      },
      async down(db: AnyDb) {
        for (const table of ['homework_assignments', 'homework_questions', 'homeworks'])
          await db.schema.dropTable(table).ifExists().execute();
      },
    },
    '0040_homework_due_notified': {
      // The homework-due sweep claims an assignment by setting this once (docs/messages.md).
      async up(db: AnyDb) {
        await db.schema
          .alterTable('homework_assignments')
          .addColumn('due_notified_at', 'bigint')
          .execute();
        await db.schema
          .createIndex('homework_assignments_due_idx')
          .on('homework_assignments')
          .columns(['due_notified_at', 'due_at'])
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropIndex('homework_assignments_due_idx').ifExists().execute();
        await db.schema.alterTable('homework_assignments').dropColumn('due_notified_at').execute();
      },
    },
  };
}
