import type { Generated } from 'kysely';

/**
 * Tables of the exam domain (exams, subjects, paper structure, answer keys, scores, answer sheets), merged into the database type `DB`.
 * Times are epoch milliseconds, flags 0/1, lists JSON text; the same on SQLite and PostgreSQL.
 * @see docs/exams.md for who writes which table
 */
export interface ExamTables {
  exams: ExamsTable;
  exam_subjects: ExamSubjectsTable;
  exam_classes: ExamClassesTable;
  exam_students: ExamStudentsTable;
  exam_student_electives: ExamStudentElectivesTable;
  exam_questions: ExamQuestionsTable;
  exam_scores: ExamScoresTable;
  exam_subject_totals: ExamSubjectTotalsTable;
}

/** States of an exam, in their forward order. */
export type ExamStateValue =
  'draft' | 'sheet_ready' | 'scanning' | 'marking' | 'finished' | 'published';

export interface ExamsTable {
  id: Generated<number>;
  school_id: number;
  academic_year: number;
  grade_id: number;
  /** One of 学前, 周练, 单元, 月测, 期中, 期末, 模拟, 其它. */
  exam_type: string;
  name: string;
  /** `YYYY-MM-DD`. */
  exam_date: string;
  state: ExamStateValue;
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface ExamSubjectsTable {
  id: Generated<number>;
  exam_id: number;
  /** The school's subject code (e.g. `语文` in the demo; whatever the subject dictionary uses). */
  subject_code: string;
  subject_name: string;
  full_marks: number;
  /** 1 = 选考: only the students listed in `exam_student_electives` take it. */
  elective: number;
  sort_order: number;
  /** `SheetDesign` without its paper (settings and overrides), JSON; null until saved. */
  sheet_design: string | null;
  /** `RecognitionTemplate` JSON of the saved sheet; null until saved. */
  sheet_template: string | null;
  sheet_saved_at: number | null;
  /** Bumped on every answer-key change after scanning started. */
  answer_key_version: number;
  /** 1 when the answer key changed after objective scores were written. */
  rescore_needed: number;
}

export interface ExamClassesTable {
  exam_id: number;
  class_id: number;
}

export interface ExamStudentsTable {
  exam_id: number;
  student_id: number;
  /** The class at the time of the exam. */
  class_id: number;
  /** 考号 printed and bubbled on the sheet; the student number unless set. */
  exam_no: string;
}

export interface ExamStudentElectivesTable {
  exam_subject_id: number;
  student_id: number;
}

/** One question or sub-question; a question with children is a heading and only its leaves are scored. */
export interface ExamQuestionsTable {
  id: Generated<number>;
  exam_subject_id: number;
  parent_id: number | null;
  /** Printed number; a sub-question's own part, e.g. `(1)`; the full number is parent + own. */
  number: string;
  /** 'single' | 'multiple' | 'judge' | 'fill' | 'subjective' */
  kind: string;
  full_marks: number;
  option_count: number | null;
  /** Objective key: `A`, `ABD`, `T`/`F`; null when not set (or not objective). */
  answer: string | null;
  /** Multiple choice: marks for a non-empty strict subset of the key with no wrong option; null = none. */
  partial_marks: number | null;
  score_step: number;
  blank_count: number | null;
  /** JSON string array. */
  knowledge_points: string;
  /** JSON string array. */
  abilities: string;
  sort_order: number;
}

/** One student's score on one leaf question. */
export interface ExamScoresTable {
  exam_subject_id: number;
  question_id: number;
  student_id: number;
  score: number;
  /** 'import' | 'objective' | 'marking' */
  source: string;
  /** The recognised choice of an objective item (`AB`, `T`), else null. */
  answer: string | null;
  updated_at: number;
}

/** One student's total in one subject; absent students have `absent` 1 and score null. */
export interface ExamSubjectTotalsTable {
  exam_subject_id: number;
  student_id: number;
  score: number | null;
  absent: number;
  updated_at: number;
}
