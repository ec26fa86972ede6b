import type { Clock } from './clock';
import type { Db } from './database';
import { randomToken, sha256Hex } from './secrets';
import type { SessionTimeouts } from './session';

/** A signed-in platform operator (docs/joint-exams.md#operator): in no school and no region. */
export interface OperatorSession {
  tokenHash: string;
  operatorId: number;
}

const TOKEN_SHAPE = /^[0-9a-f]{32}$/;

/** Opens an operator session and returns its token; only the token's SHA-256 is stored. */
export async function createOperatorSession(
  db: Db,
  clock: Clock,
  operatorId: number,
): Promise<string> {
  const token = randomToken(16);
  const now = clock.now().getTime();
  await db
    .insertInto('platform_operator_sessions')
    .values({
      token_hash: sha256Hex(token),
      operator_id: operatorId,
      created_at: now,
      last_seen_at: now,
      revoked_at: null,
    })
    .execute();
  return token;
}

/**
 * The live operator session of a token, with the school sessions' timeouts, or null (malformed,
 * unknown, revoked, idle or too old, or the operator disabled).
 */
export async function resolveOperatorSession(
  db: Db,
  clock: Clock,
  timeouts: SessionTimeouts,
  token: string | undefined,
): Promise<OperatorSession | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const tokenHash = sha256Hex(token);
  const row = await db
    .selectFrom('platform_operator_sessions as s')
    .innerJoin('platform_operators as o', 'o.id', 's.operator_id')
    .select(['s.operator_id', 's.created_at', 's.last_seen_at', 's.revoked_at', 'o.status'])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || row.status !== 1) return null;
  const now = clock.now().getTime();
  const lastSeen = Number(row.last_seen_at);
  if (now - lastSeen >= timeouts.idleMs || now - Number(row.created_at) >= timeouts.absoluteMs)
    return null;
  if (now - lastSeen >= Math.min(60_000, timeouts.idleMs / 30)) {
    await db
      .updateTable('platform_operator_sessions')
      .set({ last_seen_at: now })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return { tokenHash, operatorId: row.operator_id };
}

/** Ends an operator session. */
export async function revokeOperatorSession(db: Db, clock: Clock, tokenHash: string) {
  await db
    .updateTable('platform_operator_sessions')
    .set({ revoked_at: clock.now().getTime() })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}
