import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../../core/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/** Homework handed out on screen: the 作业码 and the student page's tickets. */
export function homeworkOnlineMigrations(_dialect: Dialect): Record<string, Migration> {
  return {
    '0057_homework_online': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('homework_online')
          .addColumn('homework_id', 'integer', (c) =>
            c.primaryKey().references('homeworks.id').onDelete('cascade'),
          )
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('code', 'text', (c) => c.notNull().unique())
          .addColumn('opened_by', 'integer', (c) => c.notNull())
          .addColumn('opened_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('homework_online_tickets')
          .addColumn('homework_id', 'integer', (c) =>
            c.notNull().references('homeworks.id').onDelete('cascade'),
          )
          .addColumn('student_id', 'integer', (c) =>
            c.notNull().references('students.id').onDelete('cascade'),
          )
          .addColumn('ticket_hash', 'text', (c) => c.notNull().unique())
          .addColumn('entered_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('homework_online_tickets_pk', ['homework_id', 'student_id'])
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('homework_online_tickets').execute();
        await db.schema.dropTable('homework_online').execute();
      },
    },
  };
}
