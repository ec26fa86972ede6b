import { aiRoutes, authRoutes } from '@examkit/contracts';
import { DOCX_TYPE } from '../core/attachment';
import { badRequest, forbidden, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import { accessOf } from '../core/scope';
import type { SessionInfo } from '../core/session';
import { assertOwnSchool } from '../school/routes';
import { registerAskRoute } from './ask';
import { markdownToDocx } from './docx';
import { createAiService, DEFAULT_TITLE, SESSION_COLUMNS, toSession, type AiDeps } from './service';
import { FIXED_SESSION_TYPES } from './sessionTypes';

const TAG = 'ai';

/** Registers the AI chat service (/chatgpt-server): access, school switch, sessions, Word, asking. */
export function registerAiRoutes(router: Router, deps: AiDeps): void {
  const ai = createAiService(deps);
  const { db, now, generations, statusOf, requirePermission, ownSession, messagesOf } = ai;
  const { details, createSession } = ai;

  /** One of the caller's messages (another user's, or another school's, as missing). */
  const ownMessage = (session: SessionInfo, messageId: number) =>
    db
      .selectFrom('ai_messages')
      .select(['id', 'status', 'content', 'role'])
      .where('id', '=', messageId)
      .where('school_id', '=', session.schoolId)
      .where('user_id', '=', session.userId)
      .executeTakeFirst();

  router.sessionRoute(authRoutes.aiAccess, TAG, async ({ query, session }) => {
    assertOwnSchool(session, query.schoolId);
    // An education bureau's seat reads the school and has no assistant (core/seatAccess.ts).
    if (session.bureauSeat) return 0;
    const status = await statusOf(session);
    return status.configured && status.schoolEnabled && status.permitted ? 1 : 0;
  });

  router.sessionRoute(aiRoutes.status, TAG, ({ session }) => statusOf(session));

  router.sessionRoute(aiRoutes.openSchool, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await access.require('System-Parm');
    if (!(await access.scope()).schoolWide) throw forbidden('超出数据范围：仅限全校范围的角色');
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('ai_access')
        .values({ school_id: session.schoolId, enabled: body.enabled ? 1 : 0 })
        .onConflict((oc) => oc.column('school_id').doUpdateSet({ enabled: body.enabled ? 1 : 0 }))
        .execute();
      if (body.dailyTokenQuota !== undefined)
        await trx
          .insertInto('ai_school_settings')
          .values({ school_id: session.schoolId, daily_token_quota: body.dailyTokenQuota })
          .onConflict((oc) =>
            oc.column('school_id').doUpdateSet({ daily_token_quota: body.dailyTokenQuota ?? 0 }),
          )
          .execute();
    });
    return statusOf(session);
  });

  router.sessionRoute(aiRoutes.fixedTypes, TAG, async ({ session }) => {
    await requirePermission(session);
    return Object.values(FIXED_SESSION_TYPES).map(
      ({ sessionType, name, description, suggestions }) => ({
        sessionType,
        name,
        description,
        suggestions,
      }),
    );
  });

  router.sessionRoute(aiRoutes.open, TAG, ({ body, session }) =>
    createSession(session, {
      kind: 'widget',
      sessionType: null,
      mode: body.contextMode,
      context: body.contextMode === 'COMMON' ? {} : (body.context ?? {}),
    }),
  );

  router.sessionRoute(aiRoutes.openCenter, TAG, ({ body, session }) =>
    createSession(session, {
      kind: 'center',
      sessionType: body.sessionType ?? null,
      mode: 'COMMON',
      context: {},
    }),
  );

  router.sessionRoute(aiRoutes.history, TAG, async ({ body, session }) => {
    await requirePermission(session);
    let query = db
      .selectFrom('ai_sessions')
      .select(SESSION_COLUMNS)
      .where('school_id', '=', session.schoolId)
      .where('user_id', '=', session.userId);
    if (body.kind) query = query.where('kind', '=', body.kind);
    if (body.keyword)
      query = query.where('title', 'like', `%${body.keyword.replace(/[%_\\]/g, '')}%`);
    const rows = await query
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
    return { list: rows.map(toSession) };
  });

  router.sessionRoute(aiRoutes.details, TAG, async ({ body, session }) => {
    await requirePermission(session);
    return details(await ownSession(session, body.sessionId));
  });

  router.sessionRoute(aiRoutes.rename, TAG, async ({ body, session }) => {
    await requirePermission(session);
    await ownSession(session, body.sessionId);
    await db
      .updateTable('ai_sessions')
      .set({ title: body.title.trim() || DEFAULT_TITLE, updated_at: now() })
      .where('id', '=', body.sessionId)
      .execute();
    return null;
  });

  router.sessionRoute(aiRoutes.remove, TAG, async ({ body, session }) => {
    await requirePermission(session);
    await ownSession(session, body.sessionId);
    const ids = (await messagesOf(body.sessionId)).map((m) => m.id);
    for (const id of ids) generations.get(id)?.controller.abort();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('ai_messages').where('session_id', '=', body.sessionId).execute();
      await trx.deleteFrom('ai_sessions').where('id', '=', body.sessionId).execute();
    });
    return null;
  });

  router.sessionRoute(aiRoutes.stop, TAG, async ({ body, session }) => {
    await requirePermission(session);
    const message = await ownMessage(session, body.messageId);
    if (!message) throw notFound('回答不存在');
    const live = generations.get(message.id);
    if (live) {
      live.controller.abort();
      await live.finished;
    } else if (message.status === 'streaming') {
      // Written by another instance (it sees this on its next write and stops), or left by a crash.
      await db
        .updateTable('ai_messages')
        .set({ status: 'stopped', updated_at: now() })
        .where('id', '=', message.id)
        .where('status', '=', 'streaming')
        .execute();
    }
    return null;
  });

  router.sessionRoute(aiRoutes.toWord, TAG, async ({ body, session }) => {
    await requirePermission(session);
    let markdown = body.markdown;
    if (body.messageId !== undefined) {
      const message = await ownMessage(session, body.messageId);
      if (!message || message.role !== 'assistant') throw notFound('回答不存在');
      markdown = message.content;
    }
    if (!markdown?.trim()) throw badRequest('没有可导出的内容');
    const title = body.title?.trim() || 'AI助手回答';
    return {
      fileName: `${title.replace(/[\\/:*?"<>|]/g, '_')}.docx`,
      contentType: DOCX_TYPE,
      contentBase64: markdownToDocx(markdown, title).toString('base64'),
    };
  });

  registerAskRoute(router, ai, deps);
}
