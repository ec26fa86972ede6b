import { affineFit, apply, homography4, localScale, type Mat3, type Point } from './geometry';
import {
  boxSmooth,
  components,
  downsample,
  LazySmooth,
  warp,
  whiteAt,
  whiteMap,
  type WhiteMap,
} from './image';
import {
  prepareTemplate,
  type PreparedPage,
  type PreparedQuestion,
  type PreparedTemplate,
} from './prepare';
import { checkQrcode } from './readQrcode';
import { DEFAULT_THRESHOLDS } from './thresholds';
import type {
  AnswerCrop,
  AnswerFlag,
  BubbleReading,
  ExamNumberDigit,
  FailedSheet,
  MarkThresholds,
  ObjectiveAnswer,
  RawImage,
  RecognitionTemplate,
  RecognizeOptions,
  RecognizedSheet,
  SheetResult,
} from './types';

type Rect = { x: number; y: number; w: number; h: number };

const fail = (code: FailedSheet['code'], reason: string, id?: string): FailedSheet => ({
  status: 'failed',
  code,
  reason,
  ...(id !== undefined ? { id } : {}),
});

/** Everything measured on one page image. */
interface Scan {
  /** The image read for marks and anchors (smoothed where `ensure` was asked, for 1-bit scans). */
  img: RawImage;
  /** Makes `img` final in pixels [x0, x1) × [y0, y1) before they are read. */
  ensure: (x0: number, y0: number, x1: number, y1: number) => void;
  /** The image before black-and-white smoothing. */
  original: RawImage;
  coarse: RawImage;
  factor: number;
  white: WhiteMap;
  black: number;
}

function whiteAtPx(s: Scan, x: number, y: number): number {
  return whiteAt(s.white, x / s.factor, y / s.factor);
}

/** Mean grey of an axis-aligned pixel box centred at (cx, cy). */
function boxMean(img: RawImage, cx: number, cy: number, hw: number, hh: number): number {
  const x0 = Math.max(0, Math.round(cx - hw));
  const x1 = Math.min(img.width - 1, Math.round(cx + hw));
  const y0 = Math.max(0, Math.round(cy - hh));
  const y1 = Math.min(img.height - 1, Math.round(cy + hh));
  if (x1 < x0 || y1 < y0) return 255;
  let s = 0;
  for (let y = y0; y <= y1; y++) {
    const o = y * img.width;
    for (let x = x0; x <= x1; x++) s += img.data[o + x]!;
  }
  return s / ((x1 - x0 + 1) * (y1 - y0 + 1));
}

/** `boxMean` of the scan's image, made final there first. */
function meanAt(s: Scan, cx: number, cy: number, hw: number, hh: number): number {
  s.ensure(
    Math.round(cx - hw),
    Math.round(cy - hh),
    Math.round(cx + hw) + 1,
    Math.round(cy + hh) + 1,
  );
  return boxMean(s.img, cx, cy, hw, hh);
}

/** Ink fraction (0 paper, 1 marker black) of the centre of a template rectangle under a map. */
function inkOf(s: Scan, h: Mat3, r: Rect, fx = 0.3, fy = 0.28): number {
  const c = apply(h, r.x + r.w / 2, r.y + r.h / 2);
  const k = localScale(h, r.x + r.w / 2, r.y + r.h / 2);
  const mean = meanAt(s, c.x, c.y, Math.max(0.5, r.w * fx * k), Math.max(0.5, r.h * fy * k));
  const white = whiteAtPx(s, c.x, c.y);
  const f = (white - mean) / Math.max(20, white - s.black);
  return Math.max(-0.5, Math.min(1.5, f));
}

