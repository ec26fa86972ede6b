import { sortByScoreDesc } from './scoreOrder';

/**
 * Writes competition ranks (1, 1, 3) of `scores` into `out`, highest first; NaN (absent) gets 0.
 */
export function rankInto(scores: ArrayLike<number>, out: Int32Array): void {
  rankOrder(scores, out);
}

/**
 * rankInto, returning the order it ranked in (present indices, highest score first, ties by index),
 * so that ranks within groups can be read off the same order without sorting again.
 */
export function rankOrder(scores: ArrayLike<number>, out: Int32Array): Int32Array {
  let count = 0;
  for (let i = 0; i < scores.length; i++) if (!Number.isNaN(scores[i])) count++;
  const order = new Int32Array(count);
  let j = 0;
  for (let i = 0; i < scores.length; i++) {
    if (Number.isNaN(scores[i])) out[i] = 0;
    else order[j++] = i;
  }
  if (!sortByScoreDesc(scores, order))
    order.sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b);
  let rank = 0;
  let previous = Number.NaN;
  for (let k = 0; k < count; k++) {
    const i = order[k] as number;
    const v = scores[i] as number;
    if (v !== previous) {
      rank = k + 1;
      previous = v;
    }
    out[i] = rank;
  }
  return order;
}

/**
 * Competition ranks within groups (`groupOf[i]`, 0 … groupCount − 1) from the order of rankOrder:
 * the same ranks as rankInto over each group's scores. Indices not in `order` (absent) get 0.
 */
export function groupRanksInto(
  scores: ArrayLike<number>,
  order: Int32Array,
  groupOf: Int32Array,
  groupCount: number,
  out: Int32Array,
): void {
  out.fill(0);
  const seen = new Int32Array(groupCount);
  const rank = new Int32Array(groupCount);
  const last = new Float64Array(groupCount).fill(Number.NaN);
  for (let k = 0; k < order.length; k++) {
    const i = order[k] as number;
    const g = groupOf[i] as number;
    const v = scores[i] as number;
    const position = ++seen[g]!;
    if (v !== last[g]) {
      rank[g] = position;
      last[g] = v;
    }
    out[i] = rank[g] as number;
  }
}

/**
 * Competition ranks (1, 1, 3), highest score first; absent (NaN) students are not ranked (null).
 */
export function competitionRanks(scores: ArrayLike<number>): (number | null)[] {
  const ranks = new Int32Array(scores.length);
  rankInto(scores, ranks);
  return Array.from(ranks, (r) => (r === 0 ? null : r));
}
