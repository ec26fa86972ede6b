import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

const TABLES = [
  'paper_exam_questions',
  'paper_exams',
  'paper_questions',
  'paper_sections',
  'papers',
  'basket_items',
];

/** Migrations of the basket and papers, after the question bank (`0022`) and exams. */
export function paperMigrations(dialect: Dialect): Record<string, Migration> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const auto = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  return {
    '0024_resource_papers': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('basket_items')
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('user_id', 'integer', (c) =>
            c.notNull().references('users.id').onDelete('cascade'),
          )
          .addColumn('subject_code', 'text', (c) => c.notNull())
          .addColumn('question_id', 'integer', (c) =>
            c.notNull().references('questions.id').onDelete('cascade'),
          )
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('added_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('basket_items_pk', ['user_id', 'subject_code', 'question_id'])
          .execute();
        await db.schema
          .createTable('papers')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', (c) => c.references('schools.id').onDelete('cascade'))
          .addColumn('subject_code', 'text', (c) => c.notNull())
          .addColumn('grade_num', 'integer')
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('subtitle', 'text', (c) => c.notNull())
          .addColumn('duration_minutes', 'integer', (c) => c.notNull())
          .addColumn('full_marks', 'real', (c) => c.notNull())
          .addColumn('created_by', 'integer')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addColumn('request_key', 'text')
          .execute();
        await db.schema
          .createIndex('papers_school_idx')
          .on('papers')
          .columns(['school_id', 'subject_code'])
          .execute();
        await db.schema
          .createIndex('papers_request_key_idx')
          .on('papers')
          .columns(['school_id', 'request_key'])
          .unique()
          .execute();
        await db.schema
          .createTable('paper_sections')
          .addColumn('id', id, auto)
          .addColumn('paper_id', 'integer', (c) =>
            c.notNull().references('papers.id').onDelete('cascade'),
          )
          .addColumn('ord', 'integer', (c) => c.notNull())
          .addColumn('title', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('paper_questions')
          .addColumn('paper_id', 'integer', (c) =>
            c.notNull().references('papers.id').onDelete('cascade'),
          )
          .addColumn('section_id', 'integer', (c) =>
            c.notNull().references('paper_sections.id').onDelete('cascade'),
          )
          .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id'))
          .addColumn('ord', 'integer', (c) => c.notNull())
          .addColumn('score', 'real', (c) => c.notNull())
          .addPrimaryKeyConstraint('paper_questions_pk', ['paper_id', 'question_id'])
          .execute();
        await db.schema
          .createTable('paper_exams')
          .addColumn('paper_id', 'integer', (c) =>
            c.notNull().references('papers.id').onDelete('cascade'),
          )
          .addColumn('exam_id', 'integer', (c) =>
            c.notNull().references('exams.id').onDelete('cascade'),
          )
          .addColumn('exam_subject_id', 'integer', (c) => c.notNull())
          .addColumn('school_id', 'integer', (c) => c.notNull())
          .addColumn('request_key', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('paper_exams_pk', ['paper_id', 'exam_id'])
          .execute();
        await db.schema
          .createIndex('paper_exams_request_key_idx')
          .on('paper_exams')
          .columns(['school_id', 'request_key'])
          .unique()
          .execute();
        await db.schema
          .createTable('paper_exam_questions')
          .addColumn('exam_subject_id', 'integer', (c) =>
            c.notNull().references('exam_subjects.id').onDelete('cascade'),
          )
          .addColumn('exam_question_id', 'integer', (c) => c.notNull())
          .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id'))
          .addPrimaryKeyConstraint('paper_exam_questions_pk', [
            'exam_subject_id',
            'exam_question_id',
          ])
          .execute();
        await db.schema
          .createIndex('paper_exam_questions_question_idx')
          .on('paper_exam_questions')
          .column('question_id')
          .execute();
      },
      async down(db: AnyDb) {
        for (const table of TABLES) await db.schema.dropTable(table).ifExists().execute();
      },
    },
    '0044_resource_assistant_plans': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('assistant_plans')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('user_id', 'integer', (c) =>
            c.notNull().references('users.id').onDelete('cascade'),
          )
          .addColumn('subject_code', 'text', (c) => c.notNull())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('settings', 'text', (c) => c.notNull())
          .addColumn('picks', 'text', (c) => c.notNull())
          .addColumn('paper_id', 'integer', (c) => c.references('papers.id').onDelete('set null'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addColumn('request_key', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('assistant_plans_request_key_idx')
          .on('assistant_plans')
          .columns(['user_id', 'request_key'])
          .unique()
          .execute();
        await db.schema
          .createIndex('assistant_plans_user_idx')
          .on('assistant_plans')
          .columns(['school_id', 'user_id', 'created_at'])
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('assistant_plans').ifExists().execute();
      },
    },
  };
}
