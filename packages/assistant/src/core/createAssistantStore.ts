import type {
  AiAskBody,
  AiContext,
  AiMessageStatus,
  AiSession,
  AiSessionDetails,
  AiSessionType,
  AiStreamEvent,
  ContextMode,
} from '@examkit/contracts';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { AssistantError, type ChatTransport } from './createChatTransport';
import { ASSISTANT_TEXTS } from './texts';

/** One message of the conversation as the user sees it. */
export interface AssistantMessage {
  /** Negative while a question waits for the server's id. */
  messageId: number;
  role: 'user' | 'assistant';
  content: string;
  status: AiMessageStatus;
  error: string | null;
}

export interface AssistantState {
  /** The drawer is open. */
  open: boolean;
  /** The drawer shows the session list or a conversation. */
  mode: 'history' | 'session';
  sessions: AiSession[];
  session: AiSession | null;
  messages: AssistantMessage[];
  suggestions: string[];
  /** The answer being written, if any. */
  streamingId: number | null;
  /** A question was sent and no answer id came back yet. */
  sending: boolean;
  /** A tool the model is consulting (shown as 正在查询数据…). */
  lookingUp: boolean;
  /** The last failure, in Chinese. */
  error: string | null;
}

export interface AssistantActions {
  setOpen(open: boolean): void;
  showHistory(): Promise<void>;
  openSession(sessionId: number): Promise<void>;
  /** A new conversation of the widget in a context mode, or of the AI centre of a fixed type. */
  newSession(options?: { sessionType?: AiSessionType }): Promise<void>;
  ask(question: string): Promise<void>;
  stop(): Promise<void>;
  retry(messageId: number): Promise<void>;
  edit(messageId: number, question: string): Promise<void>;
  rename(sessionId: number, title: string): Promise<void>;
  remove(sessionId: number): Promise<void>;
  /** The answer as a .docx. */
  exportWord(messageId: number): Promise<{ fileName: string; blob: Blob }>;
}

export type AssistantStore = StoreApi<AssistantState & AssistantActions>;

export interface AssistantStoreOptions {
  transport: ChatTransport;
  /** `widget` sessions (the floating button) or `center` sessions (the AI centre). @default 'widget' */
  kind?: 'widget' | 'center';
  /** The page's context mode and report in view, read when a conversation starts or a question goes. */
  getContext?: () => { mode: ContextMode; context: AiContext };
  /** Reconnects after a dropped stream before giving up. @default 4 */
  resumeAttempts?: number;
  /** First pause before a reconnect, doubled each time. @default 500 */
  resumeDelayMs?: number;
}

