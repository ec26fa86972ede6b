import type { AiSessionDetails } from '@examkit/contracts';

/** A scripted answer stream: events, optionally paced, optionally cut before the end. */
export interface StreamScript {
  events: { event: string; data: unknown }[];
  /** Wait before each event. */
  delayMs?: number;
  /** Break the connection after this many events. */
  cutAfter?: number;
}

export interface FakeCall {
  url: string;
  body: Record<string, unknown> | undefined;
  headers: Record<string, string>;
}

export const envelope = (data: unknown, code = 200, message = '操作成功') =>
  new Response(JSON.stringify({ code, data, msg: message, message }), {
    status: code === 200 ? 200 : code,
    headers: { 'content-type': 'application/json' },
  });

export function sse(script: StreamScript): Response {
  const encoder = new TextEncoder();
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (script.cutAfter !== undefined && i >= script.cutAfter) {
        controller.error(new TypeError('network error'));
        return;
      }
      const next = script.events[i++];
      if (!next) {
        controller.close();
        return;
      }
      if (script.delayMs) await new Promise((r) => setTimeout(r, script.delayMs));
      controller.enqueue(
        encoder.encode(`event: ${next.event}\ndata: ${JSON.stringify(next.data)}\n\n`),
      );
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

export function session(
  sessionId = 7,
  overrides: Partial<AiSessionDetails> = {},
): AiSessionDetails {
  return {
    session: {
      sessionId,
      title: '新对话',
      kind: 'widget',
      sessionType: null,
      contextMode: 'COMMON',
      context: {},
      createdAt: 0,
      updatedAt: 0,
    },
    messages: [],
    suggestions: ['我能查看哪些考试的报告？'],
    ...overrides,
  };
}

/** A fetch that answers each path with the handler registered for it, recording every call. */
export function fakeFetch(
  routes: Record<string, (call: FakeCall) => Response | Promise<Response>>,
) {
  const calls: FakeCall[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = init?.body
      ? (JSON.parse(String(init.body)) as Record<string, unknown>)
      : undefined;
    const call: FakeCall = { url, body, headers: (init?.headers ?? {}) as Record<string, string> };
    calls.push(call);
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? '';
    const handler = routes[path.replace('/chatgpt-server/', '')];
    if (!handler) return envelope(null, 404, '接口不存在');
    return handler(call);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}
