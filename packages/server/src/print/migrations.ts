import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/** Migrations of 试卷印刷, after the exam domain's. */
export function printMigrations(dialect: Dialect): Record<string, Migration> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const auto = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  /** The 0011 notices table, dropped by 0021 (the notices are messages since). */
  const createNotices = async (db: AnyDb) => {
    await db.schema
      .createTable('exam_print_notices')
      .addColumn('id', id, auto)
      .addColumn('school_id', 'integer', (c) =>
        c.notNull().references('schools.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('exam_id', 'integer', (c) =>
        c.notNull().references('exams.id').onDelete('cascade'),
      )
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('link', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('exam_print_notices_user_idx')
      .on('exam_print_notices')
      .columns(['user_id', 'created_at'])
      .execute();
  };
  return {
    '0011_exam_print': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('exam_print_plans')
          .addColumn('exam_id', 'integer', (c) =>
            c.primaryKey().references('exams.id').onDelete('cascade'),
          )
          .addColumn('spare', 'integer', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('exam_print_tasks')
          .addColumn('exam_subject_id', 'integer', (c) =>
            c.notNull().references('exam_subjects.id').onDelete('cascade'),
          )
          .addColumn('class_id', 'integer', (c) =>
            c.notNull().references('classes.id').onDelete('cascade'),
          )
          .addColumn('printer_user_id', 'integer', (c) =>
            c.references('users.id').onDelete('set null'),
          )
          .addColumn('printed_at', 'bigint')
          .addColumn('printed_by', 'integer')
          .addColumn('informed_at', 'bigint')
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('exam_print_tasks_pk', ['exam_subject_id', 'class_id'])
          .execute();
        await db.schema
          .createIndex('exam_print_tasks_printer_idx')
          .on('exam_print_tasks')
          .column('printer_user_id')
          .execute();
        await createNotices(db);
      },
      async down(db: AnyDb) {
        for (const table of ['exam_print_notices', 'exam_print_tasks', 'exam_print_plans'])
          await db.schema.dropTable(table).ifExists().execute();
      },
    },
    '0021_print_notices_to_messages': {
      // 试卷印好 notices are messages of the messages domain (kind print_ready): earlier notices
      // move there, each to its own teacher, and the print domain's own table goes.
      async up(db: AnyDb) {
        const rows = await db.selectFrom('exam_print_notices').selectAll().orderBy('id').execute();
        for (const r of rows) {
          const { id } = await db
            .insertInto('messages')
            .values({
              school_id: r.school_id,
              kind: 'print_ready',
              title: r.title,
              content: r.body,
              link: r.link,
              sender_id: null,
              dedupe_key: null,
              created_at: r.created_at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await db
            .insertInto('message_receipts')
            .values({ message_id: id, user_id: r.user_id, school_id: r.school_id, read_at: null })
            .execute();
        }
        await db.schema.dropTable('exam_print_notices').execute();
      },
      async down(db: AnyDb) {
        await createNotices(db);
      },
    },
  };
}
