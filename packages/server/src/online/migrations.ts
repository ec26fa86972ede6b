import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/** Migrations of the online-exam domain (after the exam domain's). */
export function onlineMigrations(dialect: Dialect): Record<string, Migration> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const auto = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  return {
    '0008o_online_exams': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('online_exams')
          .addColumn('exam_id', 'integer', (c) =>
            c.primaryKey().references('exams.id').onDelete('cascade'),
          )
          .addColumn('school_id', 'integer', (c) => c.notNull())
          .addColumn('code', 'text', (c) => c.notNull().unique())
          .addColumn('starts_at', 'bigint')
          .addColumn('ends_at', 'bigint')
          .addColumn('duration_minutes', 'integer')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('online_questions')
          .addColumn('question_id', 'integer', (c) =>
            c.primaryKey().references('exam_questions.id').onDelete('cascade'),
          )
          .addColumn('exam_id', 'integer', (c) =>
            c.notNull().references('exams.id').onDelete('cascade'),
          )
          .addColumn('stem', 'text', (c) => c.notNull())
          .addColumn('options', 'text', (c) => c.notNull())
          .addColumn('accepted', 'text', (c) => c.notNull())
          .addColumn('reference', 'text', (c) => c.notNull())
          .addColumn('source', 'text', (c) => c.notNull())
          .addColumn('source_ref', 'text')
          .execute();
        await db.schema
          .createTable('online_attempts')
          .addColumn('id', id, auto)
          .addColumn('exam_id', 'integer', (c) =>
            c.notNull().references('exams.id').onDelete('cascade'),
          )
          .addColumn('student_id', 'integer', (c) =>
            c.notNull().references('students.id').onDelete('cascade'),
          )
          .addColumn('ticket_hash', 'text', (c) => c.notNull())
          .addColumn('started_at', 'bigint', (c) => c.notNull())
          .addColumn('saved_at', 'bigint')
          .addColumn('submitted_at', 'bigint')
          .addColumn('answers', 'text', (c) => c.notNull())
          .addUniqueConstraint('online_attempts_exam_student', ['exam_id', 'student_id'])
          .execute();
        await db.schema
          .createIndex('online_attempts_ticket_idx')
          .on('online_attempts')
          .column('ticket_hash')
          .execute();
      },
      async down(db: AnyDb) {
        for (const table of ['online_attempts', 'online_questions', 'online_exams'])
          await db.schema.dropTable(table).ifExists().execute();
      },
    },
  };
}
