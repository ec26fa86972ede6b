// Benchmark of @examkit/recognizer (GitHub issue 6): throughput of decode + recognition at
// 200 dpi A4 over worker threads, and the acceptance figures on a generated corpus.
// Runs from source: node --conditions=source --import tsx bench/recognizer.mjs
// Options: --sheets=N corpus size (default 2000), --seed=S first seed (default 900000, the
// reporting range; thresholds were tuned on seeds 1–999, see docs/recognition.md), --workers=N (default 2),
// --speed=N sheets of the throughput run (default 120), --only=speed skips the corpus.
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import {
  createRecognizerPool,
  decodeScan,
  recognizeImage,
  recognizeSheet,
} from '@examkit/recognizer';
import {
  corpusTemplate,
  encodeScan,
  generateSheet,
  mergeScores,
  emptyScore,
} from '@examkit/recognizer/corpus';

const arg = (name, dflt) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt);
const sheets = arg('sheets', 2000);
const seed = arg('seed', 900_000);
const workers = arg('workers', 2);
const speedSheets = arg('speed', 120);
const ct = corpusTemplate();
// CPU time of this process (all threads, libvips included) and of the child processes it has
// waited for (pdfimages and pdftoppm for PDF scans), so that no decode work goes uncounted.
const cpuMs = () => {
  const u = process.cpuUsage();
  const own = (u.user + u.system) / 1000;
  if (!existsSync('/proc/self/stat')) return own;
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // Fields 16 and 17 (cutime, cstime) in clock ticks of 10 ms.
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return own + (Number(f[13]) + Number(f[14])) * 10;
};
let ok = true;
const check = (label, pass, value) => {
  if (!pass) ok = false;
  console.log(`${pass ? '✓' : '✗'} ${label}: ${value}`);
};

