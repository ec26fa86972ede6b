import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../../core/database';
import { autoId, cascadeTo, notNull } from '../../core/migrationColumns';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/**
 * 字词练习: word lists, their words, the classes and teaching classes (0085) they are assigned
 * to and each student's result.
 */
export function homeworkWordExerciseMigrations(dialect: Dialect): Record<string, Migration> {
  const { id, auto } = autoId(dialect);
  return {
    '0074_homework_word_exercises': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('homework_word_exercises')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', cascadeTo('schools'))
          .addColumn('academic_year', 'integer', notNull)
          .addColumn('grade_id', 'integer', cascadeTo('grades'))
          .addColumn('subject_id', 'integer', notNull)
          .addColumn('name', 'text', notNull)
          .addColumn('created_by', 'integer', notNull)
          .addColumn('idempotency_key', 'text', notNull)
          .addColumn('created_at', 'bigint', notNull)
          .addColumn('updated_at', 'bigint', notNull)
          .addUniqueConstraint('homework_word_exercises_key_unique', [
            'school_id',
            'created_by',
            'idempotency_key',
          ])
          .execute();
        await db.schema
          .createTable('homework_words')
          .addColumn('exercise_id', 'integer', cascadeTo('homework_word_exercises'))
          .addColumn('position', 'integer', notNull)
          .addColumn('word', 'text', notNull)
          .addColumn('reading', 'text', notNull)
          .addColumn('meaning', 'text', notNull)
          .addPrimaryKeyConstraint('homework_words_pk', ['exercise_id', 'position'])
          .execute();
        await db.schema
          .createTable('homework_word_assignments')
          .addColumn('exercise_id', 'integer', cascadeTo('homework_word_exercises'))
          .addColumn('class_id', 'integer', cascadeTo('classes'))
          .addColumn('due_at', 'bigint', notNull)
          .addColumn('assigned_by', 'integer', notNull)
          .addColumn('assigned_at', 'bigint', notNull)
          .addPrimaryKeyConstraint('homework_word_assignments_pk', ['exercise_id', 'class_id'])
          .execute();
        await db.schema
          .createTable('homework_word_marks')
          .addColumn('exercise_id', 'integer', cascadeTo('homework_word_exercises'))
          .addColumn('student_id', 'integer', cascadeTo('students'))
          .addColumn('school_id', 'integer', notNull)
          .addColumn('wrong', 'text', notNull)
          .addColumn('marked_by', 'integer', notNull)
          .addColumn('marked_at', 'bigint', notNull)
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
          .addColumn('exercise_id', 'integer', cascadeTo('homework_word_exercises'))
          .addColumn('teaching_class_id', 'integer', cascadeTo('teaching_classes'))
          .addColumn('due_at', 'bigint', notNull)
          .addColumn('assigned_by', 'integer', notNull)
          .addColumn('assigned_at', 'bigint', notNull)
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
