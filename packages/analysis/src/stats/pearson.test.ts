import fc from 'fast-check';
import * as ss from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { pearson } from './pearson';

describe('pearson', () => {
  it('works a small case by hand', () => {
    // x 1,2,3 ; y 2,4,7 → means 2, 13/3; Σdxdy = (−1)(−7/3) + 0 + (1)(8/3) = 5;
    // Σdx² = 2; Σdy² = 49/9 + 1/9 + 64/9 = 114/9 → r = 5 / √(2 × 114/9) = 15/√228
    expect(pearson([1, 2, 3], [2, 4, 7])).toBeCloseTo(15 / Math.sqrt(228), 12);
  });

  it('skips pairs with an absence and is null without spread', () => {
    expect(pearson([1, Number.NaN, 2], [1, 5, 2])).toBeCloseTo(1, 12);
    expect(pearson([3, 3, 3], [1, 2, 3])).toBeNull();
    expect(pearson([1], [1])).toBeNull();
  });

  it('agrees with simple-statistics', () => {
    const pair = fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 100 }));
    fc.assert(
      fc.property(fc.array(pair, { minLength: 3, maxLength: 50 }), (pairs) => {
        const x = pairs.map((p) => p[0]);
        const y = pairs.map((p) => p[1]);
        fc.pre(new Set(x).size > 1 && new Set(y).size > 1);
        expect(pearson(x, y)).toBeCloseTo(ss.sampleCorrelation(x, y), 9);
      }),
      { numRuns: 200 },
    );
  });
});
