import type { AiMessageStatus, AiStreamEvent } from '@examkit/contracts';
import type { SessionInfo } from '../core/session';
import { ProviderError, type ChatMessage, type ChatProvider } from './provider';
import { AI_TOOLS, runTool, type ToolDeps } from './tools';

/** Tool rounds before the model must answer with what it has. */
const MAX_TOOL_ROUNDS = 5;
/** How often a growing answer is written to the database while it streams. */
const FLUSH_MS = 1_000;

type Listener = (event: AiStreamEvent) => void;

/** An answer being written, independent of the request that asked for it. */
export interface LiveAnswer {
  messageId: number;
  userId: number;
  schoolId: number;
  content: string;
  listeners: Set<Listener>;
  controller: AbortController;
  finished: Promise<void>;
}

export interface GenerationDeps extends ToolDeps {
  provider: ChatProvider;
  now: () => number;
  /** Adds tokens to the school's use of the day. */
  recordUsage(schoolId: number, tokens: number): Promise<void>;
  log: { warn(obj: unknown, msg: string): void };
}

/**
 * Answers keep being written when the client goes away: they live here until they finish,
 * and a client that comes back reads what was written (from memory, or the database) and
 * listens for the rest.
 */
export class Generations {
  readonly #live = new Map<number, LiveAnswer>();

  get(messageId: number): LiveAnswer | undefined {
    return this.#live.get(messageId);
  }

  /** Whether any answer of the session is still being written. */
  busy(sessionMessageIds: number[]): boolean {
    return sessionMessageIds.some((id) => this.#live.has(id));
  }

  /** Waits for every answer (server shutdown, tests). */
  async settle(): Promise<void> {
    await Promise.all([...this.#live.values()].map((l) => l.finished));
  }

  stopAll(): void {
    for (const live of this.#live.values()) live.controller.abort();
  }

  start(
    deps: GenerationDeps,
    session: SessionInfo,
    messageId: number,
    prompt: ChatMessage[],
  ): LiveAnswer {
    const controller = new AbortController();
    const live: LiveAnswer = {
      messageId,
      userId: session.userId,
      schoolId: session.schoolId,
      content: '',
      listeners: new Set(),
      controller,
      finished: Promise.resolve(),
    };
    const emit = (event: AiStreamEvent) => {
      for (const listener of live.listeners) listener(event);
    };
    live.finished = this.#run(deps, session, live, prompt, emit).finally(() =>
      this.#live.delete(messageId),
    );
    this.#live.set(messageId, live);
    return live;
  }

  async #run(
    deps: GenerationDeps,
    session: SessionInfo,
    live: LiveAnswer,
    prompt: ChatMessage[],
    emit: Listener,
  ): Promise<void> {
    const messages = [...prompt];
    const toolLog: { name: string; arguments: string; refused: boolean }[] = [];
    let promptTokens = 0;
    let completionTokens = 0;
    let lastFlush = deps.now();
    let flushing: Promise<unknown> = Promise.resolve();
    const flush = () => {
      lastFlush = deps.now();
      const content = live.content;
      flushing = flushing.then(() =>
        deps.db
          .updateTable('ai_messages')
          .set({ content, updated_at: deps.now() })
          .where('id', '=', live.messageId)
          .where('status', '=', 'streaming')
          .executeTakeFirst()
          // Stopped from another server instance: the row is no longer streaming.
          .then((r) => r.numUpdatedRows === 0n && live.controller.abort())
          .catch((error: unknown) => deps.log.warn({ err: error }, 'ai flush failed')),
      );
    };
    let status: AiMessageStatus = 'done';
    let error: string | null = null;
    try {
      for (let round = 0; ; round++) {
        const offer = round < MAX_TOOL_ROUNDS;
        const answer = await deps.provider.chat({
          messages,
          ...(offer ? { tools: AI_TOOLS } : {}),
          signal: live.controller.signal,
          onDelta: (text) => {
            const offset = live.content.length;
            live.content += text;
            emit({ event: 'delta', data: { offset, text } });
            if (deps.now() - lastFlush >= FLUSH_MS) flush();
          },
        });
        promptTokens += answer.promptTokens;
        completionTokens += answer.completionTokens;
        if (!offer || answer.toolCalls.length === 0) break;
        messages.push({ role: 'assistant', content: answer.content, tool_calls: answer.toolCalls });
        for (const call of answer.toolCalls) {
          const outcome = await runTool(deps, session, call.name, call.arguments);
          toolLog.push({ name: call.name, arguments: call.arguments, refused: outcome.refused });
          emit({ event: 'tool', data: { name: call.name, refused: outcome.refused } });
          messages.push({ role: 'tool', tool_call_id: call.id, content: outcome.content });
        }
        flush();
      }
    } catch (failure) {
      if (failure instanceof ProviderError && failure.kind === 'aborted') status = 'stopped';
      else {
        status = 'error';
        error = failure instanceof ProviderError ? failure.message : 'AI 服务出错，请稍后再试';
        if (!(failure instanceof ProviderError))
          deps.log.warn({ err: failure }, 'ai generation failed');
      }
    }
    if (promptTokens + completionTokens === 0) {
      // Providers that report no usage are counted by length, roughly two characters a token.
      const sent = messages.reduce((n, m) => n + m.content.length, 0);
      promptTokens = Math.ceil(sent / 2);
      completionTokens = Math.ceil(live.content.length / 2);
    }
    await flushing;
    try {
      await deps.db
        .updateTable('ai_messages')
        .set({
          content: live.content,
          status,
          error,
          tool_log: JSON.stringify(toolLog),
          prompt_tokens: promptTokens,
          completion_tokens: completionTokens,
          updated_at: deps.now(),
        })
        .where('id', '=', live.messageId)
        .execute();
      await deps.recordUsage(live.schoolId, promptTokens + completionTokens);
    } catch (failure) {
      deps.log.warn({ err: failure }, 'ai answer could not be stored');
    }
    if (status === 'error')
      emit({ event: 'error', data: { message: error ?? '', length: live.content.length } });
    else emit({ event: 'done', data: { status, length: live.content.length } });
  }
}
