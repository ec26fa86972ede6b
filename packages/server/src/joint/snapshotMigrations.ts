import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/**
 * `0070_joint_report_snapshots`: the state of each joint exam's background report snapshot;
 * `0093_joint_snapshot_rows`: the grade figures of a snapshot computed in DuckDB, as rows
 * (docs/joint-exams.md#snapshots).
 */
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
    '0093_joint_snapshot_rows': {
      async up(db: AnyDb) {
        const num = 'double precision' as const;
        const joint = (c: ColumnDefinitionBuilder) =>
          c.notNull().references('joint_exams.id').onDelete('cascade');
        await db.schema
          .createTable('joint_snapshot_heads')
          .addColumn('joint_exam_id', 'integer', (c) =>
            c.primaryKey().references('joint_exams.id').onDelete('cascade'),
          )
          .addColumn('version', 'text', (c) => c.notNull())
          .addColumn('generation', 'integer', (c) => c.notNull())
          .addColumn('computed_at', 'bigint', (c) => c.notNull())
          .addColumn('payload', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('joint_snapshot_figures')
          .addColumn('joint_exam_id', 'integer', joint)
          .addColumn('generation', 'integer', (c) => c.notNull())
          .addColumn('grp', 'integer', (c) => c.notNull())
          .addColumn('subject', 'integer', (c) => c.notNull())
          .addColumn('payload', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('joint_snapshot_figures_pk', [
            'joint_exam_id',
            'generation',
            'grp',
            'subject',
          ])
          .execute();
        await db.schema
          .createTable('joint_snapshot_ranks')
          .addColumn('joint_exam_id', 'integer', joint)
          .addColumn('generation', 'integer', (c) => c.notNull())
          .addColumn('subject', 'integer', (c) => c.notNull())
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('student_id', 'integer', (c) => c.notNull())
          .addColumn('grp', 'integer', (c) => c.notNull())
          .addColumn('student_no', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('score', num)
          .addColumn('grade_rank', 'integer')
          .addColumn('group_rank', 'integer')
          .addColumn('level', 'text')
          .addColumn('combination', 'text')
          .addColumn('combination_rank', 'integer')
          .addColumn('track', 'text')
          .addColumn('track_rank', 'integer')
          .addPrimaryKeyConstraint('joint_snapshot_ranks_pk', [
            'joint_exam_id',
            'generation',
            'subject',
            'position',
          ])
          .execute();
        await db.schema
          .createIndex('joint_snapshot_ranks_group_idx')
          .on('joint_snapshot_ranks')
          .columns(['joint_exam_id', 'generation', 'subject', 'grp', 'position'])
          .execute();
      },
      async down(db: AnyDb) {
        for (const table of [
          'joint_snapshot_ranks',
          'joint_snapshot_figures',
          'joint_snapshot_heads',
        ])
          await db.schema.dropTable(table).ifExists().execute();
      },
    },
  };
}
