import { availableParallelism } from 'node:os';
import { createRecognizerPool, recognizeScan, type RecognizerPool } from '@examkit/recognizer';
import type { RecognitionTemplate, ScanOptions, SheetResult } from '@examkit/recognizer';
import { Queue, Worker, type ConnectionOptions } from 'bullmq';

/** One recognition job: one uploaded file of a batch. */
export interface ScanJob {
  batchId: number;
  fileIndex: number;
}

/** Runs a job to its end; must be idempotent (a retried job writes the same rows). */
export type ScanJobHandler = (job: ScanJob) => Promise<void>;

/** Recognises every page of a file. Never rejects for a bad file (a failed result instead). */
export type Recognize = (
  bytes: Uint8Array,
  template: RecognitionTemplate,
  options: ScanOptions,
) => Promise<SheetResult[]>;

/** Where recognition jobs wait: in this process, or in Redis for several machines. */
export interface ScanQueue {
  readonly kind: 'in-process' | 'bullmq';
  /** Starts consuming jobs with the handler (once, when the routes are registered). */
  start(handler: ScanJobHandler): void;
  add(jobs: readonly ScanJob[]): Promise<void>;
  /** Jobs waiting or running (in-process: exact; BullMQ: this machine's view of Redis). */
  pending(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Recognition in worker threads of a pool opened on demand and closed when no job is left,
 * so an idle server holds no threads. `workers: 0` recognises on the main thread.
 */
export function createPoolRecognizer(
  workers: number,
  idleMs = 2000,
): Recognize & { close(): Promise<void> } {
  let pool: RecognizerPool | null = null;
  let busy = 0;
  let idleTimer: NodeJS.Timeout | null = null;
  const closePool = async () => {
    const p = pool;
    pool = null;
    await p?.close();
  };
  const recognize = async (
    bytes: Uint8Array,
    template: RecognitionTemplate,
    options: ScanOptions,
  ) => {
    if (workers === 0) return recognizeScan(bytes, template, options);
    busy++;
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    try {
      pool ??= createRecognizerPool({ workers });
      const [results] = await pool.recognize([
        { id: options.id ?? 'scan', input: bytes, template, options },
      ]);
      return results ?? [];
    } finally {
      busy--;
      if (busy === 0) {
        // Keep the threads for the next job of the batch; an idle server holds none.
        idleTimer = setTimeout(() => {
          idleTimer = null;
          if (busy === 0) void closePool();
        }, idleMs);
        idleTimer.unref();
      }
    }
  };
  return Object.assign(recognize, {
    close: async () => {
      if (idleTimer) clearTimeout(idleTimer);
      await closePool();
    },
  });
}

/** Jobs in memory, `concurrency` at a time; a failing job is logged and never stops the others. */
export function createInProcessScanQueue(
  options: { concurrency?: number; onError?: (job: ScanJob, error: unknown) => void } = {},
): ScanQueue {
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const waiting: ScanJob[] = [];
  let running = 0;
  let handler: ScanJobHandler | null = null;
  let closed = false;
  const pump = () => {
    while (handler && !closed && running < concurrency && waiting.length > 0) {
      const job = waiting.shift()!;
      running++;
      const run = handler;
      void (async () => {
        try {
          await run(job);
        } catch (error) {
          options.onError?.(job, error);
        } finally {
          running--;
          pump();
        }
      })();
    }
  };
  return {
    kind: 'in-process',
    start(h) {
      handler = h;
      pump();
    },
    async add(jobs) {
      waiting.push(...jobs);
      pump();
    },
    async pending() {
      return waiting.length + running;
    },
    async close() {
      closed = true;
      waiting.length = 0;
    },
  };
}

export const BULL_QUEUE_NAME = 'examkit-scan';

/**
 * Jobs in Redis (BullMQ): every server started with the same `REDIS_URL` works on them, so
 * several machines recognise one exam. Failed jobs are retried 3 times with back-off; the job
 * id `batch:file` makes adding a job twice harmless.
 */
export function createBullScanQueue(options: {
  redisUrl: string;
  concurrency?: number;
  prefix?: string;
  onError?: (job: ScanJob, error: unknown) => void;
}): ScanQueue {
  const connection = redisConnection(options.redisUrl);
  const prefix = options.prefix ?? 'examkit';
  const queue = new Queue<ScanJob>(BULL_QUEUE_NAME, { connection, prefix });
  let worker: Worker<ScanJob> | null = null;
  return {
    kind: 'bullmq',
    start(handler) {
      worker = new Worker<ScanJob>(BULL_QUEUE_NAME, (job) => handler(job.data), {
        connection,
        prefix,
        concurrency: Math.max(1, options.concurrency ?? 2),
      });
      worker.on('failed', (job, error) => {
        if (job) options.onError?.(job.data, error);
      });
      worker.on('error', () => undefined);
    },
    async add(jobs) {
      await queue.addBulk(
        jobs.map((data) => ({
          name: 'recognize',
          data,
          opts: {
            jobId: `${data.batchId}-${data.fileIndex}`,
            attempts: 3,
            backoff: { type: 'exponential', delay: 2000 },
            removeOnComplete: 1000,
            removeOnFail: 5000,
          },
        })),
      );
    },
    async pending() {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return Object.values(counts).reduce((a, b) => a + b, 0);
    },
    async close() {
      await worker?.close();
      await queue.close();
    },
  };
}

function redisConnection(url: string): ConnectionOptions {
  const u = new URL(url);
  return {
    host: u.hostname || '127.0.0.1',
    port: u.port ? Number(u.port) : 6379,
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.pathname.length > 1 ? { db: Number(u.pathname.slice(1)) } : {}),
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
  };
}

/**
 * The queue the environment asks for: BullMQ when `REDIS_URL` is set (not under vitest), else in
 * this process. `SCAN_CONCURRENCY` jobs (files) at a time per process, default 2.
 */
export function scanQueueFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  onError?: (job: ScanJob, error: unknown) => void,
): ScanQueue {
  const concurrency = Number(env.SCAN_CONCURRENCY) || 2;
  // Test servers each have their own database: a shared Redis queue would mix their jobs.
  return env.REDIS_URL && !env.VITEST
    ? createBullScanQueue({
        redisUrl: env.REDIS_URL,
        concurrency,
        ...(onError ? { onError } : {}),
      })
    : createInProcessScanQueue({ concurrency, ...(onError ? { onError } : {}) });
}

/** Recogniser threads from `SCAN_WORKERS` (0 = main thread), default up to 2. */
export function recognizerFromEnv(env: NodeJS.ProcessEnv = process.env) {
  const raw = env.SCAN_WORKERS;
  const workers =
    raw !== undefined && raw !== '' && Number.isInteger(Number(raw))
      ? Math.max(0, Number(raw))
      : Math.min(2, availableParallelism());
  return createPoolRecognizer(workers);
}
