import { messageRoutes as r } from '@examkit/contracts';
import type { DataOf } from '@examkit/contracts';
import type { DomainDeps } from '../core/deps';
import { badRequest, notFound, tooManyRequests } from '../core/envelope';
import type { Router } from '../core/router';
import { accessOf, assertSchoolWide, type Access } from '../core/scope';
import { sha256Hex } from '../core/secrets';
import type { SessionInfo } from '../core/session';
import type { Db } from '../core/database';
import { pageOf } from '../school/common';
import { notify, type MessageKindValue } from './notify';
import { pathOnly, scrub } from './scrub';

const TAG = 'message';

/** Notices and the error log: a school-wide role holding the system key (学校管理员, 教务主任). */
async function requireSchoolAdmin(access: Access): Promise<void> {
  await access.require('System');
  assertSchoolWide(await access.scope());
}

type Item = DataOf<typeof r.detail>;

function receiptsOf(db: Db, session: SessionInfo) {
  return db
    .selectFrom('message_receipts as mr')
    .innerJoin('messages as m', 'm.id', 'mr.message_id')
    .leftJoin('users as u', 'u.id', 'm.sender_id')
    .where('mr.user_id', '=', session.userId)
    .where('mr.school_id', '=', session.schoolId)
    .where('m.school_id', '=', session.schoolId);
}

const itemOf = (row: {
  id: number;
  kind: string;
  title: string;
  content: string;
  link: string | null;
  senderName: string | null;
  createdAt: number;
  readAt: number | null;
}): Item => ({
  id: row.id,
  kind: row.kind as MessageKindValue,
  title: row.title,
  content: row.content,
  link: row.link,
  senderName: row.senderName,
  createdAt: Number(row.createdAt),
  read: row.readAt !== null,
});

const COLUMNS = [
  'm.id',
  'm.kind',
  'm.title',
  'm.content',
  'm.link',
  'u.nick_name as senderName',
  'm.created_at as createdAt',
  'mr.read_at as readAt',
] as const;

/** One page of a list as `Paged` answers it: the rows at the page's offset and the total. */
async function pageAnswer<T>(
  body: { pageNum: number; pageSize: number },
  total: Promise<{ total: number }>,
  rows: (offset: number, limit: number) => Promise<T[]>,
) {
  const { pageNum, pageSize, offset } = pageOf(body);
  const [count, list] = await Promise.all([total, rows(offset, pageSize)]);
  return { list, total: Number(count.total), pageNum, pageSize };
}

/** Client errors a school keeps: the most recent fingerprints, older ones pruned on write. */
export const CLIENT_ERROR_LIMIT = 500;
/** Reports a user may send a minute (each carries up to 20 errors). */
const REPORTS_PER_MINUTE = 6;

