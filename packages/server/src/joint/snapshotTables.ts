/** The joint reports' background snapshots (migration 0070), merged into the database type `DB`. */
export interface JointSnapshotTables {
  joint_report_snapshots: JointReportSnapshotsTable;
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
