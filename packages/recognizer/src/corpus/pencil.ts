import type { RawImage } from '../types';
import { between, type rng } from './random';

type Rect = { x: number; y: number; w: number; h: number };
type Rand = ReturnType<typeof rng>;

export interface PencilMark {
  /** Ink strength 0–1 (1 black). */
  darkness: number;
  /** Share of the bubble covered, from the left, 0–1. */
  coverage: number;
  /** 'fill' scribbled solid, 'strokes' diagonal strokes, 'smudge' erased leftover. */
  style: 'fill' | 'strokes' | 'smudge';
  /** Size relative to the bubble (overflow > 1). */
  size: number;
}

/** Darkens pixels multiplicatively, like graphite over print: v' = v · (1 − alpha). */
function darken(img: RawImage, x: number, y: number, alpha: number): void {
  if (x < 0 || y < 0 || x >= img.width || y >= img.height || alpha <= 0) return;
  const i = y * img.width + x;
  img.data[i] = Math.round(img.data[i]! * (1 - Math.min(1, alpha)));
}

/** Draws a pencil mark over a bubble given in millimetres on an image of `k` pixels per mm. */
export function drawPencil(img: RawImage, r: Rect, k: number, m: PencilMark, rand: Rand): void {
  const cx = (r.x + r.w / 2) * k + between(rand, -0.15, 0.15) * k;
  const cy = (r.y + r.h / 2) * k + between(rand, -0.12, 0.12) * k;
  const a = (r.w / 2) * k * m.size;
  const b = (r.h / 2) * k * m.size;
  const x0 = Math.floor(cx - a - 1);
  const x1 = Math.ceil(cx + a + 1);
  const y0 = Math.floor(cy - b - 1);
  const y1 = Math.ceil(cy + b + 1);
  const limitX = x0 + (x1 - x0) * m.coverage;
  const angle = between(rand, 0.5, 1.1);
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const pitch = between(rand, 0.5, 0.8) * k; // stroke spacing
  const phase = rand() * pitch;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      if (x > limitX) continue;
      const dx = (x + 0.5 - cx) / a;
      const dy = (y + 0.5 - cy) / b;
      const e = dx * dx * dx * dx + dy * dy * dy * dy;
      if (e > 1) continue;
      const edge = e > 0.8 ? (1 - e) / 0.2 : 1; // soft rim
      let tex = 0.85 + 0.15 * rand();
      if (m.style === 'strokes') {
        const u = ((x * ca + y * sa + phase) % pitch) / pitch;
        tex *= u < 0.7 ? 1 : 0.55;
      } else if (m.style === 'smudge') {
        tex *= 0.6 + 0.4 * rand();
      }
      darken(img, x, y, m.darkness * tex * edge);
    }
  }
}

/** A small dark dot (stray pencil touch) of radius `radiusMm` centred at (x, y) mm. */
export function drawDot(
  img: RawImage,
  x: number,
  y: number,
  radiusMm: number,
  k: number,
  darkness: number,
): void {
  const cx = x * k;
  const cy = y * k;
  const rr = radiusMm * k;
  for (let py = Math.floor(cy - rr); py <= Math.ceil(cy + rr); py++)
    for (let px = Math.floor(cx - rr); px <= Math.ceil(cx + rr); px++)
      if ((px + 0.5 - cx) ** 2 + (py + 0.5 - cy) ** 2 <= rr * rr) darken(img, px, py, darkness);
}

/** A pencil line of `widthMm` from (x0, y0) to (x1, y1) mm (a stroke of a cross, tick or bar). */
export function drawLine(
  img: RawImage,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  widthMm: number,
  k: number,
  darkness: number,
): void {
  const steps = Math.max(2, Math.ceil((Math.hypot(x1 - x0, y1 - y0) * k) / 0.7));
  const rr = (widthMm / 2) * k;
  // Each pixel is darkened once, however many stamps of the line cover it.
  const hit = new Set<number>();
  for (let s = 0; s <= steps; s++) {
    const cx = (x0 + ((x1 - x0) * s) / steps) * k;
    const cy = (y0 + ((y1 - y0) * s) / steps) * k;
    for (let py = Math.floor(cy - rr); py <= Math.ceil(cy + rr); py++)
      for (let px = Math.floor(cx - rr); px <= Math.ceil(cx + rr); px++)
        if ((px + 0.5 - cx) ** 2 + (py + 0.5 - cy) ** 2 <= rr * rr) {
          const i = py * img.width + px;
          if (hit.has(i)) continue;
          hit.add(i);
          darken(img, px, py, darkness);
        }
  }
}

/** Marks that are not fills: how a student who never learnt to fill a bubble marks a choice. */
export type NonFillKind = 'cross' | 'tick' | 'bar' | 'dot' | 'circle';
export const NON_FILL_KINDS: readonly NonFillKind[] = ['cross', 'tick', 'bar', 'dot', 'circle'];

/** Draws a non-fill mark of `kind` on a bubble (mm rectangle) of an image of `k` px/mm. */
export function drawNonFill(
  img: RawImage,
  r: Rect,
  k: number,
  kind: NonFillKind,
  rand: Rand,
): void {
  const cx = r.x + r.w / 2 + between(rand, -0.2, 0.2);
  const cy = r.y + r.h / 2 + between(rand, -0.15, 0.15);
  const a = r.w / 2;
  const b = r.h / 2;
  const dark = between(rand, 0.7, 0.95);
  const width = between(rand, 0.35, 0.6);
  const reach = between(rand, 0.8, 1.05);
  const line = (x0: number, y0: number, x1: number, y1: number): void =>
    drawLine(img, cx + x0, cy + y0, cx + x1, cy + y1, width, k, dark);
  if (kind === 'cross') {
    line(-a * reach, -b * reach, a * reach, b * reach);
    line(-a * reach, b * reach, a * reach, -b * reach);
  } else if (kind === 'tick') {
    line(-a * 0.6, -b * 0.1, -a * 0.15, b * 0.9);
    line(-a * 0.15, b * 0.9, a * reach, -b * 1.2);
  } else if (kind === 'bar') {
    const t = between(rand, 0.4, 0.8);
    drawLine(img, cx - a * reach, cy, cx + a * reach, cy, t, k, dark);
  } else if (kind === 'dot') {
    drawDot(img, cx, cy, between(rand, 0.5, 0.8), k, dark);
  } else {
    // A ring drawn round the printed bubble, clear of it.
    const ra = a * between(rand, 1.25, 1.35);
    const rb = b * between(rand, 1.35, 1.5);
    const n = 48;
    for (let i = 0; i < n; i++) {
      const t0 = (i / n) * 2 * Math.PI;
      const t1 = ((i + 1) / n) * 2 * Math.PI;
      drawLine(
        img,
        cx + ra * Math.cos(t0),
        cy + rb * Math.sin(t0),
        cx + ra * Math.cos(t1),
        cy + rb * Math.sin(t1),
        0.35,
        k,
        dark,
      );
    }
  }
}