/** Finds the dark square nearest `p` (pixels) of side `sidePx` in a window; its centroid or null. */
function findSquare(
  s: Scan,
  p: Point,
  sidePx: number,
  halfWindow: number,
): { c: Point; black: number } | null {
  const x0 = Math.max(0, Math.round(p.x - halfWindow));
  const y0 = Math.max(0, Math.round(p.y - halfWindow));
  const x1 = Math.min(s.img.width, Math.round(p.x + halfWindow));
  const y1 = Math.min(s.img.height, Math.round(p.y + halfWindow));
  const w = x1 - x0;
  const h = y1 - y0;
  if (w < 3 || h < 3) return null;
  s.ensure(x0, y0, x1, y1);
  const white = whiteAtPx(s, p.x, p.y);
  const thr = (white + s.black) / 2;
  const dark = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const o = (y + y0) * s.img.width + x0;
    for (let x = 0; x < w; x++) dark[y * w + x] = s.img.data[o + x]! < thr ? 1 : 0;
  }
  const area = sidePx * sidePx;
  let best: {
    c: Point;
    d: number;
    comp: { minX: number; minY: number; maxX: number; maxY: number };
  } | null = null;
  for (const c of components(dark, w, h, Math.max(2, area * 0.4))) {
    if (c.touchesBorder) continue;
    const bw = c.maxX - c.minX + 1;
    const bh = c.maxY - c.minY + 1;
    if (c.area > area * 1.7) continue;
    if (bw < sidePx * 0.6 || bh < sidePx * 0.6 || bw > sidePx * 1.5 || bh > sidePx * 1.5) continue;
    if (c.area / (bw * bh) < 0.6) continue;
    const cx = x0 + c.cx + 0.5;
    const cy = y0 + c.cy + 0.5;
    const d = Math.hypot(cx - p.x, cy - p.y);
    if (!best || d < best.d) best = { c: { x: cx, y: cy }, d, comp: c };
  }
  if (!best) return null;
  // Grey-weighted centroid over the component's box (sub-pixel, robust to blur).
  let sw = 0;
  let sx = 0;
  let sy = 0;
  let minV = 255;
  const b = best.comp;
  for (let y = Math.max(0, b.minY - 1); y <= Math.min(h - 1, b.maxY + 1); y++) {
    for (let x = Math.max(0, b.minX - 1); x <= Math.min(w - 1, b.maxX + 1); x++) {
      const v = s.img.data[(y + y0) * s.img.width + x + x0]!;
      if (v < minV) minV = v;
      const wt = white - v;
      if (wt <= 0) continue;
      sw += wt;
      sx += wt * (x + x0 + 0.5);
      sy += wt * (y + y0 + 0.5);
    }
  }
  const c = sw > 0 ? { x: sx / sw, y: sy / sw } : best.c;
  return { c, black: minV };
}

function mul(a: Mat3, b: Mat3): Mat3 {
  const r = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++)
      for (let k = 0; k < 3; k++) r[i * 3 + j]! += a[i * 3 + k]! * b[k * 3 + j]!;
  return r.map((x) => x / r[8]!);
}

interface MarkerFit {
  h: Mat3;
  found: number;
  residualMm: number;
}