// ── 1. Throughput: 200 dpi A4 scans, decode + recognition (crops and aligned page included),
// per kind of scan a school's scanner writes: grey JPEG (the usual OMR setting), colour JPEG,
// and black-and-white pages (1-bit or dithered, saved losslessly as PNG).
console.log(
  `machine: ${availableParallelism()} cores, load ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const pages = { grey: [], bw: [] };
for (let i = 0; pages.grey.length < speedSheets || pages.bw.length < speedSheets / 4; i++) {
  const s = await generateSheet(ct, seed + 900_000 + i, {
    dpis: [200],
    formats: ['raw'],
    secondPageShare: 0.1,
  });
  const bw = s.truth.degradations.some((d) => d === '1-bit' || d.startsWith('dither'));
  const list = bw ? pages.bw : pages.grey;
  if (list.length < (bw ? speedSheets / 4 : speedSheets)) list.push(s.raw);
}
const kinds = {
  'grey JPEG q85': await Promise.all(
    pages.grey.map((p) => encodeScan(p, 'jpeg', { dpi: 200, quality: 85 })),
  ),
  'colour JPEG q85': await Promise.all(
    pages.grey.map((p) => encodeScan(p, 'jpeg', { dpi: 200, quality: 85, colour: true })),
  ),
  'black-and-white PNG': await Promise.all(pages.bw.map((p) => encodeScan(p, 'png', { dpi: 200 }))),
};
const perCoreOf = {};
for (const [kind, files] of Object.entries(kinds)) {
  console.log(
    `\nthroughput, ${kind}: ${files.length} scans at 200 dpi A4 (${Math.round(files.reduce((a, f) => a + f.length, 0) / files.length / 1024)} kB mean), decode + recognition + crops (+ aligned page for sheets to review)`,
  );
  {
    // One thread, split into decode and recognition (CPU time, libvips included).
    sharp.concurrency(1);
    const n = Math.min(40, files.length);
    await decodeScan(files[0]);
    let c = cpuMs();
    const imgs = [];
    for (let i = 0; i < n; i++) imgs.push((await decodeScan(files[i]))[0]);
    const dec = (cpuMs() - c) / n;
    recognizeImage(imgs[0], ct.template);
    c = cpuMs();
    for (const img of imgs) recognizeImage(img, ct.template);
    const rec = (cpuMs() - c) / n;
    c = cpuMs();
    for (const img of imgs)
      recognizeImage(img, ct.template, { skipCrops: true, alignedPage: 'never' });
    const core = (cpuMs() - c) / n;
    console.log(
      `  one thread: decode ${dec.toFixed(1)} ms + recognition ${rec.toFixed(1)} ms (${core.toFixed(1)} ms without crops and aligned page) CPU a sheet → ${(1000 / (dec + rec)).toFixed(1)} sheets/s per core`,
    );
  }
  const pool = createRecognizerPool({ workers });
  await pool.recognize(
    files.slice(0, workers).map((f, i) => ({ id: `w${i}`, input: f, template: ct.template })),
  );
  const c = cpuMs();
  const t = performance.now();
  const results = await pool.recognize(
    files.map((f, i) => ({ id: String(i), input: f, template: ct.template })),
  );
  const wall = (performance.now() - t) / 1000;
  const cpu = (cpuMs() - c) / 1000;
  await pool.close();
  const failed = results.flat().filter((r) => r.status === 'failed').length;
  perCoreOf[kind] = files.length / cpu;
  console.log(
    `  pool of ${workers} workers: ${(files.length / wall).toFixed(1)} sheets/s wall, ${cpu.toFixed(1)} CPU-s → ${perCoreOf[kind].toFixed(1)} sheets/s per core (${failed} failed)`,
  );
}
check(
  'throughput ≥ 20 sheets/s per core on grey JPEG (CPU time, 200 dpi A4)',
  perCoreOf['grey JPEG q85'] >= 20,
  Object.entries(perCoreOf)
    .map(([k, v]) => `${k} ${v.toFixed(1)}`)
    .join(', '),
);

if (process.argv.includes('--only=speed')) process.exit(ok ? 0 : 1);

// ── 2. Acceptance figures on the corpus, generated and recognised in worker threads.
console.log(
  `\ncorpus: ${sheets} sheets, seeds ${seed}–${seed + sheets - 1} (reporting range), ${workers} workers`,
);
const t0 = performance.now();
const per = Math.ceil(sheets / workers);
let done = 0;
const partial = [];
const shards = await Promise.all(
  Array.from({ length: workers }, (_, w) => {
    const count = Math.max(0, Math.min(per, sheets - w * per));
    return new Promise((resolve, reject) => {
      const worker = new Worker(new URL('./recognizer-worker.mjs', import.meta.url), {
        workerData: { seed: seed + w * per, count, wrong: Math.ceil(20 / workers) },
      });
      worker.on('message', (m) => {
        if (m.type === 'progress') {
          done += m.done;
          if (m.score) partial[w] = m.score;
          if (done % 200 === 0) {
            const p = partial
              .filter(Boolean)
              .reduce((a, s) => mergeScores(a, structuredClone(s)), emptyScore());
            console.log(
              `  … ${done} sheets (${((performance.now() - t0) / 1000).toFixed(0)} s): aligned ${p.aligned}/${p.sheets}, silent exam-number errors ${p.silentExamNumberErrors}, clear-bubble errors ${p.clearBubbleErrors}/${p.clearBubbles}, silently wrong answers ${p.silentWrongAnswers}, absent ${p.absentFound}/${p.absentTrue} (false alarms ${p.absentFalseAlarms})`,
            );
          }
        } else resolve(m);
      });
      worker.on('error', reject);
    });
  }),
);
const score = shards.reduce((a, s) => mergeScores(a, s.score), emptyScore());
const formats = {};
for (const s of shards)
  for (const [k, v] of Object.entries(s.formats)) formats[k] = (formats[k] ?? 0) + v;
const wrong = shards.flatMap((s) => s.wrong);
console.log(
  `  ${((performance.now() - t0) / 1000).toFixed(0)} s; formats ${JSON.stringify(formats)}`,
);
console.log(
  `  questions by kind ${JSON.stringify(score.questionsByKind)}; to review ${JSON.stringify(score.reviewsByKind)}`,
);
check(
  'every sheet aligned',
  score.aligned === score.sheets && score.wrongPage + score.wrongOrientation === 0,
  `${score.aligned}/${score.sheets} (wrong page ${score.wrongPage}, wrong orientation ${score.wrongOrientation})${score.failures
    .slice(0, 3)
    .map((f) => `; ${f.seed}: ${f.reason}`)
    .join('')}`,
);
check(
  'zero silent exam-number errors',
  score.silentExamNumberErrors === 0,
  `${score.silentExamNumberErrors} (read ${score.examNumbersRead}; clear ones sent to review ${score.examNumberReviews}/${score.examNumbersClear}; faint or doubled digits reviewed ${score.examNumbersUnclearReviewed}/${score.examNumbersUnclear})`,
);
const rate = score.clearBubbleErrors / Math.max(1, score.clearBubbles);
check(
  'bubble error rate ≤ 1/10,000 on clear marks',
  rate <= 1e-4,
  `${score.clearBubbleErrors} errors in ${score.clearBubbles} bubbles (${(rate * 1e4).toFixed(2)} per 10,000; silent ${score.clearBubbleSilentErrors})`,
);
const faintish = ['faint', 'partial', 'double', 'erasure'];
const silentFaint = faintish.reduce((a, k) => a + (score.silentWrongByKind[k] ?? 0), 0);
check(
  'no silently wrong answer on faint, double or erased marks',
  silentFaint === 0,
  `${silentFaint} (of ${faintish.reduce((a, k) => a + (score.questionsByKind[k] ?? 0), 0)} such questions; reviewed faint ${score.reviewsByKind.faint ?? 0}/${score.questionsByKind.faint ?? 0}, partial ${score.reviewsByKind.partial ?? 0}/${score.questionsByKind.partial ?? 0}, double ${score.reviewsByKind.double ?? 0}/${score.questionsByKind.double ?? 0})`,
);
check(
  'no silently wrong answer at all',
  score.silentWrongAnswers === 0,
  `${score.silentWrongAnswers}`,
);
check(
  'absent marks found, no false alarms',
  score.absentFound === score.absentTrue && score.absentFalseAlarms === 0,
  `${score.absentFound}/${score.absentTrue} found, ${score.absentFalseAlarms} false alarms, ${score.absentReviews} to review`,
);
for (const e of score.examples.slice(0, 10)) console.log(`    ${e}`);

// ── 3. Wrong exam and corrupt files: typed failures with a reason, never an exception.
const wrongOk = wrong.filter((w) => w.startsWith('wrongExam')).length;
check(
  'another exam’s sheets rejected as 非本场考试答题卡',
  wrongOk === wrong.length,
  `${wrongOk}/${wrong.length}${wrong.find((w) => !w.startsWith('wrongExam')) ? ` (e.g. ${wrong.find((w) => !w.startsWith('wrongExam'))})` : ''}`,
);
const good = await encodeScan((await generateSheet(ct, seed, { formats: ['raw'] })).raw, 'jpeg', {
  dpi: 200,
});
const corrupt = [
  Buffer.alloc(0),
  Buffer.from('not a scan'),
  good.subarray(0, good.length / 3),
  Buffer.from('%PDF-1.4\n%broken'),
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(100)]),
];
const reasons = [];
for (const c of corrupt) reasons.push(await recognizeSheet(c, ct.template));
const allFailed = reasons.every((r) => r.status === 'failed' && r.code === 'decode');
check(
  'corrupt files end as typed failures',
  allFailed,
  reasons.map((r) => (r.status === 'failed' ? r.reason : r.status)).join(' | '),
);
process.exit(ok ? 0 : 1);
