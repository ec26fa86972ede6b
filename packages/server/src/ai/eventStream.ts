import type { AiMessageStatus, AiStreamEvent } from '@examkit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveAnswer } from './generation';

/** An answer not written to for this long is taken as abandoned (its server went away). */
export const STALE_MS = 60_000;
/** How often an answer written by another instance is read again. */
const FOLLOW_MS = 500;

/** What the stream's first event says: the answer's id and, for a new question, the question's. */
export interface StreamMeta {
  messageId: number;
  questionId: number | null;
}

/** An answer as stored: its text so far, its state and its error. */
export interface StoredAnswer {
  content: string;
  status: string;
  error: string | null;
}

/** Takes the reply over as a server-sent event stream; returns a writer of events. */
function openEventStream(reply: FastifyReply) {
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
  return { raw, send };
}

/** The last event of an answer that has ended: its error, or done with its final state. */
function endEvent(stored: StoredAnswer | null, length: number, status?: string): AiStreamEvent {
  if (stored?.status === 'error')
    return { event: 'error', data: { message: stored.error ?? '回答出错', length } };
  return {
    event: 'done',
    data: { status: (status ?? stored?.status ?? 'done') as AiMessageStatus, length },
  };
}

/** Writes an answer as server-sent events from `offset`; leaving does not stop the answer. */
export async function streamAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  meta: StreamMeta,
  offset: number,
  live: LiveAnswer | undefined,
  stored: StoredAnswer | null,
): Promise<void> {
  const { raw, send } = openEventStream(reply);
  send({ event: 'meta', data: meta });
  if (!live) {
    const content = stored?.content ?? '';
    if (content.length > offset)
      send({ event: 'delta', data: { offset, text: content.slice(offset) } });
    send(endEvent(stored, content.length));
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
export async function followAnswer(
  reply: FastifyReply,
  messageId: number,
  offset: number,
  read: () => Promise<(StoredAnswer & { updated_at: number }) | undefined>,
): Promise<void> {
  const { raw, send } = openEventStream(reply);
  let closed = false;
  raw.on('close', () => (closed = true));
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
      // An answer nobody writes to any more ends as stopped.
      send(
        endEvent(row ?? null, content.length, row?.status === 'streaming' ? 'stopped' : undefined),
      );
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_MS));
  }
  if (!raw.writableEnded) raw.end();
}
