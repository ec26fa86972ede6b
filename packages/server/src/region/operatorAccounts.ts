import { operatorRoutes, type DataOf } from '@examkit/contracts';
import { dialectOf, type Db } from '../core/database';
import type { DomainDeps } from '../core/deps';
import { badRequest, notFound } from '../core/envelope';
import { hashPassword, isAcceptablePassword, PASSWORD_RULE_MESSAGE } from '../core/password';
import type { Router } from '../core/router';
import { recordOperatorAction, type OperatorAction } from './audit';
import { createAccountOnce } from './operator';

type Accounts = DataOf<typeof operatorRoutes.operatorList>;

export const OPERATOR_NOT_FOUND = '运营账号不存在';
export const OPERATOR_SELF_DISABLE_MESSAGE = '不能停用自己的账号';
export const OPERATOR_LAST_MESSAGE = '这是最后一个启用的运营账号，不能停用';

/** Every operator, in the order they were made: never a password. */
async function accounts(db: Db, selfId: number): Promise<Accounts> {
  const rows = await db
    .selectFrom('platform_operators')
    .select(['id', 'login_name', 'nick_name', 'status'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    operatorId: r.id,
    loginName: r.login_name,
    nickName: r.nick_name,
    enabled: r.status === 1,
    self: r.id === selfId,
  }));
}

/**
 * 平台运营账号 (docs/joint-exams.md#operator): the operators manage each other — create, reset a
 * password, 停用/启用. An operator cannot disable itself, and the last enabled operator stays
 * enabled. Every change writes its audit line in the change's transaction.
 */
export function registerOperatorAccountRoutes(
  router: Router,
  deps: Pick<DomainDeps, 'db' | 'clock'>,
) {
  const { db, clock } = deps;
  const TAG = 'platform';

  const target = async (operatorId: number) => {
    const row = await db
      .selectFrom('platform_operators')
      .select(['id', 'login_name', 'nick_name', 'status'])
      .where('id', '=', operatorId)
      .executeTakeFirst();
    if (!row) throw notFound(OPERATOR_NOT_FOUND);
    return row;
  };
  const detailOf = (row: { login_name: string; nick_name: string }) =>
    `运营账号 ${row.login_name}（${row.nick_name}）`;

  router.operatorRoute(operatorRoutes.operatorList, TAG, ({ operator }) =>
    accounts(db, operator.operatorId),
  );

  router.operatorRoute(operatorRoutes.createOperator, TAG, async ({ body, operator }) => {
    await createAccountOnce(db, body, {
      // The same call again (same account, name and password) answers as the first.
      existing: async (nickName) => {
        const found = await db
          .selectFrom('platform_operators')
          .select(['nick_name', 'password_hash'])
          .where('login_name', '=', body.loginName)
          .executeTakeFirst();
        return found && { same: found.nick_name === nickName, passwordHash: found.password_hash };
      },
      insert: async (trx, { nickName, passwordHash }) => {
        await trx
          .insertInto('platform_operators')
          .values({
            login_name: body.loginName,
            nick_name: nickName,
            password_hash: passwordHash,
            status: 1,
            created_at: clock.now().getTime(),
          })
          .execute();
        await recordOperatorAction(trx, clock, {
          operatorId: operator.operatorId,
          action: 'operator.create',
          detail: detailOf({ login_name: body.loginName, nick_name: nickName }),
        });
      },
    });
    return accounts(db, operator.operatorId);
  });

  router.operatorRoute(operatorRoutes.resetOperatorPassword, TAG, async ({ body, operator }) => {
    if (!isAcceptablePassword(body.password)) throw badRequest(PASSWORD_RULE_MESSAGE);
    const row = await target(body.operatorId);
    const passwordHash = await hashPassword(body.password);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('platform_operators')
        .set({ password_hash: passwordHash })
        .where('id', '=', row.id)
        .execute();
      // Its other sessions end (the caller's own page stays signed in when it resets itself).
      await trx
        .updateTable('platform_operator_sessions')
        .set({ revoked_at: clock.now().getTime() })
        .where('operator_id', '=', row.id)
        .where('token_hash', '!=', operator.tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
      await recordOperatorAction(trx, clock, {
        operatorId: operator.operatorId,
        action: 'operator.reset_password',
        detail: detailOf(row),
      });
    });
    return accounts(db, operator.operatorId);
  });

  router.operatorRoute(operatorRoutes.setOperatorStatus, TAG, async ({ body, operator }) => {
    const row = await target(body.operatorId);
    const status = body.enabled ? 1 : 0;
    if (!body.enabled && row.id === operator.operatorId)
      throw badRequest(OPERATOR_SELF_DISABLE_MESSAGE);
    if (row.status !== status)
      await db.transaction().execute(async (trx) => {
        if (!body.enabled) {
          // The enabled operators locked first (SQLite's write transaction already excludes
          // others): two operators disabling each other at once are decided one after the other.
          let locked = trx.selectFrom('platform_operators').select('id').where('status', '=', 1);
          if (dialectOf(trx) === 'postgres') locked = locked.forUpdate();
          await locked.execute();
        }
        const changed = await trx
          .updateTable('platform_operators')
          .set({ status })
          .where('id', '=', row.id)
          .where('status', '!=', status)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) return; // a retry raced this one
        if (!body.enabled) {
          // Checked after the write, under the lock: at least one operator stays enabled.
          const { left } = await trx
            .selectFrom('platform_operators')
            .select((eb) => eb.fn.countAll<number>().as('left'))
            .where('status', '=', 1)
            .executeTakeFirstOrThrow();
          if (Number(left) === 0) throw badRequest(OPERATOR_LAST_MESSAGE);
          await trx
            .updateTable('platform_operator_sessions')
            .set({ revoked_at: clock.now().getTime() })
            .where('operator_id', '=', row.id)
            .where('revoked_at', 'is', null)
            .execute();
        }
        const action: OperatorAction = body.enabled ? 'operator.enable' : 'operator.disable';
        await recordOperatorAction(trx, clock, {
          operatorId: operator.operatorId,
          action,
          detail: detailOf(row),
        });
      });
    return accounts(db, operator.operatorId);
  });
}
