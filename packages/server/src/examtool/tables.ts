import type { Generated } from 'kysely';

/**
 * Tables of the exam tool (quick score sheets, entry tasks, 分班), merged into the database type
 * `DB`. @see docs/exam-tool.md
 */
export interface ExamToolTables {
  tool_sheets: ToolSheetsTable;
  tool_sheet_classes: ToolSheetClassesTable;
  tool_sheet_subjects: ToolSheetSubjectsTable;
  tool_sheet_scores: ToolSheetScoresTable;
  tool_tasks: ToolTasksTable;
  tool_task_items: ToolTaskItemsTable;
  class_assigns: ClassAssignsTable;
  class_assign_records: ClassAssignRecordsTable;
}

export interface ToolSheetsTable {
  id: Generated<number>;
  school_id: number;
  academic_year: number;
  grade_id: number;
  name: string;
  created_by: number;
  created_at: number;
}

export interface ToolSheetClassesTable {
  sheet_id: number;
  class_id: number;
}

export interface ToolSheetSubjectsTable {
  id: Generated<number>;
  sheet_id: number;
  name: string;
  full_marks: number;
  ord: number;
}

/** One entered cell; a row without a score is 缺考. */
export interface ToolSheetScoresTable {
  sheet_id: number;
  subject_id: number;
  student_id: number;
  score: number | null;
  updated_by: number;
  updated_at: number;
}

export interface ToolTasksTable {
  id: Generated<number>;
  school_id: number;
  sheet_id: number;
  name: string;
  deadline: string;
  note: string;
  created_by: number;
  created_at: number;
}

export interface ToolTaskItemsTable {
  task_id: number;
  class_id: number;
  subject_id: number;
  teacher_id: number;
}

export interface ClassAssignsTable {
  id: Generated<number>;
  school_id: number;
  academic_year: number;
  grade_id: number;
  name: string;
  exam_id: number | null;
  balance_sex: number;
  by_combination: number;
  /** Target class ids, comma separated, in the order chosen. */
  class_ids: string;
  /** `draft`, `applied` or `undone`. */
  state: string;
  /** JSON `[studentId, fromClassId, toClassId, score|null][]` as planned. */
  plan: string;
  created_by: number;
  created_at: number;
  applied_at: number | null;
}

export interface ClassAssignRecordsTable {
  id: Generated<number>;
  school_id: number;
  assign_id: number;
  /** `apply` or `undo`. */
  action: string;
  /** JSON `[studentId, fromClassId, toClassId][]` actually moved. */
  moves: string;
  skipped: number;
  user_id: number;
  at: number;
}
