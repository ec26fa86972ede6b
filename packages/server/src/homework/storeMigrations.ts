import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { cascadeTo, notNull } from '../core/migrationColumns';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/**
 * Migrations of homework made from the bank (docs/homework.md "Homework from the bank"), after
 * 校本作业 (`0030`) and the question bank: the bank question behind a homework question, the
 * estimated time given at creation, and the homework basket; `0092`: the knowledge points a
 * teacher tags a paper's homework questions with (a question is its homework and `no`).
 */
export function homeworkStoreMigrations(): Record<string, Migration> {
  return {
    '0048_homework_bank_questions': {
      async up(db: AnyDb) {
        await db.schema
          .alterTable('homework_questions')
          .addColumn('bank_question_id', 'integer', (c) =>
            c.references('questions.id').onDelete('set null'),
          )
          .execute();
        await db.schema.alterTable('homeworks').addColumn('estimated_minutes', 'integer').execute();
      },
      async down(db: AnyDb) {
        await db.schema.alterTable('homeworks').dropColumn('estimated_minutes').execute();
        await db.schema.alterTable('homework_questions').dropColumn('bank_question_id').execute();
      },
    },
    '0049_homework_basket': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('homework_basket_items')
          .addColumn('school_id', 'integer', cascadeTo('schools'))
          .addColumn('user_id', 'integer', cascadeTo('users'))
          .addColumn('subject_code', 'text', notNull)
          .addColumn('question_id', 'integer', cascadeTo('questions'))
          .addColumn('position', 'integer', notNull)
          .addColumn('score', 'real', notNull)
          .addColumn('added_at', 'bigint', notNull)
          .addPrimaryKeyConstraint('homework_basket_items_pk', [
            'user_id',
            'subject_code',
            'question_id',
          ])
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('homework_basket_items').ifExists().execute();
      },
    },
    '0092_homework_question_points': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('homework_question_points')
          .addColumn('school_id', 'integer', cascadeTo('schools'))
          .addColumn('homework_id', 'integer', cascadeTo('homeworks'))
          .addColumn('question_no', 'integer', notNull)
          .addColumn('point_id', 'integer', cascadeTo('knowledge_points'))
          .addPrimaryKeyConstraint('homework_question_points_pk', [
            'homework_id',
            'question_no',
            'point_id',
          ])
          .execute();
        await db.schema
          .createIndex('homework_question_points_school_idx')
          .on('homework_question_points')
          .columns(['school_id', 'point_id'])
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('homework_question_points').ifExists().execute();
      },
    },
  };
}
