import { isBilevel, speckle, SPECKLE } from './bilevel';
import { apply, localScale, type Mat3, type Point } from './geometry';
import {
  boxSmooth,
  components,
  downsample,
  LazySmooth,
  whiteAt,
  whiteMap,
  type WhiteMap,
} from './image';
import type { RawImage } from './types';

/** A template rectangle in millimetres. */
export type Rect = { x: number; y: number; w: number; h: number };

/** Everything measured on one page image. */
export interface Scan {
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

function img0ppm(img: RawImage, Wmm: number, Hmm: number): number {
  return Math.min(img.width / Wmm, img.height / Hmm);
}

/**
 * Opens a page image of a `Wmm` × `Hmm` template: black-and-white detection, lazy smoothing,
 * the coarse image and the paper white. `black` is 0 until the markers have been measured.
 */
export function openScan(
  input: RawImage,
  Wmm: number,
  Hmm: number,
): { scan: Scan; bilevel: boolean; smoothed: boolean; ppmPrior: number } {
  // Black-and-white scans (1-bit, dithered, also after JPEG) are smoothed back to grey levels first.
  // Only the parts that are read are smoothed (markers, anchors, bubbles, crops), on demand.
  const bilevel = input.bilevel ?? isBilevel(input);
  // A page averaged down from black and white (decode.ts) is smoothed less: it is half-way grey.
  const ppm0 = img0ppm(input, Wmm, Hmm);
  const lazy =
    bilevel || speckle(input) > SPECKLE
      ? new LazySmooth(input, ppm0 > 9 ? 3 : input.bilevel ? 1 : 2)
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
  return { scan, bilevel, smoothed: lazy !== null, ppmPrior };
}

/** Local paper white at full-resolution pixel (x, y). */
export function whiteAtPx(s: Scan, x: number, y: number): number {
  return whiteAt(s.white, x / s.factor, y / s.factor);
}

/** Mean grey of an axis-aligned pixel box centred at (cx, cy). */
export function boxMean(img: RawImage, cx: number, cy: number, hw: number, hh: number): number {
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
export function meanAt(s: Scan, cx: number, cy: number, hw: number, hh: number): number {
  s.ensure(
    Math.round(cx - hw),
    Math.round(cy - hh),
    Math.round(cx + hw) + 1,
    Math.round(cy + hh) + 1,
  );
  return boxMean(s.img, cx, cy, hw, hh);
}

/** Ink fraction (0 paper, 1 marker black) of the centre of a template rectangle under a map. */
export function inkOf(s: Scan, h: Mat3, r: Rect, fx = 0.3, fy = 0.28): number {
  const c = apply(h, r.x + r.w / 2, r.y + r.h / 2);
  const k = localScale(h, r.x + r.w / 2, r.y + r.h / 2);
  const mean = meanAt(s, c.x, c.y, Math.max(0.5, r.w * fx * k), Math.max(0.5, r.h * fy * k));
  const white = whiteAtPx(s, c.x, c.y);
  const f = (white - mean) / Math.max(20, white - s.black);
  return Math.max(-0.5, Math.min(1.5, f));
}

/** Makes the scan final under a template rectangle (mm, plus a margin) mapped by `h`. */
export function ensureMapped(s: Scan, h: Mat3, r: Rect, marginMm: number): void {
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

/** Finds the dark square nearest `p` (pixels) of side `sidePx` in a window; its centroid or null. */
export function findSquare(
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
