import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/** `0070_joint_report_snapshots`: the state of each joint exam's background report snapshot. */
export function jointSnapshotMigrations(): Record<string, Migration> {
  return {
    '0070_joint_report_snapshots': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('joint_report_snapshots')
          .addColumn('joint_exam_id', 'integer', (c) =>
            c.primaryKey().references('joint_exams.id').onDelete('cascade'),
          )
          .addColumn('version', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('progress', 'integer', (c) => c.notNull())
          .addColumn('stage', 'text', (c) => c.notNull())
          .addColumn('message', 'text')
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('joint_report_snapshots').ifExists().execute();
      },
    },
  };
}
