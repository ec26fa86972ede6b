import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';
import { autoId, cascadeTo, notNull } from '../core/migrationColumns';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

const TABLES = [
  'holidays',
  'audit_log',
  'import_jobs',
  'ability_items',
  'school_params',
  'teaching_class_students',
  'teaching_classes',
  'student_details',
  'grade_roles',
  'class_roles',
  'teaching_assignments',
  'role_scopes',
  'subjects',
];

function administration(dialect: Dialect): Migration {
  const { id, auto } = autoId(dialect);
  const school = <T extends { notNull(): T; references(r: string): T; onDelete(a: 'cascade'): T }>(
    c: T,
  ) => c.notNull().references('schools.id').onDelete('cascade');
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('subjects')
        .addColumn('id', id, auto)
        .addColumn('school_id', 'integer', school)
        .addColumn('name', 'text', notNull)
        .addColumn('code', 'text', notNull)
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('subjects_school_name_unique', ['school_id', 'name'])
        .execute();
      await db.schema
        .createTable('role_scopes')
        .addColumn('role_id', 'integer', (c) =>
          c.primaryKey().references('roles.id').onDelete('cascade'),
        )
        .addColumn('school_wide', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('teaching_assignments')
        .addColumn('id', id, auto)
        .addColumn('school_id', 'integer', school)
        .addColumn('academic_year', 'integer', notNull)
        .addColumn('user_id', 'integer', cascadeTo('users'))
        .addColumn('class_id', 'integer', cascadeTo('classes'))
        .addColumn('subject_id', 'integer', cascadeTo('subjects'))
        .addUniqueConstraint('teaching_assignments_unique', [
          'user_id',
          'class_id',
          'subject_id',
          'academic_year',
        ])
        .execute();
      await db.schema
        .createIndex('teaching_assignments_class_idx')
        .on('teaching_assignments')
        .columns(['class_id', 'academic_year'])
        .execute();
      await db.schema
        .createTable('class_roles')
        .addColumn('school_id', 'integer', school)
        .addColumn('academic_year', 'integer', notNull)
        .addColumn('class_id', 'integer', cascadeTo('classes'))
        .addColumn('role_type', 'integer', notNull)
        .addColumn('user_id', 'integer', cascadeTo('users'))
        .addPrimaryKeyConstraint('class_roles_pk', ['class_id', 'academic_year', 'role_type'])
        .execute();
      await db.schema
        .createIndex('class_roles_user_idx')
        .on('class_roles')
        .columns(['user_id', 'academic_year'])
        .execute();
      await db.schema
        .createTable('grade_roles')
        .addColumn('school_id', 'integer', school)
        .addColumn('academic_year', 'integer', notNull)
        .addColumn('grade_id', 'integer', cascadeTo('grades'))
        .addColumn('user_id', 'integer', cascadeTo('users'))
        .addPrimaryKeyConstraint('grade_roles_pk', ['grade_id', 'academic_year', 'user_id'])
        .execute();
      await db.schema
        .createTable('student_details')
        .addColumn('student_id', 'integer', (c) =>
          c.primaryKey().references('students.id').onDelete('cascade'),
        )
        .addColumn('sex', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('statistics', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('combo_type', 'text')
        .addColumn('electives', 'text')
        .execute();
      await db.schema
        .createTable('teaching_classes')
        .addColumn('id', id, auto)
        .addColumn('school_id', 'integer', school)
        .addColumn('grade_id', 'integer', cascadeTo('grades'))
        .addColumn('subject_id', 'integer', cascadeTo('subjects'))
        .addColumn('name', 'text', notNull)
        .addColumn('teacher_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addUniqueConstraint('teaching_classes_grade_name_unique', ['grade_id', 'name'])
        .execute();
      await db.schema
        .createTable('teaching_class_students')
        .addColumn('teaching_class_id', 'integer', cascadeTo('teaching_classes'))
        .addColumn('student_id', 'integer', cascadeTo('students'))
        .addPrimaryKeyConstraint('teaching_class_students_pk', ['teaching_class_id', 'student_id'])
        .execute();
      await db.schema
        .createIndex('teaching_class_students_student_idx')
        .on('teaching_class_students')
        .column('student_id')
        .execute();
      await db.schema
        .createTable('school_params')
        .addColumn('school_id', 'integer', school)
        .addColumn('param_type', 'text', notNull)
        .addColumn('value', 'text', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('school_params_pk', ['school_id', 'param_type'])
        .execute();
      await db.schema
        .createTable('ability_items')
        .addColumn('id', id, auto)
        .addColumn('school_id', 'integer', school)
        .addColumn('kind', 'integer', notNull)
        .addColumn('subject_id', 'integer', cascadeTo('subjects'))
        .addColumn('name', 'text', notNull)
        .addUniqueConstraint('ability_items_unique', ['school_id', 'kind', 'subject_id', 'name'])
        .execute();
      await db.schema
        .createTable('import_jobs')
        .addColumn('id', id, auto)
        .addColumn('school_id', 'integer', school)
        .addColumn('user_id', 'integer', notNull)
        .addColumn('kind', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('total', 'integer', notNull)
        .addColumn('inserted', 'integer', notNull)
        .addColumn('updated', 'integer', notNull)
        .addColumn('unchanged', 'integer', notNull)
        .addColumn('errors', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema
        .createTable('audit_log')
        .addColumn('id', id, auto)
        .addColumn('school_id', 'integer', school)
        .addColumn('user_id', 'integer', notNull)
        .addColumn('action', 'text', notNull)
        .addColumn('record_count', 'integer', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema
        .createTable('holidays')
        .addColumn('school_id', 'integer', school)
        .addColumn('day', 'text', notNull)
        .addColumn('name', 'text', notNull)
        .addPrimaryKeyConstraint('holidays_pk', ['school_id', 'day'])
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of TABLES) await db.schema.dropTable(table).ifExists().execute();
    },
  };
}

/** `0007_homework_settings`: homework settings and textbook editions per grade × subject and year. */
function homeworkSettings(): Migration {
  const keyed = (db: AnyDb, table: string) =>
    db.schema
      .createTable(table)
      .addColumn('school_id', 'integer', cascadeTo('schools'))
      .addColumn('academic_year', 'integer', notNull)
      .addColumn('grade_id', 'integer', cascadeTo('grades'))
      .addColumn('subject_id', 'integer', cascadeTo('subjects'))
      .addColumn('updated_by', 'integer', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .addPrimaryKeyConstraint(`${table}_pk`, [
        'school_id',
        'academic_year',
        'grade_id',
        'subject_id',
      ]);
  return {
    async up(db: AnyDb) {
      await keyed(db, 'homework_settings')
        .addColumn('enabled', 'integer', notNull)
        .addColumn('deadline_time', 'text', notNull)
        .addColumn('allow_late', 'integer', notNull)
        .addColumn('correction_mode', 'text', notNull)
        .addColumn('notify_parents', 'integer', notNull)
        .execute();
      await keyed(db, 'homework_textbooks')
        .addColumn('edition', 'text', notNull)
        .addColumn('volume', 'text', notNull)
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of ['homework_textbooks', 'homework_settings'])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}

/**
 * `0091_homework_settings_modes`: 学生互评 and 通知家长 changed nothing and could not (students
 * have no sign-in, parents no accounts or phone numbers): stored `peer` rows become `teacher`
 * (a teacher corrects, as with peers nobody could be credited) and `notify_parents` goes
 * (docs/administration.md "Homework settings").
 */
const homeworkSettingsModes: Migration = {
  async up(db: AnyDb) {
    await db
      .updateTable('homework_settings')
      .set({ correction_mode: 'teacher' })
      .where('correction_mode', '=', 'peer')
      .execute();
    await db.schema.alterTable('homework_settings').dropColumn('notify_parents').execute();
  },
  async down(db: AnyDb) {
    await db.schema
      .alterTable('homework_settings')
      .addColumn('notify_parents', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};

/**
 * Migrations of the school domain, named `0002_administration`, `0002a_…` and so on so that
 * they run after the domains they build on. Written in code so the built package needs no files.
 */
export function administrationMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0002_administration': administration(dialect),
    '0007_homework_settings': homeworkSettings(),
    '0091_homework_settings_modes': homeworkSettingsModes,
  };
}
