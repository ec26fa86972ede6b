import type { SchoolOption, UserInfo } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { verifyPassword } from '../core/password';
import type { AccountLocks } from '../core/rateLimit';
import {
  accountKey,
  failedAttempt,
  reserveAttempt,
  WRONG_CREDENTIALS_MESSAGE,
} from '../auth/credentials';
import { completeSignIn } from '../auth/signIn';
import { forbidden } from '../core/envelope';
import {
  assertRegionSchool,
  BUREAU_DISABLED_MESSAGE,
  bureauAccountNamed,
  chooseRegionSchool,
  regionSchools,
  seatIn,
  type BureauAccount,
} from './bureau';

interface PasswordInput {
  loginName: string;
  password: string;
  schoolId?: number | undefined;
}

/**
 * Checks a bureau account's password with the same tries and lock as a school account's, or
 * answers null when the login name is not a bureau account's (the school sign-in goes on).
 */
async function matchBureau(
  db: Db,
  locks: AccountLocks,
  input: PasswordInput,
): Promise<BureauAccount | null> {
  const bureau = await bureauAccountNamed(db, input.loginName);
  if (!bureau) return null;
  const attempt = reserveAttempt(locks, accountKey(input.loginName));
  let ok: boolean;
  try {
    ok = await verifyPassword(bureau.password_hash, input.password);
  } catch (error) {
    attempt.release();
    throw error;
  }
  if (!ok) throw failedAttempt(attempt, WRONG_CREDENTIALS_MESSAGE);
  attempt.succeed();
  if (bureau.status !== 1) throw forbidden(BUREAU_DISABLED_MESSAGE);
  return bureau;
}

/**
 * `school_login_pd` for a bureau account: without `schoolId` it answers 6002 with the region's
 * schools (the login page's school choice); with a member school it signs in through the
 * account's seat there. Null when the login name is not a bureau account's.
 */
export async function bureauPasswordSignIn(
  db: Db,
  clock: Clock,
  locks: AccountLocks,
  input: PasswordInput,
  options: { clientId?: string } = {},
): Promise<UserInfo | null> {
  const bureau = await matchBureau(db, locks, input);
  if (!bureau) return null;
  if (input.schoolId === undefined) throw await chooseRegionSchool(db, bureau.region_id);
  const schoolId = input.schoolId;
  await assertRegionSchool(db, bureau.region_id, schoolId);
  return db.transaction().execute(async (trx) => {
    const seat = await seatIn(trx, clock, bureau, schoolId);
    return completeSignIn(trx, clock, seat, options);
  });
}

/** `list_upgrade` for a bureau account: the region's schools; null when not a bureau account. */
export async function bureauSchoolList(
  db: Db,
  locks: AccountLocks,
  input: PasswordInput,
): Promise<SchoolOption[] | null> {
  const bureau = await matchBureau(db, locks, input);
  return bureau ? regionSchools(db, bureau.region_id) : null;
}
