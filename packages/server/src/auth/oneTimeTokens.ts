import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { randomToken, sha256Hex } from '../core/secrets';

/**
 * What a one-time token is for: `handover` (an integrator's sign-in hand-over and
 * partner codes), `region` (bureau hand-over into one school), `wx-bind` (binding
 * a messaging-app account after an unbound sign-in).
 */
export type TokenPurpose = 'handover' | 'region' | 'wx-bind';

export interface OneTimeToken {
  userId: number | null;
  schoolId: number | null;
  payload: string | null;
}

/** Issues a single-use token; only its hash is stored. */
export async function issueOneTimeToken(
  db: Db,
  clock: Clock,
  input: {
    purpose: TokenPurpose;
    ttlMs: number;
    userId?: number;
    schoolId?: number;
    payload?: string;
  },
): Promise<string> {
  const token = randomToken(16);
  const now = clock.now().getTime();
  await db
    .insertInto('one_time_tokens')
    .values({
      token_hash: sha256Hex(token),
      purpose: input.purpose,
      user_id: input.userId ?? null,
      school_id: input.schoolId ?? null,
      payload: input.payload ?? null,
      created_at: now,
      expires_at: now + input.ttlMs,
      used_at: null,
    })
    .execute();
  return token;
}

/** The token's content if it is live, without using it up. */
export async function peekOneTimeToken(
  db: Db,
  clock: Clock,
  purpose: TokenPurpose,
  token: string,
): Promise<OneTimeToken | null> {
  const row = await db
    .selectFrom('one_time_tokens')
    .select(['user_id', 'school_id', 'payload'])
    .where('token_hash', '=', sha256Hex(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', clock.now().getTime())
    .executeTakeFirst();
  return row ? { userId: row.user_id, schoolId: row.school_id, payload: row.payload } : null;
}

/**
 * Uses the token up and returns its content, or null when it is unknown,
 * expired, already used or (with `schoolId`) for another school. One statement,
 * so two concurrent uses cannot both succeed.
 */
export async function consumeOneTimeToken(
  db: Db,
  clock: Clock,
  purpose: TokenPurpose,
  token: string,
  options: { schoolId?: number } = {},
): Promise<OneTimeToken | null> {
  const now = clock.now().getTime();
  let update = db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', sha256Hex(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (options.schoolId !== undefined) update = update.where('school_id', '=', options.schoolId);
  const row = await update.returning(['user_id', 'school_id', 'payload']).executeTakeFirst();
  return row ? { userId: row.user_id, schoolId: row.school_id, payload: row.payload } : null;
}
