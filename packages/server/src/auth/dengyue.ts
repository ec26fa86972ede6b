import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { hmacSha256Hex, sameHex } from '../core/secrets';

/** How far a signed request's timestamp may be from the server's time. */
export const SIGN_WINDOW_SECONDS = 300;

export interface SignedLogin {
  appId: string;
  loginName: string;
  schoolId: number;
  timestamp: number;
  sign: string;
}

/** The string a partner signs: app id, login name, school id and Unix seconds, one per line. */
export const signedText = (r: Omit<SignedLogin, 'sign'>) =>
  `${r.appId}\n${r.loginName}\n${r.schoolId}\n${r.timestamp}`;

/** HMAC-SHA256 of the signed text with the partner's key, as lowercase hex. */
export const signLogin = (key: string, r: Omit<SignedLogin, 'sign'>) =>
  hmacSha256Hex(key, signedText(r));

export function isFresh(clock: Clock, timestamp: number): boolean {
  return Math.abs(clock.now().getTime() / 1000 - timestamp) <= SIGN_WINDOW_SECONDS;
}

export function hasValidSign(key: string, request: SignedLogin): boolean {
  return sameHex(signLogin(key, request), request.sign);
}

/**
 * Records a sign as used; false when it was used before. Signs are kept until
 * they could no longer pass the time window anyway.
 */
export async function claimSign(
  db: Db,
  clock: Clock,
  sign: string,
  timestamp: number,
): Promise<boolean> {
  const now = clock.now().getTime();
  await db.deleteFrom('used_signatures').where('expires_at', '<', now).execute();
  const result = await db
    .insertInto('used_signatures')
    .values({ sign, expires_at: (timestamp + SIGN_WINDOW_SECONDS) * 1000 + 1000 })
    .onConflict((oc) => oc.column('sign').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
