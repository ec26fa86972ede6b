import { describe, expect, it } from 'vitest';
import { compareScoreRates } from './compareScoreRates';

describe('compareScoreRates', () => {
  it('treats equal rates as equal whatever float noise their means carry', () => {
    // 2 students, 0.5 points in all, of 3 marks: 1/12; 3 students, 2.5 points in all, of 10: 1/12
    const a = { mean: 0.5 / 2, count: 2, fullMarks: 3 };
    const b = { mean: 2.5 / 3, count: 3, fullMarks: 10 };
    expect(a.mean / a.fullMarks).toBeLessThan(b.mean / b.fullMarks); // the float noise
    expect(compareScoreRates(a, b)).toBe(0);
    expect(compareScoreRates(b, a)).toBe(0);
    // 7 students, total 10.5 of 7 × 3 marks = 0.5; 2 students scoring 2.5 + 2.5 of 5 = 0.5
    expect(
      compareScoreRates(
        { mean: 10.5 / 7, count: 7, fullMarks: 3 },
        { mean: 2.5, count: 2, fullMarks: 5 },
      ),
    ).toBe(0);
  });

  it('orders distinct rates however close, lowest first; undefined rates last', () => {
    // 2999.5 / 6000 < 0.5 by 1/12000 of a mark per student
    const lower = { mean: 2999.5 / 1000, count: 1000, fullMarks: 6 };
    const half = { mean: 3, count: 1000, fullMarks: 6 };
    expect(compareScoreRates(lower, half)).toBe(-1);
    expect(compareScoreRates(half, lower)).toBe(1);
    expect(compareScoreRates({ mean: null, count: 0, fullMarks: 5 }, half)).toBe(1);
    expect(compareScoreRates(half, { mean: 1, count: 3, fullMarks: 0 })).toBe(-1);
  });
});
