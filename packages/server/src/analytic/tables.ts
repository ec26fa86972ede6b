import type { Generated } from 'kysely';

/**
 * The analytic centre (分析中心, issue #17), merged into the database type `DB`: an analysis of a
 * school combining several exams, single-school or joint. @see docs/analytic-centre.md
 */
export interface AnalyticTables {
  analytic_analyses: AnalyticAnalysesTable;
  analytic_analysis_exams: AnalyticAnalysisExamsTable;
}

export interface AnalyticAnalysesTable {
  id: Generated<number>;
  school_id: number;
  /** 'single' (the school's exams) | 'multiple' (joint exams the school takes part in). */
  kind: string;
  name: string;
  idempotency_key: string;
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface AnalyticAnalysisExamsTable {
  analysis_id: number;
  position: number;
  /** A single-school exam of the school (kind single). */
  exam_id: number | null;
  /** A joint (or cross-school) exam (kind multiple). */
  joint_exam_id: number | null;
}
