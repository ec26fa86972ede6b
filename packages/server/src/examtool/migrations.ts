import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

const TABLES = [
  'class_assign_records',
  'class_assigns',
  'tool_task_items',
  'tool_tasks',
  'tool_sheet_scores',
  'tool_sheet_subjects',
  'tool_sheet_classes',
  'tool_sheets',
];

/** Migrations of the exam tool, named `0020_exam_tool` so they run after the roster and exams. */
export function examToolMigrations(dialect: Dialect): Record<string, Migration> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const auto = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  const num = 'double precision' as const;
  const cascade = (target: string) => (c: ColumnDefinitionBuilder) =>
    c.notNull().references(target).onDelete('cascade');
  const school = cascade('schools.id');
  return {
    '0020_exam_tool': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('tool_sheets')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', school)
          .addColumn('academic_year', 'integer', (c) => c.notNull())
          .addColumn('grade_id', 'integer', cascade('grades.id'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('created_by', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('tool_sheet_classes')
          .addColumn('sheet_id', 'integer', cascade('tool_sheets.id'))
          .addColumn('class_id', 'integer', cascade('classes.id'))
          .addPrimaryKeyConstraint('tool_sheet_classes_pk', ['sheet_id', 'class_id'])
          .execute();
        await db.schema
          .createTable('tool_sheet_subjects')
          .addColumn('id', id, auto)
          .addColumn('sheet_id', 'integer', cascade('tool_sheets.id'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('full_marks', num, (c) => c.notNull())
          .addColumn('ord', 'integer', (c) => c.notNull())
          .addUniqueConstraint('tool_sheet_subjects_name_unique', ['sheet_id', 'name'])
          .execute();
        await db.schema
          .createTable('tool_sheet_scores')
          .addColumn('sheet_id', 'integer', cascade('tool_sheets.id'))
          .addColumn('subject_id', 'integer', cascade('tool_sheet_subjects.id'))
          .addColumn('student_id', 'integer', cascade('students.id'))
          .addColumn('score', num)
          .addColumn('updated_by', 'integer', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('tool_sheet_scores_pk', ['subject_id', 'student_id'])
          .execute();
        await db.schema
          .createIndex('tool_sheet_scores_sheet_idx')
          .on('tool_sheet_scores')
          .column('sheet_id')
          .execute();
        await db.schema
          .createTable('tool_tasks')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', school)
          .addColumn('sheet_id', 'integer', cascade('tool_sheets.id'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('deadline', 'text', (c) => c.notNull())
          .addColumn('note', 'text', (c) => c.notNull())
          .addColumn('created_by', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('tool_task_items')
          .addColumn('task_id', 'integer', cascade('tool_tasks.id'))
          .addColumn('class_id', 'integer', cascade('classes.id'))
          .addColumn('subject_id', 'integer', cascade('tool_sheet_subjects.id'))
          .addColumn('teacher_id', 'integer', cascade('users.id'))
          .addPrimaryKeyConstraint('tool_task_items_pk', ['task_id', 'class_id', 'subject_id'])
          .execute();
        await db.schema
          .createTable('class_assigns')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', school)
          .addColumn('academic_year', 'integer', (c) => c.notNull())
          .addColumn('grade_id', 'integer', cascade('grades.id'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('exam_id', 'integer', (c) => c.references('exams.id').onDelete('set null'))
          .addColumn('balance_sex', 'integer', (c) => c.notNull())
          .addColumn('by_combination', 'integer', (c) => c.notNull())
          .addColumn('class_ids', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('plan', 'text', (c) => c.notNull())
          .addColumn('created_by', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('applied_at', 'bigint')
          .execute();
        await db.schema
          .createTable('class_assign_records')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', school)
          .addColumn('assign_id', 'integer', cascade('class_assigns.id'))
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('moves', 'text', (c) => c.notNull())
          .addColumn('skipped', 'integer', (c) => c.notNull())
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('at', 'bigint', (c) => c.notNull())
          .execute();
      },
      async down(db: AnyDb) {
        for (const table of TABLES) await db.schema.dropTable(table).ifExists().execute();
      },
    },
  };
}
