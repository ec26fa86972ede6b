import { OPERATOR_ACTIONS, type DataOf, type operatorRoutes } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';

export type OperatorAction = keyof typeof OPERATOR_ACTIONS;
type AuditPage = DataOf<typeof operatorRoutes.auditLog>;

/**
 * Records one action of a platform operator (docs/joint-exams.md#operator-audit), in the
 * transaction of the change itself, so a change and its line are written together or not at all.
 * Names are copied from the rows at the time; the caller passes only ids and a detail that holds
 * no password, token or phone number.
 */
export async function recordOperatorAction(
  trx: Db,
  clock: Clock,
  entry: {
    operatorId: number;
    action: OperatorAction;
    regionId?: number;
    schoolId?: number;
    bureauUserId?: number;
    detail?: string;
  },
): Promise<void> {
  // One query after another: inside a transaction SQLite has a single connection.
  const operator = await trx
    .selectFrom('platform_operators')
    .select('nick_name')
    .where('id', '=', entry.operatorId)
    .executeTakeFirst();
  const region =
    entry.regionId === undefined
      ? undefined
      : await trx
          .selectFrom('regions')
          .select('name')
          .where('id', '=', entry.regionId)
          .executeTakeFirst();
  const school =
    entry.schoolId === undefined
      ? undefined
      : await trx
          .selectFrom('schools')
          .select('name')
          .where('id', '=', entry.schoolId)
          .executeTakeFirst();
  const bureau =
    entry.bureauUserId === undefined
      ? undefined
      : await trx
          .selectFrom('bureau_users')
          .select('login_name')
          .where('id', '=', entry.bureauUserId)
          .executeTakeFirst();
  await trx
    .insertInto('platform_operator_audit')
    .values({
      operator_id: entry.operatorId,
      operator_name: operator?.nick_name ?? '',
      action: entry.action,
      region_id: entry.regionId ?? null,
      region_name: region?.name ?? null,
      school_id: entry.schoolId ?? null,
      school_name: school?.name ?? null,
      bureau_user_id: entry.bureauUserId ?? null,
      bureau_login: bureau?.login_name ?? null,
      detail: entry.detail ?? '',
      created_at: clock.now().getTime(),
    })
    .execute();
}

/** A page of the audit log, newest first. */
export async function operatorAuditPage(
  db: Db,
  page: { pageNum: number; pageSize: number },
): Promise<AuditPage> {
  const [{ total }, rows] = await Promise.all([
    db
      .selectFrom('platform_operator_audit')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('platform_operator_audit')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize)
      .execute(),
  ]);
  return {
    total: Number(total),
    rows: rows.map((r) => ({
      id: r.id,
      at: Number(r.created_at),
      operatorName: r.operator_name,
      action: r.action,
      actionName: OPERATOR_ACTIONS[r.action as OperatorAction] ?? r.action,
      regionName: r.region_name,
      schoolName: r.school_name,
      bureauLogin: r.bureau_login,
      detail: r.detail,
    })),
  };
}
