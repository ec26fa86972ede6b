/**
 * Sorts `order` (indices into `scores`, increasing, none NaN) by score, highest first, ties by
 * index: the order of `order.sort((a, b) => scores[b] - scores[a] || a - b)`, without a comparator
 * call per comparison. Returns false, leaving `order` as it was, for fewer than 64 indices (a
 * comparator sort is as quick) or a non-finite score; the caller then sorts with its comparator. Scores are bucketed by distinct value (natively sorted) and the indices
 * placed bucket by bucket, so equal scores keep their increasing index order.
 */
export function sortByScoreDesc(scores: ArrayLike<number>, order: Int32Array): boolean {
  const n = order.length;
  if (n < 64) return false;
  const values = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const v = scores[order[k] as number] as number;
    if (!Number.isFinite(v)) {
      // infinities do not subtract to a comparison: leave them to the caller's comparator
      return false;
    }
    values[k] = v;
  }
  values.sort();
  // distinct values, ascending (−0 and 0 are one value, as the comparator sees them)
  let distinct = 0;
  for (let k = 0; k < n; k++) {
    const v = values[k] as number;
    if (distinct === 0 || v !== values[distinct - 1]) values[distinct++] = v;
  }
  const bucketOf = new Int32Array(n);
  const counts = new Int32Array(distinct + 1);
  for (let k = 0; k < n; k++) {
    const v = scores[order[k] as number] as number;
    let lo = 0;
    let hi = distinct - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((values[mid] as number) < v) lo = mid + 1;
      else hi = mid;
    }
    const bucket = distinct - 1 - lo; // highest score first
    bucketOf[k] = bucket;
    counts[bucket + 1]!++;
  }
  for (let b = 0; b < distinct; b++) counts[b + 1]! += counts[b] as number;
  const source = order.slice();
  for (let k = 0; k < n; k++) order[counts[bucketOf[k] as number]!++] = source[k] as number;
  return true;
}
