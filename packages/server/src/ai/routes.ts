import {
  aiRoutes,
  authRoutes,
  type AiContext,
  type AiMessage,
  type AiMessageStatus,
  type AiSession,
  type AiSessionType,
  type AiStatus,
  type AiStreamEvent,
  type ContextMode,
} from '@examkit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DOCX_TYPE } from '../core/attachment';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { ApiError, badRequest, forbidden, notFound, tooManyRequests } from '../core/envelope';
import type { FileStore } from '../core/files';
import { AttemptLimiter } from '../core/rateLimit';
import type { Router } from '../core/router';
import { accessOf } from '../core/scope';
import type { SessionInfo } from '../core/session';
import { assertOwnSchool } from '../school/routes';
import { markdownToDocx } from './docx';
import { Generations, type LiveAnswer } from './generation';
import {
  createChatProvider,
  type AiProviderConfig,
  type ChatMessage,
  type ChatProvider,
} from './provider';
import { FIXED_SESSION_TYPES, MODE_SUGGESTIONS, instructionsFor } from './sessionTypes';

const TAG = 'ai';
/** The permission key of the assistant and the AI centre (spec 001 §2, §6). */
export const AI_KEY = 'AiCenter';
/** Tokens a school may use a day unless its administrator sets another quota. */
export const DEFAULT_DAILY_TOKEN_QUOTA = 200_000;
/** Questions a user may ask a minute. */
export const DEFAULT_QUESTIONS_PER_MINUTE = 10;
/** An answer not written to for this long is taken as abandoned (its server went away). */
const STALE_MS = 60_000;
/** How often an answer written by another instance is read again. */
const FOLLOW_MS = 500;
/** Earlier messages sent to the model with a question. */
const HISTORY_MESSAGES = 20;

export const NOT_CONFIGURED_MESSAGE =
  'AI 未配置：请管理员在服务器上设置 AI_BASE_URL 与 AI_MODEL（可选 AI_API_KEY）后重启';
export const SCHOOL_OFF_MESSAGE = '本校未开通 AI 助手，请联系学校管理员开通';
export const NO_PERMISSION_MESSAGE = '您没有使用 AI 助手的权限';

export interface AiDeps {
  db: Db;
  clock: Clock;
  files: FileStore;
  /** The model; null or undefined when none is configured (the assistant stays off). */
  ai?: AiProviderConfig | ChatProvider | null;
  /** @default 10 questions a minute per user */
  questionsPerMinute?: number;
  log: { warn(obj: unknown, msg: string): void };
  /** Receives the live answers registry, so the server can stop them on close. */
  onGenerations?: (generations: Generations) => void;
}

/** China's date of a moment, `YYYY-MM-DD`: the day a school's quota counts. */
export function chinaDay(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
}

interface SessionRow {
  id: number;
  title: string;
  kind: string;
  session_type: string | null;
  context_mode: string;
  context: string;
  created_at: number;
  updated_at: number;
}

