import type { Db } from '../core/database';
import { badRequest, tooManyRequests, type ApiError } from '../core/envelope';
import { verifyAgainstDummy, verifyPassword } from '../core/password';
import type { AccountLocks, ReservedAttempt } from '../core/rateLimit';
import { ACCOUNT_COLUMNS, type Account } from './signIn';

export const WRONG_CREDENTIALS_MESSAGE = '账号或密码错误';
export const ACCOUNT_LOCKED_MESSAGE = '登录失败次数过多，账号已锁定，请15分钟后再试';
/** From this many tries left on, a failure says how many remain. */
export const WARN_WHEN_LEFT = 3;

/** The lock key of an account: its login name, whatever school is asked for. */
export const accountKey = (loginName: string) => `account:${loginName.toLowerCase()}`;

/** Reserves one try on the key before any slow check; refuses at once while it is locked. */
export function reserveAttempt(
  locks: AccountLocks,
  key: string,
  lockedMessage = ACCOUNT_LOCKED_MESSAGE,
): ReservedAttempt {
  const attempt = locks.reserve(key);
  if (!attempt) throw tooManyRequests(lockedMessage);
  return attempt;
}

/**
 * The answer to a failed try: the message, with the tries left once they are
 * few ("账号或密码错误，还可尝试3次"), or the lock message when this one locked it.
 */
export function failedAttempt(
  attempt: ReservedAttempt,
  message: string,
  options: { lockedMessage?: string; refuse?: (message: string) => ApiError } = {},
): ApiError {
  const left = attempt.fail();
  if (left === 0) return tooManyRequests(options.lockedMessage ?? ACCOUNT_LOCKED_MESSAGE);
  const refuse = options.refuse ?? badRequest;
  return refuse(left <= WARN_WHEN_LEFT ? `${message}，还可尝试${left}次` : message);
}

/**
 * The active accounts with this login name (in one school when given) whose
 * password matches. An unknown name costs the same time as a wrong password
 * and counts against the name the same way. The try is reserved before the
 * hash check, so parallel attempts cannot check more passwords than the limit.
 */
export async function matchPassword(
  db: Db,
  locks: AccountLocks,
  input: { loginName: string; password: string; schoolId?: number | undefined },
): Promise<Account[]> {
  const attempt = reserveAttempt(locks, accountKey(input.loginName));
  let matched: Account[];
  try {
    let query = db
      .selectFrom('users')
      .select([...ACCOUNT_COLUMNS, 'password_hash'])
      .where('login_name', '=', input.loginName)
      .where('status', '=', 1);
    if (input.schoolId !== undefined) query = query.where('school_id', '=', input.schoolId);
    const candidates = await query.orderBy('school_id').execute();
    if (candidates.length === 0) await verifyAgainstDummy(input.password);
    matched = [];
    for (const { password_hash, ...account } of candidates) {
      if (await verifyPassword(password_hash, input.password)) matched.push(account);
    }
  } catch (error) {
    attempt.release();
    throw error;
  }
  if (matched.length === 0) throw failedAttempt(attempt, WRONG_CREDENTIALS_MESSAGE);
  attempt.succeed();
  return matched;
}
