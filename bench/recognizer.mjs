// Benchmark of @examkit/recognizer (GitHub issue 6): throughput of decode + recognition at
// 200 dpi A4 over worker threads, and the acceptance figures on a generated corpus.
// Runs from source: node --conditions=source --import tsx bench/recognizer.mjs
// Options: --sheets=N corpus size (default 2000), --seed=S first seed (default 900000, the
// reporting range; thresholds were tuned on seeds 1–999, see docs/recognition.md), --workers=N (default 2),
// --speed=N sheets of the throughput run (default 120), --only=speed skips the corpus,
// --kinds=word,word measures only the input kinds whose label holds one of the words.
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
  corpusPaper,
  corpusTemplate,
  encodeScan,
  scannedPdf,
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

// ── 1. Throughput per input kind (issue 20): decode + recognition (crops included, aligned page
// for sheets to review) on one thread, as process CPU time (libvips included) → sheets/s per core.
// Kinds: grey and colour JPEG A4 200 dpi q85, 1-bit A4 200 dpi (CCITT G4 TIFF, speckled),
// scanned PDFs (grey JPEG inside; 1-bit CCITT G4 inside) and grey JPEG A3 200 dpi.
console.log(
  `machine: ${availableParallelism()} cores, load ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const perKind = Math.max(8, Math.round(speedSheets / 4));
const a3 = corpusTemplate(corpusPaper(), { isHen: 1, column: 2 });
const pagesOf = async (tpl, mode, n, base) => {
  const out = [];
  for (let i = 0; out.length < n; i++) {
    const s = await generateSheet(tpl, base + i, {
      dpis: [200],
      formats: ['raw'],
      secondPageShare: 0.1,
      scanMode: mode,
      speckle: mode === '1-bit',
    });
    out.push(s.raw);
  }
  return out;
};
const greyPages = await pagesOf(ct, 'grey', perKind, seed + 900_000);
const bwPages = await pagesOf(ct, '1-bit', perKind, seed + 910_000);
const a3Pages = await pagesOf(a3, 'grey', perKind, seed + 920_000);
const g4 = (p) =>
  sharp(p.data, { raw: { width: p.width, height: p.height, channels: 1 } })
    .toColourspace('b-w')
    .tiff({ compression: 'ccittfax4', bitdepth: 1 })
    .toBuffer();
const kinds = {
  'grey JPEG A4 200 dpi': [
    ct,
    await Promise.all(greyPages.map((p) => encodeScan(p, 'jpeg', { dpi: 200, quality: 85 }))),
  ],
  'colour JPEG A4 200 dpi': [
    ct,
    await Promise.all(
      greyPages.map((p) => encodeScan(p, 'jpeg', { dpi: 200, quality: 85, colour: true })),
    ),
  ],
  '1-bit A4 200 dpi (G4 TIFF)': [ct, await Promise.all(bwPages.map(g4))],
  '1-bit A4 200 dpi (PNG)': [
    ct,
    await Promise.all(bwPages.map((p) => encodeScan(p, 'png', { dpi: 200 }))),
  ],
  'PDF A4 200 dpi (grey JPEG inside)': [
    ct,
    await Promise.all(greyPages.map((p) => scannedPdf(p, 'dct', 200))),
  ],
  'PDF A4 200 dpi (1-bit G4 inside)': [
    ct,
    await Promise.all(bwPages.map((p) => scannedPdf(p, 'ccitt', 200))),
  ],
  'PDF A4 200 dpi (1-bit JBIG2 inside)': [
    ct,
    await Promise.all(bwPages.map((p) => scannedPdf(p, 'jbig2', 200))),
  ],
  'grey JPEG A3 200 dpi': [
    a3,
    await Promise.all(a3Pages.map((p) => encodeScan(p, 'jpeg', { dpi: 200, quality: 85 }))),
  ],
};
const perCoreOf = {};
sharp.concurrency(1);
// --kinds=colour,G4 measures only the kinds whose label holds one of these words (quick
// before/after runs on a shared machine); the check line then covers the kinds measured.
const onlyKinds = process.argv
  .find((a) => a.startsWith('--kinds='))
  ?.slice('--kinds='.length)
  .split(',');
for (const [kind, [tpl, files]] of Object.entries(kinds)) {
  if (onlyKinds && !onlyKinds.some((w) => kind.includes(w))) continue;
  const pageMm = { width: tpl.template.widthMm, height: tpl.template.heightMm };
  // One pass to warm the JIT, then two measured passes: the faster is kept (the machine is shared).
  let best = null;
  for (let pass = 0; pass < 3; pass++) {
    let c = cpuMs();
    const imgs = [];
    for (const f of files) imgs.push((await decodeScan(f, { pageMm }))[0]);
    const dec = (cpuMs() - c) / files.length;
    c = cpuMs();
    let failed = 0;
    for (const img of imgs) if (recognizeImage(img, tpl.template).status === 'failed') failed++;
    const rec = (cpuMs() - c) / files.length;
    if (pass > 0 && (!best || dec + rec < best.dec + best.rec))
      best = { dec, rec, failed, size: `${imgs[0].width}×${imgs[0].height}` };
  }
  perCoreOf[kind] = 1000 / (best.dec + best.rec);
  console.log(
    `throughput, ${kind}: ${files.length} scans (${Math.round(files.reduce((a, f) => a + f.length, 0) / files.length / 1024)} kB mean, read at ${best.size}): decode ${best.dec.toFixed(1)} ms + recognition ${best.rec.toFixed(1)} ms CPU → ${perCoreOf[kind].toFixed(1)} sheets/s per core (${best.failed} failed)`,
  );
}
if (Object.keys(perCoreOf).length > 0)
  check(
    'throughput ≥ 30 sheets/s per core on grey and colour JPEG and 1-bit A4, ≥ 15 on A3 (one thread, CPU time)',
    [
      ['grey JPEG A4 200 dpi', 30],
      ['colour JPEG A4 200 dpi', 30],
      ['1-bit A4 200 dpi (G4 TIFF)', 30],
      ['grey JPEG A3 200 dpi', 15],
    ].every(([k, goal]) => (perCoreOf[k] ?? goal) >= goal),
    Object.entries(perCoreOf)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join(', '),
  );
{
  // A PDF page against the same image as a file (issue 20: no more than it), measured sheet by
  // sheet in alternation so that a busy shared machine weighs on both alike: CPU time of decode
  // plus recognition, summed over three passes after a warm-up.
  const pairs = [
    ['1-bit G4', '1-bit A4 200 dpi (G4 TIFF)', 'PDF A4 200 dpi (1-bit G4 inside)'],
    ['grey JPEG', 'grey JPEG A4 200 dpi', 'PDF A4 200 dpi (grey JPEG inside)'],
  ].filter(([, a, b]) => !onlyKinds || [a, b].some((k) => onlyKinds.some((w) => k.includes(w))));
  const pageMm = { width: ct.template.widthMm, height: ct.template.heightMm };
  const one = async (f) => {
    const c = cpuMs();
    recognizeImage((await decodeScan(f, { pageMm }))[0], ct.template);
    return cpuMs() - c;
  };
  for (const [label, fileKind, pdfKind] of pairs) {
    const files = kinds[fileKind][1];
    const pdfs = kinds[pdfKind][1];
    let file = 0;
    let pdf = 0;
    for (let pass = 0; pass < 4; pass++)
      for (let i = 0; i < files.length; i++) {
        const a = await one(files[i]);
        const b = await one(pdfs[i]);
        if (pass > 0) {
          file += a;
          pdf += b;
        }
      }
    const n = 3 * files.length;
    check(
      `${label}: a PDF page costs no more than the same image as a file (alternating, within 5 % noise)`,
      pdf <= file * 1.05,
      `file ${(file / n).toFixed(1)} ms, PDF ${(pdf / n).toFixed(1)} ms CPU a sheet (PDF/file ${(pdf / file).toFixed(3)})`,
    );
  }
}
if (!onlyKinds) {
  // The pool (worker threads) on grey JPEG: wall and CPU throughput of the usual setting.
  const files = kinds['grey JPEG A4 200 dpi'][1];
  const pool = createRecognizerPool({ workers });
  await pool.recognize(
    files.slice(0, workers).map((f, i) => ({ id: `w${i}`, input: f, template: ct.template })),
  );
  const c = cpuMs();
  const t = performance.now();
  await pool.recognize(files.map((f, i) => ({ id: String(i), input: f, template: ct.template })));
  const wall = (performance.now() - t) / 1000;
  const cpu = (cpuMs() - c) / 1000;
  await pool.close();
  console.log(
    `  pool of ${workers} workers, grey JPEG: ${(files.length / wall).toFixed(1)} sheets/s wall, ${(files.length / cpu).toFixed(1)} sheets/s per core`,
  );
}

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

// ── 2b. Accuracy per input kind (issue 20): review and error counts on fresh seeds, each kind
// generated on purpose: 1-bit with speckle, marks that are not fills, scanned PDFs of each coding.
const kindSheets = arg('kind-sheets', 100);
const NON_FILL = ['cross', 'tick', 'bar', 'dot', 'circle'];
const accuracyKinds = {
  grey: { scanMode: 'grey' },
  '1-bit + speckle': { scanMode: '1-bit', speckle: true, formats: ['png', 'tiff', 'pdf'] },
  'non-fill marks, grey': { scanMode: 'grey', nonFill: 0.3 },
  'non-fill marks, 1-bit': {
    scanMode: '1-bit',
    speckle: true,
    nonFill: 0.3,
    formats: ['png', 'tiff'],
  },
  'PDF, JPEG inside': { scanMode: 'grey', formats: ['pdf'], pdfEncoding: 'dct' },
  'PDF, Flate inside': { formats: ['pdf'], pdfEncoding: 'flate' },
  'PDF, 1-bit CCITT G4': {
    scanMode: '1-bit',
    speckle: true,
    formats: ['pdf'],
    pdfEncoding: 'ccitt',
  },
  'PDF, 1-bit JBIG2 (MMR)': {
    scanMode: '1-bit',
    speckle: true,
    formats: ['pdf'],
    pdfEncoding: 'jbig2',
  },
};
let kindIndex = 0;
for (const [label, generate] of Object.entries(accuracyKinds)) {
  const base = seed + 200_000 + kindIndex++ * 10_000;
  const per2 = Math.ceil(kindSheets / workers);
  const parts = await Promise.all(
    Array.from(
      { length: workers },
      (_, w) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL('./recognizer-worker.mjs', import.meta.url), {
            workerData: {
              seed: base + w * per2,
              count: Math.max(0, Math.min(per2, kindSheets - w * per2)),
              wrong: 0,
              generate,
            },
          });
          worker.on('message', (m) => m.type === 'done' && resolve(m));
          worker.on('error', reject);
        }),
    ),
  );
  const sc = parts.reduce((a, p) => mergeScores(a, p.score), emptyScore());
  const q = sc.questionsByKind;
  const rv = sc.reviewsByKind;
  const clearReviewed = (rv.clear ?? 0) / Math.max(1, q.clear ?? 0);
  const nonFill = NON_FILL.filter((k) => q[k]).map(
    (k) => `${k} ${rv[k] ?? 0}/${q[k]} reviewed, ${sc.nonFillUnflagged[k] ?? 0} unflagged`,
  );
  check(
    `${label}: no silent error, clear questions to review ≤ 1 %${nonFill.length ? ', every non-fill mark flagged' : ''}`,
    sc.aligned === sc.sheets &&
      sc.silentWrongAnswers === 0 &&
      sc.clearBubbleSilentErrors === 0 &&
      sc.silentExamNumberErrors === 0 &&
      clearReviewed <= 0.01 &&
      Object.values(sc.nonFillUnflagged).every((v) => v === 0),
    `${sc.aligned}/${sc.sheets} aligned; silent errors: answers ${sc.silentWrongAnswers}, bubbles ${sc.clearBubbleSilentErrors}, exam numbers ${sc.silentExamNumberErrors}; clear questions to review ${rv.clear ?? 0}/${q.clear ?? 0} (${(clearReviewed * 100).toFixed(2)} %), blank ${rv.blank ?? 0}/${q.blank ?? 0}, faint ${rv.faint ?? 0}/${q.faint ?? 0}, erasure ${rv.erasure ?? 0}/${q.erasure ?? 0}${nonFill.length ? `; ${nonFill.join(', ')}` : ''}`,
  );
  for (const e of sc.examples.slice(0, 3)) console.log(`    ${e}`);
}

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
