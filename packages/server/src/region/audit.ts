import {
  OPERATOR_ACTIONS,
  type BodyOf,
  type DataOf,
  type operatorRoutes,
} from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { pagedList } from '../core/listing';

export type OperatorAction = keyof typeof OPERATOR_ACTIONS;
type AuditPage = DataOf<typeof operatorRoutes.auditLog>;

/** What a line of the log names besides its author: ids, names copied at the time. */
interface AuditEntry {
  action: OperatorAction;
  regionId?: number;
  schoolId?: number;
  bureauUserId?: number;
  detail?: string;
}

/**
 * `operator_id` of a line a school administrator wrote (accepting, declining, leaving): no
 * operator did it; `operator_name` then names the administrator and the school.
 */
export const SCHOOL_ACTOR_ID = 0;

/**
 * Records one action of a platform operator (docs/joint-exams.md#operator-audit), in the
 * transaction of the change itself, so a change and its line are written together or not at all.
 * Names are copied from the rows at the time; the caller passes only ids and a detail that holds
 * no password, token or phone number.
 */
export async function recordOperatorAction(
  trx: Db,
  clock: Clock,
  entry: AuditEntry & { operatorId: number },
): Promise<void> {
  const operator = await trx
    .selectFrom('platform_operators')
    .select('nick_name')
    .where('id', '=', entry.operatorId)
    .executeTakeFirst();
  await writeLine(trx, clock, { id: entry.operatorId, name: operator?.nick_name ?? '' }, entry);
}

/**
 * Records a school administrator's answer to its region (同意, 拒绝, 退出区域) in the same log,
 * so the operators see it: 操作人 is the administrator and the school, 「系统管理员（实验中学）」.
 */
export async function recordSchoolAction(
  trx: Db,
  clock: Clock,
  entry: AuditEntry & { userId: number; schoolId: number; regionId: number },
): Promise<void> {
  const user = await trx
    .selectFrom('users as u')
    .innerJoin('schools as s', 's.id', 'u.school_id')
    .select(['u.nick_name', 's.name'])
    .where('u.id', '=', entry.userId)
    .executeTakeFirst();
  const name = user ? `${user.nick_name}（${user.name}）` : '学校管理员';
  await writeLine(trx, clock, { id: SCHOOL_ACTOR_ID, name }, entry);
}

async function writeLine(
  trx: Db,
  clock: Clock,
  actor: { id: number; name: string },
  entry: AuditEntry,
): Promise<void> {
  /** The name of the region or school an entry names, if it names one that is there. */
  const nameIn = async (table: 'regions' | 'schools', id: number | undefined) => {
    if (id === undefined) return null;
    const row = await trx.selectFrom(table).select('name').where('id', '=', id).executeTakeFirst();
    return row?.name ?? null;
  };
  // One query after another: inside a transaction SQLite has a single connection.
  const regionName = await nameIn('regions', entry.regionId);
  const schoolName = await nameIn('schools', entry.schoolId);
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
      operator_id: actor.id,
      operator_name: actor.name,
      action: entry.action,
      region_id: entry.regionId ?? null,
      region_name: regionName,
      school_id: entry.schoolId ?? null,
      school_name: schoolName,
      bureau_user_id: entry.bureauUserId ?? null,
      bureau_login: bureau?.login_name ?? null,
      detail: entry.detail ?? '',
      created_at: clock.now().getTime(),
    })
    .execute();
}

/**
 * A page of the audit log, newest first, filtered by operator, action, school and period (each
 * optional; `to` exclusive), with every operator for the console's 操作人 filter.
 */
export async function operatorAuditPage(
  db: Db,
  body: BodyOf<typeof operatorRoutes.auditLog>,
): Promise<AuditPage> {
  const filtered = () => {
    let q = db.selectFrom('platform_operator_audit');
    if (body.operatorId !== undefined) q = q.where('operator_id', '=', body.operatorId);
    if (body.action !== undefined) q = q.where('action', '=', body.action);
    if (body.schoolId !== undefined) q = q.where('school_id', '=', body.schoolId);
    if (body.from !== undefined) q = q.where('created_at', '>=', body.from);
    if (body.to !== undefined) q = q.where('created_at', '<', body.to);
    return q;
  };
  const [page, operators] = await Promise.all([
    pagedList(
      body,
      ({ offset, limit }) =>
        filtered().selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      async () => {
        const { total } = await filtered()
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow();
        return Number(total);
      },
    ),
    db.selectFrom('platform_operators').select(['id', 'nick_name']).orderBy('id').execute(),
  ]);
  return {
    operators: operators.map((o) => ({ operatorId: o.id, name: o.nick_name })),
    actions: Object.entries(OPERATOR_ACTIONS).map(([action, name]) => ({ action, name })),
    total: page.total,
    rows: page.list.map((r) => ({
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
