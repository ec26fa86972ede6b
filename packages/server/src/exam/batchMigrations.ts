import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/** The table of 多科考试 batches, after the exam domain's. */
export function examBatchMigrations(): Record<string, Migration> {
  return {
    '0011_exam_batches': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('exam_batches')
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('idempotency_key', 'text', (c) => c.notNull())
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('exam_ids', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('exam_batches_pk', ['school_id', 'idempotency_key'])
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('exam_batches').ifExists().execute();
      },
    },
  };
}
