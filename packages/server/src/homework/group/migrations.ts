import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../../core/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/** 作业分组: named groups of homework per grade × subject and their homework. */
export function homeworkGroupMigrations(dialect: Dialect): Record<string, Migration> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  return {
    '0062_homework_groups': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('homework_groups')
          .addColumn('id', id, (c) =>
            dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('academic_year', 'integer', (c) => c.notNull())
          .addColumn('grade_id', 'integer', (c) =>
            c.notNull().references('grades.id').onDelete('cascade'),
          )
          .addColumn('subject_id', 'integer', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('created_by', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addUniqueConstraint('homework_groups_name_unique', [
            'school_id',
            'academic_year',
            'grade_id',
            'subject_id',
            'name',
          ])
          .execute();
        await db.schema
          .createTable('homework_group_items')
          .addColumn('group_id', 'integer', (c) =>
            c.notNull().references('homework_groups.id').onDelete('cascade'),
          )
          .addColumn('homework_id', 'integer', (c) =>
            c.notNull().references('homeworks.id').onDelete('cascade'),
          )
          .addColumn('position', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('homework_group_items_pk', ['group_id', 'homework_id'])
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('homework_group_items').execute();
        await db.schema.dropTable('homework_groups').execute();
      },
    },
  };
}
