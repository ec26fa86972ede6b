/**
 * Tables of the marking domain (online marking: blocks, papers, marks, leases, arbitration), merged into the database type `DB`.
 * Each table's row interface sits beside its key here.
 *
 * Scores are integers of half-points (`*_half`): 7.5 points is 15. Times are epoch milliseconds.
 */
import type { Generated } from 'kysely';

/** Marking mode of a block. */
export type MarkingMode = 'single' | 'double' | 'triple';
/** Block lifecycle: set-up, open for marking, paused, finished. */
export type BlockState = 'setup' | 'open' | 'paused' | 'finished';
/** Paper lifecycle: waiting for marks, waiting for the arbitrator, flagged, final score known. */
export type PaperState = 'marking' | 'arbitration' | 'problem' | 'done';
/** A task's lifecycle: in the pool, leased to `user_id` until `lease_expires_at`, submitted. */
export type TaskState = 'pending' | 'leased' | 'done' | 'cancelled';

/**
 * A question block: one or more subjective questions of one exam subject marked together.
 * `exam_subject_id` is an `exam_subjects` row and `question_ids` leaf `exam_questions` rows;
 * `exam_id` and `full_score_half` are copied from them.
 */
export interface MarkingBlocksTable {
  id: Generated<number>;
  school_id: number;
  exam_id: number;
  exam_subject_id: number;
  name: string;
  /** JSON array of the `exam_questions` ids marked in this block, in order. */
  question_ids: string;
  /** JSON array of each question's full marks in half-points, in the same order. */
  question_full_half: string;
  full_score_half: number;
  mode: MarkingMode;
  tolerance_half: number;
  /** 2 = steps of 1 point, 1 = steps of 0.5. */
  step_half: number;
  /** 'pool' (shared) or 'quota' (fixed count per marker). */
  distribution: 'pool' | 'quota';
  /** 1: markers never see student names or numbers. */
  anonymous: number;
  guide: string;
  answer: string;
  state: BlockState;
  /** Percent of a marker's submitted papers sent back to them blind for the re-mark consistency check. */
  recheck_percent: number;
  lease_ms: number;
  /**
   * A pool block of a joint exam in 统一阅卷 (migration 0071): its papers are every school's, and
   * the school's own marking routes never see it. Null for a school's own block.
   */
  joint_exam_id: number | null;
  created_at: number;
  updated_at: number;
}

/** Who works on a block: markers, arbitrators and the block leader. */
export interface MarkingBlockUsersTable {
  block_id: number;
  user_id: number;
  role: 'marker' | 'arbitrator' | 'leader';
  /** Papers (mark tasks) this marker takes under distribution 'quota'. */
  quota: number | null;
}

/** One student's answer to a block: a crop image to mark. */
export interface MarkingPapersTable {
  id: Generated<number>;
  block_id: number;
  student_id: number;
  crop_key: string;
  state: PaperState;
  /** 1: a hidden seed paper with a known score, for quality; never counted or scored. */
  is_seed: number;
  seed_score_half: number | null;
  final_score_half: number | null;
  /** JSON array: the final score of each question of the block, half-points. */
  final_parts: string | null;
  /** How the final score came about: 'single', 'mean', 'third', 'arbitration', 'leader'. */
  final_source: string | null;
  finished_at: number | null;
  problem_reason: string | null;
  problem_note: string | null;
  problem_user_id: number | null;
  problem_at: number | null;
  /** 'exemplary' or 'typical' (样卷), or null. */
  sample_kind: string | null;
  sample_note: string | null;
  created_at: number;
}

/**
 * One mark to be given on a paper: slots 1-3 are the independent marks,
 * 5 the blind re-mark consistency check, 6 a seed paper for one marker, 9 the arbitration.
 */
export interface MarkingTasksTable {
  id: Generated<number>;
  block_id: number;
  paper_id: number;
  slot: number;
  state: TaskState;
  /** Reserved for this user (re-checks and seeds); null: anyone eligible. */
  assigned_to: number | null;
  /** The lease holder while leased; the marker once done. */
  user_id: number | null;
  lease_token: string | null;
  lease_expires_at: number | null;
  score_half: number | null;
  /** JSON array: the score per question of the block, half-points. */
  parts: string | null;
  submitted_at: number | null;
  updated_at: number;
}

/** Every mark ever given (first marks, 回评 re-scores, arbitration, leader re-marks), each written once per idempotency key. */
export interface MarkingMarksTable {
  id: Generated<number>;
  block_id: number;
  paper_id: number;
  task_id: number | null;
  user_id: number;
  /** 'mark', 'remark' (回评), 'arbitration', 'leader', 'check', 'seed'. */
  kind: string;
  score_half: number;
  parts: string;
  /** Why a leader re-marked the paper (组长改分); null for other marks. */
  reason: string | null;
  idempotency_key: string;
  created_at: number;
}

/**
 * A student's exam total over the subjects with a total, refreshed when a subject finishes
 * and by `refresh_report`. The exam domain keeps subject totals only (`exam_subject_totals`).
 */
export interface MarkingExamTotalsTable {
  exam_id: number;
  student_id: number;
  total_half: number;
  subjects: number;
  updated_at: number;
}

export interface MarkingTables {
  marking_exam_totals: MarkingExamTotalsTable;
  marking_blocks: MarkingBlocksTable;
  marking_block_users: MarkingBlockUsersTable;
  marking_papers: MarkingPapersTable;
  marking_tasks: MarkingTasksTable;
  marking_marks: MarkingMarksTable;
}
