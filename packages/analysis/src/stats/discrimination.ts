import { sortByScoreDesc } from './scoreOrder';

/** Upper and lower groups of a paper, as indices into the totals. */
export interface ExtremeGroups {
  readonly upper: Int32Array;
  readonly lower: Int32Array;
}

/**
 * The upper `fraction` (27 %) and lower `lowerFraction` (the same by default) of present students
 * by paper total: a group's size is round(fraction × n), at least 1 and at most ⌊n / 2⌋; ties at a
 * boundary are broken by `tieKeys` (student ids), then index. Null with fewer than two present students.
 */
export function extremeGroups(
  totals: ArrayLike<number>,
  fraction = 0.27,
  tieKeys?: readonly string[],
  lowerFraction = fraction,
): ExtremeGroups | null {
  let n = 0;
  for (let i = 0; i < totals.length; i++) if (!Number.isNaN(totals[i])) n++;
  if (n < 2) return null;
  const order = new Int32Array(n);
  let j = 0;
  for (let i = 0; i < totals.length; i++) if (!Number.isNaN(totals[i])) order[j++] = i;
  // without keys ties go by index, which sortByScoreDesc does without a comparator
  if (tieKeys !== undefined || !sortByScoreDesc(totals, order))
    order.sort((a, b) => {
      const byTotal = (totals[b] as number) - (totals[a] as number);
      if (byTotal !== 0) return byTotal;
      const ka = tieKeys?.[a] ?? '';
      const kb = tieKeys?.[b] ?? '';
      return ka < kb ? -1 : ka > kb ? 1 : a - b;
    });
  const sizeOf = (f: number) => Math.min(Math.floor(n / 2), Math.max(1, Math.round(f * n)));
  return { upper: order.slice(0, sizeOf(fraction)), lower: order.slice(n - sizeOf(lowerFraction)) };
}

function groupMean(item: ArrayLike<number>, members: Int32Array): number {
  let sum = 0;
  for (let k = 0; k < members.length; k++) {
    const v = item[members[k] as number] as number;
    if (!Number.isNaN(v)) sum += v;
  }
  return sum / members.length;
}

/** (mean_H − mean_L) / full marks for given groups; NaN item scores count as 0. */
export function groupDiscrimination(
  item: ArrayLike<number>,
  fullMarks: number,
  groups: ExtremeGroups | null,
): number | null {
  if (groups === null || !(fullMarks > 0)) return null;
  return (groupMean(item, groups.upper) - groupMean(item, groups.lower)) / fullMarks;
}

/**
 * Discrimination of a question by the 27 % upper and lower groups of the paper total:
 * (mean_H − mean_L) / full marks, which for a right-or-wrong objective item is P_H − P_L.
 * Students with a NaN total are absent; null with fewer than two present students or full marks ≤ 0.
 */
export function discrimination(
  itemScores: ArrayLike<number>,
  paperTotals: ArrayLike<number>,
  fullMarks: number,
  options: { readonly fraction?: number; readonly tieKeys?: readonly string[] } = {},
): number | null {
  return groupDiscrimination(
    itemScores,
    fullMarks,
    extremeGroups(paperTotals, options.fraction, options.tieKeys),
  );
}
