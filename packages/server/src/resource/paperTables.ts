import type { Generated } from 'kysely';

/**
 * Tables of the basket and papers (issue #15), merged into the database type `DB`.
 * @see docs/resources.md "Basket and papers"
 */
export interface PaperTables {
  basket_items: BasketItemsTable;
  papers: PapersTable;
  paper_sections: PaperSectionsTable;
  paper_questions: PaperQuestionsTable;
  paper_exams: PaperExamsTable;
  paper_exam_questions: PaperExamQuestionsTable;
  assistant_plans: AssistantPlansTable;
}

/**
 * A plan of 组卷助手 (docs/resources.md "组卷助手"): the settings and the questions picked, as
 * JSON, kept as the teacher's 组卷记录; `paper_id` once saved as a paper.
 */
export interface AssistantPlansTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  subject_code: string;
  title: string;
  /** `AssistantSettings` as JSON. */
  settings: string;
  /** The picked question ids per row of the settings, as JSON: `number[][]`. */
  picks: string;
  paper_id: number | null;
  created_at: number;
  updated_at: number;
  /** The client's key of the generate call: a retry answers the same plan. */
  request_key: string;
}

/** One question in a user's basket of a subject; the key (user, subject, question) makes adds idempotent. */
export interface BasketItemsTable {
  school_id: number;
  user_id: number;
  subject_code: string;
  question_id: number;
  type: string;
  added_at: number;
}

/** A paper: the school's own, or with `school_id` null a cloud paper every school reads. */
export interface PapersTable {
  id: Generated<number>;
  school_id: number | null;
  subject_code: string;
  grade_num: number | null;
  title: string;
  subtitle: string;
  duration_minutes: number;
  full_marks: number;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  /** The client's key of the save (组卷, 复制到校本): a retry answers the same paper. */
  request_key: string | null;
  /** With `school_id` null: the region whose cloud bank holds it; null is the national cloud. */
  region_id: number | null;
}

export interface PaperSectionsTable {
  id: Generated<number>;
  paper_id: number;
  ord: number;
  title: string;
}

export interface PaperQuestionsTable {
  paper_id: number;
  section_id: number;
  question_id: number;
  /** Order in the whole paper (the printed number is `ord + 1`). */
  ord: number;
  score: number;
}

/** An exam made from a paper (生成考试), keyed by the client's request key against retries. */
export interface PaperExamsTable {
  paper_id: number;
  exam_id: number;
  exam_subject_id: number;
  school_id: number;
  request_key: string;
  created_at: number;
}

/** Which exam question a paper's bank question became: the way back for its real score rate. */
export interface PaperExamQuestionsTable {
  exam_subject_id: number;
  exam_question_id: number;
  question_id: number;
}