/** Corner markers: connected components of the coarse image with size, shape and fill checks. */
function findMarkers(
  s: Scan,
  page: PreparedPage,
  widthMm: number,
  heightMm: number,
  ppmPrior: number,
  th: MarkThresholds,
): MarkerFit | FailedSheet {
  const { coarse, factor } = s;
  const cppm = ppmPrior / factor;
  const side = 6 * cppm;
  const W = coarse.width;
  const H = coarse.height;
  const reach = 45 * cppm;
  // Each corner's marker is searched in a window of its own: the rest of the page is never read.
  const span = Math.min(Math.ceil(reach + 2 * side), W, H);
  const corners = [
    { x: 0, y: 0 },
    { x: W, y: 0 },
    { x: 0, y: H },
    { x: W, y: H },
  ];
  const found: (Point | null)[] = corners.map((k) => {
    const x0 = k.x === 0 ? 0 : W - span;
    const y0 = k.y === 0 ? 0 : H - span;
    const dark = new Uint8Array(span * span);
    for (let y = 0; y < span; y++) {
      const row = (y + y0) * W + x0;
      for (let x = 0; x < span; x++)
        dark[y * span + x] = coarse.data[row + x]! < 0.5 * whiteAt(s.white, x + x0, y + y0) ? 1 : 0;
    }
    let best: { c: Point; d: number } | null = null;
    for (const c of components(dark, span, span, side * side * 0.45)) {
      const bw = c.maxX - c.minX + 1;
      const bh = c.maxY - c.minY + 1;
      if (bw < side * 0.65 || bh < side * 0.65 || bw > side * 1.5 || bh > side * 1.5) continue;
      if (c.area > side * side * 1.6) continue;
      if (bw / bh > 1.35 || bh / bw > 1.35) continue;
      if (c.area / (bw * bh) < 0.7) continue;
      // Cut by the window's inner edge: not a whole square.
      if ((k.x === 0 ? c.maxX === span - 1 : c.minX === 0) && span < W) continue;
      if ((k.y === 0 ? c.maxY === span - 1 : c.minY === 0) && span < H) continue;
      const cx = c.cx + x0;
      const cy = c.cy + y0;
      const d = Math.hypot(cx - k.x, cy - k.y);
      if (d <= reach && (!best || d < best.d)) best = { c: { x: cx, y: cy }, d };
    }
    if (!best) return null;
    const coarseCentre = { x: (best.c.x + 0.5) * factor, y: (best.c.y + 0.5) * factor };
    const fine = findSquare(s, coarseCentre, 6 * ppmPrior, 5.5 * ppmPrior);
    return fine ? fine.c : coarseCentre;
  });
  const tpl = page.markers;
  const idx = [0, 1, 2, 3].filter((i) => found[i]);
  if (idx.length === 2) {
    // Two markers (a torn corner and another cut off by the scan's edge): a scanner does not
    // shear, so rotation, one scale and a shift through the two are the page. The anchors and
    // the page code still have to agree, and a person checks the sheet.
    const [i, j] = idx as [number, number];
    const h = similarityOf(tpl[i]!, tpl[j]!, found[i]!, found[j]!);
    const k = Math.hypot(h[0]!, h[3]!);
    // The image-size prior runs high when the scan has margins around the paper.
    if (k / ppmPrior > 0.8 && k / ppmPrior < 1.1) return { h, found: 2, residualMm: 0 };
  }
  if (idx.length < 3)
    return fail('markers', `未找到足够的定位标记（四角黑块只找到 ${idx.length} 个），无法对齐`);
  const residualOf = (h: Mat3, set: number[]): number => {
    let worst = 0;
    const k = localScale(h, widthMm / 2, heightMm / 2);
    for (const i of set) {
      const p = apply(h, tpl[i]!.x, tpl[i]!.y);
      worst = Math.max(worst, Math.hypot(p.x - found[i]!.x, p.y - found[i]!.y) / k);
    }
    return worst;
  };
  const isotropic = (h: Mat3): boolean => {
    const sx = Math.hypot(h[0]!, h[3]!);
    const sy = Math.hypot(h[1]!, h[4]!);
    const cos = (h[0]! * h[1]! + h[3]! * h[4]!) / (sx * sy);
    return Math.abs(sx / sy - 1) < 0.05 && Math.abs(cos) < 0.05;
  };
  if (idx.length === 4) {
    const aff = affineFit(tpl, found as Point[]);
    if (aff && isotropic(aff)) {
      const residualMm = residualOf(aff, idx);
      if (residualMm <= th.maxMarkerResidualMm) {
        const h = homography4(tpl, found as Point[]);
        if (h) return { h, found: 4, residualMm };
      }
    }
  }
  // Three-marker fallback: the best exact affine over any three markers.
  let best: MarkerFit | null = null;
  for (let skip = 0; skip < 4; skip++) {
    const set = idx.filter((i) => i !== skip);
    if (set.length !== 3) continue;
    const h = affineFit(
      set.map((i) => tpl[i]!),
      set.map((i) => found[i]!),
    );
    if (!h || !isotropic(h)) continue;
    if (!best) best = { h, found: 3, residualMm: 0 };
  }
  if (!best) return fail('wrongExam', '非本场考试答题卡（定位标记的几何与模板不符）');
  return best;
}

/** The similarity (rotation, uniform scale, shift) taking template points a, b to image p, q. */
function similarityOf(a: Point, b: Point, p: Point, q: Point): Mat3 {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const ex = q.x - p.x;
  const ey = q.y - p.y;
  const d = dx * dx + dy * dy;
  // (ex + i·ey) / (dx + i·dy) as a complex number: cos·scale and sin·scale.
  const c = (ex * dx + ey * dy) / d;
  const sn = (ey * dx - ex * dy) / d;
  return [c, -sn, p.x - (c * a.x - sn * a.y), sn, c, p.y - (sn * a.x + c * a.y), 0, 0, 1];
}

/** Page code under a map: page index, or null when it does not read as a valid code. */
function readPageCode(
  s: Scan,
  h: Mat3,
  page: PreparedPage,
  pageCount: number,
): { page: number; margin: number } | null {
  if (page.pageCode.length < 3) return null;
  let n = 0;
  let margin = 1;
  const bits = page.pageCode.map((c) => inkOf(s, h, c.rect, 0.3, 0.3));
  for (let i = 0; i < bits.length; i++) {
    const v = bits[i]!;
    if (v > 0.3 && v < 0.55) return null;
    const on = v >= 0.55;
    margin = Math.min(margin, on ? v - 0.55 : 0.3 - v);
    if (i === 0 && !on) return null;
    if (i === bits.length - 1 && on) return null;
    if (i > 0 && i < bits.length - 1) n = n * 2 + (on ? 1 : 0);
  }
  if (n < 1) return null;
  return { page: n - 1, margin: n - 1 < pageCount ? margin : -1 };
}

