import type { ScoreBand } from '../types';

/**
 * Counts of present scores in bands [from, to) of `width` points from 0 up, the last band closed at
 * full marks. Scores above full marks count in the last band, below 0 in the first. Empty for full marks ≤ 0.
 */
export function scoreBands(scores: ArrayLike<number>, fullMarks: number, width = 10): ScoreBand[] {
  if (!(width > 0)) throw new RangeError(`band width must be positive, got ${width}`);
  if (!(fullMarks > 0)) return [];
  const bandCount = Math.ceil(fullMarks / width - 1e-9);
  const counts = new Int32Array(bandCount);
  for (let i = 0; i < scores.length; i++) {
    const v = scores[i] as number;
    if (Number.isNaN(v)) continue;
    const band = Math.min(bandCount - 1, Math.max(0, Math.floor(v / width + 1e-9)));
    counts[band]!++;
  }
  return Array.from(counts, (count, b) => ({
    from: b * width,
    to: Math.min((b + 1) * width, fullMarks),
    count,
  }));
}
