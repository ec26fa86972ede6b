/**
 * A model provider speaking the OpenAI-compatible chat-completions protocol (hosted models,
 * Ollama, vLLM): streaming (SSE) and non-streaming, tool calls, timeouts and retries with
 * backoff. The key is sent only in the Authorization header, never logged or returned.
 * @see docs/ai.md
 */

/** Where the model lives; read from AI_BASE_URL, AI_API_KEY, AI_MODEL, AI_TIMEOUT_MS, AI_MAX_RETRIES. */
export interface AiProviderConfig {
  /** e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1` (Ollama). */
  baseUrl: string;
  /** Empty for a local model that needs none. */
  apiKey: string;
  model: string;
  /** Longest wait for the first byte and between two chunks. @default 60 000 */
  timeoutMs?: number;
  /** Further attempts after a failure before anything was streamed. @default 2 */
  maxRetries?: number;
  /** First backoff; doubled on each retry. @default 500 */
  retryBaseMs?: number;
  /** Answer with one JSON reply instead of a stream (providers that cannot stream). @default true */
  stream?: boolean;
}

/** Reads the provider settings from the environment; undefined when no model is configured. */
export function aiConfigFromEnv(env: NodeJS.ProcessEnv): AiProviderConfig | undefined {
  const baseUrl = env.AI_BASE_URL?.trim();
  const model = env.AI_MODEL?.trim();
  if (!baseUrl || !model) return undefined;
  const num = (raw: string | undefined, name: string) => {
    if (raw === undefined || raw === '') return undefined;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
    return value;
  };
  const timeoutMs = num(env.AI_TIMEOUT_MS, 'AI_TIMEOUT_MS');
  const maxRetries = num(env.AI_MAX_RETRIES, 'AI_MAX_RETRIES');
  return {
    baseUrl,
    apiKey: env.AI_API_KEY ?? '',
    model,
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(maxRetries !== undefined ? { maxRetries } : {}),
    ...(env.AI_STREAM === '0' || env.AI_STREAM === 'false' ? { stream: false } : {}),
  };
}

export interface ChatToolCall {
  id: string;
  name: string;
  /** The arguments as the model wrote them (JSON text). */
  arguments: string;
}

/** A part of a user message: text, or an image as a URL (a `data:` URL for a stored file). */
export type ChatContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: 'low' | 'high' | 'auto' } };

export type ChatMessage =
  /** Parts: a question with images (the vision format of chat completions). */
  | { role: 'system' | 'user'; content: string | ChatContentPart[] }
  | { role: 'assistant'; content: string; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ChatTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters: Record<string, unknown>;
}

export interface ChatRequest {
  messages: ChatMessage[];
  tools?: ChatTool[];
  signal?: AbortSignal;
  /** Called with each piece of text as it arrives. */
  onDelta?: (text: string) => void;
}

export interface ChatResult {
  content: string;
  toolCalls: ChatToolCall[];
  promptTokens: number;
  completionTokens: number;
  finishReason: string | null;
}

export interface ChatProvider {
  readonly model: string;
  chat(request: ChatRequest): Promise<ChatResult>;
}

/** A failure of the provider with the Chinese message the user sees. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'unavailable' | 'rejected' | 'aborted',
    /** Whether another attempt may help. */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export const TIMEOUT_MESSAGE = 'AI 服务响应超时，请稍后再试';
export const UNAVAILABLE_MESSAGE = 'AI 服务暂时不可用，请稍后再试';
export const REJECTED_MESSAGE = 'AI 服务拒绝了请求，请联系管理员检查模型配置';

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new ProviderError('已停止', 'aborted', false));
      },
      { once: true },
    );
  });

