import { rankOrder } from '../stats/competitionRanks';
import type { GradingProfile } from './profiles';

/** What one level of a conversion took: its students and the raw range it interpolates over. */
export interface ConvertedLevel {
  readonly name: string;
  readonly count: number;
  /** Best raw score in the level (Y2); null for an empty level. */
  readonly rawHigh: number | null;
  /** Lowest raw score in the level (Y1); null for an empty level. */
  readonly rawLow: number | null;
  /** Converted range (T2, T1) of the profile. */
  readonly high: number;
  readonly low: number;
}

/** A subject's 等级赋分, columnar and aligned with the raw scores. */
export interface GradeConversion {
  /** Level index per student (0 = best); −1 for an absent student. */
  readonly levelOf: Int32Array;
  /** Converted score per student; NaN for an absent student. */
  readonly converted: Float64Array;
  readonly levels: readonly ConvertedLevel[];
}

/** Rounds half up; the epsilon absorbs binary noise of decimal raw scores (x.5 stays x.5). */
export const roundHalfUp = (value: number): number => Math.floor(value + 0.5 + 1e-9);

/**
 * Students the first `k` levels hold together: the cumulative share of N, rounded half up
 * (in tenths of a percent, so 15 % of 20 is exactly 3). The last level always ends at N.
 */
export function levelQuotas(profile: GradingProfile, present: number): Int32Array {
  const quotas = new Int32Array(profile.levels.length);
  let tenths = 0;
  profile.levels.forEach((level, k) => {
    tenths += Math.round(level.percent * 10);
    quotas[k] = Math.floor((tenths * present + 500) / 1000);
  });
  if (quotas.length > 0) quotas[quotas.length - 1] = present;
  return quotas;
}

/**
 * 等级赋分 of one subject's raw scores (NaN = absent) under a profile.
 *
 * Students are ordered by raw score; a student whose competition rank r (1 + the number of
 * students strictly above) is at most the k-th cumulative quota and above the previous one goes to
 * level k. Tied students share a rank, so a level boundary that falls inside a tie takes the whole
 * tie into the higher level (the next level then starts after it, and may end up smaller or empty).
 * Within a level, T = T1 + (Y − Y1)(T2 − T1)/(Y2 − Y1), Y1/Y2 the level's lowest and best raw
 * scores, T1/T2 its converted range, rounded half up; a level with one distinct raw score gives
 * it T2. Students tied on a raw score therefore always get one converted score.
 * @see docs/gaokao.md
 */
export function convertScores(raw: ArrayLike<number>, profile: GradingProfile): GradeConversion {
  const n = raw.length;
  const ranks = new Int32Array(n);
  const order = rankOrder(raw, ranks);
  const quotas = levelQuotas(profile, order.length);
  const levelOf = new Int32Array(n).fill(-1);
  const levelCount = profile.levels.length;
  const counts = new Int32Array(levelCount);
  const rawHigh = new Float64Array(levelCount).fill(Number.NaN);
  const rawLow = new Float64Array(levelCount).fill(Number.NaN);
  let level = 0;
  for (let k = 0; k < order.length; k++) {
    const i = order[k] as number;
    const rank = ranks[i] as number;
    while (level < levelCount - 1 && rank > (quotas[level] as number)) level++;
    levelOf[i] = level;
    counts[level]!++;
    const y = raw[i] as number;
    if (Number.isNaN(rawHigh[level])) rawHigh[level] = y;
    rawLow[level] = y;
  }
  const converted = new Float64Array(n).fill(Number.NaN);
  for (let k = 0; k < order.length; k++) {
    const i = order[k] as number;
    const l = levelOf[i] as number;
    const { high, low } = profile.levels[l]!;
    const y1 = rawLow[l] as number;
    const y2 = rawHigh[l] as number;
    const y = raw[i] as number;
    converted[i] = y2 === y1 ? high : roundHalfUp(low + ((y - y1) * (high - low)) / (y2 - y1));
  }
  const levels = profile.levels.map((lv, l): ConvertedLevel => ({
    name: lv.name,
    count: counts[l] as number,
    rawHigh: counts[l] ? (rawHigh[l] as number) : null,
    rawLow: counts[l] ? (rawLow[l] as number) : null,
    high: lv.high,
    low: lv.low,
  }));
  return { levelOf, converted, levels };
}
