/**
 * 作文 (docs/homework.md "作文"), merged into the database type `DB`. A composition is a homework
 * (`paper_kind = 'composition'`) with one essay question; these tables add its 要求 and rubric,
 * and the teacher's review of each essay.
 */
export interface HomeworkCompositionTables {
  homework_compositions: HomeworkCompositionsTable;
  homework_composition_reviews: HomeworkCompositionReviewsTable;
}

export interface HomeworkCompositionsTable {
  homework_id: number;
  school_id: number;
  prompt: string;
  genre: string;
  min_words: number;
  /** Points of each part of the rubric; their sum is the essay question's full marks. */
  content_points: number;
  structure_points: number;
  language_points: number;
  writing_points: number;
}

/** The review of one essay (a submission of a composition). */
export interface HomeworkCompositionReviewsTable {
  submission_id: number;
  homework_id: number;
  content: number;
  structure: number;
  language: number;
  writing: number;
  comment: string;
  /** 1 when marked 范文. */
  exemplary: number;
  reviewed_by: number;
  reviewed_at: number;
}
