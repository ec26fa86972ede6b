import type { Generated } from 'kysely';

/**
 * Tables of the question bank (issue #15), merged into the database type `DB`. A question with
 * `school_id` null belongs to the cloud bank every school reads; a school's own questions carry
 * its id. @see docs/resources.md
 */
export interface ResourceTables {
  knowledge_points: KnowledgePointsTable;
  questions: QuestionsTable;
  question_versions: QuestionVersionsTable;
  question_points: QuestionPointsTable;
  question_signatures: QuestionSignaturesTable;
  question_bands: QuestionBandsTable;
  question_search: QuestionSearchTable;
}

/** A node of a subject's knowledge tree for one stage; `school_id` null is the shared tree. */
export interface KnowledgePointsTable {
  id: Generated<number>;
  school_id: number | null;
  subject_code: string;
  /** 1 小学, 2 初中, 3 高中 (`STAGES` in contracts). */
  stage: number;
  parent_id: number | null;
  name: string;
  ord: number;
  created_at: number;
}

/**
 * One question. Composite questions (材料题, 完形填空) keep their sub-questions as rows with
 * `parent_id` and `ord`; a sub-question has no bank entry of its own (it is never listed alone).
 */
export interface QuestionsTable {
  id: Generated<number>;
  school_id: number | null;
  subject_code: string;
  stage: number;
  /** 1–12, or null when the question is for the whole stage. */
  grade_num: number | null;
  /** A key of `QUESTION_TYPES`: single, multiple, blank, judge, answer, essay, composite. */
  type: string;
  /** 1 (容易) to 5 (困难). */
  difficulty: number;
  /** Rich text: paragraphs, `$…$` LaTeX, images as `![](fileKey)`. */
  stem: string;
  /** JSON array of option texts (A, B, C, …) for choice questions, else `[]`. */
  options: string;
  answer: string;
  analysis: string;
  parent_id: number | null;
  ord: number;
  source: string;
  year: number | null;
  /** JSON array of tags. */
  tags: string;
  /** Raised on every edit; the previous state is in `question_versions`. */
  version: number;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  /** Soft delete: papers and exams made from a question keep it readable. */
  deleted_at: number | null;
  /** The add form's request key: a retried add finds the question it already wrote. */
  request_key: string | null;
  /** With `school_id` null: the region whose cloud bank holds it; null is the national cloud. */
  region_id: number | null;
}

/** The state of a question before an edit (a JSON snapshot of its fields and points). */
export interface QuestionVersionsTable {
  question_id: number;
  version: number;
  snapshot: string;
  edited_by: number | null;
  edited_at: number;
}

export interface QuestionPointsTable {
  question_id: number;
  point_id: number;
}

/**
 * The MinHash signature of a bank question's segmented stem (docs/resources.md "Similar
 * questions"), written with the question. SQLite's full-text table `question_fts` (FTS5, rowid =
 * question id) is not typed here: it is reached with `sql` only.
 */
export interface QuestionSignaturesTable {
  question_id: number;
  /** 64 hex words (`encodeSignature`). */
  signature: string;
}

/** LSH bands of a signature: questions sharing a band key are similar-question candidates. */
export interface QuestionBandsTable {
  question_id: number;
  band_key: number;
}

/** PostgreSQL only: the segmented stem as a `tsvector` ('simple' config), GIN-indexed. */
export interface QuestionSearchTable {
  question_id: number;
  tokens: string;
}
