import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/**
 * Migrations of homework made from the bank (docs/homework.md "Homework from the bank"), after
 * 校本作业 (`0030`) and the question bank: the bank question behind a homework question, the
 * estimated time given at creation, and the homework basket.
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
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('score', 'real', (c) => c.notNull())
          .addColumn('added_at', 'bigint', (c) => c.notNull())
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
  };
}