function percentile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const v = [...values].sort((a, b) => a - b);
  return v[Math.min(v.length - 1, Math.floor(q * v.length))]!;
}

/**
 * Recognises one grey page image against a template. Never throws: a page that cannot be read
 * ends as `{ status: 'failed', reason }` with a Chinese reason.
 */
export function recognizeImage(
  img: RawImage,
  template: RecognitionTemplate,
  options: RecognizeOptions = {},
): SheetResult {
  const t0 = performance.now();
  try {
    let prepared: PreparedTemplate;
    try {
      prepared = prepareTemplate(template);
    } catch (e) {
      return fail('template', e instanceof Error ? e.message : '识别模板无效', options.id);
    }
    const r = recognizeWith(img, prepared, options);
    if (r.status !== 'failed') r.timings = { recognizeMs: performance.now() - t0 };
    return options.id !== undefined ? { ...r, id: options.id } : r;
  } catch (e) {
    return fail('internal', `识别出错：${e instanceof Error ? e.message : String(e)}`, options.id);
  }
}

function recognizeWith(
  input: RawImage,
  prepared: PreparedTemplate,
  options: RecognizeOptions,
): SheetResult {
  const th: MarkThresholds = { ...DEFAULT_THRESHOLDS, ...options.thresholds };
  const { template } = prepared;
  const Wmm = template.widthMm;
  const Hmm = template.heightMm;
  if (
    input &&
    input.width > 0 &&
    input.height > 0 &&
    Math.abs(input.width / input.height / (Wmm / Hmm) - 1) > 0.15
  )
    return fail('wrongExam', '非本场考试答题卡（纸张尺寸或方向与模板不符）');
  if (
    !input ||
    input.width < 200 ||
    input.height < 200 ||
    input.data.length < input.width * input.height
  )
    return fail('decode', '图像尺寸过小或数据不完整');
  // Black-and-white scans (1-bit, dithered, also after JPEG) are smoothed back to grey levels first.
  // Only the parts that are read are smoothed (markers, anchors, bubbles, crops), on demand.
  const bilevel = isBilevel(input);
  const lazy =
    bilevel || speckle(input) > SPECKLE
      ? new LazySmooth(input, img0ppm(input, Wmm, Hmm) > 9 ? 3 : 2)
      : null;
  const img = lazy ? lazy.img : input;
  // A first guess of the scale from the image size only bounds the searches; the scale used
  // for everything else comes from the corner markers.
  const ppmPrior = Math.min(img.width / Wmm, img.height / Hmm);
  const factor = Math.max(1, Math.round(ppmPrior / 2));
  // The coarse image averages the raw pixels; for a 1-bit scan one more small blur stands in for
  // the full-resolution smoothing.
  const coarse = lazy ? boxSmooth(downsample(input, factor), 1, 1) : downsample(input, factor);
  const white = whiteMap(coarse, Math.max(2, Math.round((4 * ppmPrior) / factor)));
  const scan: Scan = {
    img,
    ensure: lazy ? (x0, y0, x1, y1) => lazy.ensure(x0, y0, x1, y1) : () => {},
    original: input,
    coarse,
    factor,
    white,
    black: 0,
  };

  // Markers are the same on every page: use page 0's to align, then read the page code.
  const base = prepared.pages[0]!;
  const fit = findMarkers(scan, base, Wmm, Hmm, ppmPrior, th);
  if ('status' in fit) return fit;
  // Black level from the marker centres.
  {
    let sum = 0;
    for (const m of base.markers) {
      const c = apply(fit.h, m.x, m.y);
      const k = localScale(fit.h, m.x, m.y);
      sum += meanAt(scan, c.x, c.y, 1.5 * k, 1.5 * k);
    }
    scan.black = Math.min(sum / 4, 200);
  }
  const R: Mat3 = [-1, 0, Wmm, 0, -1, Hmm, 0, 0, 1];
  const flipped = mul(fit.h, R);
  const up = readPageCode(scan, fit.h, base, template.pageCount);
  const down = readPageCode(scan, flipped, base, template.pageCount);
  let h: Mat3;
  let upsideDown: boolean;
  let pageIndex: number;
  if (up && (!down || up.margin >= down.margin)) {
    h = fit.h;
    upsideDown = false;
    pageIndex = up.page;
    if (up.margin < 0)
      return fail(
        'wrongExam',
        `非本场考试答题卡（页码 ${up.page + 1} 超出模板的 ${template.pageCount} 页）`,
      );
  } else if (down) {
    h = flipped;
    upsideDown = true;
    pageIndex = down.page;
    if (down.margin < 0)
      return fail(
        'wrongExam',
        `非本场考试答题卡（页码 ${down.page + 1} 超出模板的 ${template.pageCount} 页）`,
      );
  } else return fail('orientation', '无法读取页码标记，无法确定页码和方向');
  const page = prepared.pages[pageIndex]!;
  const ppm = localScale(h, Wmm / 2, Hmm / 2);

  // Fingerprint 1: paper proportions (markers) — A3 and A4 templates, or another layout.
  if (fit.found === 4) {
    const m = page.markers.map((p) => apply(h, p.x, p.y));
    const wImg = Math.hypot(m[1]!.x - m[0]!.x, m[1]!.y - m[0]!.y);
    const hImg = Math.hypot(m[2]!.x - m[0]!.x, m[2]!.y - m[0]!.y);
    const wT = page.markers[1]!.x - page.markers[0]!.x;
    const hT = page.markers[2]!.y - page.markers[0]!.y;
    if (Math.abs(wImg / hImg / (wT / hT) - 1) > 0.03)
      return fail('wrongExam', '非本场考试答题卡（纸张比例与模板不符）');
  }

  // Local anchors: refine each block; they are also the structural fingerprint of the layout.
  let anchorsExpected = 0;
  let anchorsFound = 0;
  let anchorResidualMm = 0;
  let blocksBroken = 0;
  let blocksUnrefined = 0;
  const blockMaps: (Mat3 | null)[] = page.blocks.map((b) => {
    const src: Point[] = [];
    const dst: Point[] = [];
    let present = 0;
    for (const a of b.anchors) {
      anchorsExpected++;
      const c = { x: a.x + a.w / 2, y: a.y + a.h / 2 };
      const p = apply(h, c.x, c.y);
      const hit = findSquare(scan, p, a.w * ppm, (a.w / 2 + 1.8) * ppm);
      const off = hit ? Math.hypot(hit.c.x - p.x, hit.c.y - p.y) / ppm : Infinity;
      if (!hit || off > th.maxAnchorResidualMm) {
        // Printed where expected but not a clean square (merged with a line in a 1-bit scan,
        // a torn or folded edge): it still shows this layout, it just cannot refine the block.
        if (inkOf(scan, h, a, 0.3, 0.3) >= 0.6) present++;
        continue;
      }
      anchorsFound++;
      anchorResidualMm = Math.max(anchorResidualMm, off);
      src.push(c);
      dst.push(hit.c);
    }
    if (src.length + present < 3) blocksBroken++;
    else if (src.length < 3) blocksUnrefined++;
    anchorsFound += present;
    return src.length >= 3 ? affineFit(src, dst) : null;
  });
  // Every block keeps at least three of its four anchors, and at most one anchor in ten is lost.
  if (
    anchorsExpected > 0 &&
    (blocksBroken > 0 || anchorsFound < anchorsExpected - Math.max(1, anchorsExpected * 0.1))
  )
    return fail(
      'wrongExam',
      `非本场考试答题卡（局部定位点与模板不符：找到 ${anchorsFound}/${anchorsExpected}）`,
    );
  let frameDoubt = false;
  // Fingerprint 2 (pages without anchors): frames of the subjective boxes where the template puts them.
  if (page.frames.length > 0 && anchorsExpected === 0) {
    let hits = 0;
    let tries = 0;
    for (const f of page.frames) {
      for (const fx of [0.2, 0.5, 0.8]) {
        for (const y of [f.y, f.y + f.h]) {
          tries++;
          if (lineAt(scan, h, f.x + f.w * fx, y, ppm)) hits++;
        }
      }
    }
    // A 1-bit scan can lose thin frame lines altogether: a person checks instead of a failure.
    if (hits < tries * 0.5 && !bilevel)
      return fail('wrongExam', '非本场考试答题卡（作答区边框与模板不符）');
    if (hits < tries * 0.5) frameDoubt = true;
  }
  // Fingerprint 3: the sheet's own QR code, where the template expects one (see readQrcode.ts).
  for (const e of template.elements)
    if (e.kind === 'qrcode' && e.page === pageIndex) ensureMapped(scan, h, e, 3);
  const qr = checkQrcode(template, pageIndex, h, [scan.original, scan.img]);
  if ('failed' in qr) return qr.failed;
  const mapOf = (block: number): Mat3 => (block >= 0 ? (blockMaps[block] ?? h) : h);

  // Marks: every bubble's ink, then the printed empty bubble's level from the sheet itself.
  const qInk = page.questions.map((q) => q.options.map((o) => inkOf(scan, mapOf(o.block), o.rect)));
  const dInk = page.examDigits.map((col) => col.map((c) => inkOf(scan, mapOf(c.block), c.rect)));
  const all = [...qInk.flat(), ...dInk.flat()];
  const empty = Math.max(0, Math.min(0.3, all.length >= 8 ? percentile(all, 0.25) : 0));
  const norm = (f: number): number => (f - empty) / (1 - empty);
  const stateOf = (m: number): BubbleReading['state'] =>
    m >= th.filled ? 'filled' : m < th.blank ? 'blank' : 'faint';
  const confOf = (m: number): number => {
    const d =
      m >= th.filled
        ? m - th.filled
        : m < th.blank
          ? th.blank - m
          : Math.min(m - th.blank, th.filled - m);
    return Math.max(0, Math.min(1, d / 0.15));
  };

  const reviewReasons: string[] = [];
  if (fit.found === 2) reviewReasons.push('只找到两个定位标记，已按两点对齐，请核对整张答题卡');
  if (blocksUnrefined > 0)
    reviewReasons.push('局部定位点不清，作答区按四角定位标记读取，请核对填涂');
  if (frameDoubt) reviewReasons.push('黑白扫描中作答区边框不清，无法确认是否本场考试答题卡');
  const answers = page.questions.map((q, qi) =>
    readQuestion(q, qInk[qi]!.map(norm), stateOf, confOf, th),
  );
  for (const a of answers) {
    // A black-and-white (thresholded) scan loses light pencil: an empty question may hide a faint mark.
    if (bilevel && a.answer === '' && a.status === 'ok') a.status = 'review';
    if (a.status === 'review') {
      const why = a.flags.includes('multiple')
        ? '多选/重复填涂'
        : a.flags.includes('erasure')
          ? '疑似擦除'
          : bilevel && a.flags.includes('blank')
            ? '未作答（黑白扫描无法区分空白与浅涂）'
            : '填涂过浅';
      reviewReasons.push(`第 ${a.number} 题${why}`);
    }
    const key = options.answerKey?.[a.questionId];
    if (key) a.score = a.status === 'review' ? null : scoreOf(a, key);
  }

  const examNumberDigits: ExamNumberDigit[] = dInk.map((col, digit) => {
    const ms = col.map(norm);
    const filled = ms.flatMap((m, v) => (m >= th.filled ? [v] : []));
    const faint = ms.filter((m) => m >= th.blank && m < th.filled).length;
    const conf = Math.min(...ms.map(confOf));
    // A cell close to a threshold makes the digit uncertain: the exam number is never a guess.
    if (filled.length === 1 && faint === 0 && conf >= EXAM_DIGIT_MIN_CONFIDENCE)
      return { digit, value: filled[0]!, state: 'ok', confidence: conf };
    if (filled.length === 1 && faint === 0)
      return { digit, value: null, state: 'faint', confidence: conf };
    const state = filled.length > 1 ? 'multiple' : faint > 0 ? 'faint' : 'blank';
    return { digit, value: null, state, confidence: conf };
  });
  let examNumber: string | null = null;
  if (examNumberDigits.length > 0) {
    const bad = examNumberDigits.filter((d) => d.value === null);
    if (bad.length === 0) examNumber = examNumberDigits.map((d) => d.value).join('');
    for (const d of bad) {
      const why = d.state === 'multiple' ? '多个填涂' : d.state === 'faint' ? '填涂过浅' : '未填涂';
      reviewReasons.push(`考号第 ${d.digit + 1} 位${why}`);
    }
    if (examNumber !== null && options.examNumbers) {
      const known =
        options.examNumbers instanceof Set
          ? options.examNumbers
          : new Set(options.examNumbers as readonly string[]);
      if (!known.has(examNumber)) {
        reviewReasons.push(`考号 ${examNumber} 不在本场考生名单中`);
        examNumber = null;
      }
    }
  }
  let absent: boolean | null = null;
  if (page.absent) {
    const m = norm(inkOf(scan, h, page.absent));
    const st = stateOf(m);
    absent = st === 'filled' ? true : st === 'blank' ? false : null;
    if (absent === null) reviewReasons.push('缺考标记填涂过浅');
  }

  const crops: AnswerCrop[] = options.skipCrops
    ? []
    : page.regions.map((g) => {
        const rectMm = { x: g.rect.x - 1, y: g.rect.y - 1, w: g.rect.w + 2, h: g.rect.h + 2 };
        const w = Math.max(1, Math.round(rectMm.w * ppm));
        const hh = Math.max(1, Math.round(rectMm.h * ppm));
        return {
          questionId: g.questionId,
          number: g.number,
          kind: g.kind,
          part: g.part,
          fullMarks: g.fullMarks,
          rectMm,
          // A 1-bit scan's crop is cut from the scan as it is: handwriting reads as scanned.
          image: warp(input, h, rectMm.x, rectMm.y, 1 / ppm, w, hh),
        };
      });
  const dpi = options.alignedPageDpi ?? 100;
  const keep = options.alignedPage ?? 'review';
  const alignedPage =
    dpi > 0 && (keep === 'always' || (keep === 'review' && reviewReasons.length > 0))
      ? alignedPageOf(lazy ? input : img, h, Wmm, Hmm, dpi, ppm, lazy !== null)
      : undefined;
  const o = apply(h, Wmm / 2, Hmm / 2);
  const ox = apply(h, Wmm / 2 + 10, Hmm / 2);
  const rotationDeg = (Math.atan2(ox.y - o.y, ox.x - o.x) * 180) / Math.PI;
  const result: RecognizedSheet = {
    status: reviewReasons.length > 0 ? 'review' : 'ok',
    reviewReasons,
    page: pageIndex,
    examNumber,
    examNumberDigits,
    absent,
    ...qr,
    answers,
    crops,
    bilevel,
    alignment: {
      markersFound: fit.found,
      pxPerMm: ppm,
      rotationDeg,
      upsideDown,
      markerResidualMm: fit.residualMm,
      anchorsExpected,
      anchorsFound,
      anchorResidualMm,
      homography: h,
    },
  };
  if (alignedPage) result.alignedPage = alignedPage;
  return result;
}

