/** α = k / (k − 1) × (1 − Σ item variances / total variance); null for k < 2 or zero total variance. */
export function alphaFromVariances(
  itemCount: number,
  itemVarianceSum: number,
  totalVariance: number,
): number | null {
  if (itemCount < 2 || !(totalVariance > 1e-12)) return null;
  return (itemCount / (itemCount - 1)) * (1 - itemVarianceSum / totalVariance);
}

/** Population variance over the listed students (all when omitted), NaN read as 0. */
export function populationVariance(
  values: ArrayLike<number>,
  members?: ArrayLike<number>,
): number | null {
  if (members !== undefined) {
    const listed = new Float64Array(members.length);
    for (let k = 0; k < members.length; k++) listed[k] = values[members[k] as number] as number;
    return populationVariance(listed);
  }
  const n = values.length;
  if (n === 0) return null;
  let sum = 0;
  for (let k = 0; k < n; k++) {
    const v = values[k] as number;
    if (!Number.isNaN(v)) sum += v;
  }
  const mean = sum / n;
  let squares = 0;
  for (let k = 0; k < n; k++) {
    const v = values[k] as number;
    const d = (Number.isNaN(v) ? 0 : v) - mean;
    squares += d * d;
  }
  return squares / n;
}

/**
 * Cronbach's α of a paper from its question columns (aligned by student). A student with every
 * score NaN is absent; a NaN score of a present student counts as 0. Population variances.
 */
export function cronbachAlpha(items: readonly ArrayLike<number>[]): number | null {
  const first = items[0];
  if (first === undefined) return null;
  const n = first.length;
  const present: number[] = [];
  const totals = new Float64Array(n);
  for (let s = 0; s < n; s++) {
    let any = false;
    for (const item of items) {
      const v = item[s] as number;
      if (!Number.isNaN(v)) {
        any = true;
        totals[s]! += v;
      }
    }
    if (any) present.push(s);
  }
  let itemVarianceSum = 0;
  for (const item of items) itemVarianceSum += populationVariance(item, present) ?? 0;
  return alphaFromVariances(
    items.length,
    itemVarianceSum,
    populationVariance(totals, present) ?? 0,
  );
}
