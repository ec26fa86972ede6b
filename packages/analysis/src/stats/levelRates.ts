import type { LevelLines, LevelRates, ScoreLevel } from '../types';

/** Default level lines: 优秀 85 %, 良好 70 %, 及格 60 %, 低分 below 30 % of full marks. */
export const DEFAULT_LEVEL_LINES: LevelLines = { excellent: 0.85, good: 0.7, pass: 0.6, low: 0.3 };

/** A line in points, snapped to 1e-6 so that 0.55 × 100 is 55, not 55.00000000000001. */
export function levelLine(fullMarks: number, fraction: number): number {
  return Math.round(fraction * fullMarks * 1e6) / 1e6;
}

/** Lines in points for a paper. */
export function levelLinesFor(
  fullMarks: number,
  lines: LevelLines = DEFAULT_LEVEL_LINES,
): LevelRates['lines'] {
  return {
    excellent: levelLine(fullMarks, lines.excellent),
    good: levelLine(fullMarks, lines.good),
    pass: levelLine(fullMarks, lines.pass),
    low: levelLine(fullMarks, lines.low),
  };
}

/** Level of one score against lines in points. */
export function scoreLevel(score: number, points: LevelRates['lines']): ScoreLevel {
  if (score >= points.excellent) return 'excellent';
  if (score >= points.good) return 'good';
  if (score >= points.pass) return 'pass';
  return score < points.low ? 'low' : 'fail';
}

/**
 * Cumulative level rates over present (non-NaN) scores: 优秀 ≥ excellent, 良好 ≥ good (includes 优秀),
 * 及格 ≥ pass (includes both), 低分 < low. Rates are null with no present score or full marks ≤ 0.
 */
export function levelRates(
  scores: ArrayLike<number>,
  fullMarks: number,
  lines: LevelLines = DEFAULT_LEVEL_LINES,
): LevelRates {
  const points = levelLinesFor(fullMarks, lines);
  let count = 0;
  let excellent = 0;
  let good = 0;
  let pass = 0;
  let low = 0;
  if (fullMarks > 0) {
    for (let i = 0; i < scores.length; i++) {
      const v = scores[i] as number;
      if (Number.isNaN(v)) continue;
      count++;
      if (v >= points.excellent) excellent++;
      if (v >= points.good) good++;
      if (v >= points.pass) pass++;
      if (v < points.low) low++;
    }
  }
  const rate = (n: number) => (count > 0 ? n / count : null);
  return {
    lines: points,
    excellent,
    good,
    pass,
    low,
    excellentRate: rate(excellent),
    goodRate: rate(good),
    passRate: rate(pass),
    lowRate: rate(low),
  };
}