/** Makes the scan final under a template rectangle (mm, plus a margin) mapped by `h`. */
function ensureMapped(s: Scan, h: Mat3, r: Rect, marginMm: number): void {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [
    [r.x - marginMm, r.y - marginMm],
    [r.x + r.w + marginMm, r.y - marginMm],
    [r.x - marginMm, r.y + r.h + marginMm],
    [r.x + r.w + marginMm, r.y + r.h + marginMm],
  ] as const) {
    const p = apply(h, x, y);
    xs.push(p.x);
    ys.push(p.y);
  }
  s.ensure(
    Math.floor(Math.min(...xs)) - 2,
    Math.floor(Math.min(...ys)) - 2,
    Math.ceil(Math.max(...xs)) + 2,
    Math.ceil(Math.max(...ys)) + 2,
  );
}

/**
 * The page straightened into template space at `dpi`. With `average`, it is cut from a box
 * average of the scan at about that resolution (smooths a 1-bit scan's dither for the reviewer
 * without smoothing the whole page at full resolution).
 */
function alignedPageOf(
  src: RawImage,
  h: Mat3,
  Wmm: number,
  Hmm: number,
  dpi: number,
  ppm: number,
  average: boolean,
): RawImage {
  const f = average ? Math.max(1, Math.floor((ppm * 25.4) / dpi)) : 1;
  // Pixel x of the full image is (x + 0.5) / f − 0.5 in the averaged one.
  const c = 0.5 / f - 0.5;
  const map: Mat3 =
    f === 1
      ? h
      : [
          h[0]! / f + c * h[6]!,
          h[1]! / f + c * h[7]!,
          h[2]! / f + c * h[8]!,
          h[3]! / f + c * h[6]!,
          h[4]! / f + c * h[7]!,
          h[5]! / f + c * h[8]!,
          h[6]!,
          h[7]!,
          h[8]!,
        ];
  return warp(
    f === 1 ? src : downsample(src, f),
    map,
    0,
    0,
    25.4 / dpi,
    Math.round((Wmm * dpi) / 25.4),
    Math.round((Hmm * dpi) / 25.4),
  );
}

