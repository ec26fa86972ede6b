import type { Generated } from 'kysely';
import type { GradeSubjectTable } from './gradeSubjectTable';

/**
 * Tables of 校本作业 made from an uploaded paper (docs/homework.md), merged into the database
 * type `DB`. A homework belongs to one grade × subject of one school and academic year.
 */
export interface HomeworkTables {
  homeworks: HomeworksTable;
  homework_questions: HomeworkQuestionsTable;
  homework_assignments: HomeworkAssignmentsTable;
  homework_basket_items: HomeworkBasketItemsTable;
  homework_question_points: HomeworkQuestionPointsTable;
}

export interface HomeworksTable extends GradeSubjectTable {
  name: string;
  /** `draft` (uploaded), `ready` (questions confirmed), `assigned`. */
  state: string;
  /** File-store key of the uploaded paper. */
  paper_key: string;
  paper_name: string;
  /** `pdf` or `image`. */
  paper_kind: string;
  created_by: number;
  /** The creating client's key: a retried create answers the first homework. */
  idempotency_key: string;
  /** Minutes given when made from the bank (the 布置 panel's default); null for a paper. */
  estimated_minutes: number | null;
  created_at: number;
  updated_at: number;
}

export interface HomeworkQuestionsTable {
  homework_id: number;
  /** Order on the paper, from 1. */
  no: number;
  label: string;
  /** `objective` or `subjective`. */
  type: string;
  answer: string | null;
  full_marks: number;
  /** The full marks its answer box was printed with, when changed after assignment; null: `full_marks`. */
  sheet_full_marks?: number | null;
  /** The bank question it was made from (homework from the bank), else null. */
  bank_question_id: number | null;
}

/** One class (`class_id`) or teaching class (`teaching_class_id`) a homework is assigned to. */
export interface HomeworkAssignmentsTable {
  id: Generated<number>;
  homework_id: number;
  school_id: number;
  class_id: number | null;
  teaching_class_id: number | null;
  due_at: number;
  estimated_minutes: number;
  /** China date (YYYY-MM-DD) of the assignment: the day whose 双减 total it counts in. */
  day: string;
  assigned_by: number;
  assigned_at: number;
  /** When the due sweep told the teachers that the due time passed; null until then. */
  due_notified_at: Generated<number | null>;
}

/** One question of a user's homework basket of a subject (docs/homework.md). */
export interface HomeworkBasketItemsTable {
  school_id: number;
  user_id: number;
  subject_code: string;
  question_id: number;
  /** Order in the basket, from 1. */
  position: number;
  score: number;
  added_at: number;
}

/**
 * A knowledge point of the school's tree a teacher tagged a homework question with (a paper's or
 * a 教辅 chapter's; bank homework takes the bank question's points). Migration 0092.
 */
export interface HomeworkQuestionPointsTable {
  school_id: number;
  homework_id: number;
  /** The question's `no` in `homework_questions`. */
  question_no: number;
  point_id: number;
}
