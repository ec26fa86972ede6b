import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../../core/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/** 字词练习: the scanned 听写卡 (docs/homework.md "字词练习"). */
export function homeworkWordScanMigrations(dialect: Dialect): Record<string, Migration> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  return {
    '0088_homework_word_scan_pages': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('homework_word_scan_pages')
          .addColumn('id', id, (c) =>
            dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('exercise_id', 'integer', (c) =>
            c.notNull().references('homework_word_exercises.id').onDelete('cascade'),
          )
          .addColumn('school_id', 'integer', (c) => c.notNull())
          .addColumn('file_name', 'text', (c) => c.notNull())
          .addColumn('sha256', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('reason', 'text')
          .addColumn('student_no_read', 'text')
          .addColumn('student_id', 'integer', (c) =>
            c.references('students.id').onDelete('set null'),
          )
          .addColumn('wrong', 'text', (c) => c.notNull())
          .addColumn('created_by', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addUniqueConstraint('homework_word_scan_pages_file_unique', ['exercise_id', 'sha256'])
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('homework_word_scan_pages').execute();
      },
    },
  };
}
