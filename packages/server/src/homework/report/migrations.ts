import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../../core/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/** Homework reports: the teachers' comments per class and per student. */
export function homeworkReportMigrations(dialect: Dialect): Record<string, Migration> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  return {
    '0056_homework_comments': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('homework_comments')
          .addColumn('id', id, (c) =>
            dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('homework_id', 'integer', (c) =>
            c.notNull().references('homeworks.id').onDelete('cascade'),
          )
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('target', 'text', (c) => c.notNull())
          .addColumn('text', 'text', (c) => c.notNull())
          .addColumn('updated_by', 'integer', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addUniqueConstraint('homework_comments_target_unique', ['homework_id', 'target'])
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('homework_comments').execute();
      },
    },
  };
}
