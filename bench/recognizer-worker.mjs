// Worker of bench/recognizer.mjs: generates a shard of the corpus and recognises it in-process.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';
import { recognizeSheet } from '@examkit/recognizer';
import {
  corpusTemplate,
  emptyScore,
  generateSheet,
  otherPaper,
  scoreSheet,
} from '@examkit/recognizer/corpus';

if (isMainThread) {
  // bench/run.mjs runs every file here: this one only works as a worker of recognizer.mjs.
  console.log('bench/recognizer-worker.mjs is the worker of bench/recognizer.mjs; nothing to do.');
  process.exit(0);
}
sharp.concurrency(1);
// `generate`: generator options of one input kind (scan mode, speckle, non-fill marks, PDF coding).
const { seed, count, generate = {} } = workerData;
const ct = corpusTemplate();
const score = emptyScore();
const formats = {};
for (let i = 0; i < count; i++) {
  const sheet = await generateSheet(ct, seed + i, generate);
  formats[sheet.truth.format] = (formats[sheet.truth.format] ?? 0) + 1;
  const result = await recognizeSheet(sheet.raw ?? sheet.file, ct.template, { alignedPageDpi: 0 });
  scoreSheet(score, sheet.truth, result);
  if ((i + 1) % 50 === 0) parentPort.postMessage({ type: 'progress', done: 50, score });
}
parentPort.postMessage({ type: 'progress', done: count % 50 });
// Another exam's sheets, scanned like the rest, must all end as 非本场考试答题卡.
const other = corpusTemplate(otherPaper());
const wrong = [];
for (let i = 0; i < (workerData.wrong ?? 0); i++) {
  const sheet = await generateSheet(other, seed + 50_000 + i);
  const r = await recognizeSheet(sheet.raw ?? sheet.file, ct.template, { alignedPageDpi: 0 });
  wrong.push(r.status === 'failed' ? `${r.code}: ${r.reason}` : `recognised as page ${r.page + 1}`);
}
parentPort.postMessage({ type: 'done', score, formats, wrong });
