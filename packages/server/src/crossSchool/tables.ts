import type { Generated } from 'kysely';

/**
 * Cross-school exams (跨校考试, issue #17), merged into the database type `DB`: the invites a host
 * school issues for one of its exams. A joined invite becomes a joint exam of two schools
 * (`joint_exams` with no region, organised by the host). @see docs/cross-school-exams.md
 */
export interface CrossSchoolTables {
  cross_school_invites: CrossSchoolInvitesTable;
}

export interface CrossSchoolInvitesTable {
  id: Generated<number>;
  /** The host school and its exam. */
  school_id: number;
  exam_id: number;
  /** sha256 of the code (upper case): the code itself is shown once and never stored. */
  code_hash: string;
  /** 'names' | 'codes': the joint exam's privacy setting once joined. */
  school_labels: string;
  created_by: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  guest_school_id: number | null;
  /** The joint exam the join created. */
  joint_exam_id: number | null;
  revoked_at: number | null;
}
