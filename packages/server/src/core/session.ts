import type { Clock } from './clock';
import type { Db } from './database';
import { randomToken, sha256Hex } from './secrets';

/** The signed-in caller, as the session table knows them. */
export interface SessionInfo {
  tokenHash: string;
  userId: number;
  schoolId: number;
  /** The effective academic year chosen at sign-in. */
  academicYear: number;
  clientId: string | null;
  /**
   * The session is an education bureau's seat in the school (docs/joint-exams.md#bureau-sign-in):
   * it reads and writes nothing of the school's (core/seatAccess).
   */
  bureauSeat?: true;
}

/** How long a session lives. */
export interface SessionTimeouts {
  /** Idle time after which the session is dead. @default 30 minutes */
  idleMs: number;
  /** Age after which the session is dead however active. @default 12 hours */
  absoluteMs: number;
}

export const DEFAULT_SESSION_TIMEOUTS: SessionTimeouts = {
  idleMs: 30 * 60_000,
  absoluteMs: 12 * 3_600_000,
};

const TOKEN_SHAPE = /^[0-9a-f]{32}$/;

/** Opens a session and returns its token; only the token's SHA-256 is stored. */
export async function createSession(
  db: Db,
  clock: Clock,
  input: { userId: number; schoolId: number; academicYear: number; clientId?: string | null },
): Promise<string> {
  const token = randomToken(16);
  const now = clock.now().getTime();
  await db
    .insertInto('sessions')
    .values({
      token_hash: sha256Hex(token),
      user_id: input.userId,
      school_id: input.schoolId,
      academic_year: input.academicYear,
      client_id: input.clientId ?? null,
      created_at: now,
      last_seen_at: now,
      revoked_at: null,
    })
    .execute();
  return token;
}

/**
 * The live session of a token, or null when the token is malformed, unknown,
 * revoked, idle too long or too old. Marks the session as seen, at most once a
 * minute (or once per 1/30 of the idle timeout) so reads stay cheap.
 */
export async function resolveSession(
  db: Db,
  clock: Clock,
  timeouts: SessionTimeouts,
  token: string | undefined,
): Promise<SessionInfo | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const tokenHash = sha256Hex(token);
  const row = await db
    .selectFrom('sessions as s')
    .leftJoin('bureau_seats as bs', (join) =>
      join.onRef('bs.user_id', '=', 's.user_id').onRef('bs.school_id', '=', 's.school_id'),
    )
    .selectAll('s')
    .select('bs.bureau_user_id')
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.revoked_at !== null) return null;
  const now = clock.now().getTime();
  if (now - row.last_seen_at >= timeouts.idleMs || now - row.created_at >= timeouts.absoluteMs)
    return null;
  if (now - row.last_seen_at >= Math.min(60_000, timeouts.idleMs / 30)) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('token_hash', '=', tokenHash)
      .where('last_seen_at', '<', now)
      .execute();
  }
  return {
    tokenHash,
    userId: row.user_id,
    schoolId: row.school_id,
    academicYear: row.academic_year,
    clientId: row.client_id,
    ...(row.bureau_user_id !== null && { bureauSeat: true as const }),
  };
}

/** Ends one session. */
export async function revokeSession(db: Db, clock: Clock, tokenHash: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: clock.now().getTime() })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user (after a password change), but the one whose token hash is `except`. */
export async function revokeUserSessions(
  db: Db,
  clock: Clock,
  userId: number,
  options: { except?: string } = {},
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: clock.now().getTime() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (options.except !== undefined) query = query.where('token_hash', '!=', options.except);
  await query.execute();
}
