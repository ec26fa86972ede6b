import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../../core/database';
import { autoId, cascadeTo, notNull } from '../../core/migrationColumns';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/** 作业分组: named groups of homework per grade × subject and their homework. */
export function homeworkGroupMigrations(dialect: Dialect): Record<string, Migration> {
  const { id, auto } = autoId(dialect);
  return {
    '0062_homework_groups': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('homework_groups')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', cascadeTo('schools'))
          .addColumn('academic_year', 'integer', notNull)
          .addColumn('grade_id', 'integer', cascadeTo('grades'))
          .addColumn('subject_id', 'integer', notNull)
          .addColumn('name', 'text', notNull)
          .addColumn('created_by', 'integer', notNull)
          .addColumn('created_at', 'bigint', notNull)
          .addColumn('updated_at', 'bigint', notNull)
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
          .addColumn('group_id', 'integer', cascadeTo('homework_groups'))
          .addColumn('homework_id', 'integer', cascadeTo('homeworks'))
          .addColumn('position', 'integer', notNull)
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
