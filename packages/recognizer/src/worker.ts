import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { recognizeScan, type ScanOptions } from './scan';
import type { RawImage, RecognitionTemplate, SheetResult } from './types';

/** Messages of the recogniser pool (internal). */
export type ToWorker =
  | { type: 'template'; key: number; template: RecognitionTemplate }
  | {
      type: 'job';
      seq: number;
      key: number;
      input: RawImage | Uint8Array | string;
      options: ScanOptions;
    };
export type FromWorker = { type: 'result'; seq: number; results: SheetResult[] };

// Each worker is one thread of the pool's parallelism: libvips threads on top only add overhead.
// (libvips' thread pool is process-wide, so this also holds for the rest of the process.)
sharp.concurrency(1);

const templates = new Map<number, RecognitionTemplate>();

function transferables(results: SheetResult[]): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const r of results) {
    if (r.status === 'failed') continue;
    for (const c of r.crops) out.push(c.image.data.buffer as ArrayBuffer);
    if (r.alignedPage) out.push(r.alignedPage.data.buffer as ArrayBuffer);
  }
  return out;
}

parentPort?.on('message', (msg: ToWorker) => {
  if (msg.type === 'template') {
    templates.set(msg.key, msg.template);
    return;
  }
  const template = templates.get(msg.key);
  const done = (results: SheetResult[]): void => {
    const reply: FromWorker = { type: 'result', seq: msg.seq, results };
    parentPort!.postMessage(reply, transferables(results));
  };
  if (!template) {
    done([{ status: 'failed', code: 'template', reason: '识别模板未加载' }]);
    return;
  }
  recognizeScan(msg.input, template, msg.options).then(done, (e: unknown) =>
    done([
      {
        status: 'failed',
        code: 'internal',
        reason: `识别出错：${e instanceof Error ? e.message : String(e)}`,
      },
    ]),
  );
});
