import {
  academicYearOf,
  resolveEffectiveAccess,
  roleCodes,
  rolePerms,
} from '@examkit/contracts/rules';
import type { ApiEnvelope, SchoolOption, UserInfo } from '@examkit/contracts';
import { isNetworkFailure } from '../http/isNetworkFailure';
import type { AuthClient, AuthClientOptions, CallResult, SignInResult } from '../types';
import { AUTH_ENDPOINTS } from './AUTH_ENDPOINTS';
import { AuthError } from './AuthError';
import { plainMenuTree } from './plainMenuTree';

type Key = keyof typeof AUTH_ENDPOINTS;
// Every call whose data is a UserInfo goes through the login flow.
const isSignIn = (key: string) =>
  key.startsWith('login') || key === 'bindWx' || key === 'regionToSchool';
type Send = (input?: unknown) => Promise<CallResult<unknown>>;

/**
 * The sign-in and session calls of `authRoutes` and the flows of spec 000 §4 over one {@link HttpClient}.
 *
 * Sign-in methods resolve to the stored `UserInfo`, to `{ code: 6002, schools }` (sign in again with a
 * `schoolId`), to `{ code: 6003, bindTicket }` for an unbound messaging-app account, to
 * `{ code: 6004, token, nickName }` for a platform operator (nothing stored), or to a
 * `NetworkFailure`. Any other failure shows "登录失败，" plus the server's message and rejects with an
 * {@link AuthError} whose `result` is the reply (also for a reply without a user id).
 */
export function createAuthClient(options: AuthClientOptions): AuthClient {
  const { http, store } = options;
  const menuFilter = options.menuFilter ?? plainMenuTree;
  const now = options.now ?? (() => new Date());
  const { notifier } = http;

  const send =
    (key: Key, extra: { errorMessage?: boolean } = {}): Send =>
    (input) => {
      const endpoint = AUTH_ENDPOINTS[key];
      const value = input ?? (endpoint.input === 'body' ? {} : undefined);
      const call = http.call as (
        e: unknown,
        i: unknown,
        o: unknown,
      ) => Promise<CallResult<unknown>>;
      return call(endpoint, { [endpoint.input]: value }, extra);
    };

  // Without the client's own error message, and a failed code comes back as a value, not a rejection.
  const quiet = (key: Key, input?: unknown) =>
    send(key, { errorMessage: false })(input).catch((failure: ApiEnvelope) => failure);
  const dataOf = (reply: CallResult<unknown>) =>
    isNetworkFailure(reply) || reply.code !== 200 ? undefined : reply.data;

  const failed = (text: string, result: unknown): never => {
    notifier.message('error', text);
    throw new AuthError(text, result);
  };

  async function login(user: UserInfo): Promise<UserInfo> {
    const access = resolveEffectiveAccess(user.allRole, user.allPerm, academicYearOf(now()));
    const role = access?.roles[0];
    if (!access || !role) return failed('该账号无任何权限，请联系管理员分配权限', user);
    const effective: UserInfo = { ...user, ...access };
    store.getState().setSession({
      user: effective,
      activeRoleId: role.id,
      permCodes: roleCodes(effective, role.id),
      menus: menuFilter(rolePerms(effective, role.id)),
    });
    // The watermark is optional: a failed read leaves it unset and sign-in goes on.
    const entries = dataOf(await quiet('dictionaryOther', { schoolId: effective.schoolId })) as
      { dicCode: string; dicValue: string }[] | undefined;
    store
      .getState()
      .patch({ watermark: entries?.find((e) => e.dicCode === '002005015')?.dicValue ?? null });
    return effective;
  }

  const signIn =
    (key: Key) =>
    async (input: unknown): Promise<SignInResult> => {
      const reply = await quiet(key, input);
      if (isNetworkFailure(reply)) return reply;
      const data = reply.data as Partial<
        UserInfo & { schools: SchoolOption[]; bindTicket: string }
      > | null;
      if (reply.code === 6004)
        return { code: 6004, token: data?.token ?? '', nickName: data?.nickName ?? '' };
      if (reply.code === 6002) return { code: 6002, schools: data?.schools ?? [] };
      if (reply.code === 6003) return { code: 6003, bindTicket: data?.bindTicket ?? '' };
      return reply.code === 200 && data?.userId
        ? login(data as UserInfo)
        : failed('登录失败，' + reply.message, reply);
    };

  function logoutLocally(redirect?: string): void {
    const bv = store.getState().brandVariant;
    store.getState().clearSession();
    http.navigate(redirect ?? (bv === null ? '/login' : `/login?bv=${bv}`));
    setTimeout(() => http.reload(), 100);
  }

  async function logout(): Promise<void> {
    // A failed call (the server may already have ended the session) still logs out locally.
    const data = dataOf(await quiet('logout'));
    logoutLocally(
      typeof data === 'string' && data.startsWith('redirect:') ? data.slice(9) : undefined,
    );
  }

  async function changePassword(
    id: number,
    newPassWord: string,
    oldPassWord?: string,
  ): Promise<boolean> {
    const body = oldPassWord === undefined ? { id, newPassWord } : { id, newPassWord, oldPassWord };
    const reply = await quiet('updatePassword', body);
    if (isNetworkFailure(reply)) return false;
    if (reply.code !== 200) {
      notifier.message('error', '修改失败，' + reply.message);
      return false;
    }
    // The server keeps this session and ends the user's others, so one stays signed in.
    notifier.message('success', '修改成功');
    return true;
  }

  const calls = Object.fromEntries(
    (Object.keys(AUTH_ENDPOINTS) as Key[]).map((key) => [
      key,
      // The reset form shows its own errors inline, beside the fields.
      isSignIn(key)
        ? signIn(key)
        : send(key, key === 'resetPassword' ? { errorMessage: false } : {}),
    ]),
  );
  return {
    ...calls,
    logoutCall: calls.logout,
    login,
    logout,
    logoutLocally,
    changePassword,
    setActiveRole: (roleId: number) => store.getState().setActiveRole(roleId, menuFilter),
  } as AuthClient;
}
