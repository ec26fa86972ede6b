import { authRoutes, ResultCode, type UserInfo } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { ApiError, badRequest, forbidden, notFound } from '../core/envelope';
import {
  hashPassword,
  isAcceptablePassword,
  PASSWORD_RULE_MESSAGE,
  verifyPassword,
} from '../core/password';
import type { AccountLocks } from '../core/rateLimit';
import type { Router } from '../core/router';
import { revokeSession, revokeUserSessions } from '../core/session';
import { effectiveAccess, loadRoleGrants, permissionCodesIn } from './access';
import { accountKey, failedAttempt, matchPassword, reserveAttempt } from './credentials';
import { claimSign, hasValidSign, isFresh } from './dengyue';
import { authenticateIntegration, servesSchool, signingPartner } from './integrations';
import {
  consumeOneTimeToken,
  issueOneTimeToken,
  peekOneTimeToken,
  type TokenPurpose,
} from './oneTimeTokens';
import {
  ACCOUNT_COLUMNS,
  chooseSchool,
  completeSignIn,
  NO_ACCESS_MESSAGE,
  schoolOptions,
  type Account,
} from './signIn';
import { checkSmsCode, consumeSmsCode, requestSmsCode, telLockKey, type SmsSender } from './sms';
import type { WxIdentityProvider } from './wx';
import { bureauPasswordSignIn, bureauSchoolList } from '../region/signIn';
import { operatorPasswordSignIn } from '../region/operator';

export interface AuthDeps {
  db: Db;
  clock: Clock;
  secret: string;
  accountLocks: AccountLocks;
  smsSender: SmsSender;
  /** Null when messaging-app sign-in is not configured. */
  wx: WxIdentityProvider | null;
}

export const HANDOVER_TTL_MS = 60_000;
export const BIND_TICKET_TTL_MS = 10 * 60_000;
const TOKEN_INVALID = '登录凭证无效或已过期';
export const PARTNER_LOCKED_MESSAGE = '集成凭据错误次数过多，请15分钟后再试';
export const CODE_LOCKED_MESSAGE = '验证码错误次数过多，请15分钟后再试';
export const OLD_PASSWORD_WRONG_MESSAGE = '原密码错误';
export const PASSWORD_RESET_TEL_UNKNOWN = '该手机号未绑定账号';
const TAG = 'auth';

