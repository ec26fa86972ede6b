import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/** 作文: a composition's 要求 and rubric, and the review (parts, 评语, 范文) of each essay. */
export function homeworkCompositionMigrations(): Record<string, Migration> {
  return {
    '0059_homework_compositions': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('homework_compositions')
          .addColumn('homework_id', 'integer', (c) =>
            c.primaryKey().references('homeworks.id').onDelete('cascade'),
          )
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('prompt', 'text', (c) => c.notNull())
          .addColumn('genre', 'text', (c) => c.notNull())
          .addColumn('min_words', 'integer', (c) => c.notNull())
          .addColumn('content_points', 'integer', (c) => c.notNull())
          .addColumn('structure_points', 'integer', (c) => c.notNull())
          .addColumn('language_points', 'integer', (c) => c.notNull())
          .addColumn('writing_points', 'integer', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('homework_composition_reviews')
          .addColumn('submission_id', 'integer', (c) =>
            c.primaryKey().references('homework_submissions.id').onDelete('cascade'),
          )
          .addColumn('homework_id', 'integer', (c) =>
            c.notNull().references('homeworks.id').onDelete('cascade'),
          )
          .addColumn('content', 'real', (c) => c.notNull())
          .addColumn('structure', 'real', (c) => c.notNull())
          .addColumn('language', 'real', (c) => c.notNull())
          .addColumn('writing', 'real', (c) => c.notNull())
          .addColumn('comment', 'text', (c) => c.notNull())
          .addColumn('exemplary', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('reviewed_by', 'integer', (c) => c.notNull())
          .addColumn('reviewed_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('homework_composition_reviews_homework')
          .on('homework_composition_reviews')
          .column('homework_id')
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('homework_composition_reviews').execute();
        await db.schema.dropTable('homework_compositions').execute();
      },
    },
  };
}
