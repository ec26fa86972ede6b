import { permissionCodesIn } from '../auth/access';
import type { Db } from '../core/database';
import { forbidden, notFound } from '../core/envelope';
import type { SessionInfo } from '../core/session';
import type { MarkingBlocksTable } from './tables';
import type { Selectable } from 'kysely';

export type Block = Selectable<MarkingBlocksTable>;

/** The marking permission key (spec 001 §6). */
export const MARKING_KEY = 'Exam-Wuhen';
/**
 * The key that makes a marking user a manager of every block of the school (set-up, finish,
 * scores). Exam management (Exam-Single) or System alone no longer does (issue #22).
 */
export const MANAGER_KEY = 'Exam-Wuhen-Manage';

/** What the caller may do on a block. */
export interface BlockAccess {
  block: Block;
  manager: boolean;
  leader: boolean;
  marker: boolean;
  arbitrator: boolean;
}

/**
 * Permission codes per user and year, kept for a few seconds: markers call fetch and submit
 * many times a minute, and a role change reaching marking 10 s late is acceptable.
 */
const CODES_TTL_MS = 10_000;
const codesCaches = new WeakMap<Db, Map<string, { at: number; codes: Set<string> }>>();

async function cachedCodes(db: Db, session: SessionInfo): Promise<Set<string>> {
  const codesCache = codesCaches.get(db) ?? new Map<string, { at: number; codes: Set<string> }>();
  codesCaches.set(db, codesCache);
  const key = `${session.userId}:${session.academicYear}`;
  const now = Date.now();
  const hit = codesCache.get(key);
  if (hit && now - hit.at < CODES_TTL_MS) return hit.codes;
  const codes = await permissionCodesIn(db, session.userId, session.academicYear);
  if (codesCache.size > 5000) codesCache.clear();
  codesCache.set(key, { at: now, codes });
  return codes;
}

/**
 * Whether the user holds a role (marker, leader, arbitrator) on a block of the school, or on a
 * 统一阅卷 pool block of a joint exam the school takes part in (joint/pool.ts): a pool block
 * belongs to the organiser's school, and a marker of another school reaches it from 网上阅卷.
 */
export async function hasBlockRole(
  db: Db,
  session: Pick<SessionInfo, 'userId' | 'schoolId'>,
): Promise<boolean> {
  const row = await db
    .selectFrom('marking_block_users as u')
    .innerJoin('marking_blocks as b', 'b.id', 'u.block_id')
    .select('u.block_id')
    .where('u.user_id', '=', session.userId)
    .where((eb) =>
      eb.or([
        eb.and([eb('b.school_id', '=', session.schoolId), eb('b.joint_exam_id', 'is', null)]),
        eb(
          'b.joint_exam_id',
          'in',
          eb
            .selectFrom('joint_exam_schools')
            .select('joint_exam_id')
            .where('school_id', '=', session.schoolId),
        ),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Refuses callers who neither hold Exam-Wuhen (or the manager key) nor have a role on a block:
 * a teacher named marker of a block reaches their tasks without a marking role. Tells whether
 * they manage marking.
 */
export async function markingCaller(db: Db, session: SessionInfo): Promise<{ manager: boolean }> {
  const codes = await cachedCodes(db, session);
  const manager = codes.has(MANAGER_KEY);
  if (!manager && !codes.has(MARKING_KEY) && !(await hasBlockRole(db, session)))
    throw forbidden('对不起，您没有网上阅卷权限');
  return { manager };
}

/**
 * A block of the caller's school and the caller's roles on it. Another school's block, and a
 * block the caller has no role on (unless they manage marking), is not found.
 */
export async function blockAccess(
  db: Db,
  session: SessionInfo,
  blockId: number,
): Promise<BlockAccess> {
  const { manager } = await markingCaller(db, session);
  const block = await db
    .selectFrom('marking_blocks')
    .selectAll()
    .where('id', '=', blockId)
    .where('school_id', '=', session.schoolId)
    // A joint exam's pool block is reached only through the pool routes (joint/pool.ts).
    .where('joint_exam_id', 'is', null)
    .executeTakeFirst();
  if (!block) throw notFound('阅卷题块不存在');
  const roles = await db
    .selectFrom('marking_block_users')
    .select('role')
    .where('block_id', '=', blockId)
    .where('user_id', '=', session.userId)
    .execute();
  // A block the caller has no role on is, for them, a block that does not exist (docs/scope.md).
  if (!manager && roles.length === 0) throw notFound('阅卷题块不存在');
  const has = (role: string) => roles.some((r) => r.role === role);
  return {
    block,
    manager,
    leader: has('leader'),
    marker: has('marker'),
    arbitrator: has('arbitrator'),
  };
}

export function requireManager(access: { manager: boolean }): void {
  if (!access.manager) throw forbidden('只有阅卷管理员可以进行此操作');
}

export function requireLeader(access: BlockAccess): void {
  if (!access.manager && !access.leader) throw forbidden('只有题块组长或阅卷管理员可以进行此操作');
}

/**
 * The cheap check of the marking screen's hot calls (submit, re-score, flag): Exam-Wuhen and
 * a task of the caller's school. Who may write is decided by the lease (only its holder).
 */
export async function taskOfSchool(db: Db, session: SessionInfo, taskId: number) {
  await markingCaller(db, session);
  const task = await db
    .selectFrom('marking_tasks as t')
    .innerJoin('marking_blocks as b', 'b.id', 't.block_id')
    .select(['t.id', 't.block_id', 't.paper_id'])
    .where('t.id', '=', taskId)
    .where('b.school_id', '=', session.schoolId)
    .where('b.joint_exam_id', 'is', null)
    .executeTakeFirst();
  if (!task) throw notFound('阅卷任务不存在');
  return task;
}
