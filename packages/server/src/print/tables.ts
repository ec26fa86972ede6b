/**
 * Tables of 试卷印刷 (docs/exams.md#试卷印刷), merged into the database type `DB`. A task is
 * one exam subject in one class; its row exists once a printer is assigned or it is marked.
 */
export interface PrintTables {
  exam_print_plans: ExamPrintPlansTable;
  exam_print_tasks: ExamPrintTasksTable;
}

export interface ExamPrintPlansTable {
  exam_id: number;
  /** Spare copies per class. */
  spare: number;
  updated_at: number;
}

export interface ExamPrintTasksTable {
  exam_subject_id: number;
  class_id: number;
  printer_user_id: number | null;
  printed_at: number | null;
  printed_by: number | null;
  informed_at: number | null;
  updated_at: number;
}
