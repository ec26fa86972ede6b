import type { Generated } from 'kysely';

/** 综合评价 (docs/appraise.md), merged into the database type `DB`. */
export interface AppraiseTables {
  appraisal_records: AppraisalRecordsTable;
  appraisal_comments: AppraisalCommentsTable;
}

/** A student's 评语 of one term, written by the class's 班主任; one row per student and term. */
export interface AppraisalCommentsTable {
  id: Generated<number>;
  school_id: number;
  academic_year: number;
  /** 1 上学期, 2 下学期. */
  term: number;
  student_id: number;
  /** The student's class when it was written (null: the class was deleted since). */
  class_id: number | null;
  /** 1–200 characters: a cleared 评语 deletes the row. */
  comment: string;
  written_by: number;
  updated_at: number;
}

/** A student's level in one 能力 or 素养 item in one term; one row per student, term and item. */
export interface AppraisalRecordsTable {
  id: Generated<number>;
  school_id: number;
  academic_year: number;
  /** 1 上学期, 2 下学期. */
  term: number;
  student_id: number;
  /** The student's class when it was recorded (null: the class was deleted since). */
  class_id: number | null;
  /** `ability_items.id`: the item's kind and subject come from it. */
  item_id: number;
  /** A 优秀, B 良好, C 合格, D 待提高. */
  level: string;
  comment: string;
  recorded_by: number;
  updated_at: number;
}
