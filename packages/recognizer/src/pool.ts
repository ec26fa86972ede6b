import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ScanOptions } from './scan';
import type { FromWorker, ToWorker } from './worker';
import type { RawImage, RecognitionTemplate, SheetResult } from './types';

export interface RecognizeJob {
  /** Copied into every result of the job. */
  id: string;
  /** Encoded bytes (JPEG, PNG, TIFF, PDF), a file path, or a raw grey image. */
  input: Uint8Array | string | RawImage;
  template: RecognitionTemplate;
  options?: ScanOptions;
}

export interface PoolOptions {
  /** Worker threads. @default os.availableParallelism() */
  workers?: number;
}

export interface RecognizerPool {
  /** Recognises the jobs over the workers; one array of page results a job, in job order. Never rejects for a bad sheet. */
  recognize(
    jobs: readonly RecognizeJob[],
    onResult?: (index: number, results: SheetResult[]) => void,
  ): Promise<SheetResult[][]>;
  readonly size: number;
  close(): Promise<void>;
}

/**
 * The worker script: `worker.js` next to the built module (dist), or `worker.ts` when running
 * from source (vitest, `--conditions=source`), loaded through tsx.
 */
function workerEntry(): { url: URL; execArgv: string[] } {
  const js = new URL('./worker.js', import.meta.url);
  if (existsSync(fileURLToPath(js))) return { url: js, execArgv: [] };
  const ts = new URL('./worker.ts', import.meta.url);
  let tsx = 'tsx';
  try {
    tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  } catch {
    // resolved by Node from the working directory
  }
  return { url: ts, execArgv: ['--import', tsx] };
}

interface Slot {
  worker: Worker;
  templates: Set<number>;
  busy: { seq: number; resolve: (r: SheetResult[]) => void } | null;
}

/** A pool of worker threads running `recognizeScan`. */
export function createRecognizerPool(options: PoolOptions = {}): RecognizerPool {
  const size = Math.max(1, options.workers ?? availableParallelism());
  const entry = workerEntry();
  const keys = new WeakMap<RecognitionTemplate, number>();
  let nextKey = 1;
  let seq = 0;
  const queue: { job: RecognizeJob; resolve: (r: SheetResult[]) => void }[] = [];
  let closed = false;

  const spawn = (): Slot => {
    const slot: Slot = {
      worker: new Worker(entry.url, { execArgv: entry.execArgv }),
      templates: new Set(),
      busy: null,
    };
    slot.worker.on('message', (m: FromWorker) => {
      if (slot.busy && m.seq === slot.busy.seq) {
        const { resolve } = slot.busy;
        slot.busy = null;
        resolve(m.results);
        pump();
      }
    });
    const lost = (why: string): void => {
      const busy = slot.busy;
      slot.busy = null;
      const i = slots.indexOf(slot);
      if (!closed && i >= 0) slots[i] = spawn();
      busy?.resolve([{ status: 'failed', code: 'internal', reason: `识别进程异常退出：${why}` }]);
      pump();
    };
    slot.worker.on('error', (e) => lost(e.message));
    slot.worker.on('exit', (code) => {
      if (!closed) lost(`退出码 ${code}`);
    });
    return slot;
  };
  const slots: Slot[] = Array.from({ length: size }, spawn);

  function pump(): void {
    for (const slot of slots) {
      if (slot.busy || queue.length === 0) continue;
      const { job, resolve } = queue.shift()!;
      let key = keys.get(job.template);
      if (key === undefined) {
        key = nextKey++;
        keys.set(job.template, key);
      }
      if (!slot.templates.has(key)) {
        const msg: ToWorker = { type: 'template', key, template: job.template };
        slot.worker.postMessage(msg);
        slot.templates.add(key);
      }
      const s = ++seq;
      slot.busy = { seq: s, resolve };
      const msg: ToWorker = {
        type: 'job',
        seq: s,
        key,
        input: job.input,
        options: { ...job.options, id: job.id },
      };
      slot.worker.postMessage(msg);
    }
  }

  return {
    size,
    recognize(jobs, onResult) {
      if (closed) return Promise.reject(new Error('recogniser pool is closed'));
      return Promise.all(
        jobs.map(
          (job, i) =>
            new Promise<SheetResult[]>((resolve) => {
              queue.push({
                job,
                resolve: (r) => {
                  const withId = r.map((x) => ({ ...x, id: job.id }));
                  onResult?.(i, withId);
                  resolve(withId);
                },
              });
              pump();
            }),
        ),
      );
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
