import type {
  AiContext,
  AiMessage,
  AiMessageStatus,
  AiSession,
  AiSessionType,
  AiStatus,
  ContextMode,
} from '@examkit/contracts';
import type { Selectable } from 'kysely';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { forbidden, notFound } from '../core/envelope';
import type { FileStore } from '../core/files';
import { AttemptLimiter } from '../core/rateLimit';
import { accessOf } from '../core/scope';
import type { SessionInfo } from '../core/session';
import { Generations } from './generation';
import { createChatProvider, type AiProviderConfig, type ChatProvider } from './provider';
import type { AiSessionsTable } from './tables';
import { FIXED_SESSION_TYPES, MODE_SUGGESTIONS } from './sessionTypes';

/** The permission key of the assistant and the AI centre (spec 001 §2, §6). */
export const AI_KEY = 'AiCenter';
/** Tokens a school may use a day unless its administrator sets another quota. */
export const DEFAULT_DAILY_TOKEN_QUOTA = 200_000;
/** Questions a user may ask a minute. */
export const DEFAULT_QUESTIONS_PER_MINUTE = 10;

export const NOT_CONFIGURED_MESSAGE =
  'AI 未配置：请管理员在服务器上设置 AI_BASE_URL 与 AI_MODEL（可选 AI_API_KEY）后重启';
export const SCHOOL_OFF_MESSAGE = '本校未开通 AI 助手，请联系学校管理员开通';
export const NO_PERMISSION_MESSAGE = '您没有使用 AI 助手的权限';
/** The title of a session before its first question names it. */
export const DEFAULT_TITLE = '新对话';

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

/** Whether a school has AI switched on, its daily token quota and the tokens used today. */
export async function schoolAiState(db: Db, schoolId: number, at: number) {
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
      .where('day', '=', chinaDay(at))
      .executeTakeFirst(),
  ]);
  return {
    enabled: access?.enabled === 1,
    quota: settings?.daily_token_quota ?? DEFAULT_DAILY_TOKEN_QUOTA,
    used: Number(usage?.tokens ?? 0),
  };
}

/** The refusal once a school has used its daily tokens. */
export const quotaReachedMessage = (quota: number) =>
  `本校今日 AI 用量已达上限（每日 ${quota} tokens），请明天再试或联系管理员调整`;

/** Adds tokens to the school's count of the China day (the quota). */
export async function recordAiUsage(db: Db, schoolId: number, tokens: number, at: number) {
  if (tokens <= 0) return;
  await db
    .insertInto('ai_usage')
    .values({ school_id: schoolId, day: chinaDay(at), tokens })
    .onConflict((oc) =>
      oc.columns(['school_id', 'day']).doUpdateSet((eb) => ({
        tokens: eb(eb.ref('ai_usage.tokens'), '+', eb.ref('excluded.tokens')),
      })),
    )
    .execute();
}

/** A session as `SESSION_COLUMNS` read it (its school and user are the caller's own). */
export type SessionRow = Omit<Selectable<AiSessionsTable>, 'school_id' | 'user_id'>;

export function toSession(row: SessionRow): AiSession {
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

/** The columns a session is read with (a session row of the history and of one's own). */
export const SESSION_COLUMNS = [
  'id',
  'title',
  'kind',
  'session_type',
  'context_mode',
  'context',
  'created_at',
  'updated_at',
] as const;

/** What the AI routes share: the model, the live answers, the limits and a user's own sessions. */
export type AiService = ReturnType<typeof createAiService>;

export function createAiService(deps: AiDeps) {
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

  const schoolSettings = (schoolId: number) => schoolAiState(db, schoolId, now());

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

  return {
    db,
    clock,
    now,
    provider,
    generations,
    limiter,
    statusOf,
    requirePermission,
    ownSession,
    messagesOf,
    details,
    createSession,
  };
}
