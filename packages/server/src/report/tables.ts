import type { Generated } from 'kysely';

/**
 * Tables of the report domain (cached analysis results per exam, teachers' comments),
 * merged into the database type `DB`.
 * @see docs/reports.md
 */
export interface ReportTables {
  report_cache: ReportCacheTable;
  report_comments: ReportCommentsTable;
}

/** One computed report per exam: the analysis and the scores it was computed from. */
export interface ReportCacheTable {
  exam_id: number;
  /** Cheap fingerprint of the scores, questions and participants the payload was computed from. */
  scores_version: string;
  computed_at: number;
  /** JSON of `CachedReport` (report/snapshot.ts). */
  payload: string;
}

/** A teacher's comment on one question for a class (or the grade: `class_id` 0). */
export interface ReportCommentsTable {
  id: Generated<number>;
  school_id: number;
  exam_id: number;
  /** 0 = the whole grade. */
  class_id: number;
  question_id: number;
  /** 1 错因分析, 2 讲评建议 (docs/reports.md). */
  type: number;
  content: string;
  updated_by: number;
  updated_at: number;
}
