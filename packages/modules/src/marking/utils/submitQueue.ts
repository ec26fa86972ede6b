import type { KeyValueStorage } from '@examkit/core';

/** One score waiting to reach the server; the key stays the same across every retry. */
export interface QueuedSubmit {
  blockId: number;
  taskId: number;
  paperId: number;
  leaseToken: string;
  idempotencyKey: string;
  score?: number;
  parts?: number[];
  queuedAt: number;
  /** A pool block of a 统一阅卷 joint exam: sent through the pool's submit. */
  pool?: boolean;
}

/** What the sender says about one attempt: stored (or a duplicate), try again later, or refused for good. */
export type SendResult = 'sent' | 'retry' | { refused: string };

export interface SubmitQueueState {
  /** Scores not yet acknowledged by the server. */
  pending: QueuedSubmit[];
  /** The last attempt got no answer; retrying. */
  offline: boolean;
  /** Acknowledged in this session. */
  sent: number;
}

export interface SubmitQueue {
  getState(): SubmitQueueState;
  subscribe(listener: () => void): () => void;
  /** Stores the score (persisted at once) and starts sending. */
  add(item: QueuedSubmit): void;
  /** Sends the waiting scores in order, one at a time; resolves when done or offline. */
  flush(): Promise<void>;
  dispose(): void;
}

export const QUEUE_STORAGE_KEY = 'examkit.marking.submitQueue';

/**
 * The marking screen's outbox: every score is written to storage before it is sent, sent one
 * at a time in order, and retried with the same idempotency key after a failure (every
 * `retryMs`, and when the browser reports it is online again) until the server answers. The
 * server stores a key once, so a retry of a submit whose answer was lost is harmless.
 */
export function createSubmitQueue(options: {
  storage: KeyValueStorage;
  send: (item: QueuedSubmit) => Promise<SendResult>;
  onRefused?: (item: QueuedSubmit, message: string) => void;
  onSent?: (item: QueuedSubmit) => void;
  /** @default 3000 */
  retryMs?: number;
  key?: string;
}): SubmitQueue {
  const key = options.key ?? QUEUE_STORAGE_KEY;
  const retryMs = options.retryMs ?? 3000;
  const stored = options.storage.get<QueuedSubmit[]>(key);
  let state: SubmitQueueState = {
    pending: Array.isArray(stored) ? stored : [],
    offline: false,
    sent: 0,
  };
  const listeners = new Set<() => void>();
  let running: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;

  const set = (next: Partial<SubmitQueueState>) => {
    state = { ...state, ...next };
    if (next.pending) options.storage.set(key, state.pending);
    for (const l of listeners) l();
  };
  const schedule = () => {
    if (timer || disposed) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, retryMs);
  };
  const onOnline = () => void flush();
  globalThis.addEventListener?.('online', onOnline);

  async function run() {
    while (!disposed && state.pending.length > 0) {
      const item = state.pending[0]!;
      let result: SendResult;
      try {
        result = await options.send(item);
      } catch {
        result = 'retry';
      }
      if (result === 'retry') {
        set({ offline: true });
        schedule();
        return;
      }
      set({
        pending: state.pending.filter((p) => p.idempotencyKey !== item.idempotencyKey),
        offline: false,
        sent: state.sent + (result === 'sent' ? 1 : 0),
      });
      if (result === 'sent') options.onSent?.(item);
      else options.onRefused?.(item, result.refused);
    }
  }

  function flush(): Promise<void> {
    if (running) return running;
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    running = run().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add(item) {
      set({ pending: [...state.pending, item] });
      void flush();
    },
    flush,
    dispose() {
      disposed = true;
      if (timer) clearTimeout(timer);
      globalThis.removeEventListener?.('online', onOnline);
      listeners.clear();
    },
  };
}
