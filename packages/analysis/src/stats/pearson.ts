/**
 * Pearson correlation over the pairs where both values are present; null with fewer than two pairs
 * or zero variance in either.
 */
export function pearson(x: ArrayLike<number>, y: ArrayLike<number>): number | null {
  if (x.length !== y.length) throw new RangeError('pearson: arrays differ in length');
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < x.length; i++) {
    const a = x[i] as number;
    const b = y[i] as number;
    if (Number.isNaN(a) || Number.isNaN(b)) continue;
    n++;
    sx += a;
    sy += b;
  }
  if (n < 2) return null;
  const mx = sx / n;
  const my = sy / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    const a = x[i] as number;
    const b = y[i] as number;
    if (Number.isNaN(a) || Number.isNaN(b)) continue;
    sxy += (a - mx) * (b - my);
    sxx += (a - mx) ** 2;
    syy += (b - my) ** 2;
  }
  // Relative guard: sums of squares of equal values can be a rounding residue, not real spread.
  if (sxx <= 1e-12 * n * (mx * mx + 1) || syy <= 1e-12 * n * (my * my + 1)) return null;
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}
