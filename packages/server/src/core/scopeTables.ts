import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * 学科组长 / 教研组长: a teacher who leads one subject in one grade (`grade_id`) or in every
 * grade of the school (`grade_id` null), per academic year. Their scope is that subject in
 * every class of the grade or school (docs/scope.md).
 */
export interface SubjectRolesTable {
  school_id: number;
  academic_year: number;
  subject_id: number;
  grade_id: number | null;
  user_id: number;
}

export interface ScopeTables {
  subject_roles: SubjectRolesTable;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

const subjectRoles: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('subject_roles')
      .addColumn('school_id', 'integer', (c) =>
        c.notNull().references('schools.id').onDelete('cascade'),
      )
      .addColumn('academic_year', 'integer', (c) => c.notNull())
      .addColumn('subject_id', 'integer', (c) =>
        c.notNull().references('subjects.id').onDelete('cascade'),
      )
      .addColumn('grade_id', 'integer', (c) => c.references('grades.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('subject_roles_user_idx')
      .on('subject_roles')
      .columns(['user_id', 'academic_year'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('subject_roles').ifExists().execute();
  },
};

/** Named after `0002_administration` (subjects, grades), which it references. */
export function scopeMigrations(): Record<string, Migration> {
  return { '0007s_subject_roles': subjectRoles };
}
