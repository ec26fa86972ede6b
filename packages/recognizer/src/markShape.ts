import { apply, localScale, type Mat3 } from './geometry';
import { boxMean, whiteAtPx, type Rect, type Scan } from './scanImage';

/**
 * Shape of a mark, for telling a fill from a mark that is not one (docs/recognition.md, "Marks
 * that are not fills"). A bubble's centre (68 % × 64 % of it) is cut into a 3 × 3 grid of cells;
 * a ring of eight points sits round the printed bubble, clear of it and of the neighbours' fills.
 */
export interface MarkShape {
  /** Ink of the nine centre cells, row by row (0 paper … 1 marker black, print not removed). */
  cells: number[];
  /** Ink of the eight ring points round the bubble. */
  ring: number[];
}

const FX = 0.34;
const FY = 0.32;
/** Ring radii relative to the bubble's half sizes, and the size of a ring sample (mm). */
const RING_RX = 1.3;
const RING_RY = 1.42;
/** Half sizes of a ring sample (mm): across the ring, along it, and on the diagonals. */
const RING_ACROSS = 0.4;
const RING_ALONG = 0.25;
const RING_DIAG = 0.33;

function inkAt(s: Scan, h: Mat3, xMm: number, yMm: number, hwMm: number, hhMm: number): number {
  const c = apply(h, xMm, yMm);
  const k = localScale(h, xMm, yMm);
  // The scan as it is (a 1-bit scan's own pixels, not smoothed): a cell's share of ink is exact.
  const mean = boxMean(s.original, c.x, c.y, Math.max(0.5, hwMm * k), Math.max(0.5, hhMm * k));
  const white = whiteAtPx(s, c.x, c.y);
  return (white - mean) / Math.max(20, white - s.black);
}

/** Measures the shape of the mark in a bubble (template rectangle `r` in mm) under map `h`. */
export function measureShape(s: Scan, h: Mat3, r: Rect): MarkShape {
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h / 2;
  const hw = (r.w * FX) / 3;
  const hh = (r.h * FY) / 3;
  const cells: number[] = [];
  for (let j = -1; j <= 1; j++)
    for (let i = -1; i <= 1; i++) cells.push(inkAt(s, h, cx + 2 * hw * i, cy + 2 * hh * j, hw, hh));
  const ring: number[] = [];
  for (let p = 0; p < 8; p++) {
    const t = (p * Math.PI) / 4;
    // Longer across the ring than along it: a hand-drawn ring is never quite where expected.
    const across = RING_ACROSS;
    const along = RING_ALONG;
    const [hwRing, hhRing] =
      p % 4 === 0 ? [across, along] : p % 4 === 2 ? [along, across] : [RING_DIAG, RING_DIAG];
    ring.push(
      inkAt(
        s,
        h,
        cx + (r.w / 2) * RING_RX * Math.cos(t),
        cy + (r.h / 2) * RING_RY * Math.sin(t),
        hwRing,
        hhRing,
      ),
    );
  }
  return { cells, ring };
}

/** A cell this dark (above the printed bubble) holds a pencil stroke. */
export const STROKE_CELL = 0.45;
/**
 * Or, for a small dot split over cells: a cell at least this dark and the centre's ink adding up
 * to this many cells (≈ 0.4 mm² of pencil; a stray touch of r ≤ 0.35 mm stays under it).
 */
export const DOT_CELL = 0.25;
export const DOT_SUM = 0.6;
/** A fill leaves no cell of its centre lighter than this share of its darkest cell. */
export const EVEN_FILL = 0.5;
/** A ring point this dark (above the print there) is pencil round the bubble. */
export const RING_INK = 0.2;
/** Ring points needed for a circled bubble (of eight; a neighbour's fill reaches at most two). */
export const RING_POINTS = 6;

/**
 * What a bubble holds besides its darkness: `'stroke'` a mark that is not a fill (a cross, tick,
 * bar, centre dot or a part-filled bubble: a strong stroke beside a clearly empty part of the
 * centre), `'circled'` a ring drawn round a bubble that is not filled, null otherwise. `cells`
 * and `ring` are already relative to the page's printed empty bubble.
 */
export function shapeKind(
  cells: number[],
  ring: number[],
  filled: boolean,
): 'stroke' | 'circled' | null {
  const max = Math.max(...cells);
  const min = Math.min(...cells);
  const sum = cells.reduce((a, v) => a + Math.max(0, v), 0);
  const marked = max >= STROKE_CELL || (max >= DOT_CELL && sum >= DOT_SUM);
  if (marked && min < EVEN_FILL * max) return 'stroke';
  if (!filled && ring.filter((v) => v >= RING_INK).length >= RING_POINTS) return 'circled';
  return null;
}
