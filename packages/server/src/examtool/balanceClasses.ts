import { describe } from '@examkit/analysis';

/**
 * 分班: deterministic balancing of a grade's students into classes (docs/exam-tool.md).
 *
 * 1. Strata: students with the same 选科组合 (when `byCombination`) and sex (when `balanceSex`)
 *    form one stratum; larger strata first, ties by key.
 * 2. Within a stratum, students by score (highest first, no score last, then id) are dealt in
 *    rounds of one per class: each round visits the classes by fewest students so far, then
 *    lowest score sum, then the order given — a serpentine that follows what each class needs,
 *    so sizes never differ by more than one and each stratum spreads evenly.
 * 3. Local swaps: two students of the same stratum in different classes swap when that lowers
 *    Σ (class mean − grade mean)²; sizes, sex and 选科 counts are unchanged by such a swap.
 *    Passes repeat until none improves (at most `maxPasses`).
 */

export interface BalanceStudent {
  id: number;
  /** null: no score (roster source, or absent). */
  score: number | null;
  /** 0 unknown, 1 男, 2 女. */
  sex: number;
  combination: string | null;
}

export interface BalanceOptions {
  balanceSex: boolean;
  byCombination: boolean;
  /** @default 50 */
  maxPasses?: number;
}

/** Target class id by student id. */
export type Placement = Map<number, number>;

const EPS = 1e-9;

export function balanceClasses(
  students: readonly BalanceStudent[],
  classIds: readonly number[],
  options: BalanceOptions,
): Placement {
  if (classIds.length === 0) throw new Error('no classes');
  const k = classIds.length;
  const count = new Array<number>(k).fill(0);
  const sum = new Array<number>(k).fill(0);
  const scored = new Array<number>(k).fill(0);
  const at = new Map<number, number>();

  const keyOf = (s: BalanceStudent) =>
    `${options.byCombination ? (s.combination ?? '') : ''}|${options.balanceSex ? s.sex : ''}`;
  const strata = new Map<string, BalanceStudent[]>();
  for (const s of students) {
    const key = keyOf(s);
    const list = strata.get(key) ?? [];
    list.push(s);
    strata.set(key, list);
  }
  const ordered = [...strata.entries()].sort(
    (a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0),
  );
  const byScore = (a: BalanceStudent, b: BalanceStudent) =>
    (b.score ?? -Infinity) - (a.score ?? -Infinity) || a.id - b.id;

  const place = (s: BalanceStudent, c: number) => {
    at.set(s.id, c);
    count[c]! += 1;
    if (s.score !== null) {
      sum[c]! += s.score;
      scored[c]! += 1;
    }
  };

  for (const [, list] of ordered) {
    const sorted = [...list].sort(byScore);
    for (let i = 0; i < sorted.length; i += k) {
      const round = sorted.slice(i, i + k);
      const order = [...Array(k).keys()].sort(
        (a, b) => count[a]! - count[b]! || sum[a]! - sum[b]! || a - b,
      );
      round.forEach((s, j) => place(s, order[j]!));
    }
  }

  // Local swaps within strata.
  const total = sum.reduce((a, b) => a + b, 0);
  const n = scored.reduce((a, b) => a + b, 0);
  if (n > 0) {
    const grand = total / n;
    const cost = (c: number, s: number) => (scored[c]! === 0 ? 0 : (s / scored[c]! - grand) ** 2);
    const maxPasses = options.maxPasses ?? 50;
    const groups = ordered.map(([, list]) =>
      [...list].filter((s) => s.score !== null).sort((a, b) => a.id - b.id),
    );
    for (let pass = 0; pass < maxPasses; pass++) {
      let improved = false;
      for (const group of groups) {
        for (let i = 0; i < group.length; i++) {
          for (let j = i + 1; j < group.length; j++) {
            const a = group[i]!;
            const b = group[j]!;
            const ca = at.get(a.id)!;
            const cb = at.get(b.id)!;
            if (ca === cb) continue;
            const d = b.score! - a.score!;
            if (d === 0) continue;
            const before = cost(ca, sum[ca]!) + cost(cb, sum[cb]!);
            const after = cost(ca, sum[ca]! + d) + cost(cb, sum[cb]! - d);
            if (after < before - EPS) {
              sum[ca]! += d;
              sum[cb]! -= d;
              at.set(a.id, cb);
              at.set(b.id, ca);
              improved = true;
            }
          }
        }
      }
      if (!improved) break;
    }
  }

  const placement: Placement = new Map();
  for (const s of students) placement.set(s.id, classIds[at.get(s.id)!]!);
  return placement;
}

export interface ClassBalance {
  classId: number;
  count: number;
  mean: number | null;
  sd: number | null;
  male: number;
  female: number;
  /** By 选科组合 name, sorted by name; students without one are left out. */
  combinations: { name: string; count: number }[];
}

/** Size, score mean and spread (the analysis engine's `describe`), sexes and 选科 of each class. */
export function balanceOf(
  students: readonly BalanceStudent[],
  placement: Placement,
  classIds: readonly number[],
): { classes: ClassBalance[]; meanRange: number | null; sizeRange: number } {
  const classes = classIds.map((classId) => {
    const members = students.filter((s) => placement.get(s.id) === classId);
    const d = describe(members.map((s) => s.score ?? Number.NaN));
    const combos = new Map<string, number>();
    for (const s of members)
      if (s.combination) combos.set(s.combination, (combos.get(s.combination) ?? 0) + 1);
    return {
      classId,
      count: members.length,
      mean: d.mean,
      sd: d.sd,
      male: members.filter((s) => s.sex === 1).length,
      female: members.filter((s) => s.sex === 2).length,
      combinations: [...combos.entries()]
        .sort((a, b) => (a[0] < b[0] ? -1 : 1))
        .map(([name, count]) => ({ name, count })),
    };
  });
  const means = classes.flatMap((c) => (c.mean === null ? [] : [c.mean]));
  const sizes = classes.map((c) => c.count);
  return {
    classes,
    meanRange: means.length > 0 ? Math.max(...means) - Math.min(...means) : null,
    sizeRange: Math.max(...sizes) - Math.min(...sizes),
  };
}
