import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';
import { autoId, cascadeTo, notNull } from '../core/migrationColumns';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/**
 * 综合评价: a level per student, term and 能力/素养 item, and a 评语 per student and term
 * (docs/appraise.md).
 */
export function appraiseMigrations(dialect: Dialect): Record<string, Migration> {
  const { id, auto } = autoId(dialect);
  return {
    '0067_appraisal_records': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('appraisal_records')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', cascadeTo('schools'))
          .addColumn('academic_year', 'integer', notNull)
          .addColumn('term', 'integer', notNull)
          .addColumn('student_id', 'integer', cascadeTo('students'))
          .addColumn('item_id', 'integer', cascadeTo('ability_items'))
          .addColumn('level', 'text', notNull)
          .addColumn('comment', 'text', notNull)
          .addColumn('recorded_by', 'integer', notNull)
          .addColumn('updated_at', 'bigint', notNull)
          .addUniqueConstraint('appraisal_records_unique', [
            'school_id',
            'academic_year',
            'term',
            'student_id',
            'item_id',
          ])
          .execute();
        await db.schema
          .createIndex('appraisal_records_student')
          .on('appraisal_records')
          .column('student_id')
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('appraisal_records').execute();
      },
    },
    '0078_appraisal_comments': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('appraisal_comments')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', cascadeTo('schools'))
          .addColumn('academic_year', 'integer', notNull)
          .addColumn('term', 'integer', notNull)
          .addColumn('student_id', 'integer', cascadeTo('students'))
          .addColumn('comment', 'text', notNull)
          .addColumn('written_by', 'integer', notNull)
          .addColumn('updated_at', 'bigint', notNull)
          .addUniqueConstraint('appraisal_comments_unique', [
            'school_id',
            'academic_year',
            'term',
            'student_id',
          ])
          .execute();
        await db.schema
          .createIndex('appraisal_comments_student')
          .on('appraisal_comments')
          .column('student_id')
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('appraisal_comments').execute();
      },
    },
    // the class a level or 评语 was given in (学生评价 shows an earlier year's with its class);
    // rows written before it take the student's class of the day the migration runs
    '0089_appraisal_class': {
      async up(db: AnyDb) {
        for (const table of APPRAISE_TABLES) {
          await db.schema
            .alterTable(table)
            .addColumn('class_id', 'integer', (c) =>
              c.references('classes.id').onDelete('set null'),
            )
            .execute();
          await db
            .updateTable(table)
            .set((eb) => ({
              class_id: eb
                .selectFrom('students')
                .select('students.class_id')
                .whereRef('students.id', '=', `${table}.student_id`),
            }))
            .execute();
        }
      },
      async down(db: AnyDb) {
        for (const table of APPRAISE_TABLES)
          await db.schema.alterTable(table).dropColumn('class_id').execute();
      },
    },
  };
}

const APPRAISE_TABLES = ['appraisal_records', 'appraisal_comments'] as const;