/** Registers every sign-in and session call of `authRoutes`. */
export function registerAuthRoutes(router: Router, deps: AuthDeps): void {
  const { db, clock, accountLocks: locks } = deps;
  const sms = { db, clock, secret: deps.secret, sender: deps.smsSender };

  // Takes the executor: inside a transaction, SQLite's single connection would wait on itself.
  const activeAccount = (
    executor: Db,
    where: { id: number } | { schoolId: number; loginName: string },
  ) => {
    let query = executor.selectFrom('users').select(ACCOUNT_COLUMNS).where('status', '=', 1);
    query =
      'id' in where
        ? query.where('id', '=', where.id)
        : query.where('school_id', '=', where.schoolId).where('login_name', '=', where.loginName);
    return query.executeTakeFirst();
  };

  const signInOnly = async (accounts: Account[], clientId?: string): Promise<UserInfo> => {
    const [first] = accounts;
    if (!first) throw badRequest('账号或密码错误');
    if (accounts.length > 1) throw await chooseSchool(db, accounts);
    return completeSignIn(db, clock, first, clientId === undefined ? {} : { clientId });
  };

  /** Uses up a one-time token and signs in its account, all or nothing. */
  const signInWithToken = (purpose: TokenPurpose, token: string, schoolId?: number) =>
    db.transaction().execute(async (trx) => {
      const grant = await consumeOneTimeToken(
        trx,
        clock,
        purpose,
        token,
        schoolId === undefined ? {} : { schoolId },
      );
      const account = grant?.userId ? await activeAccount(trx, { id: grant.userId }) : undefined;
      if (!account || account.school_id !== grant?.schoolId) throw badRequest(TOKEN_INVALID);
      return completeSignIn(trx, clock, account);
    });

  // A platform operator's login name answers 6004 with an operator session; a bureau account's
  // signs in through the region; then the school accounts (docs/joint-exams.md).
  router.publicRoute(authRoutes.loginPassword, TAG, async ({ body }) => {
    await operatorPasswordSignIn(db, clock, locks, body);
    return (
      (await bureauPasswordSignIn(db, clock, locks, body)) ??
      signInOnly(await matchPassword(db, locks, body))
    );
  });

  router.publicRoute(authRoutes.loginClient, TAG, async ({ body }) => {
    await operatorPasswordSignIn(db, clock, locks, body);
    return (
      (await bureauPasswordSignIn(db, clock, locks, body, { clientId: body.clientId })) ??
      signInOnly(await matchPassword(db, locks, body), body.clientId)
    );
  });

  router.publicRoute(
    authRoutes.schoolList,
    TAG,
    async ({ body }) =>
      (await bureauSchoolList(db, locks, body)) ??
      schoolOptions(db, await matchPassword(db, locks, body)),
  );

  // A send costs a message: every send counts against the address, not only failures.
  router.publicRoute(
    authRoutes.sendSmsCode,
    TAG,
    async ({ body }) => requestSmsCode(sms, body.tel),
    {
      countEveryCall: true,
    },
  );

  /**
   * Checks a phone code with a reserved try on the phone (5 wrong codes lock it
   * for 15 minutes); resolves the code's id and the phone's accounts, settling
   * the try: a wrong code fails it, a right one succeeds.
   */
  const checkPhoneCode = async (tel: string, code: string, schoolId?: number) => {
    const attempt = reserveAttempt(locks, telLockKey(deps.secret, tel), CODE_LOCKED_MESSAGE);
    let codeId: number;
    try {
      codeId = await checkSmsCode(sms, tel, code);
    } catch (error) {
      if (error instanceof ApiError && error.code === 400)
        throw failedAttempt(attempt, error.message, { lockedMessage: CODE_LOCKED_MESSAGE });
      attempt.release();
      throw error;
    }
    attempt.succeed();
    let query = db
      .selectFrom('users')
      .select(ACCOUNT_COLUMNS)
      .where('tel', '=', tel)
      .where('status', '=', 1);
    if (schoolId !== undefined) query = query.where('school_id', '=', schoolId);
    const accounts = await query.orderBy('school_id').execute();
    return { codeId, accounts };
  };

  router.publicRoute(authRoutes.loginCode, TAG, async ({ body }) => {
    const { codeId, accounts } = await checkPhoneCode(body.tel, body.code, body.schoolId);
    const [first] = accounts;
    if (!first) throw badRequest('该手机号未绑定账号');
    // Choosing a school must not burn the code: the client asks again with schoolId.
    if (accounts.length > 1) throw await chooseSchool(db, accounts);
    return db.transaction().execute(async (trx) => {
      if (!(await consumeSmsCode(trx, clock, codeId))) throw badRequest('验证码错误或已过期');
      return completeSignIn(trx, clock, first);
    });
  });

  router.publicRoute(authRoutes.resetPassword, TAG, async ({ body }) => {
    if (!isAcceptablePassword(body.newPassWord)) throw badRequest(PASSWORD_RULE_MESSAGE);
    const { codeId, accounts } = await checkPhoneCode(body.tel, body.code, body.schoolId);
    const [account] = accounts;
    if (!account) throw badRequest(PASSWORD_RESET_TEL_UNKNOWN);
    if (accounts.length > 1) throw await chooseSchool(db, accounts);
    const passwordHash = await hashPassword(body.newPassWord);
    await db.transaction().execute(async (trx) => {
      if (!(await consumeSmsCode(trx, clock, codeId))) throw badRequest('验证码错误或已过期');
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', account.id)
        .execute();
      await revokeUserSessions(trx, clock, account.id);
    });
    // The owner proved who they are: a lock from wrong passwords no longer holds them out.
    locks.clear(accountKey(account.login_name));
    return null;
  });

  // Wrong secrets lock the calling address, never the client id (which is public): a stranger
  // guessing secrets cannot keep the real partner, calling from its own address, out.
  router.publicRoute(authRoutes.handover, TAG, async ({ body, request }) => {
    const attempt = reserveAttempt(locks, `handover-ip:${request.ip}`, PARTNER_LOCKED_MESSAGE);
    const integration = await authenticateIntegration(db, body.clientId, body.clientSecret).catch(
      (error: unknown) => {
        attempt.release();
        throw error;
      },
    );
    if (!integration || (integration.kind !== 'portal' && integration.kind !== 'region')) {
      throw failedAttempt(attempt, '集成凭据无效', {
        lockedMessage: PARTNER_LOCKED_MESSAGE,
        refuse: forbidden,
      });
    }
    attempt.succeed();
    if (!servesSchool(integration, body.schoolId)) throw forbidden('该集成无权访问此学校');
    const account = await activeAccount(db, body);
    if (!account) throw notFound('账号不存在');
    const token = await issueOneTimeToken(db, clock, {
      purpose: integration.kind === 'region' ? 'region' : 'handover',
      ttlMs: HANDOVER_TTL_MS,
      userId: account.id,
      schoolId: account.school_id,
    });
    return { token, expiresIn: HANDOVER_TTL_MS / 1000 };
  });

  router.publicRoute(authRoutes.loginToken, TAG, async ({ query }) =>
    signInWithToken('handover', query.token),
  );

  router.publicRoute(authRoutes.loginYuexun, TAG, async ({ body }) =>
    signInWithToken('handover', body.code),
  );

  router.publicRoute(authRoutes.regionToSchool, TAG, async ({ body }) =>
    signInWithToken('region', body.token, body.schoolId),
  );

  // A bad signature locks the calling address, not the account: it must not keep the user out.
  router.publicRoute(authRoutes.loginDengyue, TAG, async ({ body, request }) => {
    const attempt = reserveAttempt(locks, `partner-sign-ip:${request.ip}`, PARTNER_LOCKED_MESSAGE);
    const partner = await signingPartner(db, body.appId).catch((error: unknown) => {
      attempt.release();
      throw error;
    });
    if (!partner?.signKey || !hasValidSign(partner.signKey, body)) {
      throw failedAttempt(attempt, '签名无效', {
        lockedMessage: PARTNER_LOCKED_MESSAGE,
        refuse: forbidden,
      });
    }
    attempt.succeed();
    if (!isFresh(clock, body.timestamp)) throw badRequest('签名已过期，请重新发起登录');
    if (!servesSchool(partner, body.schoolId)) throw forbidden('该应用无权访问此学校');
    const account = await activeAccount(db, body);
    if (!account) throw badRequest('账号不存在');
    return db.transaction().execute(async (trx) => {
      if (!(await claimSign(trx, clock, body.sign, body.timestamp)))
        throw forbidden('签名已使用，请勿重复提交');
      return completeSignIn(trx, clock, account);
    });
  });

  router.publicRoute(authRoutes.loginWxWeb, TAG, async ({ body }) => {
    if (!deps.wx) throw badRequest('未启用微信登录');
    const openId = await deps.wx.openIdFor(body.wxCode);
    if (!openId) throw badRequest('微信授权失败，请重新扫码');
    const account = await db
      .selectFrom('users')
      .select(ACCOUNT_COLUMNS)
      .where('wx_openid', '=', openId)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (account) return completeSignIn(db, clock, account);
    const bindTicket = await issueOneTimeToken(db, clock, {
      purpose: 'wx-bind',
      ttlMs: BIND_TICKET_TTL_MS,
      payload: openId,
    });
    throw new ApiError(ResultCode.WxNotBound, '该微信尚未绑定账号，请先绑定', { bindTicket });
  });

  router.publicRoute(authRoutes.bindWx, TAG, async ({ body }) => {
    const ticket = await peekOneTimeToken(db, clock, 'wx-bind', body.bindTicket);
    if (!ticket?.payload) throw badRequest('绑定凭证无效或已过期');
    const accounts = await matchPassword(db, locks, body);
    const [account] = accounts;
    if (!account) throw badRequest('账号或密码错误');
    if (accounts.length > 1) throw await chooseSchool(db, accounts);
    return db.transaction().execute(async (trx) => {
      const used = await consumeOneTimeToken(trx, clock, 'wx-bind', body.bindTicket);
      if (!used?.payload) throw badRequest('绑定凭证无效或已过期');
      await trx
        .updateTable('users')
        .set({ wx_openid: null })
        .where('wx_openid', '=', used.payload)
        .execute();
      await trx
        .updateTable('users')
        .set({ wx_openid: used.payload })
        .where('id', '=', account.id)
        .execute();
      return completeSignIn(trx, clock, account);
    });
  });

  router.sessionRoute(authRoutes.logout, TAG, async ({ session }) => {
    await revokeSession(db, clock, session.tokenHash);
    return null;
  });

  router.sessionRoute(authRoutes.myRole, TAG, async ({ session }) => {
    const access = effectiveAccess(await loadRoleGrants(db, session.userId), clock);
    if (!access) throw forbidden(NO_ACCESS_MESSAGE);
    return access;
  });

  router.sessionRoute(authRoutes.updatePassword, TAG, async ({ body, session }) => {
    if (!isAcceptablePassword(body.newPassWord)) throw badRequest(PASSWORD_RULE_MESSAGE);
    const own = body.id === session.userId;
    const target = await db
      .selectFrom('users')
      .select(['id', 'login_name', 'password_hash'])
      .where('id', '=', body.id)
      .where('school_id', '=', session.schoolId)
      .executeTakeFirst();
    if (!own) {
      const codes = await permissionCodesIn(db, session.userId, session.academicYear);
      if (!codes.has('System-Teacher')) throw forbidden('无权修改其他教师的密码');
    }
    if (!target) throw notFound('用户不存在');
    if (own) {
      // The current password is checked like a sign-in: the same tries, the same lock.
      if (!body.oldPassWord) throw badRequest('请输入原密码');
      const attempt = reserveAttempt(locks, accountKey(target.login_name));
      const matches = await verifyPassword(target.password_hash, body.oldPassWord).catch(
        (error: unknown) => {
          attempt.release();
          throw error;
        },
      );
      if (!matches) throw failedAttempt(attempt, OLD_PASSWORD_WRONG_MESSAGE);
      attempt.succeed();
    }
    const passwordHash = await hashPassword(body.newPassWord);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', target.id)
        .execute();
      // One's own change keeps this session and ends the others; a teacher's ends all of theirs.
      await revokeUserSessions(trx, clock, target.id, own ? { except: session.tokenHash } : {});
    });
    return null;
  });
}
