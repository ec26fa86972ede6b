import { operatorRoutes, REGION_LEVELS, ResultCode, type DataOf } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { DomainDeps } from '../core/deps';
import { ApiError, badRequest, forbidden, notFound } from '../core/envelope';
import { createOperatorSession, revokeOperatorSession } from '../core/operatorSession';
import {
  hashPassword,
  isAcceptablePassword,
  PASSWORD_RULE_MESSAGE,
  verifyPassword,
} from '../core/password';
import type { AccountLocks } from '../core/rateLimit';
import type { Router } from '../core/router';
import {
  accountKey,
  failedAttempt,
  reserveAttempt,
  WRONG_CREDENTIALS_MESSAGE,
} from '../auth/credentials';
import { operatorAuditPage, recordOperatorAction } from './audit';
import { BUREAU_DISABLED_MESSAGE } from './bureau';
import { endBureauSeats, inviteSchool, leaveRegion, notifyInvitation } from './consent';

type OperatorRegion = DataOf<typeof operatorRoutes.createRegion>;
type Level = (typeof REGION_LEVELS)[number];

export const OPERATOR_SIGNED_IN_MESSAGE = '平台运营账号登录成功';
export const LOGIN_TAKEN_MESSAGE = '该账号已被使用，请换一个账号';

/** The operator with this login name, enabled or not (a disabled one is refused after its password). */
function operatorNamed(db: Db, loginName: string) {
  return db
    .selectFrom('platform_operators')
    .select(['id', 'login_name', 'nick_name', 'password_hash', 'status'])
    .where('login_name', '=', loginName)
    .executeTakeFirst();
}

/**
 * `school_login_pd` for a platform operator: the same tries and lock as a school account's; on
 * the right password an operator session, answered as 6004 `{ token, nickName }` (an answer, not
 * a school's user info: the login page opens the operator console). Returns quietly when the
 * login name is not an operator's (the bureau and school sign-ins go on).
 */
export async function operatorPasswordSignIn(
  db: Db,
  clock: Clock,
  locks: AccountLocks,
  input: { loginName: string; password: string },
): Promise<void> {
  const operator = await operatorNamed(db, input.loginName);
  if (!operator) return;
  const attempt = reserveAttempt(locks, accountKey(input.loginName));
  let ok: boolean;
  try {
    ok = await verifyPassword(operator.password_hash, input.password);
  } catch (error) {
    attempt.release();
    throw error;
  }
  if (!ok) throw failedAttempt(attempt, WRONG_CREDENTIALS_MESSAGE);
  attempt.succeed();
  // Disabled by another operator (平台运营账号): refused as a disabled bureau account is.
  if (operator.status !== 1) throw forbidden(BUREAU_DISABLED_MESSAGE);
  const token = await createOperatorSession(db, clock, operator.id);
  throw new ApiError(ResultCode.PlatformOperator, OPERATOR_SIGNED_IN_MESSAGE, {
    token,
    nickName: operator.nick_name,
  });
}

/** Whether a login name is taken by a school, bureau or operator account. */
export async function loginNameTaken(db: Db, loginName: string): Promise<boolean> {
  const [school, bureau, operator] = await Promise.all([
    db.selectFrom('users').select('id').where('login_name', '=', loginName).executeTakeFirst(),
    db
      .selectFrom('bureau_users')
      .select('id')
      .where('login_name', '=', loginName)
      .executeTakeFirst(),
    db
      .selectFrom('platform_operators')
      .select('id')
      .where('login_name', '=', loginName)
      .executeTakeFirst(),
  ]);
  return Boolean(school ?? bureau ?? operator);
}

/**
 * Creates a sign-in account once under `loginName` (the name trimmed and required, the password
 * by the rule). `existing` reads the account already stored
 * under the name and says whether it is this call's own (same region, name…); with the same
 * password the call answers as the first did (a retry), otherwise the name is taken, as it is
 * by any school, bureau or operator account. Two retries at once: the unique login lets one in,
 * the other answers it.
 */