interface WireMessage {
  role: string;
  content: string | ChatContentPart[] | null;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

function wireMessages(messages: ChatMessage[]): WireMessage[] {
  return messages.map((m) => {
    if (m.role === 'tool')
      return { role: 'tool', tool_call_id: m.tool_call_id, content: m.content };
    if (m.role === 'assistant' && m.tool_calls?.length)
      return {
        role: 'assistant',
        content: m.content || null,
        tool_calls: m.tool_calls.map((c) => ({
          id: c.id,
          type: 'function' as const,
          function: { name: c.name, arguments: c.arguments },
        })),
      };
    return { role: m.role, content: m.content };
  });
}

/** Creates the provider. `fetchImpl` is for tests that want to count calls; production uses fetch. */
export function createChatProvider(
  config: AiProviderConfig,
  fetchImpl: typeof fetch = fetch,
): ChatProvider {
  const timeoutMs = config.timeoutMs ?? 60_000;
  const maxRetries = config.maxRetries ?? 2;
  const retryBaseMs = config.retryBaseMs ?? 500;
  const streaming = config.stream ?? true;
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;

  async function attempt(request: ChatRequest, started: { value: boolean }): Promise<ChatResult> {
    const controller = new AbortController();
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
    };
    const onAbort = () => controller.abort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    arm();
    try {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
      const body: Record<string, unknown> = {
        model: config.model,
        messages: wireMessages(request.messages),
        stream: streaming,
      };
      if (streaming) body.stream_options = { include_usage: true };
      if (request.tools?.length)
        body.tools = request.tools.map((t) => ({
          type: 'function',
          function: { name: t.name, description: t.description, parameters: t.parameters },
        }));
      const response = await fetchImpl(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        const retryable = response.status === 429 || response.status >= 500;
        throw new ProviderError(
          retryable ? UNAVAILABLE_MESSAGE : REJECTED_MESSAGE,
          retryable ? 'unavailable' : 'rejected',
          retryable,
        );
      }
      if (!streaming || !response.body) {
        const json = (await response.json()) as {
          choices?: {
            message?: Omit<WireMessage, 'content'> & { content?: string | null };
            finish_reason?: string;
          }[];
          usage?: { prompt_tokens?: number; completion_tokens?: number };
        };
        const message = json.choices?.[0]?.message;
        const content = message?.content ?? '';
        if (content) {
          started.value = true;
          request.onDelta?.(content);
        }
        return {
          content,
          toolCalls: (message?.tool_calls ?? []).map((c) => ({
            id: c.id,
            name: c.function.name,
            arguments: c.function.arguments,
          })),
          promptTokens: json.usage?.prompt_tokens ?? 0,
          completionTokens: json.usage?.completion_tokens ?? 0,
          finishReason: json.choices?.[0]?.finish_reason ?? null,
        };
      }
      return await readStream(response.body, request, arm, started);
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      if (request.signal?.aborted) throw new ProviderError('已停止', 'aborted', false);
      if (timedOut) throw new ProviderError(TIMEOUT_MESSAGE, 'timeout', !started.value);
      throw new ProviderError(UNAVAILABLE_MESSAGE, 'unavailable', !started.value);
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    model: config.model,
    async chat(request) {
      for (let tries = 0; ; tries++) {
        const started = { value: false };
        try {
          return await attempt(request, started);
        } catch (error) {
          const failure =
            error instanceof ProviderError
              ? error
              : new ProviderError(UNAVAILABLE_MESSAGE, 'unavailable', false);
          // Once text reached the user a retry would repeat it; only a clean failure is retried.
          if (!failure.retryable || started.value || tries >= maxRetries) throw failure;
          await sleep(retryBaseMs * 2 ** tries, request.signal);
        }
      }
    },
  };
}

interface StreamChunk {
  choices?: {
    delta?: {
      content?: string | null;
      tool_calls?: {
        index?: number;
        id?: string;
        function?: { name?: string; arguments?: string };
      }[];
    };
    finish_reason?: string | null;
  }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { message?: string };
}

async function readStream(
  body: ReadableStream<Uint8Array>,
  request: ChatRequest,
  onActivity: () => void,
  started: { value: boolean },
): Promise<ChatResult> {
  const decoder = new TextDecoder();
  let buffer = '';
  let content = '';
  let finishReason: string | null = null;
  let promptTokens = 0;
  let completionTokens = 0;
  let finished = false;
  const calls: { id: string; name: string; arguments: string }[] = [];

  const handle = (data: string) => {
    if (data === '[DONE]') {
      finished = true;
      return;
    }
    let chunk: StreamChunk;
    try {
      chunk = JSON.parse(data) as StreamChunk;
    } catch {
      return;
    }
    if (chunk.error) throw new ProviderError(UNAVAILABLE_MESSAGE, 'unavailable', !started.value);
    if (chunk.usage) {
      promptTokens = chunk.usage.prompt_tokens ?? promptTokens;
      completionTokens = chunk.usage.completion_tokens ?? completionTokens;
    }
    const choice = chunk.choices?.[0];
    if (!choice) return;
    if (choice.finish_reason) finishReason = choice.finish_reason;
    const text = choice.delta?.content;
    if (text) {
      started.value = true;
      content += text;
      request.onDelta?.(text);
    }
    for (const part of choice.delta?.tool_calls ?? []) {
      const index = part.index ?? 0;
      const call = (calls[index] ??= { id: '', name: '', arguments: '' });
      if (part.id) call.id = part.id;
      if (part.function?.name) call.name += part.function.name;
      if (part.function?.arguments) call.arguments += part.function.arguments;
    }
  };

  const reader = body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    onActivity();
    buffer += decoder.decode(value, { stream: true });
    let cut: number;
    while ((cut = buffer.search(/\r?\n\r?\n/)) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut).replace(/^\r?\n\r?\n/, '');
      const data = block
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (data) handle(data);
    }
  }
  // A stream that ends without [DONE] or a finish reason was cut by the provider.
  if (!finished && finishReason === null)
    throw new ProviderError(UNAVAILABLE_MESSAGE, 'unavailable', !started.value);
  return {
    content,
    toolCalls: calls
      .filter((c) => c.name)
      .map((c, i) => ({ id: c.id || `call_${i}`, name: c.name, arguments: c.arguments })),
    promptTokens,
    completionTokens,
    finishReason,
  };
}