/** /new-home-message (messages and notices) and the client error log. */
export function registerMessageRoutes(router: Router, { db, clock }: DomainDeps): void {
  const now = () => clock.now().getTime();

  router.sessionRoute(r.list, TAG, async ({ body, session }) => {
    let q = receiptsOf(db, session);
    if (body.unreadOnly) q = q.where('mr.read_at', 'is', null);
    return pageAnswer(
      body,
      q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      async (offset, limit) =>
        (
          await q
            .select(COLUMNS)
            .orderBy('m.created_at', 'desc')
            .orderBy('m.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute()
        ).map(itemOf),
    );
  });

  router.sessionRoute(r.detail, TAG, async ({ body, session }) => {
    const row = await receiptsOf(db, session)
      .select(COLUMNS)
      .where('m.id', '=', body.id)
      .executeTakeFirst();
    if (!row) throw notFound('消息不存在');
    if (row.readAt === null) {
      await db
        .updateTable('message_receipts')
        .set({ read_at: now() })
        .where('message_id', '=', body.id)
        .where('user_id', '=', session.userId)
        .where('read_at', 'is', null)
        .execute();
    }
    return itemOf({ ...row, readAt: row.readAt ?? now() });
  });

  router.sessionRoute(r.read, TAG, async ({ body, session }) => {
    const result = await db
      .updateTable('message_receipts')
      .set({ read_at: now() })
      .where('user_id', '=', session.userId)
      .where('school_id', '=', session.schoolId)
      .where('message_id', 'in', [...new Set(body.ids)])
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return { count: Number(result.numUpdatedRows) };
  });

  router.sessionRoute(r.readAll, TAG, async ({ session }) => {
    const result = await db
      .updateTable('message_receipts')
      .set({ read_at: now() })
      .where('user_id', '=', session.userId)
      .where('school_id', '=', session.schoolId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return { count: Number(result.numUpdatedRows) };
  });

  router.sessionRoute(r.unreadCount, TAG, async ({ session }) => {
    const { count } = await db
      .selectFrom('message_receipts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', session.userId)
      .where('school_id', '=', session.schoolId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { count: Number(count) };
  });

  router.sessionRoute(r.noticeTargets, TAG, async ({ session }) => {
    await requireSchoolAdmin(accessOf(db, session));
    const [roles, classes] = await Promise.all([
      db
        .selectFrom('roles')
        .select(['id', 'role_name as name'])
        .where('school_id', '=', session.schoolId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('classes as c')
        .innerJoin('grades as g', 'g.id', 'c.grade_id')
        .select(['c.id', 'c.name'])
        .where('g.school_id', '=', session.schoolId)
        .where('g.academic_year', '=', session.academicYear)
        .orderBy('g.grade_num')
        .orderBy('c.name')
        .execute(),
    ]);
    return { roles, classes };
  });

  router.sessionRoute(r.noticeSend, TAG, async ({ body, session }) => {
    await requireSchoolAdmin(accessOf(db, session));
    if (body.roleIds.length === 0 && body.classIds.length === 0)
      throw badRequest('请选择接收的角色或班级');
    const roleIds = [...new Set(body.roleIds)];
    const classIds = [...new Set(body.classIds)];
    // Another school's (or another year's) ids answer as missing.
    const [roles, classes] = await Promise.all([
      roleIds.length
        ? db
            .selectFrom('roles')
            .select('id')
            .where('school_id', '=', session.schoolId)
            .where('id', 'in', roleIds)
            .execute()
        : [],
      classIds.length
        ? db
            .selectFrom('classes as c')
            .innerJoin('grades as g', 'g.id', 'c.grade_id')
            .select('c.id')
            .where('g.school_id', '=', session.schoolId)
            .where('g.academic_year', '=', session.academicYear)
            .where('c.id', 'in', classIds)
            .execute()
        : [],
    ]);
    if (roles.length !== roleIds.length) throw notFound('角色不存在');
    if (classes.length !== classIds.length) throw notFound('班级不存在');
    const sent = await notify(db, clock, {
      schoolId: session.schoolId,
      kind: 'notice',
      title: body.title.trim(),
      content: body.content,
      senderId: session.userId,
      to: {
        roleHolders: { academicYear: session.academicYear, roleIds },
        classTeachers: { academicYear: session.academicYear, classIds },
      },
    });
    if (sent.id === null) throw badRequest('所选角色和班级下没有教师');
    return { id: sent.id, recipients: sent.recipients };
  });

  const reports = new Map<number, number[]>();
  router.sessionRoute(r.errorLog, TAG, async ({ body, request, session }) => {
    const t = now();
    const recent = (reports.get(session.userId) ?? []).filter((at) => t - at < 60_000);
    if (recent.length >= REPORTS_PER_MINUTE) throw tooManyRequests('错误上报过于频繁，请稍后再试');
    reports.set(session.userId, [...recent, t]);
    const userAgent = scrub(String(request.headers['user-agent'] ?? '').slice(0, 300));
    for (const e of body.errors) {
      const message = scrub(e.message);
      const stack = scrub(e.stack ?? '');
      const page = pathOnly(e.page);
      const fingerprint = sha256Hex(
        [e.kind, message, stack.split('\n').slice(0, 4).join('\n')].join('\n'),
      );
      await db
        .insertInto('client_errors')
        .values({
          school_id: session.schoolId,
          fingerprint,
          kind: e.kind,
          message,
          stack,
          page,
          user_agent: userAgent,
          count: e.count,
          first_seen_at: t,
          last_seen_at: t,
        })
        .onConflict((oc) =>
          oc.columns(['school_id', 'fingerprint']).doUpdateSet((eb) => ({
            count: eb('client_errors.count', '+', e.count),
            last_seen_at: t,
            page,
            user_agent: userAgent,
          })),
        )
        .execute();
    }
    const stale = await db
      .selectFrom('client_errors')
      .select('id')
      .where('school_id', '=', session.schoolId)
      .orderBy('last_seen_at', 'desc')
      .orderBy('id', 'desc')
      .offset(CLIENT_ERROR_LIMIT)
      .limit(1000)
      .execute();
    if (stale.length > 0)
      await db
        .deleteFrom('client_errors')
        .where(
          'id',
          'in',
          stale.map((s) => s.id),
        )
        .execute();
    return { stored: body.errors.length };
  });

  router.sessionRoute(r.errorLogList, TAG, async ({ body, session }) => {
    await requireSchoolAdmin(accessOf(db, session));
    const base = db.selectFrom('client_errors').where('school_id', '=', session.schoolId);
    return pageAnswer(
      body,
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      async (offset, limit) =>
        (
          await base
            .selectAll()
            .orderBy('last_seen_at', 'desc')
            .orderBy('id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute()
        ).map((e) => ({
          id: e.id,
          kind: e.kind,
          message: e.message,
          stack: e.stack,
          page: e.page,
          userAgent: e.user_agent,
          count: e.count,
          firstSeenAt: Number(e.first_seen_at),
          lastSeenAt: Number(e.last_seen_at),
        })),
    );
  });
}
