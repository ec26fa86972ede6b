import type { Generated } from 'kysely';

/** Tables of the 新高考 simulation (docs/gaokao.md), merged into the database type `DB`. */
export interface GaokaoTables {
  gaokao_analyses: GaokaoAnalysesTable;
  /** Analyses of a joint exam (migration 0069). */
  gaokao_joint_analyses: GaokaoJointAnalysesTable;
  /** A joint analysis's snapshot computed in the background (migration 0073). */
  gaokao_joint_snapshots: GaokaoJointSnapshotsTable;
}

/**
 * The figures of a joint analysis over every finished school, before the privacy cut, under the
 * version of the schools' scores and 选科; with the background job's progress.
 */
export interface GaokaoJointSnapshotsTable {
  analysis_id: number;
  version: string;
  /** computing, ready or failed. */
  state: string;
  progress: number;
  stage: string;
  message: string | null;
  /** JSON of the computed figures; null until ready. */
  payload: string | null;
  updated_at: number;
}

/** One 新高考 analysis of a finished exam; the profile is kept as it was chosen. */
export interface GaokaoAnalysesTable {
  id: Generated<number>;
  school_id: number;
  exam_id: number;
  name: string;
  /** `common`, `guangdong`, `shandong`, `zhejiang`, `shanghai` or `custom`. */
  profile_code: string;
  profile_name: string;
  /** `GradeLevel[]` JSON, the levels as they were when the analysis was made. */
  profile_levels: string;
  /** Converted (再选) subject names, JSON array. */
  converted_subjects: string;
  /** The client's key of the create form: a retry answers the first analysis. */
  idempotency_key: string;
  created_by: number;
  created_at: number;
}

/**
 * One 新高考 analysis of a joint exam, made by its organiser with the organiser's profile: every
 * finished school's scores converted together (docs/gaokao.md "Over a joint exam").
 */
export interface GaokaoJointAnalysesTable {
  id: Generated<number>;
  joint_exam_id: number;
  name: string;
  profile_code: string;
  profile_name: string;
  profile_levels: string;
  converted_subjects: string;
  /** `region:<id>` or `school:<id>` (the joint exam's organiser), with `idempotency_key`. */
  organiser_key: string;
  idempotency_key: string;
  created_by: number;
  created_at: number;
}
