import type { GradeSubjectTable } from '../gradeSubjectTable';

/** 作业分组 (docs/homework.md "作业分组"), merged into the database type `DB`. */
export interface HomeworkGroupTables {
  homework_groups: HomeworkGroupsTable;
  homework_group_items: HomeworkGroupItemsTable;
}

/** A named group of homework of one grade × subject, shared by its teachers. */
export interface HomeworkGroupsTable extends GradeSubjectTable {
  /** Distinct within the school, year, grade and subject. */
  name: string;
  created_by: number;
  created_at: number;
  updated_at: number;
}

/** A homework of a group, in the teacher's order. */
export interface HomeworkGroupItemsTable {
  group_id: number;
  homework_id: number;
  position: number;
}
