import { DEFAULT_LEVEL_LINES } from '../stats/levelRates';
import type { AnalysisOptions, LevelLines, LineKey } from '../types';

export interface ResolvedOptions {
  readonly levels: LevelLines;
  readonly bandWidth: number;
  readonly segmentStep: number;
  readonly classSegments: boolean;
  readonly criticalBand: number;
  readonly criticalLines: readonly LineKey[];
  readonly groupFraction: number;
  readonly lowerGroupFraction: number;
  readonly criticalBandPoints: number | null;
  readonly mean: { readonly excludeZero: boolean; readonly absentAsZero: boolean };
  readonly tScale: { readonly mean: number; readonly sd: number };
}

export function resolveOptions(options: AnalysisOptions): ResolvedOptions {
  const resolved: ResolvedOptions = {
    levels: { ...DEFAULT_LEVEL_LINES, ...options.levels },
    bandWidth: options.bandWidth ?? 10,
    segmentStep: options.segmentStep ?? 1,
    classSegments: options.classSegments ?? false,
    criticalBand: options.criticalBand ?? 0.05,
    criticalLines: options.criticalLines ?? ['excellent', 'good', 'pass'],
    groupFraction: options.groupFraction ?? 0.27,
    lowerGroupFraction: options.lowerGroupFraction ?? options.groupFraction ?? 0.27,
    criticalBandPoints: options.criticalBandPoints ?? null,
    mean: {
      excludeZero: options.mean?.excludeZero ?? false,
      absentAsZero: options.mean?.absentAsZero ?? false,
    },
    tScale: options.tScale ?? { mean: 50, sd: 10 },
  };
  if (!(resolved.bandWidth > 0)) throw new RangeError('bandWidth must be positive');
  if (!(resolved.segmentStep > 0)) throw new RangeError('segmentStep must be positive');
  if (!(resolved.criticalBand >= 0)) throw new RangeError('criticalBand must not be negative');
  if (!(resolved.groupFraction > 0 && resolved.groupFraction <= 0.5)) {
    throw new RangeError('groupFraction must be in (0, 0.5]');
  }
  if (!(resolved.lowerGroupFraction > 0 && resolved.lowerGroupFraction <= 0.5)) {
    throw new RangeError('lowerGroupFraction must be in (0, 0.5]');
  }
  if (resolved.criticalBandPoints !== null && !(resolved.criticalBandPoints >= 0)) {
    throw new RangeError('criticalBandPoints must not be negative');
  }
  return resolved;
}
