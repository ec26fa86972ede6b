import type { Generated } from 'kysely';

/**
 * Hand-ins of 校本作业 (docs/homework.md "Submissions"), merged into the database type `DB`.
 * A student has at most one submission per homework; a student of an assigned class without
 * one has not handed in (未提交).
 */
export interface HomeworkSubmissionTables {
  homework_submissions: HomeworkSubmissionsTable;
  homework_answers: HomeworkAnswersTable;
  homework_rubric_items: HomeworkRubricItemsTable;
  homework_answer_rubrics: HomeworkAnswerRubricsTable;
  homework_annotations: HomeworkAnnotationsTable;
  homework_scan_pages: HomeworkScanPagesTable;
}

export interface HomeworkSubmissionsTable {
  id: Generated<number>;
  homework_id: number;
  school_id: number;
  student_id: number;
  /** The student's administrative class when handing in. */
  class_id: number;
  /** `submitted` (待批改), `finished` (已批改), `modified` (changed after it was finished). */
  status: string;
  /** `scan`, `online` or `manual`. */
  source: string;
  /** FileStore key of the scanned page (aligned, PNG); null when not scanned. */
  image_key: string | null;
  /** Sum of the scored questions; null while no question is scored. */
  score: number | null;
  submitted_at: number;
  /** 1: handed in on screen after the due time (迟交); scans and 录入 are never late (0081). */
  late: Generated<number>;
  corrected_by: number | null;
  corrected_at: number | null;
  updated_at: number;
}

/** One question of a submission. */
export interface HomeworkAnswersTable {
  submission_id: number;
  question_no: number;
  /** Objective: the options read or entered (`AC`, `T`, '' none); subjective: null. */
  answer: string | null;
  /** FileStore key of the question's crop of the scanned page. */
  crop_key: string | null;
  /** null until scored. */
  score: number | null;
  /** `right` (full marks) or `wrong`; null until scored. */
  judgement: string | null;
  /** Points added to the rubric's score (rubric scoring only). */
  adjustment: number | null;
  /** 1 while a recognised objective answer waits for the teacher (faint, several marks…). */
  review: number;
  corrected_by: number | null;
  corrected_at: number | null;
}

/** A rubric item of one question (Gradescope-style): full marks + Σ points of the applied items. */
export interface HomeworkRubricItemsTable {
  id: Generated<number>;
  homework_id: number;
  question_no: number;
  label: string;
  /** Signed: −2 deducts 2 points, 0 marks 完全正确. */
  points: number;
  created_by: number;
  updated_at: number;
}

export interface HomeworkAnswerRubricsTable {
  submission_id: number;
  question_no: number;
  rubric_item_id: number;
}

/** A mark drawn on a question's image, kept for the student's report. */
export interface HomeworkAnnotationsTable {
  id: Generated<number>;
  submission_id: number;
  question_no: number;
  /** `tick`, `cross`, `circle` or `text`. */
  kind: string;
  /** Centre, as a share (0–1) of the image's width and height. */
  x: number;
  y: number;
  /** Size as a share of the image's width (a circle's radius, a mark's half width). */
  size: number;
  text: string | null;
  created_by: number;
  created_at: number;
}

/** One uploaded scan file (one page) of a homework, with what became of it. */
export interface HomeworkScanPagesTable {
  id: Generated<number>;
  homework_id: number;
  file_name: string;
  /** SHA-256 of the file: the same file uploaded again answers its first result. */
  sha256: string;
  /** `matched` or `exception`; `resolved` once an exception was assigned to a student. */
  status: string;
  /** Chinese reason of the exception. */
  reason: string | null;
  student_no_read: string | null;
  /** JSON of what was recognised (answers, crop keys), kept to hand an exception to a student. */
  result: string | null;
  submission_id: number | null;
  image_key: string | null;
  created_by: number;
  created_at: number;
  /** The sheet page (0-based) read from the page code (migration 0064); 0 before. */
  page: Generated<number>;
}
