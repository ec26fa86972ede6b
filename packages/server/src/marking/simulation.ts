import { randomUUID } from 'node:crypto';
import { markingRoutes } from '@examkit/contracts';

/**
 * A load driver of the marking screen over HTTP, shared by the concurrency test and
 * `bench/marking-load.mjs`: markers fetch small batches and submit each paper with a client
 * idempotency key, re-sending some submits as a browser queue does after a lost answer;
 * arbitrators take the arbitration queue. It runs until the block has no paper left to mark.
 */
export interface LoadOptions {
  baseUrl: string;
  blockId: number;
  markerTokens: string[];
  arbitratorTokens: string[];
  /** Full marks of the block (points; step 1). */
  fullScore: number;
  /** Share of submits sent twice with the same key. @default 0.1 */
  retryShare?: number;
  /** Papers fetched per request. @default 3 */
  batch?: number;
  /** Tells whether any paper still needs a mark or an arbitration. */
  remaining: () => Promise<number>;
  /** Gives up after this long. @default 10 minutes */
  timeoutMs?: number;
}

export interface LoadResult {
  submits: number;
  duplicatesAnswered: number;
  fetches: number;
  errors: string[];
  /** Latency of every accepted submit, ms. */
  submitLatencies: number[];
  elapsedMs: number;
  /** Every submit that got a success answer: key → (task, score). */
  acknowledged: Map<string, { taskId: number; score: number }>;
}

interface Leased {
  taskId: number;
  paperId: number;
  leaseToken: string;
  marks: { score: number }[];
}

export async function runMarkingLoad(options: LoadOptions): Promise<LoadResult> {
  const started = performance.now();
  const deadline = Date.now() + (options.timeoutMs ?? 600_000);
  const result: LoadResult = {
    submits: 0,
    duplicatesAnswered: 0,
    fetches: 0,
    errors: [],
    submitLatencies: [],
    elapsedMs: 0,
    acknowledged: new Map(),
  };
  const post = async (token: string, url: string, body: unknown) => {
    const response = await fetch(`${options.baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { code: number; data: unknown; msg: string };
  };

  async function work(token: string, arbitration: boolean, seed: number) {
    let random = seed;
    const next = () => {
      random = (random * 1103515245 + 12345) % 2147483648;
      return random / 2147483648;
    };
    while (Date.now() < deadline) {
      const fetched = await post(token, markingRoutes.fetch.url, {
        blockId: options.blockId,
        count: options.batch ?? 3,
        arbitration,
      });
      result.fetches++;
      if (fetched.code !== 200) {
        result.errors.push(`fetch ${fetched.code} ${fetched.msg}`);
        return;
      }
      const list = (fetched.data as { list: Leased[] }).list;
      if (list.length === 0) {
        if ((await options.remaining()) === 0) return;
        await new Promise((r) => setTimeout(r, 100 + next() * 150));
        continue;
      }
      for (const task of list) {
        // Markers agree roughly: the paper's own score plus noise of up to ±2 points.
        const truth = (task.paperId * 7919) % (options.fullScore + 1);
        const score = arbitration
          ? Math.round(task.marks.reduce((a, m) => a + m.score, 0) / Math.max(1, task.marks.length))
          : Math.max(0, Math.min(options.fullScore, truth + Math.floor(next() * 5) - 2));
        const body = {
          taskId: task.taskId,
          leaseToken: task.leaseToken,
          score,
          idempotencyKey: randomUUID(),
        };
        const t0 = performance.now();
        const answer = await post(token, markingRoutes.submit.url, body);
        result.submitLatencies.push(performance.now() - t0);
        if (answer.code !== 200) {
          result.errors.push(`submit ${answer.code} ${answer.msg}`);
          continue;
        }
        result.submits++;
        result.acknowledged.set(body.idempotencyKey, { taskId: task.taskId, score });
        if (next() < (options.retryShare ?? 0.1)) {
          const again = await post(token, markingRoutes.submit.url, body);
          if (again.code !== 200 || !(again.data as { duplicate: boolean }).duplicate)
            result.errors.push(`retry ${again.code} ${again.msg}`);
          else result.duplicatesAnswered++;
        }
      }
    }
    result.errors.push('timeout');
  }

  await Promise.all([
    ...options.markerTokens.map((t, i) => work(t, false, i + 1)),
    ...options.arbitratorTokens.map((t, i) => work(t, true, 1000 + i)),
  ]);
  result.elapsedMs = performance.now() - started;
  return result;
}

/** The p-th percentile (0-100) of some numbers. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