export async function createAccountOnce(
  db: Db,
  body: { loginName: string; nickName: string; password: string },
  account: {
    existing: (nickName: string) => Promise<{ same: boolean; passwordHash: string } | undefined>;
    insert: (trx: Db, row: { nickName: string; passwordHash: string }) => Promise<void>;
  },
): Promise<void> {
  const nickName = body.nickName.trim();
  if (!nickName) throw badRequest('请输入姓名');
  if (!isAcceptablePassword(body.password)) throw badRequest(PASSWORD_RULE_MESSAGE);
  const retried = async () => {
    const found = await account.existing(nickName);
    if (!found) return false;
    if (found.same && (await verifyPassword(found.passwordHash, body.password))) return true;
    throw new ApiError(ResultCode.Conflict, LOGIN_TAKEN_MESSAGE);
  };
  if (await retried()) return;
  if (await loginNameTaken(db, body.loginName))
    throw new ApiError(ResultCode.Conflict, LOGIN_TAKEN_MESSAGE);
  const passwordHash = await hashPassword(body.password);
  try {
    await db.transaction().execute((trx) => account.insert(trx, { nickName, passwordHash }));
  } catch (error) {
    if (!(await retried())) throw error;
  }
}

/** Creates a platform operator (the create-admin CLI's `--operator`, the demo seed). */
export async function createPlatformOperator(
  db: Db,
  clock: Clock,
  input: { loginName: string; nickName: string; password: string },
): Promise<number> {
  if (!isAcceptablePassword(input.password)) throw badRequest(PASSWORD_RULE_MESSAGE);
  if (await loginNameTaken(db, input.loginName)) throw badRequest(LOGIN_TAKEN_MESSAGE);
  const row = await db
    .insertInto('platform_operators')
    .values({
      login_name: input.loginName,
      nick_name: input.nickName,
      password_hash: await hashPassword(input.password),
      status: 1,
      created_at: clock.now().getTime(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A region as the console shows it: schools by name only, bureau accounts without passwords. */
async function regionView(db: Db, regionId: number): Promise<OperatorRegion> {
  const region = await db
    .selectFrom('regions')
    .select(['id', 'code', 'name', 'level', 'parent_id'])
    .where('id', '=', regionId)
    .executeTakeFirst();
  if (!region) throw notFound('区域不存在');
  const [schools, pending, bureaus] = await Promise.all([
    db
      .selectFrom('region_schools as rs')
      .innerJoin('schools as s', 's.id', 'rs.school_id')
      .select(['s.id', 's.name'])
      .where('rs.region_id', '=', regionId)
      .orderBy('s.id')
      .execute(),
    db
      .selectFrom('region_school_invites as i')
      .innerJoin('schools as s', 's.id', 'i.school_id')
      .select(['s.id', 's.name', 'i.invited_at'])
      .where('i.region_id', '=', regionId)
      .orderBy('s.id')
      .execute(),
    db
      .selectFrom('bureau_users')
      .select(['id', 'login_name', 'nick_name', 'status'])
      .where('region_id', '=', regionId)
      .orderBy('id')
      .execute(),
  ]);
  return {
    regionId: region.id,
    code: region.code,
    name: region.name,
    level: (REGION_LEVELS as readonly string[]).includes(region.level)
      ? (region.level as Level)
      : 'district',
    parentId: region.parent_id,
    schools: schools.map((s) => ({ schoolId: s.id, schoolName: s.name })),
    pendingSchools: pending.map((s) => ({
      schoolId: s.id,
      schoolName: s.name,
      invitedAt: Number(s.invited_at),
    })),
    bureauAccounts: bureaus.map((b) => ({
      bureauUserId: b.id,
      loginName: b.login_name,
      nickName: b.nick_name,
      enabled: b.status === 1,
    })),
  };
}

/** The operator console's calls (docs/joint-exams.md#operator). */
export function registerOperatorRoutes(router: Router, deps: Pick<DomainDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;
  const TAG = 'platform';

  router.operatorRoute(operatorRoutes.overview, TAG, async ({ operator }) => {
    const me = await db
      .selectFrom('platform_operators')
      .select('nick_name')
      .where('id', '=', operator.operatorId)
      .executeTakeFirstOrThrow();
    const regionIds = await db.selectFrom('regions').select('id').orderBy('id').execute();
    const schools = await db
      .selectFrom('schools as s')
      .leftJoin('region_schools as rs', 'rs.school_id', 's.id')
      .leftJoin('region_school_invites as i', 'i.school_id', 's.id')
      .select(['s.id', 's.name', 'rs.region_id', 'i.region_id as invited_region_id'])
      .orderBy('s.id')
      .execute();
    return {
      nickName: me.nick_name,
      regions: await Promise.all(regionIds.map((r) => regionView(db, r.id))),
      schools: schools.map((s) => ({
        schoolId: s.id,
        schoolName: s.name,
        regionId: s.region_id,
        invitedRegionId: s.invited_region_id,
      })),
    };
  });

  router.operatorRoute(operatorRoutes.createRegion, TAG, async ({ body, operator }) => {
    const name = body.name.trim();
    if (!name) throw badRequest('请输入区域名称');
    const parentId = body.parentId ?? null;
    if (parentId !== null) {
      if (body.level !== 'district') throw badRequest('只有区县可以属于一个城市');
      const parent = await db
        .selectFrom('regions')
        .select('level')
        .where('id', '=', parentId)
        .executeTakeFirst();
      if (parent?.level !== 'city') throw badRequest('所属城市不存在');
    }
    const same = async () => {
      const found = await db
        .selectFrom('regions')
        .select(['id', 'name', 'level', 'parent_id'])
        .where('code', '=', body.code)
        .executeTakeFirst();
      if (!found) return null;
      // A retry of the same call answers the first call's region; another region's code is taken.
      if (found.name !== name || found.level !== body.level || found.parent_id !== parentId)
        throw new ApiError(ResultCode.Conflict, '区域代码已被使用');
      return regionView(db, found.id);
    };
    const earlier = await same();
    if (earlier) return earlier;
    try {
      const regionId = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('regions')
          .values({
            code: body.code,
            name,
            level: body.level,
            parent_id: parentId,
            created_at: clock.now().getTime(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordOperatorAction(trx, clock, {
          operatorId: operator.operatorId,
          action: 'region.create',
          regionId: row.id,
          detail: `代码 ${body.code}，${body.level === 'city' ? '市' : '区县'}`,
        });
        return row.id;
      });
      return regionView(db, regionId);
    } catch (error) {
      // Two retries at once: the unique code lets one insert, the other answers it.
      const raced = await same();
      if (raced) return raced;
      throw error;
    }
  });

  // Adding a school invites it: the bureau enters it only once its administrator accepts
  // (docs/joint-exams.md#consent).
  router.operatorRoute(operatorRoutes.addSchool, TAG, async ({ body, operator }) => {
    await regionView(db, body.regionId);
    const school = await db
      .selectFrom('schools')
      .select('id')
      .where('id', '=', body.schoolId)
      .executeTakeFirst();
    if (!school) throw notFound('学校不存在');
    const invite = () =>
      db.transaction().execute(async (trx) => {
        const outcome = await inviteSchool(trx, clock.now().getTime(), body);
        if (outcome !== 'invited') return;
        await recordOperatorAction(trx, clock, {
          operatorId: operator.operatorId,
          action: 'school.invite',
          regionId: body.regionId,
          schoolId: body.schoolId,
        });
        await notifyInvitation(trx, clock, body);
      });
    try {
      await invite();
    } catch (error) {
      // Two retries at once: the unique school lets one invitation in; the other answers it.
      if (error instanceof ApiError) throw error;
      await invite();
    }
    return regionView(db, body.regionId);
  });

  router.operatorRoute(operatorRoutes.removeSchool, TAG, async ({ body, operator }) => {
    await regionView(db, body.regionId);
    await db.transaction().execute(async (trx) => {
      const withdrawn = await trx
        .deleteFrom('region_school_invites')
        .where('region_id', '=', body.regionId)
        .where('school_id', '=', body.schoolId)
        .executeTakeFirst();
      // The region's bureau accounts lose the school at once, as when the bureau lets it leave.
      const left =
        (await leaveRegion(trx, clock, { regionId: body.regionId, schoolIds: [body.schoolId] })) >
        0;
      if (left || Number(withdrawn.numDeletedRows) > 0)
        await recordOperatorAction(trx, clock, {
          operatorId: operator.operatorId,
          action: left ? 'school.remove' : 'school.cancel',
          regionId: body.regionId,
          schoolId: body.schoolId,
        });
    });
    return regionView(db, body.regionId);
  });

  router.operatorRoute(operatorRoutes.createBureau, TAG, async ({ body, operator }) => {
    await regionView(db, body.regionId);
    await createAccountOnce(db, body, {
      // The same call again (same region, name and password) answers the first call's account.
      existing: async (nickName) => {
        const found = await db
          .selectFrom('bureau_users')
          .select(['region_id', 'nick_name', 'password_hash'])
          .where('login_name', '=', body.loginName)
          .executeTakeFirst();
        return (
          found && {
            same: found.region_id === body.regionId && found.nick_name === nickName,
            passwordHash: found.password_hash,
          }
        );
      },
      insert: async (trx, { nickName, passwordHash }) => {
        const row = await trx
          .insertInto('bureau_users')
          .values({
            region_id: body.regionId,
            login_name: body.loginName,
            password_hash: passwordHash,
            nick_name: nickName,
            tel: null,
            status: 1,
            created_at: clock.now().getTime(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordOperatorAction(trx, clock, {
          operatorId: operator.operatorId,
          action: 'bureau.create',
          regionId: body.regionId,
          bureauUserId: row.id,
          detail: `姓名 ${nickName}`,
        });
      },
    });
    return regionView(db, body.regionId);
  });

  router.operatorRoute(operatorRoutes.resetBureauPassword, TAG, async ({ body, operator }) => {
    if (!isAcceptablePassword(body.password)) throw badRequest(PASSWORD_RULE_MESSAGE);
    const bureau = await db
      .selectFrom('bureau_users')
      .select(['id', 'region_id'])
      .where('id', '=', body.bureauUserId)
      .executeTakeFirst();
    if (!bureau) throw notFound('教育局账号不存在');
    const passwordHash = await hashPassword(body.password);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('bureau_users')
        .set({ password_hash: passwordHash })
        .where('id', '=', bureau.id)
        .execute();
      await endBureauSeats(trx, clock, { bureauUserId: bureau.id });
      await recordOperatorAction(trx, clock, {
        operatorId: operator.operatorId,
        action: 'bureau.reset_password',
        regionId: bureau.region_id,
        bureauUserId: bureau.id,
      });
    });
    return regionView(db, bureau.region_id);
  });

  // 停用 ends every session of the account's seats at once and closes the seats themselves (a
  // one-time region token issued before cannot open them); 启用 opens them again.
  router.operatorRoute(operatorRoutes.setBureauStatus, TAG, async ({ body, operator }) => {
    const bureau = await db
      .selectFrom('bureau_users')
      .select(['id', 'region_id', 'status'])
      .where('id', '=', body.bureauUserId)
      .executeTakeFirst();
    if (!bureau) throw notFound('教育局账号不存在');
    const status = body.enabled ? 1 : 0;
    if (bureau.status !== status)
      await db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('bureau_users')
          .set({ status })
          .where('id', '=', bureau.id)
          .where('status', '!=', status)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) return; // a retry raced this one
        const seats = await trx
          .selectFrom('bureau_seats')
          .select('user_id')
          .where('bureau_user_id', '=', bureau.id)
          .execute();
        if (seats.length)
          await trx
            .updateTable('users')
            .set({ status })
            .where(
              'id',
              'in',
              seats.map((seat) => seat.user_id),
            )
            .execute();
        if (!body.enabled) await endBureauSeats(trx, clock, { bureauUserId: bureau.id });
        await recordOperatorAction(trx, clock, {
          operatorId: operator.operatorId,
          action: body.enabled ? 'bureau.enable' : 'bureau.disable',
          regionId: bureau.region_id,
          bureauUserId: bureau.id,
        });
      });
    return regionView(db, bureau.region_id);
  });

  router.operatorRoute(operatorRoutes.auditLog, TAG, async ({ body }) =>
    operatorAuditPage(db, body),
  );

  router.operatorRoute(operatorRoutes.logout, TAG, async ({ operator }) => {
    await revokeOperatorSession(db, clock, operator.tokenHash);
    return null;
  });
}
