import type {
  AiAskBody,
  AiFixedSessionType,
  AiSession,
  AiSessionDetails,
  AiStatus,
  AiStreamEvent,
  ContextMode,
  AiContext,
  AiSessionType,
} from '@examkit/contracts';
import { ASSISTANT_TEXTS } from './texts';

/** A failure the user sees: the Chinese message, and the envelope code when there was one. */
export class AssistantError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
    /** Whether the connection broke (a resume may help), rather than the server refusing. */
    readonly network = false,
  ) {
    super(message);
    this.name = 'AssistantError';
  }
}

/** Where the chat service lives and who is asking. */
export interface ChatTransportOptions {
  /** API origin, e.g. `https://api.school.cn`; '' for the same origin. @default '' */
  baseUrl?: string;
  /** The signed-in token (header `token`). */
  getToken: () => string | null | undefined;
  /** The school (header `schoolId`). */
  getSchoolId?: () => string | number | null | undefined;
  /** Shown for every failure (a toast); the call still rejects. */
  onError?: (message: string) => void;
  /** Called on 401/431: the session is over. */
  onSessionExpired?: () => void;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
}

/** The calls of the chat service (spec 000 §7, /chatgpt-server). */
export interface ChatTransport {
  aiAccess(schoolId: number | string): Promise<number>;
  status(): Promise<AiStatus>;
  history(kind?: 'widget' | 'center'): Promise<AiSession[]>;
  details(sessionId: number): Promise<AiSessionDetails>;
  open(contextMode: ContextMode, context?: AiContext): Promise<AiSessionDetails>;
  openCenter(sessionType?: AiSessionType): Promise<AiSessionDetails>;
  fixedTypes(): Promise<AiFixedSessionType[]>;
  rename(sessionId: number, title: string): Promise<void>;
  remove(sessionId: number): Promise<void>;
  stop(messageId: number): Promise<void>;
  toWord(
    messageId: number,
    title?: string,
  ): Promise<{ fileName: string; contentBase64: string; contentType: string }>;
  /** Streams an answer; resolves when the stream ends. */
  ask(
    body: AiAskBody,
    onEvent: (event: AiStreamEvent) => void,
    signal?: AbortSignal,
  ): Promise<void>;
}

const P = '/chatgpt-server';

/**
 * The chat client: the shared headers of spec 000 §7 (token, schoolId, plantform 1), and the
 * chat client's rules of §8: an identical request already in flight is refused with
 * "重复请求，自动拦截并取消", code 500 shows "请求出错，请稍后再试！".
 */
export function createChatTransport(options: ChatTransportOptions): ChatTransport {
  const base = options.baseUrl ?? '';
  const doFetch =
    options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const inFlight = new Set<string>();

  const fail = (message: string, code: number | null, network = false): never => {
    options.onError?.(message);
    throw new AssistantError(message, code, network);
  };

  const headers = (json: boolean) => {
    const h: Record<string, string> = { plantform: '1' };
    if (json) h['content-type'] = 'application/json';
    const token = options.getToken();
    if (token) h.token = token;
    const school = options.getSchoolId?.();
    if (school !== undefined && school !== null && school !== '') h.schoolId = String(school);
    return h;
  };

  async function request(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    signal?: AbortSignal,
  ) {
    const key = `${method} ${url} ${body === undefined ? '' : JSON.stringify(body)}`;
    if (inFlight.has(key)) fail(ASSISTANT_TEXTS.duplicate, null);
    inFlight.add(key);
    try {
      let response: Response;
      try {
        response = await doFetch(`${base}${url}`, {
          method,
          headers: headers(body !== undefined),
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        return fail(ASSISTANT_TEXTS.network, null, true);
      }
      const type = response.headers.get('content-type') ?? '';
      if (response.ok && type.includes('text/event-stream')) return response;
      let envelope: { code?: number; data?: unknown; msg?: string; message?: string } = {};
      try {
        envelope = (await response.json()) as typeof envelope;
      } catch {
        envelope = { code: response.status };
      }
      const code = envelope.code ?? response.status;
      if (code === 200) return envelope.data;
      if (code === 401 || code === 431) {
        // Spec 000 §8: the second client clears the session without a message of its own; the
        // app's main client already says 账号过期.
        options.onSessionExpired?.();
        throw new AssistantError(envelope.message ?? envelope.msg ?? '', code, false);
      }
      return fail(
        code === 500 || (response.status >= 500 && !envelope.message)
          ? ASSISTANT_TEXTS.serverError
          : (envelope.message ?? envelope.msg ?? ASSISTANT_TEXTS.serverError),
        code,
      );
    } finally {
      inFlight.delete(key);
    }
  }

  const post = async <T>(path: string, body: unknown = {}) =>
    (await request('POST', `${P}/${path}`, body)) as T;

  // The access check is asked by every mounted widget (twice under React's StrictMode): callers
  // asking while it is in flight share its answer instead of being refused as a duplicate.
  const accessInFlight = new Map<string, Promise<number>>();
  const aiAccess = (schoolId: number | string): Promise<number> => {
    const key = String(schoolId);
    const pending = accessInFlight.get(key);
    if (pending) return pending;
    const asked = request('GET', `${P}/isUserAiSession?schoolId=${encodeURIComponent(key)}`)
      .then(Number)
      .finally(() => accessInFlight.delete(key));
    accessInFlight.set(key, asked);
    return asked;
  };

  return {
    aiAccess,
    status: async () => (await request('GET', `${P}/getAiStatus`)) as AiStatus,
    history: async (kind) =>
      (await post<{ list: AiSession[] }>('getSessionHistory', kind ? { kind } : {})).list,
    details: (sessionId) => post('getSessionDetailsById', { sessionId }),
    open: (contextMode, context) =>
      post('openNewSession', { contextMode, ...(context ? { context } : {}) }),
    openCenter: (sessionType) => post('openAiCenterSession', sessionType ? { sessionType } : {}),
    fixedTypes: async () =>
      (await request('GET', `${P}/getAiFixedSessionTypes`)) as AiFixedSessionType[],
    rename: async (sessionId, title) => void (await post('editSession', { sessionId, title })),
    remove: async (sessionId) => void (await post('deleteSessionById', { sessionId })),
    stop: async (messageId) => void (await post('stopAnswer', { messageId })),
    toWord: (messageId, title) =>
      post('markdownToWork', { messageId, ...(title ? { title } : {}) }),
    async ask(body, onEvent, signal) {
      const response = (await request('POST', `${P}/getSession`, body, signal)) as Response;
      const reader = response.body?.getReader();
      if (!reader) return;
      const decoder = new TextDecoder();
      let buffer = '';
      let ended = false;
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (!event || data === undefined) continue;
            const parsed = { event, data: JSON.parse(data) } as AiStreamEvent;
            if (parsed.event === 'done' || parsed.event === 'error') ended = true;
            onEvent(parsed);
          }
        }
      } catch (error) {
        if (signal?.aborted) throw error;
      }
      if (!ended) throw new AssistantError(ASSISTANT_TEXTS.network, null, true);
    },
  };
}
