import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';
import { autoId } from '../core/migrationColumns';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/**
 * `0051_analytic_centre`: analyses and the exams they combine; `0090_region_analyses`: the
 * region-owned analyses of an education bureau over its region's joint exams (区域分析).
 */
export function analyticMigrations(dialect: Dialect): Record<string, Migration> {
  const { id, auto } = autoId(dialect);
  return {
    '0051_analytic_centre': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('analytic_analyses')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('idempotency_key', 'text', (c) => c.notNull())
          .addColumn('created_by', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addUniqueConstraint('analytic_analyses_key_unique', ['school_id', 'idempotency_key'])
          .execute();
        await db.schema
          .createTable('analytic_analysis_exams')
          .addColumn('analysis_id', 'integer', (c) =>
            c.notNull().references('analytic_analyses.id').onDelete('cascade'),
          )
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('exam_id', 'integer', (c) => c.references('exams.id').onDelete('cascade'))
          .addColumn('joint_exam_id', 'integer', (c) =>
            c.references('joint_exams.id').onDelete('cascade'),
          )
          .addPrimaryKeyConstraint('analytic_analysis_exams_pk', ['analysis_id', 'position'])
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('analytic_analysis_exams').ifExists().execute();
        await db.schema.dropTable('analytic_analyses').ifExists().execute();
      },
    },
    '0090_region_analyses': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('region_analyses')
          .addColumn('id', id, auto)
          .addColumn('region_id', 'integer', (c) =>
            c.notNull().references('regions.id').onDelete('cascade'),
          )
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('idempotency_key', 'text', (c) => c.notNull())
          .addColumn('created_by', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addUniqueConstraint('region_analyses_key_unique', ['region_id', 'idempotency_key'])
          .execute();
        await db.schema
          .createTable('region_analysis_exams')
          .addColumn('analysis_id', 'integer', (c) =>
            c.notNull().references('region_analyses.id').onDelete('cascade'),
          )
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('joint_exam_id', 'integer', (c) =>
            c.notNull().references('joint_exams.id').onDelete('cascade'),
          )
          .addPrimaryKeyConstraint('region_analysis_exams_pk', ['analysis_id', 'position'])
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('region_analysis_exams').ifExists().execute();
        await db.schema.dropTable('region_analyses').ifExists().execute();
      },
    },
  };
}
