import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';
import { autoId, cascadeTo, notNull } from '../core/migrationColumns';

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
  const { id, auto } = autoId(dialect);
  return {
    '0024_resource_papers': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('basket_items')
          .addColumn('school_id', 'integer', cascadeTo('schools'))
          .addColumn('user_id', 'integer', cascadeTo('users'))
          .addColumn('subject_code', 'text', notNull)
          .addColumn('question_id', 'integer', cascadeTo('questions'))
          .addColumn('type', 'text', notNull)
          .addColumn('added_at', 'bigint', notNull)
          .addPrimaryKeyConstraint('basket_items_pk', ['user_id', 'subject_code', 'question_id'])
          .execute();
        await db.schema
          .createTable('papers')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', (c) => c.references('schools.id').onDelete('cascade'))
          .addColumn('subject_code', 'text', notNull)
          .addColumn('grade_num', 'integer')
          .addColumn('title', 'text', notNull)
          .addColumn('subtitle', 'text', notNull)
          .addColumn('duration_minutes', 'integer', notNull)
          .addColumn('full_marks', 'real', notNull)
          .addColumn('created_by', 'integer')
          .addColumn('created_at', 'bigint', notNull)
          .addColumn('updated_at', 'bigint', notNull)
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
          .addColumn('paper_id', 'integer', cascadeTo('papers'))
          .addColumn('ord', 'integer', notNull)
          .addColumn('title', 'text', notNull)
          .execute();
        await db.schema
          .createTable('paper_questions')
          .addColumn('paper_id', 'integer', cascadeTo('papers'))
          .addColumn('section_id', 'integer', cascadeTo('paper_sections'))
          .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id'))
          .addColumn('ord', 'integer', notNull)
          .addColumn('score', 'real', notNull)
          .addPrimaryKeyConstraint('paper_questions_pk', ['paper_id', 'question_id'])
          .execute();
        await db.schema
          .createTable('paper_exams')
          .addColumn('paper_id', 'integer', cascadeTo('papers'))
          .addColumn('exam_id', 'integer', cascadeTo('exams'))
          .addColumn('exam_subject_id', 'integer', notNull)
          .addColumn('school_id', 'integer', notNull)
          .addColumn('request_key', 'text', notNull)
          .addColumn('created_at', 'bigint', notNull)
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
          .addColumn('exam_subject_id', 'integer', cascadeTo('exam_subjects'))
          .addColumn('exam_question_id', 'integer', notNull)
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
          .addColumn('school_id', 'integer', cascadeTo('schools'))
          .addColumn('user_id', 'integer', cascadeTo('users'))
          .addColumn('subject_code', 'text', notNull)
          .addColumn('title', 'text', notNull)
          .addColumn('settings', 'text', notNull)
          .addColumn('picks', 'text', notNull)
          .addColumn('paper_id', 'integer', (c) => c.references('papers.id').onDelete('set null'))
          .addColumn('created_at', 'bigint', notNull)
          .addColumn('updated_at', 'bigint', notNull)
          .addColumn('request_key', 'text', notNull)
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
