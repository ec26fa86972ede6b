import { beforeAll, describe, expect, it } from 'vitest';
import { corpusTemplate, encodeScan, generateSheet } from './corpus/index';
import { recognizeImage, recognizeSheet, toReadingSize } from './index';
import type { AnswerCrop, RawImage, RecognizedSheet, SheetResult } from './types';

const ct = corpusTemplate();
const ok = (r: SheetResult): RecognizedSheet => {
  if (r.status === 'failed') throw new Error(`failed: ${r.reason}`);
  return r;
};
const DPI = 200;
const K = DPI / 25.4;
type Element = (typeof ct.template.elements)[number];
const region = ct.template.elements.find(
  (e): e is Extract<Element, { kind: 'subjective' | 'fill' }> =>
    e.kind === 'subjective' && e.page === 0,
)!;
/** The printed test pattern: 10 × 6 mm of vertical lines 2 px wide, 2 px apart, 3 mm into the box. */
const PATTERN = { x: region.x + 3, y: region.y + 3, w: 10, h: 6 };

/** Mean absolute difference of horizontal neighbours inside the pattern (edge contrast). */
function edgeContrast(c: AnswerCrop): number {
  const k = c.image.width / c.rectMm.w;
  const x0 = Math.round((PATTERN.x + 1 - c.rectMm.x) * k);
  const x1 = Math.round((PATTERN.x + PATTERN.w - 1 - c.rectMm.x) * k);
  const y0 = Math.round((PATTERN.y + 1 - c.rectMm.y) * k);
  const y1 = Math.round((PATTERN.y + PATTERN.h - 1 - c.rectMm.y) * k);
  let s = 0;
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const o = y * c.image.width + x;
      s += Math.abs(c.image.data[o + 1]! - c.image.data[o]!);
      n++;
    }
  return s / n;
}

let raw: RawImage;
let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  const sheet = await generateSheet(ct, 10_500, {
    degrade: false,
    formats: ['raw'],
    dpis: [DPI],
    secondPageShare: 0,
  });
  raw = sheet.raw!;
  // A fine printed pattern no 100-dpi reading can keep: 2-px lines at 200 dpi (0.25 mm).
  const x0 = Math.round(PATTERN.x * K);
  const y0 = Math.round(PATTERN.y * K);
  for (let y = y0; y < Math.round((PATTERN.y + PATTERN.h) * K); y++)
    for (let x = x0; x < Math.round((PATTERN.x + PATTERN.w) * K); x++)
      raw.data[y * raw.width + x] = (x - x0) % 4 < 2 ? 20 : 250;
  png = await encodeScan(raw, 'png', { dpi: DPI });
  jpeg = await encodeScan(raw, 'jpeg', { dpi: DPI, quality: 95 });
}, 60_000);

describe('subjective crops at the scan’s resolution (marks read at the reading resolution)', () => {
  it('reads a 200-dpi scan at about 100 dpi but cuts its crops at 200 dpi', async () => {
    for (const file of [png, jpeg]) {
      const r = ok(await recognizeSheet(file, ct.template));
      // Marks were read on the averaged page…
      expect(r.alignment.pxPerMm).toBeCloseTo(K / 2, 0);
      // …the crops come from the full decode: a box of w × h mm is (w + 2) × (h + 2) mm at 200 dpi.
      const c = r.crops.find((x) => x.questionId === region.questionId && x.part === region.part)!;
      expect(c.image.width).toBe(Math.round((region.w + 2) * K));
      expect(c.image.height).toBe(Math.round((region.h + 2) * K));
      for (const crop of r.crops) {
        expect(crop.image.width).toBe(Math.round(crop.rectMm.w * K));
        expect(crop.image.height).toBe(Math.round(crop.rectMm.h * K));
      }
    }
  });

  it('keeps a fine printed pattern as sharp as the full-resolution reading does', async () => {
    const pick = (r: RecognizedSheet): AnswerCrop =>
      r.crops.find((x) => x.questionId === region.questionId && x.part === region.part)!;
    const fast = pick(ok(await recognizeSheet(png, ct.template)));
    const full = pick(ok(await recognizeSheet(png, ct.template, { fullResolution: true })));
    // What the crop was before: cut from the averaged page (no full-size pixels kept).
    const before = pick(
      ok(
        recognizeImage(
          toReadingSize(raw, { width: ct.template.widthMm, height: ct.template.heightMm }),
          ct.template,
        ),
      ),
    );
    expect(fast.image.width).toBe(full.image.width);
    expect(fast.image.height).toBe(full.image.height);
    let diff = 0;
    for (let i = 0; i < fast.image.data.length; i++)
      diff += Math.abs(fast.image.data[i]! - full.image.data[i]!);
    expect(diff / fast.image.data.length).toBeLessThan(1);
    const sharp = edgeContrast(fast);
    expect(sharp).toBeGreaterThan(0.8 * edgeContrast(full));
    // Lines 2 px wide, 2 px apart (black 20, white 250): at 200 dpi neighbours differ by half of
    // that on average (115) wherever the crop's pixels fall; cut from the 100-dpi page, the lines
    // are at the limit of its resolution and come out grey.
    expect(sharp).toBeGreaterThan(100);
    expect(edgeContrast(before)).toBeLessThan(0.6 * sharp);
  });
});
