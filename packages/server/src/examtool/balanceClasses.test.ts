import { describe, expect, it } from 'vitest';
import { balanceClasses, balanceOf, type BalanceStudent } from './balanceClasses';

const ALL = { balanceSex: true, byCombination: true };

/** 12 students, scores 100 down to 45 by 5, alternating sex. */
const twelve: BalanceStudent[] = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  score: 100 - 5 * i,
  sex: (i % 2) + 1,
  combination: null,
}));

describe('balanceClasses (分班)', () => {
  it('deals 12 ranked students into 3 classes of 4 with equal means', () => {
    const placement = balanceClasses(twelve, [10, 20, 30], {
      balanceSex: false,
      byCombination: false,
    });
    const { classes, meanRange, sizeRange } = balanceOf(twelve, placement, [10, 20, 30]);
    expect(classes.map((c) => c.count)).toEqual([4, 4, 4]);
    expect(sizeRange).toBe(0);
    // Σ = 870, 72.5 per student: a serpentine plus swaps reaches equal sums here.
    expect(meanRange).toBeCloseTo(0, 9);
    expect(classes.every((c) => c.mean !== null && Math.abs(c.mean - 72.5) < 1e-9)).toBe(true);
  });

  it('keeps sexes even in every class when asked', () => {
    const placement = balanceClasses(twelve, [1, 2], ALL);
    const { classes } = balanceOf(twelve, placement, [1, 2]);
    expect(classes.map((c) => [c.male, c.female])).toEqual([
      [3, 3],
      [3, 3],
    ]);
  });

  it('spreads every 选科组合 across the classes (counts differ by at most one)', () => {
    const combos = ['物化生', '物化生', '物化生', '物化生', '史政地', '史政地', '物化地', '物化地'];
    const students = combos.map((combination, i) => ({
      id: i + 1,
      score: 90 - i,
      sex: 1,
      combination,
    }));
    const placement = balanceClasses(students, [7, 8], ALL);
    const { classes } = balanceOf(students, placement, [7, 8]);
    for (const c of classes)
      expect(c.combinations).toEqual([
        { name: '史政地', count: 1 },
        { name: '物化地', count: 1 },
        { name: '物化生', count: 2 },
      ]);
  });

  it('sizes differ by at most one when the grade does not divide evenly, also without scores', () => {
    const students = Array.from({ length: 10 }, (_, i) => ({
      id: i + 1,
      score: null,
      sex: i < 7 ? 1 : 2,
      combination: null,
    }));
    const placement = balanceClasses(students, [1, 2, 3], ALL);
    const { classes, meanRange, sizeRange } = balanceOf(students, placement, [1, 2, 3]);
    expect(sizeRange).toBeLessThanOrEqual(1);
    expect(meanRange).toBeNull();
    expect(classes.reduce((n, c) => n + c.male, 0)).toBe(7);
    expect(
      Math.max(...classes.map((c) => c.male)) - Math.min(...classes.map((c) => c.male)),
    ).toBeLessThanOrEqual(1);
  });

  it('is deterministic: the same students in any order give the same placement', () => {
    const a = balanceClasses(twelve, [1, 2, 3], ALL);
    const b = balanceClasses([...twelve].reverse(), [1, 2, 3], ALL);
    expect([...b.entries()].sort((x, y) => x[0] - y[0])).toEqual(
      [...a.entries()].sort((x, y) => x[0] - y[0]),
    );
  });

  it('narrows the gap of class means below a plain serpentine on uneven scores', () => {
    const scores = [98, 97, 91, 88, 85, 80, 79, 77, 70, 66, 61, 59, 58, 40, 33, 20];
    const students = scores.map((score, i) => ({ id: i + 1, score, sex: 1, combination: null }));
    const placement = balanceClasses(students, [1, 2, 3, 4], {
      balanceSex: false,
      byCombination: false,
    });
    const { meanRange } = balanceOf(students, placement, [1, 2, 3, 4]);
    // Plain serpentine 1-2-3-4-4-3-2-1: means 66.5, 67.75, 64.75, 64.0 → range 3.75.
    expect(meanRange).not.toBeNull();
    expect(meanRange!).toBeLessThan(3.75);
  });
});
