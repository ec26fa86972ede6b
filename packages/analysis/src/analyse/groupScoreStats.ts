import { criticalStudents } from '../stats/criticalStudents';
import { averageOf, describe } from '../stats/describe';
import { levelLine, levelRates } from '../stats/levelRates';
import { scoreBands } from '../stats/scoreBands';
import { scoreSegments } from '../stats/scoreSegments';
import { aboveMeanRate } from '../stats/standardScores';
import type { CriticalStudents, ScoreStats } from '../types';
import type { ResolvedOptions } from './resolveOptions';

/**
 * Statistics of one score column over a group. `scores` and `ids` are the group's, aligned, in student-id order.
 */
export function groupScoreStats(
  scores: Float64Array,
  ids: readonly string[],
  fullMarks: number,
  gradeMean: number | null,
  options: ResolvedOptions,
  withSegments: boolean,
): ScoreStats {
  const plain = describe(scores);
  const description =
    options.mean.excludeZero || options.mean.absentAsZero
      ? { ...plain, mean: averageOf(scores, options.mean) }
      : plain;
  const levels = levelRates(scores, fullMarks, options.levels);
  const band = options.criticalBandPoints ?? levelLine(fullMarks, options.criticalBand);
  const critical: CriticalStudents[] = options.criticalLines.map((line) => {
    const score = levels.lines[line];
    // Members are in student-id order, so ties broken by position are broken by student id.
    const found = criticalStudents(scores, score, band);
    return { line, score, from: score - band, studentIds: found.map((k) => ids[k] as string) };
  });
  return {
    fullMarks,
    description,
    levels,
    aboveMeanRate: aboveMeanRate(description.mean, gradeMean),
    segments: withSegments ? scoreSegments(scores, options.segmentStep) : null,
    bands: scoreBands(scores, fullMarks, options.bandWidth),
    critical,
  };
}
