import type { Generated } from 'kysely';

/**
 * Regions and education-bureau accounts (issue #17), merged into the database type `DB`.
 * @see docs/joint-exams.md
 */
export interface RegionTables {
  regions: RegionsTable;
  region_schools: RegionSchoolsTable;
  bureau_users: BureauUsersTable;
  bureau_seats: BureauSeatsTable;
  platform_operators: PlatformOperatorsTable;
  platform_operator_sessions: PlatformOperatorSessionsTable;
  region_school_invites: RegionSchoolInvitesTable;
  platform_operator_audit: PlatformOperatorAuditTable;
}

/**
 * A region's invitation a school has not answered yet (at most one per school): the school joins
 * (`region_schools`) only when its administrator accepts; declining or withdrawing deletes it.
 */
export interface RegionSchoolInvitesTable {
  region_id: number;
  school_id: number;
  invited_at: number;
}

/**
 * One action of a platform operator. Names are copied at the time (a region or account removed
 * later keeps its line); never a password, token or phone number. No foreign keys: the log outlives
 * what it names.
 */
export interface PlatformOperatorAuditTable {
  id: Generated<number>;
  operator_id: number;
  operator_name: string;
  /** A key of `OPERATOR_ACTIONS` (contracts). */
  action: string;
  region_id: number | null;
  region_name: string | null;
  school_id: number | null;
  school_name: string | null;
  bureau_user_id: number | null;
  bureau_login: string | null;
  detail: string;
  created_at: number;
}

/** An account of the platform, in no school and no region: creates regions and bureau accounts. */
export interface PlatformOperatorsTable {
  id: Generated<number>;
  /** Unique, and never also a school or bureau account's login name. */
  login_name: string;
  password_hash: string;
  nick_name: string;
  /** 1 = active, 0 = disabled. */
  status: number;
  created_at: number;
}

/** An operator's session: only the token's SHA-256 is stored, as for school sessions. */
export interface PlatformOperatorSessionsTable {
  token_hash: string;
  operator_id: number;
  created_at: number;
  last_seen_at: number;
  revoked_at: number | null;
}

/** A district (`level` 'district') or a city ('city'); a district may name its city as parent. */
export interface RegionsTable {
  id: Generated<number>;
  code: string;
  name: string;
  level: string;
  parent_id: number | null;
  created_at: number;
}

/** A member school of a region; a school belongs to at most one region. */
export interface RegionSchoolsTable {
  region_id: number;
  school_id: number;
}

/** An education-bureau staff account; it belongs to one region and to no school. */
export interface BureauUsersTable {
  id: Generated<number>;
  region_id: number;
  /** Unique among bureau accounts; never also a school account's login name (docs/joint-exams.md). */
  login_name: string;
  password_hash: string;
  nick_name: string;
  tel: string | null;
  /** 1 = active, 0 = disabled. */
  status: number;
  created_at: number;
}

/**
 * The school account a bureau account acts through inside one member school: created on its
 * first entry, so every school route, permission and data-scope rule applies unchanged.
 */
export interface BureauSeatsTable {
  bureau_user_id: number;
  school_id: number;
  user_id: number;
}
