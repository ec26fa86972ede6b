import type { Description } from '../types';

/** Present (non-NaN) values, sorted ascending. */
export function sortedPresent(scores: ArrayLike<number>): Float64Array {
  let count = 0;
  for (let i = 0; i < scores.length; i++) if (!Number.isNaN(scores[i])) count++;
  const present = new Float64Array(count);
  let j = 0;
  for (let i = 0; i < scores.length; i++) {
    const v = scores[i] as number;
    if (!Number.isNaN(v)) present[j++] = v;
  }
  return present.sort();
}

/** Median of an ascending array; the mean of the two middle values for an even count. */
export function medianOfSorted(sorted: ArrayLike<number>): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const mid = n >> 1;
  const upper = sorted[mid] as number;
  return n % 2 === 1 ? upper : ((sorted[mid - 1] as number) + upper) / 2;
}

/** Population mean and standard deviation of an array without NaN (two passes, for accuracy). */
export function meanAndSd(values: ArrayLike<number>): { mean: number; sd: number } | null {
  const n = values.length;
  if (n === 0) return null;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = values[i] as number;
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  // Equal values have no spread; the mean of equal values may carry a rounding residue.
  if (min === max) return { mean: min, sd: 0 };
  const mean = sum / n;
  let squares = 0;
  for (let i = 0; i < n; i++) {
    const d = (values[i] as number) - mean;
    squares += d * d;
  }
  return { mean, sd: Math.sqrt(squares / n) };
}

/**
 * Count, absences (NaN), mean, max, min, median and population standard deviation.
 * Figures of an empty column are null.
 */
export function describe(scores: ArrayLike<number>): Description {
  const sorted = sortedPresent(scores);
  const moments = meanAndSd(sorted);
  return {
    count: sorted.length,
    absent: scores.length - sorted.length,
    mean: moments?.mean ?? null,
    max: sorted.length > 0 ? (sorted[sorted.length - 1] as number) : null,
    min: sorted.length > 0 ? (sorted[0] as number) : null,
    median: medianOfSorted(sorted),
    sd: moments?.sd ?? null,
  };
}

/**
 * The 均分 under a school's rules: present scores, without zeros when `excludeZero`, with absent
 * students as 0 when `absentAsZero`. With neither it is `describe(scores).mean`. Null over nobody.
 */
export function averageOf(
  scores: ArrayLike<number>,
  rules: { readonly excludeZero?: boolean; readonly absentAsZero?: boolean } = {},
): number | null {
  if (!rules.excludeZero && !rules.absentAsZero) return describe(scores).mean;
  let sum = 0;
  let n = 0;
  for (let i = 0; i < scores.length; i++) {
    const v = scores[i] as number;
    if (Number.isNaN(v)) {
      if (rules.absentAsZero) n++;
      continue;
    }
    if (v === 0 && rules.excludeZero) continue;
    sum += v;
    n++;
  }
  return n > 0 ? sum / n : null;
}