function img0ppm(img: RawImage, Wmm: number, Hmm: number): number {
  return Math.min(img.width / Wmm, img.height / Hmm);
}

/** Above this `speckle`, the scan is dithered (grey scans measure ≤ 0.012 on the tuning seeds, dithered ≥ 0.019). */
const SPECKLE = 0.015;

/** Share of horizontal neighbours on opposite sides of mid-grey (sampled rows): high for dither and speckle. */
export function speckle(img: RawImage): number {
  let flips = 0;
  let n = 0;
  for (let y = 0; y < img.height; y += 8) {
    const o = y * img.width;
    let prev = img.data[o]! < 128;
    for (let x = 1; x < img.width; x++) {
      const d = img.data[o + x]! < 128;
      if (d !== prev) flips++;
      prev = d;
    }
    n += img.width;
  }
  return flips / n;
}

/**
 * True when the ink has no grey levels (1-bit scan, also after JPEG): a grey scan has many
 * mid-tones (anti-aliased edges, the light bubble outlines and labels) — ≥ 0.3 of the non-white
 * pixels on the tuning seeds, 1-bit scans ≤ 0.01.
 */
function isBilevel(img: RawImage): boolean {
  let mid = 0;
  let dark = 0;
  for (let i = 0; i < img.data.length; i += 7) {
    const v = img.data[i]!;
    if (v < 64) dark++;
    else if (v < 200) mid++;
  }
  return dark > 0 && mid < (dark + mid) * 0.05;
}

