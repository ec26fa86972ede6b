import type { Generated } from 'kysely';

/**
 * Tables of 试卷印刷 (docs/exams.md#试卷印刷), merged into the database type `DB`. A task is
 * one exam subject in one class; its row exists once a printer is assigned or it is marked.
 */
export interface PrintTables {
  exam_print_plans: ExamPrintPlansTable;
  exam_print_tasks: ExamPrintTasksTable;
  exam_print_notices: ExamPrintNoticesTable;
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

/** A notice that a class's papers are printed, one per teacher told (see `informTeachers`). */
export interface ExamPrintNoticesTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  exam_id: number;
  title: string;
  body: string;
  /** Where the notice leads in the app. */
  link: string;
  created_at: number;
}
