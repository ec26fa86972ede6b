/**
 * The joint reports' background snapshots (migration 0070) and the rows of those computed in
 * DuckDB (migration 0093), merged into the database type `DB`.
 */
export interface JointSnapshotTables {
  joint_report_snapshots: JointReportSnapshotsTable;
  joint_snapshot_heads: JointSnapshotHeadsTable;
  joint_snapshot_figures: JointSnapshotFiguresTable;
  joint_snapshot_ranks: JointSnapshotRanksTable;
}

/**
 * A joint exam's snapshot computed in DuckDB (docs/joint-exams.md#snapshots): its version, and the
 * head every page needs (`DuckHead` of joint/duckSnapshot.ts, as JSON). Written with its rows.
 */
export interface JointSnapshotHeadsTable {
  joint_exam_id: number;
  /** The schools' version the rows were computed from, as `joint_report_snapshots.version`. */
  version: string;
  /** The rows of this snapshot: those of its generation (a job writes a new one beside the old). */
  generation: number;
  computed_at: number;
  payload: string;
}

/** One group's (0 = the whole exam, else the school's) figures of one column (0 = the total), as JSON. */
export interface JointSnapshotFiguresTable {
  joint_exam_id: number;
  generation: number;
  grp: number;
  subject: number;
  payload: string;
}

/**
 * One student's row of the rank page in one column (0 = the total), `position` the page's order:
 * by rank, absent last, equal ranks by student number (`localeCompare`).
 */
export interface JointSnapshotRanksTable {
  joint_exam_id: number;
  generation: number;
  subject: number;
  position: number;
  student_id: number;
  grp: number;
  student_no: string;
  name: string;
  score: number | null;
  grade_rank: number | null;
  group_rank: number | null;
  level: string | null;
  combination: string | null;
  combination_rank: number | null;
  track: string | null;
  track_rank: number | null;
}

/**
 * Where a joint exam's report snapshot stands: computed in the background when a school's exam is
 * finished or the schools' scores change (docs/joint-exams.md#snapshots).
 */
export interface JointReportSnapshotsTable {
  joint_exam_id: number;
  /** The schools' report version being (or last) computed, as `joint_report_cache.version`. */
  version: string;
  /** 'computing' | 'ready' | 'failed'. */
  state: string;
  /** 0–100. */
  progress: number;
  stage: string;
  message: string | null;
  updated_at: number;
}
