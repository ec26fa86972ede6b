import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/**
 * 综合评价: a level per student, term and 能力/素养 item, and a 评语 per student and term
 * (docs/appraise.md).
 */
export function appraiseMigrations(dialect: Dialect): Record<string, Migration> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  return {
    '0067_appraisal_records': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('appraisal_records')
          .addColumn('id', id, (c) =>
            dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('academic_year', 'integer', (c) => c.notNull())
          .addColumn('term', 'integer', (c) => c.notNull())
          .addColumn('student_id', 'integer', (c) =>
            c.notNull().references('students.id').onDelete('cascade'),
          )
          .addColumn('item_id', 'integer', (c) =>
            c.notNull().references('ability_items.id').onDelete('cascade'),
          )
          .addColumn('level', 'text', (c) => c.notNull())
          .addColumn('comment', 'text', (c) => c.notNull())
          .addColumn('recorded_by', 'integer', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
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
          .addColumn('id', id, (c) =>
            dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('academic_year', 'integer', (c) => c.notNull())
          .addColumn('term', 'integer', (c) => c.notNull())
          .addColumn('student_id', 'integer', (c) =>
            c.notNull().references('students.id').onDelete('cascade'),
          )
          .addColumn('comment', 'text', (c) => c.notNull())
          .addColumn('written_by', 'integer', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
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
  };
}