/** True when a dark line crosses the vertical profile ±1 mm around template point (x, y). */
function lineAt(s: Scan, h: Mat3, x: number, y: number, ppm: number): boolean {
  let min = 255;
  const steps = Math.max(8, Math.round(3 * ppm));
  for (let i = 0; i <= steps; i++) {
    const ty = y - 1 + (2 * i) / steps;
    // Mean of five samples along the line: keeps noise and dither from faking or hiding it.
    let sum = 0;
    for (let j = -2; j <= 2; j++) {
      const p = apply(h, x + (j * 0.6) / ppm, ty);
      sum += boxMean(s.original, p.x, p.y, 0, 0);
    }
    const v = sum / 5;
    if (v < min) min = v;
  }
  const c = apply(h, x, y);
  const white = whiteAtPx(s, c.x, c.y);
  return min < white - 0.2 * (white - s.black);
}

/** Below this confidence (a cell within 0.03 of a threshold) an exam-number digit is reviewed. */
const EXAM_DIGIT_MIN_CONFIDENCE = 0.2;

/** How far a nearly blank bubble must stand out from the question's next darkest to be reviewed. */
const STANDOUT = 0.05;

function readQuestion(
  q: PreparedQuestion,
  ms: number[],
  stateOf: (m: number) => BubbleReading['state'],
  confOf: (m: number) => number,
  th: MarkThresholds,
): ObjectiveAnswer {
  const bubbles: BubbleReading[] = q.options.map((o, i) => ({
    option: o.option,
    darkness: round3(ms[i]!),
    state: stateOf(ms[i]!),
  }));
  const filled = bubbles.filter((b) => b.state === 'filled');
  const faint = bubbles.filter((b) => b.state === 'faint');
  const flags: AnswerFlag[] = [];
  let status: 'ok' | 'review' = 'ok';
  const single = q.questionType !== 'multiple';
  if (filled.length === 0 && faint.length === 0) {
    // Nothing reaches the faint level, but one bubble stands out from its neighbours: a light or
    // partly filled mark is likelier than paper noise, and a person decides.
    const dark = bubbles.map((b) => b.darkness).sort((a, b) => b - a);
    if (dark[0]! >= th.erasure && dark[0]! - (dark[1] ?? 0) >= STANDOUT) {
      flags.push('faint');
      status = 'review';
    } else flags.push('blank');
  }
  if (faint.length > 0 && filled.length === 0) {
    flags.push('faint');
    status = 'review';
  }
  if (single && filled.length > 1) {
    flags.push('multiple');
    status = 'review';
  }
  if (filled.length > 0 && faint.length > 0) {
    flags.push('erasure');
    // A leftover that is nearly a mark, or any doubt on a multiple choice, is for a person.
    const strongest = Math.max(...faint.map((b) => b.darkness));
    const weakestFilled = Math.min(...filled.map((b) => b.darkness));
    if (!single || strongest > th.filled - 0.1 || weakestFilled - strongest < 0.25)
      status = 'review';
  } else if (
    filled.length > 0 &&
    bubbles.some((b) => b.state === 'blank' && b.darkness >= th.erasure)
  ) {
    flags.push('erasure');
  }
  if (!single && filled.length > 1) flags.push('multiple');
  return {
    questionId: q.questionId,
    number: q.number,
    questionType: q.questionType,
    answer: filled.map((b) => b.option).join(''),
    status,
    flags,
    confidence: round3(Math.min(...ms.map(confOf))),
    bubbles,
  };
}

function scoreOf(
  a: ObjectiveAnswer,
  key: { answer: string; marks: number; partialMarks?: number },
): number {
  if (a.answer === key.answer) return key.marks;
  if (
    a.questionType === 'multiple' &&
    a.answer !== '' &&
    [...a.answer].every((o) => key.answer.includes(o))
  )
    return key.partialMarks ?? 0;
  return 0;
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
