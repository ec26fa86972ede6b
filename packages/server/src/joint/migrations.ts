import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';
import { autoId, cascadeTo, notNull } from '../core/migrationColumns';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/** Drop order of the joint tables. */
export const JOINT_TABLES = [
  'joint_report_cache',
  'joint_exam_subjects',
  'joint_exam_schools',
  'joint_exams',
];

/** Creates the joint-exam tables; part of `0031_regions_joint` (after the regions it references). */
export async function createJointTables(db: AnyDb, dialect: Dialect): Promise<void> {
  const { id, auto } = autoId(dialect);
  await db.schema
    .createTable('joint_exams')
    .addColumn('id', id, auto)
    .addColumn('region_id', 'integer', cascadeTo('regions'))
    .addColumn('lead_school_id', 'integer', (c) => c.references('schools.id').onDelete('cascade'))
    .addColumn('organiser_key', 'text', notNull)
    .addColumn('idempotency_key', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('exam_type', 'text', notNull)
    .addColumn('exam_date', 'text', notNull)
    .addColumn('academic_year', 'integer', notNull)
    .addColumn('grade_num', 'integer', notNull)
    .addColumn('school_labels', 'text', notNull)
    .addColumn('created_by', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addUniqueConstraint('joint_exams_key_unique', ['organiser_key', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('joint_exams_region_idx')
    .on('joint_exams')
    .column('region_id')
    .execute();
  await db.schema
    .createTable('joint_exam_schools')
    .addColumn('joint_exam_id', 'integer', cascadeTo('joint_exams'))
    .addColumn('school_id', 'integer', cascadeTo('schools'))
    .addColumn('exam_id', 'integer', (c) =>
      c.notNull().unique().references('exams.id').onDelete('cascade'),
    )
    .addColumn('code', 'text', notNull)
    .addColumn('sort_order', 'integer', notNull)
    .addPrimaryKeyConstraint('joint_exam_schools_pk', ['joint_exam_id', 'school_id'])
    .execute();
  await db.schema
    .createIndex('joint_exam_schools_school_idx')
    .on('joint_exam_schools')
    .column('school_id')
    .execute();
  await db.schema
    .createTable('joint_exam_subjects')
    .addColumn('joint_exam_id', 'integer', cascadeTo('joint_exams'))
    .addColumn('subject_code', 'text', notNull)
    .addColumn('subject_name', 'text', notNull)
    .addColumn('full_marks', 'double precision', notNull)
    .addColumn('sort_order', 'integer', notNull)
    .addPrimaryKeyConstraint('joint_exam_subjects_pk', ['joint_exam_id', 'subject_code'])
    .execute();
  await db.schema
    .createTable('joint_report_cache')
    .addColumn('joint_exam_id', 'integer', (c) =>
      c.primaryKey().references('joint_exams.id').onDelete('cascade'),
    )
    .addColumn('version', 'text', notNull)
    .addColumn('payload', 'text', notNull)
    .addColumn('computed_at', 'bigint', notNull)
    .execute();
}

/** The joint report with one group per class (the class pages), beside `joint_report_cache`. */
export function jointReportMigrations(): Record<string, Migration> {
  return {
    '0052_joint_class_report': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('joint_class_report_cache')
          .addColumn('joint_exam_id', 'integer', (c) =>
            c.primaryKey().references('joint_exams.id').onDelete('cascade'),
          )
          .addColumn('version', 'text', notNull)
          .addColumn('payload', 'text', notNull)
          .addColumn('computed_at', 'bigint', notNull)
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('joint_class_report_cache').ifExists().execute();
      },
    },
  };
}

/**
 * 统一阅卷 (docs/marking.md "Joint exams: one pool"): the joint exam's marking mode, and the link
 * of a pool block to its joint exam (null for every school's own block).
 */
export function jointPoolMigrations(): Record<string, Migration> {
  return {
    '0071_joint_pool_marking': {
      async up(db: AnyDb) {
        await db.schema
          .alterTable('joint_exams')
          .addColumn('marking_mode', 'text', (c) => c.notNull().defaultTo('school'))
          .execute();
        await db.schema
          .alterTable('marking_blocks')
          .addColumn('joint_exam_id', 'integer')
          .execute();
        await db.schema
          .createIndex('marking_blocks_joint_idx')
          .on('marking_blocks')
          .column('joint_exam_id')
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropIndex('marking_blocks_joint_idx').ifExists().execute();
        await db.schema.alterTable('marking_blocks').dropColumn('joint_exam_id').execute();
        await db.schema.alterTable('joint_exams').dropColumn('marking_mode').execute();
      },
    },
  };
}
