import { meanAndSd, sortedPresent } from './describe';

/** z score; null when the spread is zero or undefined. */
export function zScore(score: number, mean: number | null, sd: number | null): number | null {
  if (Number.isNaN(score) || mean === null || sd === null || sd === 0) return null;
  return (score - mean) / sd;
}

/** T score: 50 + 10 z, or another scale such as 500 + 100 z. */
export function tScore(
  z: number | null,
  scale: { readonly mean: number; readonly sd: number } = { mean: 50, sd: 10 },
): number | null {
  return z === null ? null : scale.mean + scale.sd * z;
}

/** Population z scores of a column; absent (NaN) and zero-spread columns give null. */
export function zScores(scores: ArrayLike<number>): (number | null)[] {
  const moments = meanAndSd(sortedPresent(scores));
  return Array.from(scores, (v) => zScore(v, moments?.mean ?? null, moments?.sd ?? null));
}
/** 超均率: (group mean − grade mean) / grade mean; null when either is undefined or the grade mean is 0. */
export function aboveMeanRate(groupMean: number | null, gradeMean: number | null): number | null {
  if (groupMean === null || gradeMean === null || gradeMean === 0) return null;
  return (groupMean - gradeMean) / gradeMean;
}

/** Percentile rank: 100 × (n − rank) / n, the share of the n ranked students behind; null without a rank. */
export function percentileRank(rank: number | null | undefined, n: number): number | null {
  return rank == null || !(n > 0) ? null : (100 * (n - rank)) / n;
}

/** 进退步: previous rank − current rank (positive is progress); null when either is missing. */
export function rankChange(
  previousRank: number | null | undefined,
  rank: number | null,
): number | null {
  return previousRank == null || rank === null ? null : previousRank - rank;
}
