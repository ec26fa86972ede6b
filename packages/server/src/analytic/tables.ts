import type { Generated } from 'kysely';

/**
 * The analytic centre (分析中心, issue #17), merged into the database type `DB`: an analysis of a
 * school combining several exams, single-school or joint. @see docs/analytic-centre.md
 */
export interface AnalyticTables {
  analytic_analyses: AnalyticAnalysesTable;
  analytic_analysis_exams: AnalyticAnalysisExamsTable;
  region_analyses: RegionAnalysesTable;
  region_analysis_exams: RegionAnalysisExamsTable;
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

/** A region's own analysis (区域分析, migration 0090): its bureau's, over the region's joint exams. */
export interface RegionAnalysesTable {
  id: Generated<number>;
  region_id: number;
  name: string;
  idempotency_key: string;
  /** The bureau account (`bureau_users.id`) that created it. */
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface RegionAnalysisExamsTable {
  analysis_id: number;
  position: number;
  joint_exam_id: number;
}
