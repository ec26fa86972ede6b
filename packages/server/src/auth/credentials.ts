import type { Db } from '../core/database';
import { badRequest, tooManyRequests } from '../core/envelope';
import { verifyAgainstDummy, verifyPassword } from '../core/password';
import type { AccountLocks } from '../core/rateLimit';
import { ACCOUNT_COLUMNS, type Account } from './signIn';

export const WRONG_CREDENTIALS_MESSAGE = '账号或密码错误';
export const ACCOUNT_LOCKED_MESSAGE = '登录失败次数过多，账号已锁定，请15分钟后再试';

/** The lock key of an account: its login name, whatever school is asked for. */
export const accountKey = (loginName: string) => `account:${loginName.toLowerCase()}`;

/** Refuses at once while the account is locked. */
export function assertNotLocked(locks: AccountLocks, key: string): void {
  if (locks.lockedFor(key) > 0) throw tooManyRequests(ACCOUNT_LOCKED_MESSAGE);
}

/**
 * The active accounts with this login name (in one school when given) whose
 * password matches. An unknown name costs the same time as a wrong password.
 * Counts a failure against the account when nothing matches.
 */
export async function matchPassword(
  db: Db,
  locks: AccountLocks,
  input: { loginName: string; password: string; schoolId?: number | undefined },
): Promise<Account[]> {
  const key = accountKey(input.loginName);
  assertNotLocked(locks, key);
  let query = db
    .selectFrom('users')
    .select([...ACCOUNT_COLUMNS, 'password_hash'])
    .where('login_name', '=', input.loginName)
    .where('status', '=', 1);
  if (input.schoolId !== undefined) query = query.where('school_id', '=', input.schoolId);
  const candidates = await query.orderBy('school_id').execute();
  if (candidates.length === 0) await verifyAgainstDummy(input.password);
  const matched: Account[] = [];
  for (const { password_hash, ...account } of candidates) {
    if (await verifyPassword(password_hash, input.password)) matched.push(account);
  }
  if (matched.length === 0) {
    locks.fail(key);
    throw badRequest(WRONG_CREDENTIALS_MESSAGE);
  }
  locks.succeed(key);
  return matched;
}
