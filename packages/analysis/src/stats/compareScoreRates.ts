/** A score rate as its parts: mean score, students counted, full marks (rate = mean / fullMarks). */
export interface RateParts {
  readonly mean: number | null;
  readonly count: number;
  readonly fullMarks: number;
}

const snap = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * Orders two score rates exactly, lowest first (negative when `a` is lower, 0 when equal).
 * A rate mean / F is compared as the fraction Σscores / (count × F): with scores in multiples of
 * 0.5 (or any 6-decimal steps) the cross products are exact, so equal rates compare equal even
 * where `3.3 / 11` and `0.6 / 2` differ in the last bit. Undefined rates (null mean, zero full
 * marks or count) sort last. Callers break ties by question number.
 */
export function compareScoreRates(a: RateParts, b: RateParts): number {
  const defined = (r: RateParts) => r.mean !== null && r.count > 0 && r.fullMarks > 0;
  const da = defined(a);
  const db = defined(b);
  if (!da || !db) return da === db ? 0 : da ? -1 : 1;
  const sumA = snap(a.mean! * a.count);
  const sumB = snap(b.mean! * b.count);
  const left = sumA * b.count * b.fullMarks;
  const right = sumB * a.count * a.fullMarks;
  // both products are exact for half-point scores; the snapped difference removes what is not
  const diff = snap((left - right) / (a.count * b.count));
  return diff < 0 ? -1 : diff > 0 ? 1 : 0;
}
