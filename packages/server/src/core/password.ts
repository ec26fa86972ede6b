import { hash, verify } from '@node-rs/argon2';
import { randomToken } from './secrets';

/** argon2id (algorithm 2; the enum is a const enum we cannot import) at the OWASP minimum: 19 MiB, two passes. */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_RULE_MESSAGE = '密码须为至少6位的字母和数字组合';

/** A new password must be 6–64 characters holding both letters and digits. */
export function isAcceptablePassword(password: string): boolean {
  return (
    password.length >= 6 &&
    password.length <= 64 &&
    /[A-Za-z]/.test(password) &&
    /[0-9]/.test(password)
  );
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Whether the password matches the stored hash; false for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification when there is no account to check,
 * so the answer time does not tell whether a login name exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomToken());
  await verifyPassword(await dummyHash, password);
  return false;
}
