import { Type, type Static } from 'typebox';
import { Id, Nullable, Obj, get, post } from './builders';
import { OneOf } from './builders';

/**
 * The AI chat service (spec 000 §7, 001 §7: prefix /chatgpt-server). Payloads are examkit's
 * own: the spec names the calls only. `docs/ai.md` describes the stream and what is stored.
 */
const A = '/chatgpt-server';

/** Where the question is asked: the spec's context modes (000 §4). */
export const CONTEXT_MODES = ['COMMON', 'CLASS_REPORT', 'GRADE_REPORT'] as const;
export const ContextMode = OneOf(CONTEXT_MODES);
export type ContextMode = (typeof CONTEXT_MODES)[number];

/** The fixed session types of the AI centre (getAiFixedSessionTypes). */
export const AI_SESSION_TYPES = [
  'SCORE_ANALYSIS',
  'PAPER_REVIEW',
  'TEACHING_ADVICE',
  'PARENT_TALK',
] as const;
export const AiSessionType = OneOf(AI_SESSION_TYPES);
export type AiSessionType = (typeof AI_SESSION_TYPES)[number];

/** What a report page in view adds to a question: the exam, class and subject shown. */
export const AiContext = Obj({
  examId: Type.Optional(Id),
  classId: Type.Optional(Id),
  /** An exam subject id of the exam (the report's subject tab). */
  subjectId: Type.Optional(Id),
});
export type AiContext = Static<typeof AiContext>;

/** Where a session was opened: the floating widget, or the AI centre. */
export const AiSessionKind = OneOf(['widget', 'center'] as const);

export const AiSession = Obj({
  sessionId: Type.Integer(),
  title: Type.String(),
  kind: AiSessionKind,
  sessionType: Nullable(AiSessionType),
  contextMode: ContextMode,
  context: AiContext,
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type AiSession = Static<typeof AiSession>;

/** An answer's state: being written, complete, stopped by the user, or failed. */
export const AiMessageStatus = OneOf(['streaming', 'done', 'stopped', 'error'] as const);
export type AiMessageStatus = Static<typeof AiMessageStatus>;

export const AiMessage = Obj({
  messageId: Type.Integer(),
  role: OneOf(['user', 'assistant'] as const),
  content: Type.String(),
  status: AiMessageStatus,
  /** The Chinese reason of a failed answer. */
  error: Nullable(Type.String()),
  createdAt: Type.Integer(),
});
export type AiMessage = Static<typeof AiMessage>;

export const AiSessionDetails = Obj({
  session: AiSession,
  messages: Type.Array(AiMessage),
  suggestions: Type.Array(Type.String()),
});
export type AiSessionDetails = Static<typeof AiSessionDetails>;

export const AiFixedSessionType = Obj({
  sessionType: AiSessionType,
  name: Type.String(),
  description: Type.String(),
  suggestions: Type.Array(Type.String()),
});
export type AiFixedSessionType = Static<typeof AiFixedSessionType>;

/** Why the assistant is or is not available, for the AI centre. */
export const AiStatus = Obj({
  /** A model is configured on the server (AI_BASE_URL and AI_MODEL). */
  configured: Type.Boolean(),
  /** The school has AI switched on (openSchool). */
  schoolEnabled: Type.Boolean(),
  /** The user holds the AiCenter permission. */
  permitted: Type.Boolean(),
  model: Nullable(Type.String()),
  dailyTokenQuota: Type.Integer(),
  usedTokensToday: Type.Integer(),
});
export type AiStatus = Static<typeof AiStatus>;

const SessionRef = Obj({ sessionId: Id });
const Question = Type.String({ minLength: 1, maxLength: 4000 });

/**
 * The body of the streaming call (getSession): ask `question`, or `retryMessageId` (answer the
 * question before that answer again), or `editMessageId` + `question` (replace a question and
 * everything after it), or resume an answer with `resumeMessageId` from `offset` characters.
 */
export const AiAskBody = Obj({
  sessionId: Id,
  question: Type.Optional(Question),
  retryMessageId: Type.Optional(Id),
  editMessageId: Type.Optional(Id),
  resumeMessageId: Type.Optional(Id),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  context: Type.Optional(AiContext),
});
export type AiAskBody = Static<typeof AiAskBody>;

/** Server-sent events of the stream, in order: `meta`, then `delta`/`tool`, then `done` or `error`. */
export type AiStreamEvent =
  | { event: 'meta'; data: { messageId: number; questionId: number | null } }
  | { event: 'delta'; data: { offset: number; text: string } }
  | { event: 'tool'; data: { name: string; refused: boolean } }
  | { event: 'done'; data: { status: AiMessageStatus; length: number } }
  | { event: 'error'; data: { message: string; length: number } };

export const aiRoutes = {
  /** Streams an answer as server-sent events (`AiStreamEvent`); errors before the stream are envelopes. */
  ask: post(
    `${A}/getSession`,
    'ask in a session, retry, edit and resend, or resume an answer: text/event-stream',
    AiAskBody,
    Type.Null(),
  ),
  stop: post(
    `${A}/stopAnswer`,
    'stop an answer being written; what is written stays',
    Obj({ messageId: Id }),
    Type.Null(),
  ),
  details: post(
    `${A}/getSessionDetailsById`,
    'a session with its messages and first suggestions',
    SessionRef,
    AiSessionDetails,
  ),
  history: post(
    `${A}/getSessionHistory`,
    'the caller’s sessions, newest first',
    Obj({
      kind: Type.Optional(AiSessionKind),
      keyword: Type.Optional(Type.String({ maxLength: 50 })),
    }),
    Type.Object({ list: Type.Array(AiSession) }),
  ),
  remove: post(
    `${A}/deleteSessionById`,
    'delete a session and its messages',
    SessionRef,
    Type.Null(),
  ),
  rename: post(
    `${A}/editSession`,
    'rename a session',
    Obj({ sessionId: Id, title: Type.String({ minLength: 1, maxLength: 60 }) }),
    Type.Null(),
  ),
  open: post(
    `${A}/openNewSession`,
    'open a session of the widget in a context mode',
    Obj({ contextMode: ContextMode, context: Type.Optional(AiContext) }),
    AiSessionDetails,
  ),
  toWord: post(
    `${A}/markdownToWork`,
    'an answer (or Markdown) as a Word document',
    Obj({
      messageId: Type.Optional(Id),
      markdown: Type.Optional(Type.String({ minLength: 1, maxLength: 200_000 })),
      title: Type.Optional(Type.String({ maxLength: 60 })),
    }),
    Obj({ fileName: Type.String(), contentType: Type.String(), contentBase64: Type.String() }),
  ),
  fixedTypes: get(
    `${A}/getAiFixedSessionTypes`,
    'the fixed session types of the AI centre with their first suggestions',
    Type.Array(AiFixedSessionType),
  ),
  openCenter: post(
    `${A}/openAiCenterSession`,
    'open an AI-centre session, of a fixed type or general',
    Obj({ sessionType: Type.Optional(AiSessionType) }),
    AiSessionDetails,
  ),
  openSchool: post(
    `${A}/openSchool`,
    'switch AI on or off for the school and set its daily token quota (school administrators)',
    Obj({
      enabled: Type.Boolean(),
      dailyTokenQuota: Type.Optional(Type.Integer({ minimum: 1000, maximum: 100_000_000 })),
    }),
    AiStatus,
  ),
  status: get(`${A}/getAiStatus`, 'whether AI is configured, switched on and permitted', AiStatus),
};
