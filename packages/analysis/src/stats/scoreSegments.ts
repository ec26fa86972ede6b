import type { ScoreSegment } from '../types';

const snap = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * 一分一段: one row per step from the highest occupied segment down to the lowest, each with the
 * count of present scores in [score, score + step) and the cumulative count at or above `score`.
 */
export function scoreSegments(scores: ArrayLike<number>, step = 1): ScoreSegment[] {
  if (!(step > 0)) throw new RangeError(`segment step must be positive, got ${step}`);
  let top = -Infinity;
  let bottom = Infinity;
  const keyOf = (v: number) => Math.floor(snap(v / step));
  for (let i = 0; i < scores.length; i++) {
    const v = scores[i] as number;
    if (Number.isNaN(v)) continue;
    const k = keyOf(v);
    if (k > top) top = k;
    if (k < bottom) bottom = k;
  }
  if (top === -Infinity) return [];
  const counts = new Int32Array(top - bottom + 1);
  for (let i = 0; i < scores.length; i++) {
    const v = scores[i] as number;
    if (!Number.isNaN(v)) counts[top - keyOf(v)]!++;
  }
  const rows: ScoreSegment[] = [];
  let cumulative = 0;
  for (let r = 0; r < counts.length; r++) {
    const count = counts[r] as number;
    cumulative += count;
    rows.push({ score: snap((top - r) * step), count, cumulative });
  }
  return rows;
}
