import type { Generated } from 'kysely';

/**
 * Tables of the online-exam domain, merged into the database type `DB`. An online exam is an
 * `exams` row with one subject; its questions are `exam_questions` rows (keys included) with
 * their text here. Times are epoch milliseconds. @see docs/online-exams.md
 */
export interface OnlineTables {
  online_exams: OnlineExamsTable;
  online_questions: OnlineQuestionsTable;
  online_attempts: OnlineAttemptsTable;
}

export interface OnlineExamsTable {
  exam_id: number;
  school_id: number;
  /** What students type on the student page; unique over every school. */
  code: string;
  starts_at: number | null;
  ends_at: number | null;
  duration_minutes: number | null;
  created_at: number;
  updated_at: number;
}

export interface OnlineQuestionsTable {
  /** The `exam_questions` row (kind, marks, choice key). */
  question_id: number;
  exam_id: number;
  stem: string;
  /** JSON array of option texts (choice questions). */
  options: string;
  /** JSON array of accepted fill-in answers. */
  accepted: string;
  /** Reference answer of a free answer, shown to markers. */
  reference: string;
  /** 'typed' or 'bank'. */
  source: string;
  source_ref: string | null;
}

export interface OnlineAttemptsTable {
  id: Generated<number>;
  exam_id: number;
  student_id: number;
  /** SHA-256 of the student page's latest ticket: entering again hands the exam to the new page. */
  ticket_hash: string;
  started_at: number;
  saved_at: number | null;
  submitted_at: number | null;
  /** JSON object: question id → the answer as typed or chosen. */
  answers: string;
}