function toSession(row: SessionRow): AiSession {
  return {
    sessionId: row.id,
    title: row.title,
    kind: row.kind === 'center' ? 'center' : 'widget',
    sessionType: (row.session_type as AiSessionType | null) ?? null,
    contextMode: row.context_mode as ContextMode,
    context: JSON.parse(row.context) as AiContext,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

const DEFAULT_TITLE = '新对话';

/** The columns a session is read with (a session row of the history and of one's own). */
const SESSION_COLUMNS = [
  'id',
  'title',
  'kind',
  'session_type',
  'context_mode',
  'context',
  'created_at',
  'updated_at',
] as const;

/** Registers the AI chat service (/chatgpt-server). */
export function registerAiRoutes(router: Router, deps: AiDeps): void {
  const { db, clock } = deps;
  const now = () => clock.now().getTime();
  const provider: ChatProvider | null = !deps.ai
    ? null
    : 'chat' in deps.ai
      ? deps.ai
      : createChatProvider(deps.ai);
  const generations = new Generations();
  deps.onGenerations?.(generations);
  const limiter = new AttemptLimiter(
    clock,
    deps.questionsPerMinute ?? DEFAULT_QUESTIONS_PER_MINUTE,
    60_000,
  );

  async function schoolSettings(schoolId: number) {
    const [access, settings, usage] = await Promise.all([
      db
        .selectFrom('ai_access')
        .select('enabled')
        .where('school_id', '=', schoolId)
        .executeTakeFirst(),
      db
        .selectFrom('ai_school_settings')
        .select('daily_token_quota')
        .where('school_id', '=', schoolId)
        .executeTakeFirst(),
      db
        .selectFrom('ai_usage')
        .select('tokens')
        .where('school_id', '=', schoolId)
        .where('day', '=', chinaDay(now()))
        .executeTakeFirst(),
    ]);
    return {
      enabled: access?.enabled === 1,
      quota: settings?.daily_token_quota ?? DEFAULT_DAILY_TOKEN_QUOTA,
      used: Number(usage?.tokens ?? 0),
    };
  }

  async function statusOf(session: SessionInfo): Promise<AiStatus> {
    const [school, permitted] = await Promise.all([
      schoolSettings(session.schoolId),
      accessOf(db, session).has(AI_KEY),
    ]);
    return {
      configured: provider !== null,
      schoolEnabled: school.enabled,
      permitted,
      model: provider?.model ?? null,
      dailyTokenQuota: school.quota,
      usedTokensToday: school.used,
    };
  }

  async function requirePermission(session: SessionInfo) {
    if (!(await accessOf(db, session).has(AI_KEY))) throw forbidden(NO_PERMISSION_MESSAGE);
  }

  async function ownSession(session: SessionInfo, sessionId: number): Promise<SessionRow> {
    const row = await db
      .selectFrom('ai_sessions')
      .select(SESSION_COLUMNS)
      .where('id', '=', sessionId)
      .where('school_id', '=', session.schoolId)
      .where('user_id', '=', session.userId)
      .executeTakeFirst();
    if (!row) throw notFound('会话不存在或已删除');
    return row;
  }

  async function messagesOf(sessionId: number) {
    return db
      .selectFrom('ai_messages')
      .select(['id', 'role', 'content', 'status', 'error', 'created_at'])
      .where('session_id', '=', sessionId)
      .orderBy('id')
      .execute();
  }

  function suggestionsOf(row: SessionRow): string[] {
    const type = row.session_type as AiSessionType | null;
    if (type && FIXED_SESSION_TYPES[type]) return FIXED_SESSION_TYPES[type].suggestions;
    return MODE_SUGGESTIONS[row.context_mode as ContextMode] ?? MODE_SUGGESTIONS.COMMON;
  }

  async function details(row: SessionRow) {
    const messages = await messagesOf(row.id);
    return {
      session: toSession(row),
      messages: messages.map((m): AiMessage => ({
        messageId: m.id,
        role: m.role === 'user' ? 'user' : 'assistant',
        content: m.content,
        status: (generations.get(m.id) ? 'streaming' : m.status) as AiMessageStatus,
        error: m.error,
        createdAt: Number(m.created_at),
      })),
      suggestions: suggestionsOf(row),
    };
  }

  async function createSession(
    session: SessionInfo,
    values: {
      kind: 'widget' | 'center';
      sessionType: AiSessionType | null;
      mode: ContextMode;
      context: AiContext;
    },
  ) {
    await requirePermission(session);
    const at = now();
    const title = values.sessionType ? FIXED_SESSION_TYPES[values.sessionType].name : DEFAULT_TITLE;
    const inserted = await db
      .insertInto('ai_sessions')
      .values({
        school_id: session.schoolId,
        user_id: session.userId,
        title,
        kind: values.kind,
        session_type: values.sessionType,
        context_mode: values.mode,
        context: JSON.stringify(values.context),
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return details(await ownSession(session, inserted.id));
  }

  router.sessionRoute(authRoutes.aiAccess, TAG, async ({ query, session }) => {
    assertOwnSchool(session, query.schoolId);
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
    const message = await db
      .selectFrom('ai_messages')
      .select(['id', 'status'])
      .where('id', '=', body.messageId)
      .where('school_id', '=', session.schoolId)
      .where('user_id', '=', session.userId)
      .executeTakeFirst();
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
      const message = await db
        .selectFrom('ai_messages')
        .select(['content', 'role'])
        .where('id', '=', body.messageId)
        .where('school_id', '=', session.schoolId)
        .where('user_id', '=', session.userId)
        .executeTakeFirst();
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

  async function markInterrupted(messageId: number) {
    await db
      .updateTable('ai_messages')
      .set({ status: 'error', error: '回答已中断，请重试', updated_at: now() })
      .where('id', '=', messageId)
      .where('status', '=', 'streaming')
      .execute();
  }

  async function recordUsage(schoolId: number, tokens: number) {
    if (tokens <= 0) return;
    const day = chinaDay(now());
    await db
      .insertInto('ai_usage')
      .values({ school_id: schoolId, day, tokens })
      .onConflict((oc) =>
        oc.columns(['school_id', 'day']).doUpdateSet((eb) => ({
          tokens: eb(eb.ref('ai_usage.tokens'), '+', eb.ref('excluded.tokens')),
        })),
      )
      .execute();
  }

  router.sessionStream(aiRoutes.ask, TAG, async ({ body, session, request, reply }) => {
    const row = await ownSession(session, body.sessionId);
    const status = await statusOf(session);
    if (!status.permitted) throw forbidden(NO_PERMISSION_MESSAGE);

    if (body.resumeMessageId !== undefined) {
      const message = await db
        .selectFrom('ai_messages')
        .select(['id', 'content', 'status', 'error', 'role'])
        .where('id', '=', body.resumeMessageId)
        .where('session_id', '=', row.id)
        .executeTakeFirst();
      if (!message || message.role !== 'assistant') throw notFound('回答不存在');
      const live = generations.get(message.id);
      const meta = { messageId: message.id, questionId: null };
      const offset = body.offset ?? 0;
      if (live) return stream(request, reply, meta, offset, live, null);
      const read = () =>
        db
          .selectFrom('ai_messages')
          .select(['content', 'status', 'error', 'updated_at'])
          .where('id', '=', message.id)
          .executeTakeFirst();
      const stored = await read();
      if (stored?.status === 'streaming') {
        // Being written by another server instance: follow it through the database.
        if (now() - Number(stored.updated_at) <= STALE_MS)
          return follow(reply, message.id, offset, read);
        // Nobody has written to it for a minute: its server went away.
        await markInterrupted(message.id);
        return stream(request, reply, meta, offset, undefined, (await read()) ?? null);
      }
      return stream(request, reply, meta, offset, undefined, stored ?? null);
    }

    if (!provider) throw new ApiError(503, NOT_CONFIGURED_MESSAGE);
    if (!status.schoolEnabled) throw forbidden(SCHOOL_OFF_MESSAGE);
    if (status.usedTokensToday >= status.dailyTokenQuota)
      throw tooManyRequests(
        `本校今日 AI 用量已达上限（每日 ${status.dailyTokenQuota} tokens），请明天再试或联系管理员调整`,
      );
    const existing = await messagesOf(row.id);
    if (generations.busy(existing.map((m) => m.id)))
      throw new ApiError(409, '上一条回答仍在生成中，请先停止或等待完成');
    if (limiter.hit(`ai:${session.userId}`) > 0) throw tooManyRequests('提问过于频繁，请稍后再试');

    let question: string;
    let cutFrom: number | null = null;
    let insertQuestion = true;
    if (body.retryMessageId !== undefined) {
      const target = existing.find((m) => m.id === body.retryMessageId && m.role === 'assistant');
      const asked = [...existing]
        .reverse()
        .find((m) => m.role === 'user' && m.id < (target?.id ?? 0));
      if (!target || !asked) throw notFound('要重试的回答不存在');
      question = asked.content;
      cutFrom = target.id;
      insertQuestion = false;
    } else if (body.editMessageId !== undefined) {
      const target = existing.find((m) => m.id === body.editMessageId && m.role === 'user');
      if (!target) throw notFound('要修改的问题不存在');
      if (!body.question?.trim()) throw badRequest('请输入问题');
      question = body.question.trim();
      cutFrom = target.id;
    } else {
      if (!body.question?.trim()) throw badRequest('请输入问题');
      question = body.question.trim();
    }

    const context: AiContext =
      row.context_mode === 'COMMON'
        ? {}
        : { ...(JSON.parse(row.context) as AiContext), ...body.context };
    const earlier = existing.filter((m) => cutFrom === null || m.id < cutFrom);
    const at = now();
    const ids = await db.transaction().execute(async (trx) => {
      if (cutFrom !== null)
        await trx
          .deleteFrom('ai_messages')
          .where('session_id', '=', row.id)
          .where('id', '>=', cutFrom)
          .execute();
      const base = {
        session_id: row.id,
        school_id: session.schoolId,
        user_id: session.userId,
        error: null,
        tool_log: '[]',
        prompt_tokens: 0,
        completion_tokens: 0,
        created_at: at,
        updated_at: at,
      };
      let questionId: number | null = null;
      if (insertQuestion) {
        questionId = (
          await trx
            .insertInto('ai_messages')
            .values({ ...base, role: 'user', content: question, status: 'done' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      }
      const answerId = (
        await trx
          .insertInto('ai_messages')
          .values({ ...base, role: 'assistant', content: '', status: 'streaming' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await trx
        .updateTable('ai_sessions')
        .set({
          updated_at: at,
          context: JSON.stringify(context),
          ...(row.title === DEFAULT_TITLE && earlier.length === 0
            ? { title: question.slice(0, 20) }
            : {}),
        })
        .where('id', '=', row.id)
        .execute();
      return { questionId, answerId };
    });

    const prompt: ChatMessage[] = [
      {
        role: 'system',
        content: instructionsFor(
          row.session_type as AiSessionType | null,
          row.context_mode as ContextMode,
          context,
        ),
      },
      ...earlier
        .filter((m) => m.content && (m.role === 'user' || m.status !== 'error'))
        .slice(-HISTORY_MESSAGES)
        .map((m): ChatMessage => ({
          role: m.role === 'user' ? 'user' : 'assistant',
          content: m.content,
        })),
      { role: 'user', content: question },
    ];
    const live = generations.start(
      { db, clock, files: deps.files, provider, now, recordUsage, log: deps.log },
      session,
      ids.answerId,
      prompt,
    );
    return stream(
      request,
      reply,
      { messageId: ids.answerId, questionId: ids.questionId },
      0,
      live,
      null,
    );
  });
}

/** Writes an answer as server-sent events from `offset`; leaving does not stop the answer. */
async function stream(
  request: FastifyRequest,
  reply: FastifyReply,
  meta: { messageId: number; questionId: number | null },
  offset: number,
  live: LiveAnswer | undefined,
  stored: { content: string; status: string; error: string | null } | null,
): Promise<void> {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  const send = (event: AiStreamEvent) => {
    if (!raw.writableEnded)
      raw.write(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`);
  };
  send({ event: 'meta', data: meta });
  if (!live) {
    const content = stored?.content ?? '';
    if (content.length > offset)
      send({ event: 'delta', data: { offset, text: content.slice(offset) } });
    if (stored?.status === 'error')
      send({
        event: 'error',
        data: { message: stored.error ?? '回答出错', length: content.length },
      });
    else
      send({
        event: 'done',
        data: { status: (stored?.status ?? 'done') as AiMessageStatus, length: content.length },
      });
    raw.end();
    return;
  }
  await new Promise<void>((resolve) => {
    const listener = (event: AiStreamEvent) => {
      send(event);
      if (event.event === 'done' || event.event === 'error') finish();
    };
    const finish = () => {
      live.listeners.delete(listener);
      request.raw.off('close', finish);
      raw.off('close', finish);
      if (!raw.writableEnded) raw.end();
      resolve();
    };
    if (live.content.length > offset)
      send({ event: 'delta', data: { offset, text: live.content.slice(offset) } });
    live.listeners.add(listener);
    raw.on('close', finish);
  });
}

/** Follows an answer another server instance is writing, from the database, until it ends. */
async function follow(
  reply: FastifyReply,
  messageId: number,
  offset: number,
  read: () => Promise<
    { content: string; status: string; error: string | null; updated_at: number } | undefined
  >,
): Promise<void> {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  let closed = false;
  raw.on('close', () => (closed = true));
  const send = (event: AiStreamEvent) =>
    raw.write(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`);
  send({ event: 'meta', data: { messageId, questionId: null } });
  let sent = offset;
  let lastChange = Date.now();
  while (!closed) {
    const row = await read();
    const content = row?.content ?? '';
    if (content.length > sent) {
      send({ event: 'delta', data: { offset: sent, text: content.slice(sent) } });
      sent = content.length;
      lastChange = Date.now();
    }
    if (!row || row.status !== 'streaming' || Date.now() - lastChange > STALE_MS) {
      if (row?.status === 'error')
        send({
          event: 'error',
          data: { message: row.error ?? '回答出错', length: content.length },
        });
      else
        send({
          event: 'done',
          data: {
            status: (row?.status === 'streaming'
              ? 'stopped'
              : (row?.status ?? 'done')) as AiMessageStatus,
            length: content.length,
          },
        });
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_MS));
  }
  if (!raw.writableEnded) raw.end();
}
