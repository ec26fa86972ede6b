import type { Generated } from 'kysely';

/** Comments of homework reports (docs/homework.md "Reports"), merged into the database type `DB`. */
export interface HomeworkReportTables {
  homework_comments: HomeworkCommentsTable;
}

/** A teacher's comment on a homework for one class (`class:<id>`) or one student (`student:<id>`). */
export interface HomeworkCommentsTable {
  id: Generated<number>;
  homework_id: number;
  school_id: number;
  /** `class:<classId>` or `student:<studentId>`: one comment per target and homework. */
  target: string;
  text: string;
  updated_by: number;
  updated_at: number;
}
