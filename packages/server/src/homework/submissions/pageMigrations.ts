import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../../core/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/**
 * Multi-page homework sheets: the sheet page (0-based, from the page code) of each uploaded
 * scan, so that a hand-in is complete when every page of its sheet arrived. 0075: the full
 * marks a question's answer box was printed with, kept when question/edit changes the full marks
 * of an assigned homework, so that the sheet's boxes stay where the printed sheets have them.
 * 0081: whether a hand-in came after its due time (迟交, an on-screen hand-in the school's 作业设置
 * 允许迟交 let through; docs/homework.md "Late hand-ins").
 */
export function homeworkScanPageMigrations(_dialect: Dialect): Record<string, Migration> {
  return {
    '0064_homework_scan_page_no': {
      async up(db: AnyDb) {
        await db.schema
          .alterTable('homework_scan_pages')
          .addColumn('page', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.alterTable('homework_scan_pages').dropColumn('page').execute();
      },
    },
    '0075_homework_question_sheet_marks': {
      async up(db: AnyDb) {
        await db.schema
          .alterTable('homework_questions')
          .addColumn('sheet_full_marks', 'real')
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.alterTable('homework_questions').dropColumn('sheet_full_marks').execute();
      },
    },
    '0081_homework_submission_late': {
      async up(db: AnyDb) {
        await db.schema
          .alterTable('homework_submissions')
          .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.alterTable('homework_submissions').dropColumn('late').execute();
      },
    },
  };
}
