import {
  isNetworkFailure,
  type AuthClient,
  type ExamkitStore,
  type SignInResult,
} from '@examkit/core';
import type { SchoolOption } from '@examkit/core';
import { messageOf } from './messageOf';

/** What a sign-in attempt came to, as the shell pages show it. */
export type SignInOutcome =
  | { kind: 'signed-in' }
  | { kind: 'choose-school'; schools: SchoolOption[] }
  | { kind: 'operator'; token: string; nickName: string }
  | { kind: 'failed'; message: string };

/**
 * Turns a sign-in method's result into an outcome, running the login flow of
 * spec 000 §4 when the sign-in method has not stored the session already.
 */
export async function completeSignIn(
  auth: AuthClient,
  store: ExamkitStore,
  attempt: Promise<SignInResult>,
): Promise<SignInOutcome> {
  try {
    const result = await attempt;
    if (isNetworkFailure(result)) return { kind: 'failed', message: result.message };
    if ('code' in result && result.code === 6002)
      return { kind: 'choose-school', schools: result.schools };
    if ('code' in result && result.code === 6004)
      return { kind: 'operator', token: result.token, nickName: result.nickName };
    if ('userId' in result) {
      if (store.getState().user?.token !== result.token) await auth.login(result);
      return { kind: 'signed-in' };
    }
    return { kind: 'failed', message: '登录失败，请稍后重试' };
  } catch (error) {
    const message =
      error instanceof Error ? error.message : messageOf(error, '登录失败，请稍后重试');
    return { kind: 'failed', message };
  }
}
