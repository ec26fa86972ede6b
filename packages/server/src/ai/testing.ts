import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';

/**
 * A local OpenAI-compatible chat-completions server for tests: each request takes the next
 * script (streamed chunks, tool calls, a slow or cut stream, an error status, no answer at all)
 * and every request body is kept, so a test can read what the model was sent.
 */
export type FakeScript =
  | {
      kind: 'stream';
      chunks: string[];
      /** Pause before each chunk. */
      delayMs?: number;
      /** Close the connection after this many chunks, without [DONE]. */
      cutAfter?: number;
      toolCalls?: { name: string; arguments: string }[];
      usage?: { prompt_tokens: number; completion_tokens: number };
    }
  | {
      kind: 'json';
      content: string;
      toolCalls?: { name: string; arguments: string }[];
      usage?: { prompt_tokens: number; completion_tokens: number };
    }
  | { kind: 'status'; status: number }
  | { kind: 'hang' };

export interface FakeRequest {
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    stream: boolean;
    messages: {
      role: string;
      content: string | null;
      tool_calls?: unknown[];
      tool_call_id?: string;
    }[];
    tools?: { function: { name: string } }[];
  };
}

export interface FakeOpenAi {
  baseUrl: string;
  requests: FakeRequest[];
  /** Scripts answered in order; when empty, a short streamed answer. */
  queue(...scripts: FakeScript[]): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const scripts: FakeScript[] = [];
  const requests: FakeRequest[] = [];
  const open = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      open.add(res);
      res.on('close', () => open.delete(res));
      const body = JSON.parse(raw || '{}') as FakeRequest['body'];
      requests.push({ headers: req.headers, body });
      void answer(res, scripts.shift() ?? { kind: 'stream', chunks: ['好的。'] });
    });
  });

  async function answer(res: ServerResponse, script: FakeScript) {
    const usage = (s: { usage?: { prompt_tokens: number; completion_tokens: number } }) =>
      s.usage ?? { prompt_tokens: 10, completion_tokens: 5 };
    if (script.kind === 'hang') return;
    if (script.kind === 'status') {
      res.writeHead(script.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'fake failure' } }));
      return;
    }
    const calls = (script.toolCalls ?? []).map((c, i) => ({
      id: `call_${i}_${c.name}`,
      type: 'function',
      function: { name: c.name, arguments: c.arguments },
    }));
    if (script.kind === 'json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [
            {
              message: {
                role: 'assistant',
                content: script.content,
                ...(calls.length ? { tool_calls: calls } : {}),
              },
              finish_reason: calls.length ? 'tool_calls' : 'stop',
            },
          ],
          usage: usage(script),
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    for (let i = 0; i < script.chunks.length; i++) {
      if (script.cutAfter !== undefined && i >= script.cutAfter) {
        // Let what was written reach the client before the connection drops.
        await sleep(50);
        res.socket?.destroy();
        return;
      }
      if (script.delayMs) await sleep(script.delayMs);
      if (res.destroyed) return;
      send({ choices: [{ index: 0, delta: { content: script.chunks[i] }, finish_reason: null }] });
    }
    // Tool calls arrive in pieces, the way hosted models send them.
    calls.forEach((call, index) => {
      const half = Math.floor(call.function.arguments.length / 2);
      send({
        choices: [
          {
            index: 0,
            delta: {
              tool_calls: [
                {
                  index,
                  id: call.id,
                  type: 'function',
                  function: {
                    name: call.function.name,
                    arguments: call.function.arguments.slice(0, half),
                  },
                },
              ],
            },
          },
        ],
      });
      send({
        choices: [
          {
            index: 0,
            delta: {
              tool_calls: [{ index, function: { arguments: call.function.arguments.slice(half) } }],
            },
          },
        ],
      });
    });
    send({
      choices: [{ index: 0, delta: {}, finish_reason: calls.length ? 'tool_calls' : 'stop' }],
    });
    send({ choices: [], usage: usage(script) });
    res.end('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    queue: (...more) => scripts.push(...more),
    close: async () => {
      for (const res of open) res.socket?.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The files of a zip archive (a .docx), read with node:zlib. */
export function unzip(buffer: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  let at = 0;
  while (buffer.readUInt32LE(at) === 0x04034b50) {
    const method = buffer.readUInt16LE(at + 8);
    const size = buffer.readUInt32LE(at + 18);
    const nameLength = buffer.readUInt16LE(at + 26);
    const extra = buffer.readUInt16LE(at + 28);
    const name = buffer.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const start = at + 30 + nameLength + extra;
    const data = buffer.subarray(start, start + size);
    files.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at = start + size;
  }
  return files;
}
