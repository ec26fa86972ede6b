import { describe, expect, it } from 'vitest';
import { discrimination, extremeGroups } from './discrimination';

const totals = [100, 90, 80, 70, 60, 50, 40, 30, 20, 10];

describe('discrimination (27 % groups)', () => {
  it('is P_H − P_L for a right-or-wrong objective item', () => {
    // n = 10 → group size round(2.7) = 3. Upper totals 100, 90, 80 answer 1, 1, 0 → P_H = 2/3;
    // lower totals 30, 20, 10 answer 1, 0, 0 → P_L = 1/3; D = 1/3.
    const item = [1, 1, 0, 0, 1, 0, 1, 1, 0, 0];
    expect(discrimination(item, totals, 1)).toBeCloseTo(1 / 3, 12);
  });

  it('is (mean_H − mean_L) / full marks for a subjective item', () => {
    // upper 10, 8, 9 → mean 9; lower 4, 2, 0 → mean 2; (9 − 2)/10 = 0.7
    const item = [10, 8, 9, 5, 5, 5, 5, 4, 2, 0];
    expect(discrimination(item, totals, 10)).toBeCloseTo(0.7, 12);
  });

  it('leaves absent students out and breaks boundary ties by id', () => {
    // Present: 9 students (index 9 absent) → size round(2.43) = 2. Totals 90, then three tied 80s
    // with ids z, m, b: the upper group takes 90 (a) and the smallest id among the ties, b.
    const t = [90, 80, 80, 80, 70, 60, 50, 40, 30, Number.NaN];
    const ids = ['a', 'z', 'm', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const groups = extremeGroups(t, 0.27, ids);
    expect(Array.from(groups!.upper)).toEqual([0, 3]);
    expect(Array.from(groups!.lower)).toEqual([7, 8]);
  });

  it('is null with fewer than two students or zero full marks', () => {
    expect(discrimination([1], [50], 1)).toBeNull();
    expect(discrimination([0, 0], [50, 40], 0)).toBeNull();
  });

  it('uses one student per group for very small groups', () => {
    // n = 2 → round(0.54) = 1 each: upper scored 2, lower 0 → (2 − 0)/2 = 1
    expect(discrimination([2, 0], [10, 5], 2)).toBe(1);
  });
});
