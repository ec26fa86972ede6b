import fc from 'fast-check';
import * as ss from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { cronbachAlpha } from './cronbachAlpha';

describe('cronbachAlpha', () => {
  it('works a small paper by hand', () => {
    // item 1: 1, 2, 3 → var 2/3; item 2: 1, 3, 2 → var 2/3; totals 2, 5, 5 → mean 4, var (4+1+1)/3 = 2
    // α = 2/(2−1) × (1 − (4/3)/2) = 2/3
    expect(
      cronbachAlpha([
        [1, 2, 3],
        [1, 3, 2],
      ]),
    ).toBeCloseTo(2 / 3, 12);
  });

  it('leaves students absent from every item out and counts a blank item as 0', () => {
    expect(
      cronbachAlpha([
        [1, 2, 3, Number.NaN],
        [1, 3, 2, Number.NaN],
      ]),
    ).toBeCloseTo(2 / 3, 12);
    // student 3 has item 2 blank → read as 0: same as the explicit 0
    expect(
      cronbachAlpha([
        [1, 2, 3],
        [1, 3, Number.NaN],
      ]),
    ).toBe(
      cronbachAlpha([
        [1, 2, 3],
        [1, 3, 0],
      ]),
    );
  });

  it('is null with one item or no spread', () => {
    expect(cronbachAlpha([[1, 2, 3]])).toBeNull();
    expect(
      cronbachAlpha([
        [1, 1],
        [2, 2],
      ]),
    ).toBeNull();
    expect(cronbachAlpha([])).toBeNull();
  });

  it('agrees with the formula over simple-statistics variances', () => {
    const paper = fc.array(
      fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 6, maxLength: 6 }),
      {
        minLength: 2,
        maxLength: 6,
      },
    );
    fc.assert(
      fc.property(paper, (items) => {
        const totals = items[0]!.map((_, s) => items.reduce((sum, item) => sum + item[s]!, 0));
        fc.pre(ss.variance(totals) > 0);
        const k = items.length;
        const expected =
          (k / (k - 1)) *
          (1 - items.reduce((sum, item) => sum + ss.variance(item), 0) / ss.variance(totals));
        expect(cronbachAlpha(items)).toBeCloseTo(expected, 9);
      }),
      { numRuns: 200 },
    );
  });
});
