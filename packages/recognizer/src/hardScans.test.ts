import { describe, expect, it } from 'vitest';
import { emptyScore, NON_FILL, scoreSheet, type CorpusScore } from './corpus/evaluate';
import { corpusTemplate, generateSheet, type CorpusOptions } from './corpus/index';
import { scannedPdf } from './corpus/pdfWriter';
import { downsample } from './image';
import { decodeScan, recognizeSheet } from './index';
import { pdfScanImages } from './pdfScan';

/** Issue 20: 1-bit scans with speckle, marks that are not fills, scanned PDFs of each coding. */
const ct = corpusTemplate();
const SEED = 30_000;

async function run(
  seed: number,
  count: number,
  o: Omit<CorpusOptions, 'seed' | 'count'>,
): Promise<CorpusScore> {
  const score = emptyScore();
  for (let i = 0; i < count; i++) {
    const s = await generateSheet(ct, seed + i, o);
    const r = await recognizeSheet(s.raw ?? s.file!, ct.template, {
      alignedPageDpi: 0,
      skipCrops: true,
    });
    scoreSheet(score, s.truth, r);
  }
  return score;
}

function expectNoSilentError(sc: CorpusScore): void {
  expect(sc.aligned, sc.failures.map((f) => `${f.seed}: ${f.reason}`).join('; ')).toBe(sc.sheets);
  expect(sc.silentWrongAnswers, sc.examples.join('\n')).toBe(0);
  expect(sc.clearBubbleSilentErrors).toBe(0);
  expect(sc.silentExamNumberErrors).toBe(0);
}

describe('hard scans (issue 20)', () => {
  it('reads 1-bit scans with speckle with no silent error and sends ≤ 1 % of clear questions to review', async () => {
    const sc = await run(SEED, 6, {
      scanMode: '1-bit',
      speckle: true,
      formats: ['raw', 'png', 'tiff'],
      secondPageShare: 0,
    });
    expectNoSilentError(sc);
    expect(sc.questionsByKind.clear).toBeGreaterThan(100);
    expect((sc.reviewsByKind.clear ?? 0) / sc.questionsByKind.clear!).toBeLessThanOrEqual(0.01);
  }, 120_000);

  it('never reads a cross, tick, bar, centre dot or circled bubble silently, on grey and 1-bit scans', async () => {
    for (const [i, o] of [
      { scanMode: 'grey' as const },
      { scanMode: '1-bit' as const, speckle: true },
    ].entries()) {
      const sc = await run(SEED + 100 + i * 50, 6, {
        ...o,
        nonFill: 0.35,
        formats: ['raw'],
        secondPageShare: 0,
      });
      expectNoSilentError(sc);
      for (const k of NON_FILL) {
        expect(sc.questionsByKind[k], k).toBeGreaterThan(3);
        expect(sc.nonFillUnflagged[k] ?? 0, k).toBe(0);
        expect(sc.reviewsByKind[k], k).toBe(sc.questionsByKind[k]);
      }
      expect((sc.reviewsByKind.clear ?? 0) / sc.questionsByKind.clear!).toBeLessThanOrEqual(0.01);
    }
  }, 120_000);

  it('names the option and what was seen when a mark is not a fill', async () => {
    const s = await generateSheet(ct, SEED + 200, {
      nonFill: 1,
      scanMode: 'grey',
      formats: ['raw'],
      secondPageShare: 0,
    });
    const r = await recognizeSheet(s.raw!, ct.template);
    if (r.status === 'failed') throw new Error(r.reason);
    const q = s.truth.questions.find((x) => x.kind === 'circle')!;
    const a = r.answers.find((x) => x.questionId === q.questionId)!;
    expect(a.status).toBe('review');
    expect(a.flags).toContain('notFilled');
    expect(a.bubbles.find((b) => b.option === q.answer)!.shape).toBe('circled');
    expect(r.reviewReasons).toContain(
      `第 ${a.number} 题 ${q.answer} 选项被圈出而未填涂，请人工确认`,
    );
    const cross = s.truth.questions.find((x) => x.kind === 'cross')!;
    const number = r.answers.find((x) => x.questionId === cross.questionId)!.number;
    expect(
      r.reviewReasons.some((t) => t.startsWith(`第 ${number} 题 ${cross.answer} 选项不是完整填涂`)),
    ).toBe(true);
  }, 60_000);

  it('takes the scan image out of PDFs of every coding, pixel for pixel, and reads them', async () => {
    const bw = await generateSheet(ct, SEED + 300, {
      scanMode: '1-bit',
      speckle: true,
      formats: ['raw'],
      dpis: [150],
    });
    const grey = await generateSheet(ct, SEED + 301, {
      scanMode: 'grey',
      formats: ['raw'],
      dpis: [150],
    });
    for (const [encoding, src, kind] of [
      ['flate', bw.raw!, 'raw'],
      ['flate', grey.raw!, 'raw'],
      ['ccitt', bw.raw!, 'tiff'],
      ['jbig2', bw.raw!, 'tiff'],
      ['dct', grey.raw!, 'jpeg'],
    ] as const) {
      const pdf = await scannedPdf(src, encoding, 150, 92);
      const found = pdfScanImages(pdf);
      if ('notAScan' in found) throw new Error(`${encoding}: ${found.notAScan}`);
      expect(found).toHaveLength(1);
      expect(found[0]!.kind, encoding).toBe(kind);
      const [img] = await decodeScan(pdf);
      // The image at the page's own size, as the same scan as a file (no padding).
      expect([img!.width, img!.height], encoding).toEqual([src.width, src.height]);
      let diff = 0;
      for (let y = 0; y < src.height; y++)
        for (let x = 0; x < src.width; x++)
          diff += Math.abs(img!.data[y * img!.width + x]! - src.data[y * src.width + x]!);
      // Lossless codings give the page back exactly; JPEG within its quantisation.
      expect(diff / (src.width * src.height), encoding).toBeLessThan(kind === 'jpeg' ? 2 : 0.001);
      // poppler (a reader that is not ours) draws the page the same, up to its own edge
      // rounding: compared as 4 × 4 averages (a blank render would differ by about 20 levels).
      const rendered = (await decodeScan(pdf, { dpi: 150 }))[0]!;
      const a = downsample(rendered, 4);
      const b = downsample(src, 4);
      let off = 0;
      for (let y = 0; y < b.height; y++)
        for (let x = 0; x < b.width; x++)
          off += Math.abs(a.data[y * a.width + x]! - b.data[y * b.width + x]!);
      expect(off / (b.width * b.height), `${encoding} rendered by poppler`).toBeLessThan(6);
      const truth = src === bw.raw ? bw.truth : grey.truth;
      const sc = emptyScore();
      scoreSheet(sc, truth, await recognizeSheet(pdf, ct.template, { alignedPageDpi: 0 }));
      expectNoSilentError(sc);
    }
  }, 120_000);

  it('renders a PDF that is not a scan (vector pages) instead', async () => {
    const { renderSheetPdf } = await import('@examkit/answer-sheet/pdf');
    const pdf = Buffer.from(await renderSheetPdf(ct.document));
    expect('notAScan' in pdfScanImages(pdf)).toBe(true);
    const pages = await decodeScan(pdf, { dpi: 100 });
    expect(pages).toHaveLength(2);
  }, 60_000);
});
