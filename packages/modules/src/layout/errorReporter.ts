import type { HttpClient } from '@examkit/core';
import { messageRefs } from '../common/shellRoutes';

/** Limits of the client error reporter (docs/messages.md "Client error log"). */
export const ERROR_REPORTER_LIMITS = {
  /** Errors are gathered this long before one report is sent. */
  flushMs: 5_000,
  /** Distinct errors in one report (the server takes up to 20). */
  perReport: 20,
  /** Reports a page sends a minute; more errors wait or are dropped. */
  reportsPerMinute: 3,
  /** Distinct errors a page reports before it stops (a loop of new messages). */
  perPage: 50,
};

interface Pending {
  kind: 'error' | 'unhandledrejection';
  message: string;
  stack?: string;
  page: string;
  count: number;
}

const describe = (value: unknown): { message: string; stack?: string } => {
  if (value instanceof Error)
    return {
      message: `${value.name}: ${value.message}`.slice(0, 1000),
      ...(value.stack ? { stack: value.stack.slice(0, 4000) } : {}),
    };
  // A refused call rejects with its envelope: say its code and message, not [object Object].
  const envelope = value as { code?: unknown; msg?: unknown; message?: unknown } | null;
  const text = typeof envelope?.message === 'string' ? envelope.message : envelope?.msg;
  if (typeof text === 'string')
    return {
      message: `${typeof envelope?.code === 'number' ? `${envelope.code} ` : ''}${text}`.slice(
        0,
        1000,
      ),
    };
  return { message: String(value).slice(0, 1000) || '未知错误' };
};

/** The same error: kind, message and the frame it was thrown in (not who called that). */
const keyOf = (kind: string, message: string, stack: string | undefined) =>
  `${kind}|${message}|${stack?.split('\n').find((line) => /^\s*at |@/.test(line)) ?? ''}`;

/**
 * Reports the app's own uncaught errors (window `error` and `unhandledrejection`) to
 * /marking-minipro/update/error_log: the same error is sent once with a count, reports are
 * batched and rate-limited, and the page address goes without its query string. Returns the
 * function that removes the listeners. The server strips personal data again before storing.
 */
export function installErrorReporter(
  http: Pick<HttpClient, 'call'>,
  limits: typeof ERROR_REPORTER_LIMITS = ERROR_REPORTER_LIMITS,
): () => void {
  const pending = new Map<string, Pending>();
  const seen = new Set<string>();
  const sentAt: number[] = [];
  let timer: number | undefined;

  const flush = () => {
    timer = undefined;
    const now = Date.now();
    while (sentAt.length > 0 && now - sentAt[0]! > 60_000) sentAt.shift();
    if (pending.size === 0) return;
    if (sentAt.length >= limits.reportsPerMinute) {
      timer = window.setTimeout(flush, 60_000 - (now - sentAt[0]!));
      return;
    }
    const errors = [...pending.values()].slice(0, limits.perReport);
    for (const e of errors) pending.delete(keyOf(e.kind, e.message, e.stack));
    sentAt.push(now);
    http
      .call(messageRefs.errorLog, { body: { errors } }, { errorMessage: false, dedupe: false })
      .catch(() => {});
    if (pending.size > 0) timer = window.setTimeout(flush, limits.flushMs);
  };

  const record = (kind: Pending['kind'], value: unknown) => {
    const { message, stack } = describe(value);
    const key = keyOf(kind, message, stack);
    const known = pending.get(key);
    if (known) known.count += 1;
    else {
      if (!seen.has(key) && seen.size >= limits.perPage) return;
      seen.add(key);
      pending.set(key, {
        kind,
        message,
        ...(stack ? { stack } : {}),
        page: window.location.pathname,
        count: 1,
      });
    }
    timer ??= window.setTimeout(flush, limits.flushMs);
  };

  const onError = (event: ErrorEvent) => record('error', event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => record('unhandledrejection', event.reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}
