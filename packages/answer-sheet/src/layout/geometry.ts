import type { Rect } from '../types';

/** Page sizes in millimetres. */
export const PAGE_SIZES = {
  A4: { widthMm: 210, heightMm: 297 },
  A3: { widthMm: 420, heightMm: 297 },
} as const;

/** The geometry decisions, documented in docs/answer-sheet.md. */
export const GEOMETRY = {
  /** Corner markers: solid squares, centred this far from both edges. */
  markerSize: 6,
  markerCentre: 10,
  /** Content keeps this far from the page edges (markers end at 13 mm). */
  contentMargin: 15,
  /** Printers print everywhere but this edge. */
  printableMargin: 5,
  /** Gap between columns. */
  columnGap: 6,
  /** Vertical gap between flowed blocks. */
  blockGap: 3,
  /** Width of the seal-line strip on the left. */
  sealLineWidth: 18,
  /** Page-code cells at the foot of the page. */
  pageCodeCell: 3,
  pageCodeGap: 1.5,
  pageCodeBits: 8,
  /** Local anchors at the corners of objective and exam-number blocks. */
  anchorSize: 2.5,
  anchorInset: 0.8,
  /** Inner padding of blocks carrying anchors: keeps their content clear of the anchors. */
  anchoredPadding: 4.5,
  /** Bubble size and pitches. */
  bubbleW: 4.6,
  bubbleH: 2.8,
  optionPitch: 6.2,
  rowPitch: 5,
  bodyFont: 3.2,
  smallFont: 2.6,
  titleFont: 6,
} as const;

/** Rounds to 1/100 mm so that documents compare and serialise cleanly. */
export function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/** A rectangle with its edges rounded to 1/100 mm, so that neighbours that touch still only touch. */
export function rect(x: number, y: number, w: number, h: number): Rect {
  const left = round(x);
  const top = round(y);
  return { x: left, y: top, w: round(round(x + w) - left), h: round(round(y + h) - top) };
}

/** True when the two rectangles share interior area (touching edges do not count). */
export function overlaps(a: Rect, b: Rect, epsilon = 1e-6): boolean {
  return (
    a.x < b.x + b.w - epsilon &&
    b.x < a.x + a.w - epsilon &&
    a.y < b.y + b.h - epsilon &&
    b.y < a.y + a.h - epsilon
  );
}

/** True when `inner` lies inside `outer`. */
export function contains(outer: Rect, inner: Rect, epsilon = 1e-6): boolean {
  return (
    inner.x >= outer.x - epsilon &&
    inner.y >= outer.y - epsilon &&
    inner.x + inner.w <= outer.x + outer.w + epsilon &&
    inner.y + inner.h <= outer.y + outer.h + epsilon
  );
}

/** The same rectangle moved by (dx, dy). */
export function translate(r: Rect, dx: number, dy: number): Rect {
  return rect(r.x + dx, r.y + dy, r.w, r.h);
}
