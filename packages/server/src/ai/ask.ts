import { aiRoutes, type AiContext, type AiSessionType, type ContextMode } from '@examkit/contracts';
import { ApiError, badRequest, forbidden, notFound, tooManyRequests } from '../core/envelope';
import type { FileStore } from '../core/files';
import type { Router } from '../core/router';
import { followAnswer, STALE_MS, streamAnswer } from './eventStream';
import type { ChatMessage } from './provider';
import {
  DEFAULT_TITLE,
  NO_PERMISSION_MESSAGE,
  NOT_CONFIGURED_MESSAGE,
  quotaReachedMessage,
  recordAiUsage,
  SCHOOL_OFF_MESSAGE,
  type AiService,
} from './service';
import { instructionsFor } from './sessionTypes';

const TAG = 'ai';
/** Earlier messages sent to the model with a question. */
const HISTORY_MESSAGES = 20;

/**
 * Registers the question call (chatgpt-server ask): a new question, a retry, an edit, or a client
 * coming back to an answer, written as server-sent events.
 */
export function registerAskRoute(
  router: Router,
  ai: AiService,
  deps: { files: FileStore; log: { warn(obj: unknown, msg: string): void } },
): void {
  const { db, clock, now, provider, generations, limiter, statusOf, ownSession, messagesOf } = ai;

  async function markInterrupted(messageId: number) {
    await db
      .updateTable('ai_messages')
      .set({ status: 'error', error: '回答已中断，请重试', updated_at: now() })
      .where('id', '=', messageId)
      .where('status', '=', 'streaming')
      .execute();
  }

  const recordUsage = (schoolId: number, tokens: number) =>
    recordAiUsage(db, schoolId, tokens, now());

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
      if (live) return streamAnswer(request, reply, meta, offset, live, null);
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
          return followAnswer(reply, message.id, offset, read);
        // Nobody has written to it for a minute: its server went away.
        await markInterrupted(message.id);
        return streamAnswer(request, reply, meta, offset, undefined, (await read()) ?? null);
      }
      return streamAnswer(request, reply, meta, offset, undefined, stored ?? null);
    }

    if (!provider) throw new ApiError(503, NOT_CONFIGURED_MESSAGE);
    if (!status.schoolEnabled) throw forbidden(SCHOOL_OFF_MESSAGE);
    if (status.usedTokensToday >= status.dailyTokenQuota)
      throw tooManyRequests(quotaReachedMessage(status.dailyTokenQuota));
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
    return streamAnswer(
      request,
      reply,
      { messageId: ids.answerId, questionId: ids.questionId },
      0,
      live,
      null,
    );
  });
}