/** The server's title of a conversation before its first question. */
const NEW_TITLE = '新对话';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function fromBase64(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The headless assistant: sessions, messages and the answer stream in a zustand store, with
 * no React. An answer whose connection drops is resumed from what was received.
 */
export function createAssistantStore(options: AssistantStoreOptions): AssistantStore {
  const { transport } = options;
  const kind = options.kind ?? 'widget';
  const attempts = options.resumeAttempts ?? 4;
  const delay = options.resumeDelayMs ?? 500;
  const contextOf = () => options.getContext?.() ?? { mode: 'COMMON' as const, context: {} };
  let controller: AbortController | null = null;
  let tempId = 0;

  return createStore<AssistantState & AssistantActions>()((set, get) => {
    const patchMessage = (messageId: number, patch: Partial<AssistantMessage>) =>
      set((s) => ({
        messages: s.messages.map((m) => (m.messageId === messageId ? { ...m, ...patch } : m)),
      }));

    const load = (details: AiSessionDetails) =>
      set((s) => ({
        sessions: [
          details.session,
          ...s.sessions.filter((x) => x.sessionId !== details.session.sessionId),
        ],
        session: details.session,
        messages: details.messages,
        suggestions: details.suggestions,
        mode: 'session',
        error: null,
      }));

    const fail = (error: unknown) =>
      set({ error: error instanceof Error ? error.message : ASSISTANT_TEXTS.serverError });

    async function stream(body: AiAskBody, questionTemp: number | null) {
      controller = new AbortController();
      const signal = controller.signal;
      let messageId: number | null = null;
      let length = 0;
      set({ sending: true, error: null, lookingUp: false });
      const onEvent = (event: AiStreamEvent) => {
        if (event.event === 'meta') {
          if (messageId !== null) return;
          messageId = event.data.messageId;
          const questionId = event.data.questionId;
          set((s) => ({
            sending: false,
            streamingId: event.data.messageId,
            messages: [
              ...s.messages.map((m) =>
                m.messageId === questionTemp && questionId !== null
                  ? { ...m, messageId: questionId }
                  : m,
              ),
              {
                messageId: event.data.messageId,
                role: 'assistant',
                content: '',
                status: 'streaming',
                error: null,
              },
            ],
          }));
        } else if (event.event === 'delta' && messageId !== null) {
          const { offset, text } = event.data;
          if (offset > length) return;
          const fresh = text.slice(length - offset);
          if (!fresh) return;
          length += fresh.length;
          const id = messageId;
          set((s) => ({
            lookingUp: false,
            messages: s.messages.map((m) =>
              m.messageId === id ? { ...m, content: m.content + fresh } : m,
            ),
          }));
        } else if (event.event === 'tool') {
          set({ lookingUp: true });
        } else if (event.event === 'done' && messageId !== null) {
          patchMessage(messageId, { status: event.data.status });
        } else if (event.event === 'error' && messageId !== null) {
          patchMessage(messageId, { status: 'error', error: event.data.message });
        }
      };
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            const sessionId = body.sessionId;
            await transport.ask(
              attempt === 0 || messageId === null
                ? body
                : { sessionId, resumeMessageId: messageId, offset: length },
              onEvent,
              signal,
            );
            break;
          } catch (error) {
            if (signal.aborted) break;
            const resumable =
              error instanceof AssistantError &&
              error.network &&
              messageId !== null &&
              attempt < attempts;
            if (!resumable) {
              if (messageId !== null)
                patchMessage(messageId, {
                  status: 'error',
                  error: error instanceof Error ? error.message : ASSISTANT_TEXTS.network,
                });
              else if (questionTemp !== null)
                set((s) => ({ messages: s.messages.filter((m) => m.messageId !== questionTemp) }));
              fail(error);
              break;
            }
            await sleep(delay * 2 ** attempt);
          }
        }
      } finally {
        if (controller?.signal === signal) controller = null;
        set({ streamingId: null, sending: false, lookingUp: false });
      }
    }

    async function ensureSession(): Promise<number> {
      const current = get().session;
      if (current) return current.sessionId;
      await get().newSession();
      const opened = get().session;
      if (!opened) throw new AssistantError(ASSISTANT_TEXTS.serverError, null);
      return opened.sessionId;
    }

    return {
      open: false,
      mode: 'session',
      sessions: [],
      session: null,
      messages: [],
      suggestions: [],
      streamingId: null,
      sending: false,
      lookingUp: false,
      error: null,

      setOpen: (open) => set({ open }),

      async showHistory() {
        set({ mode: 'history', error: null });
        try {
          set({ sessions: await transport.history(kind) });
        } catch (error) {
          fail(error);
        }
      },

      async openSession(sessionId) {
        try {
          load(await transport.details(sessionId));
        } catch (error) {
          fail(error);
        }
      },

      async newSession({ sessionType } = {}) {
        try {
          const { mode, context } = contextOf();
          load(
            kind === 'center'
              ? await transport.openCenter(sessionType)
              : await transport.open(mode, context),
          );
        } catch (error) {
          fail(error);
        }
      },

      async ask(question) {
        const text = question.trim();
        if (!text || get().streamingId !== null || get().sending) return;
        let sessionId: number;
        try {
          sessionId = await ensureSession();
        } catch (error) {
          fail(error);
          return;
        }
        const temp = --tempId;
        set((s) => {
          // The server names a new conversation after its first question; the list shows it at once.
          const titled =
            s.session && s.messages.length === 0 && s.session.title === NEW_TITLE
              ? { ...s.session, title: text.slice(0, 20) }
              : s.session;
          return {
            session: titled,
            sessions: s.sessions.map((x) =>
              titled && x.sessionId === titled.sessionId ? titled : x,
            ),
            messages: [
              ...s.messages,
              { messageId: temp, role: 'user', content: text, status: 'done', error: null },
            ],
          };
        });
        const { mode, context } = contextOf();
        await stream(
          { sessionId, question: text, ...(mode !== 'COMMON' ? { context } : {}) },
          temp,
        );
      },

      async stop() {
        const id = get().streamingId;
        if (id === null) {
          controller?.abort();
          return;
        }
        try {
          await transport.stop(id);
        } catch (error) {
          controller?.abort();
          fail(error);
        }
      },

      async retry(messageId) {
        const session = get().session;
        if (!session || get().streamingId !== null) return;
        set((s) => ({ messages: s.messages.filter((m) => m.messageId < messageId) }));
        await stream({ sessionId: session.sessionId, retryMessageId: messageId }, null);
      },

      async edit(messageId, question) {
        const session = get().session;
        const text = question.trim();
        if (!session || !text || get().streamingId !== null) return;
        const temp = --tempId;
        set((s) => ({
          messages: [
            ...s.messages.filter((m) => m.messageId > 0 && m.messageId < messageId),
            { messageId: temp, role: 'user', content: text, status: 'done', error: null },
          ],
        }));
        await stream(
          { sessionId: session.sessionId, editMessageId: messageId, question: text },
          temp,
        );
      },

      async rename(sessionId, title) {
        try {
          await transport.rename(sessionId, title);
          set((s) => ({
            sessions: s.sessions.map((x) => (x.sessionId === sessionId ? { ...x, title } : x)),
            session: s.session?.sessionId === sessionId ? { ...s.session, title } : s.session,
          }));
        } catch (error) {
          fail(error);
        }
      },

      async remove(sessionId) {
        try {
          await transport.remove(sessionId);
          set((s) => ({
            sessions: s.sessions.filter((x) => x.sessionId !== sessionId),
            ...(s.session?.sessionId === sessionId ? { session: null, messages: [] } : {}),
          }));
        } catch (error) {
          fail(error);
        }
      },

      async exportWord(messageId) {
        const file = await transport.toWord(messageId, get().session?.title);
        const bytes = fromBase64(file.contentBase64);
        return {
          fileName: file.fileName,
          blob: new Blob([bytes.buffer as ArrayBuffer], { type: file.contentType }),
        };
      },
    };
  });
}
