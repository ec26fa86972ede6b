import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

const TABLES = [
  'exam_subject_totals',
  'exam_scores',
  'exam_questions',
  'exam_student_electives',
  'exam_students',
  'exam_classes',
  'exam_subjects',
  'exams',
];

/**
 * Migrations of the exam domain, named `0003_exams`, `0003a_…` and so on so that
 * they run after the domains they build on. Written in code so the built package needs no files.
 */
export function examMigrations(dialect: Dialect): Record<string, Migration> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const auto = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  // 8-byte floats on both: REAL affinity on SQLite, float8 (a JS number from pg) on PostgreSQL.
  const num = 'double precision' as const;
  return {
    '0003_exams': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('exams')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('academic_year', 'integer', (c) => c.notNull())
          .addColumn('grade_id', 'integer', (c) => c.notNull().references('grades.id'))
          .addColumn('exam_type', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('exam_date', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('created_by', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('exams_school_year_idx')
          .on('exams')
          .columns(['school_id', 'academic_year', 'exam_date'])
          .execute();
        await db.schema
          .createTable('exam_subjects')
          .addColumn('id', id, auto)
          .addColumn('exam_id', 'integer', (c) =>
            c.notNull().references('exams.id').onDelete('cascade'),
          )
          .addColumn('subject_code', 'text', (c) => c.notNull())
          .addColumn('subject_name', 'text', (c) => c.notNull())
          .addColumn('full_marks', num, (c) => c.notNull())
          .addColumn('elective', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('sheet_design', 'text')
          .addColumn('sheet_template', 'text')
          .addColumn('sheet_saved_at', 'bigint')
          .addColumn('answer_key_version', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('rescore_needed', 'integer', (c) => c.notNull().defaultTo(0))
          .addUniqueConstraint('exam_subjects_exam_code_unique', ['exam_id', 'subject_code'])
          .execute();
        await db.schema
          .createTable('exam_classes')
          .addColumn('exam_id', 'integer', (c) =>
            c.notNull().references('exams.id').onDelete('cascade'),
          )
          .addColumn('class_id', 'integer', (c) =>
            c.notNull().references('classes.id').onDelete('cascade'),
          )
          .addPrimaryKeyConstraint('exam_classes_pk', ['exam_id', 'class_id'])
          .execute();
        await db.schema
          .createTable('exam_students')
          .addColumn('exam_id', 'integer', (c) =>
            c.notNull().references('exams.id').onDelete('cascade'),
          )
          .addColumn('student_id', 'integer', (c) =>
            c.notNull().references('students.id').onDelete('cascade'),
          )
          .addColumn('class_id', 'integer', (c) => c.notNull())
          .addColumn('exam_no', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('exam_students_pk', ['exam_id', 'student_id'])
          .addUniqueConstraint('exam_students_exam_no_unique', ['exam_id', 'exam_no'])
          .execute();
        await db.schema
          .createTable('exam_student_electives')
          .addColumn('exam_subject_id', 'integer', (c) =>
            c.notNull().references('exam_subjects.id').onDelete('cascade'),
          )
          .addColumn('student_id', 'integer', (c) =>
            c.notNull().references('students.id').onDelete('cascade'),
          )
          .addPrimaryKeyConstraint('exam_student_electives_pk', ['exam_subject_id', 'student_id'])
          .execute();
        await db.schema
          .createTable('exam_questions')
          .addColumn('id', id, auto)
          .addColumn('exam_subject_id', 'integer', (c) =>
            c.notNull().references('exam_subjects.id').onDelete('cascade'),
          )
          .addColumn('parent_id', 'integer', (c) =>
            c.references('exam_questions.id').onDelete('cascade'),
          )
          .addColumn('number', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('full_marks', num, (c) => c.notNull())
          .addColumn('option_count', 'integer')
          .addColumn('answer', 'text')
          .addColumn('partial_marks', num)
          .addColumn('score_step', num, (c) => c.notNull().defaultTo(1))
          .addColumn('blank_count', 'integer')
          .addColumn('knowledge_points', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('abilities', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('sort_order', 'integer', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('exam_questions_subject_idx')
          .on('exam_questions')
          .columns(['exam_subject_id', 'sort_order'])
          .execute();
        await db.schema
          .createTable('exam_scores')
          .addColumn('exam_subject_id', 'integer', (c) =>
            c.notNull().references('exam_subjects.id').onDelete('cascade'),
          )
          .addColumn('question_id', 'integer', (c) =>
            c.notNull().references('exam_questions.id').onDelete('cascade'),
          )
          .addColumn('student_id', 'integer', (c) =>
            c.notNull().references('students.id').onDelete('cascade'),
          )
          .addColumn('score', num, (c) => c.notNull())
          .addColumn('source', 'text', (c) => c.notNull())
          .addColumn('answer', 'text')
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('exam_scores_pk', ['question_id', 'student_id'])
          .execute();
        await db.schema
          .createIndex('exam_scores_subject_student_idx')
          .on('exam_scores')
          .columns(['exam_subject_id', 'student_id'])
          .execute();
        await db.schema
          .createTable('exam_subject_totals')
          .addColumn('exam_subject_id', 'integer', (c) =>
            c.notNull().references('exam_subjects.id').onDelete('cascade'),
          )
          .addColumn('student_id', 'integer', (c) =>
            c.notNull().references('students.id').onDelete('cascade'),
          )
          .addColumn('score', num)
          .addColumn('absent', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('exam_subject_totals_pk', ['exam_subject_id', 'student_id'])
          .execute();
      },
      async down(db: AnyDb) {
        for (const table of TABLES) await db.schema.dropTable(table).ifExists().execute();
      },
    },
  };
}
