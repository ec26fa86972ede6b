import type { MarkThresholds } from './types';

/**
 * Tuned on corpus seeds 1–1000 (see docs/recognition.md); darkness is the bubble centre's ink
 * above the printed empty bubble, 0 paper white … 1 marker black.
 */
export const DEFAULT_THRESHOLDS: MarkThresholds = {
  blank: 0.12,
  filled: 0.45,
  erasure: 0.08,
  maxMarkerResidualMm: 1.5,
  maxAnchorResidualMm: 1.5,
};
