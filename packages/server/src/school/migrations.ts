import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';

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
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const auto = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  const school = <T extends { notNull(): T; references(r: string): T; onDelete(a: 'cascade'): T }>(
    c: T,
  ) => c.notNull().references('schools.id').onDelete('cascade');
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('subjects')
        .addColumn('id', id, auto)
        .addColumn('school_id', 'integer', school)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
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
        .addColumn('academic_year', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('class_id', 'integer', (c) =>
          c.notNull().references('classes.id').onDelete('cascade'),
        )
        .addColumn('subject_id', 'integer', (c) =>
          c.notNull().references('subjects.id').onDelete('cascade'),
        )
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
        .addColumn('academic_year', 'integer', (c) => c.notNull())
        .addColumn('class_id', 'integer', (c) =>
          c.notNull().references('classes.id').onDelete('cascade'),
        )
        .addColumn('role_type', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
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
        .addColumn('academic_year', 'integer', (c) => c.notNull())
        .addColumn('grade_id', 'integer', (c) =>
          c.notNull().references('grades.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
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
        .addColumn('grade_id', 'integer', (c) =>
          c.notNull().references('grades.id').onDelete('cascade'),
        )
        .addColumn('subject_id', 'integer', (c) =>
          c.notNull().references('subjects.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('teacher_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addUniqueConstraint('teaching_classes_grade_name_unique', ['grade_id', 'name'])
        .execute();
      await db.schema
        .createTable('teaching_class_students')
        .addColumn('teaching_class_id', 'integer', (c) =>
          c.notNull().references('teaching_classes.id').onDelete('cascade'),
        )
        .addColumn('student_id', 'integer', (c) =>
          c.notNull().references('students.id').onDelete('cascade'),
        )
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
        .addColumn('param_type', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('school_params_pk', ['school_id', 'param_type'])
        .execute();
      await db.schema
        .createTable('ability_items')
        .addColumn('id', id, auto)
        .addColumn('school_id', 'integer', school)
        .addColumn('kind', 'integer', (c) => c.notNull())
        .addColumn('subject_id', 'integer', (c) =>
          c.notNull().references('subjects.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addUniqueConstraint('ability_items_unique', ['school_id', 'kind', 'subject_id', 'name'])
        .execute();
      await db.schema
        .createTable('import_jobs')
        .addColumn('id', id, auto)
        .addColumn('school_id', 'integer', school)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('inserted', 'integer', (c) => c.notNull())
        .addColumn('updated', 'integer', (c) => c.notNull())
        .addColumn('unchanged', 'integer', (c) => c.notNull())
        .addColumn('errors', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('audit_log')
        .addColumn('id', id, auto)
        .addColumn('school_id', 'integer', school)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('record_count', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('holidays')
        .addColumn('school_id', 'integer', school)
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
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
      .addColumn('school_id', 'integer', (c) =>
        c.notNull().references('schools.id').onDelete('cascade'),
      )
      .addColumn('academic_year', 'integer', (c) => c.notNull())
      .addColumn('grade_id', 'integer', (c) =>
        c.notNull().references('grades.id').onDelete('cascade'),
      )
      .addColumn('subject_id', 'integer', (c) =>
        c.notNull().references('subjects.id').onDelete('cascade'),
      )
      .addColumn('updated_by', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, [
        'school_id',
        'academic_year',
        'grade_id',
        'subject_id',
      ]);
  return {
    async up(db: AnyDb) {
      await keyed(db, 'homework_settings')
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('deadline_time', 'text', (c) => c.notNull())
        .addColumn('allow_late', 'integer', (c) => c.notNull())
        .addColumn('correction_mode', 'text', (c) => c.notNull())
        .addColumn('notify_parents', 'integer', (c) => c.notNull())
        .execute();
      await keyed(db, 'homework_textbooks')
        .addColumn('edition', 'text', (c) => c.notNull())
        .addColumn('volume', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of ['homework_textbooks', 'homework_settings'])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}

/**
 * Migrations of the school domain, named `0002_administration`, `0002a_…` and so on so that
 * they run after the domains they build on. Written in code so the built package needs no files.
 */
export function administrationMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0002_administration': administration(dialect),
    '0007_homework_settings': homeworkSettings(),
  };
}
