/**
 * Writes competition ranks (1, 1, 3) of `scores` into `out`, highest first; NaN (absent) gets 0.
 */
export function rankInto(scores: ArrayLike<number>, out: Int32Array): void {
  let count = 0;
  for (let i = 0; i < scores.length; i++) if (!Number.isNaN(scores[i])) count++;
  const order = new Int32Array(count);
  let j = 0;
  for (let i = 0; i < scores.length; i++) {
    if (Number.isNaN(scores[i])) out[i] = 0;
    else order[j++] = i;
  }
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
}

/**
 * Competition ranks (1, 1, 3), highest score first; absent (NaN) students are not ranked (null).
 */
export function competitionRanks(scores: ArrayLike<number>): (number | null)[] {
  const ranks = new Int32Array(scores.length);
  rankInto(scores, ranks);
  return Array.from(ranks, (r) => (r === 0 ? null : r));
}
