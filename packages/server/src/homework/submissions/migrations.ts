import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../../core/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/** Hand-ins of 校本作业: submissions, per-question answers, rubrics, annotations, scanned pages. */
export function homeworkSubmissionMigrations(dialect: Dialect): Record<string, Migration> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const auto = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  const homework = (c: ColumnDefinitionBuilder) =>
    c.notNull().references('homeworks.id').onDelete('cascade');
  return {
    '0046_homework_submissions': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('homework_submissions')
          .addColumn('id', id, auto)
          .addColumn('homework_id', 'integer', homework)
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('student_id', 'integer', (c) =>
            c.notNull().references('students.id').onDelete('cascade'),
          )
          .addColumn('class_id', 'integer', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('source', 'text', (c) => c.notNull())
          .addColumn('image_key', 'text')
          .addColumn('score', 'real')
          .addColumn('submitted_at', 'bigint', (c) => c.notNull())
          .addColumn('corrected_by', 'integer')
          .addColumn('corrected_at', 'bigint')
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addUniqueConstraint('homework_submissions_student_unique', ['homework_id', 'student_id'])
          .execute();
        await db.schema
          .createTable('homework_answers')
          .addColumn('submission_id', 'integer', (c) =>
            c.notNull().references('homework_submissions.id').onDelete('cascade'),
          )
          .addColumn('question_no', 'integer', (c) => c.notNull())
          .addColumn('answer', 'text')
          .addColumn('crop_key', 'text')
          .addColumn('score', 'real')
          .addColumn('judgement', 'text')
          .addColumn('adjustment', 'real')
          .addColumn('review', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('corrected_by', 'integer')
          .addColumn('corrected_at', 'bigint')
          .addPrimaryKeyConstraint('homework_answers_pk', ['submission_id', 'question_no'])
          .execute();
        await db.schema
          .createTable('homework_rubric_items')
          .addColumn('id', id, auto)
          .addColumn('homework_id', 'integer', homework)
          .addColumn('question_no', 'integer', (c) => c.notNull())
          .addColumn('label', 'text', (c) => c.notNull())
          .addColumn('points', 'real', (c) => c.notNull())
          .addColumn('created_by', 'integer', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('homework_rubric_items_question_idx')
          .on('homework_rubric_items')
          .columns(['homework_id', 'question_no'])
          .execute();
        await db.schema
          .createTable('homework_answer_rubrics')
          .addColumn('submission_id', 'integer', (c) =>
            c.notNull().references('homework_submissions.id').onDelete('cascade'),
          )
          .addColumn('question_no', 'integer', (c) => c.notNull())
          .addColumn('rubric_item_id', 'integer', (c) =>
            c.notNull().references('homework_rubric_items.id').onDelete('cascade'),
          )
          .addPrimaryKeyConstraint('homework_answer_rubrics_pk', [
            'submission_id',
            'question_no',
            'rubric_item_id',
          ])
          .execute();
        await db.schema
          .createIndex('homework_answer_rubrics_item_idx')
          .on('homework_answer_rubrics')
          .column('rubric_item_id')
          .execute();
        await db.schema
          .createTable('homework_annotations')
          .addColumn('id', id, auto)
          .addColumn('submission_id', 'integer', (c) =>
            c.notNull().references('homework_submissions.id').onDelete('cascade'),
          )
          .addColumn('question_no', 'integer', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('x', 'real', (c) => c.notNull())
          .addColumn('y', 'real', (c) => c.notNull())
          .addColumn('size', 'real', (c) => c.notNull())
          .addColumn('text', 'text')
          .addColumn('created_by', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('homework_annotations_submission_idx')
          .on('homework_annotations')
          .columns(['submission_id', 'question_no'])
          .execute();
        await db.schema
          .createTable('homework_scan_pages')
          .addColumn('id', id, auto)
          .addColumn('homework_id', 'integer', homework)
          .addColumn('file_name', 'text', (c) => c.notNull())
          .addColumn('sha256', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('reason', 'text')
          .addColumn('student_no_read', 'text')
          .addColumn('result', 'text')
          .addColumn('submission_id', 'integer', (c) =>
            c.references('homework_submissions.id').onDelete('set null'),
          )
          .addColumn('image_key', 'text')
          .addColumn('created_by', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addUniqueConstraint('homework_scan_pages_file_unique', ['homework_id', 'sha256'])
          .execute();
      },
      async down(db: AnyDb) {
        for (const table of [
          'homework_scan_pages',
          'homework_annotations',
          'homework_answer_rubrics',
          'homework_rubric_items',
          'homework_answers',
          'homework_submissions',
        ])
          await db.schema.dropTable(table).ifExists().execute();
      },
    },
  };
}
