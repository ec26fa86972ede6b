import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../../core/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/**
 * 字词练习: word lists, their words, the classes and teaching classes (0085) they are assigned
 * to and each student's result.
 */
export function homeworkWordExerciseMigrations(dialect: Dialect): Record<string, Migration> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  return {
    '0074_homework_word_exercises': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('homework_word_exercises')
          .addColumn('id', id, (c) =>
            dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('academic_year', 'integer', (c) => c.notNull())
          .addColumn('grade_id', 'integer', (c) =>
            c.notNull().references('grades.id').onDelete('cascade'),
          )
          .addColumn('subject_id', 'integer', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('created_by', 'integer', (c) => c.notNull())
          .addColumn('idempotency_key', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addUniqueConstraint('homework_word_exercises_key_unique', [
            'school_id',
            'created_by',
            'idempotency_key',
          ])
          .execute();
        await db.schema
          .createTable('homework_words')
          .addColumn('exercise_id', 'integer', (c) =>
            c.notNull().references('homework_word_exercises.id').onDelete('cascade'),
          )
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('word', 'text', (c) => c.notNull())
          .addColumn('reading', 'text', (c) => c.notNull())
          .addColumn('meaning', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('homework_words_pk', ['exercise_id', 'position'])
          .execute();
        await db.schema
          .createTable('homework_word_assignments')
          .addColumn('exercise_id', 'integer', (c) =>
            c.notNull().references('homework_word_exercises.id').onDelete('cascade'),
          )
          .addColumn('class_id', 'integer', (c) =>
            c.notNull().references('classes.id').onDelete('cascade'),
          )
          .addColumn('due_at', 'bigint', (c) => c.notNull())
          .addColumn('assigned_by', 'integer', (c) => c.notNull())
          .addColumn('assigned_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('homework_word_assignments_pk', ['exercise_id', 'class_id'])
          .execute();
        await db.schema
          .createTable('homework_word_marks')
          .addColumn('exercise_id', 'integer', (c) =>
            c.notNull().references('homework_word_exercises.id').onDelete('cascade'),
          )
          .addColumn('student_id', 'integer', (c) =>
            c.notNull().references('students.id').onDelete('cascade'),
          )
          .addColumn('school_id', 'integer', (c) => c.notNull())
          .addColumn('wrong', 'text', (c) => c.notNull())
          .addColumn('marked_by', 'integer', (c) => c.notNull())
          .addColumn('marked_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('homework_word_marks_pk', ['exercise_id', 'student_id'])
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('homework_word_marks').execute();
        await db.schema.dropTable('homework_word_assignments').execute();
        await db.schema.dropTable('homework_words').execute();
        await db.schema.dropTable('homework_word_exercises').execute();
      },
    },
    '0085_homework_word_teaching_classes': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('homework_word_teaching_assignments')
          .addColumn('exercise_id', 'integer', (c) =>
            c.notNull().references('homework_word_exercises.id').onDelete('cascade'),
          )
          .addColumn('teaching_class_id', 'integer', (c) =>
            c.notNull().references('teaching_classes.id').onDelete('cascade'),
          )
          .addColumn('due_at', 'bigint', (c) => c.notNull())
          .addColumn('assigned_by', 'integer', (c) => c.notNull())
          .addColumn('assigned_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('homework_word_teaching_assignments_pk', [
            'exercise_id',
            'teaching_class_id',
          ])
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropTable('homework_word_teaching_assignments').execute();
      },
    },
  };
}
