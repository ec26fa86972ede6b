import fc from 'fast-check';
import * as ss from 'simple-statistics';
import { describe as suite, expect, it } from 'vitest';
import { describe } from './describe';

suite('describe', () => {
  it('works a small column by hand, absences excluded', () => {
    // present: 60, 70, 80, 90 → mean 300/4 = 75; median (70 + 80)/2 = 75;
    // deviations −15, −5, 5, 15 → squares 225 + 25 + 25 + 225 = 500; sd = √(500/4) = √125
    expect(describe([90, Number.NaN, 60, 80, 70, Number.NaN])).toEqual({
      count: 4,
      absent: 2,
      mean: 75,
      max: 90,
      min: 60,
      median: 75,
      sd: Math.sqrt(125),
    });
  });

  it('takes the middle value of an odd count', () => {
    expect(describe([3, 1, 2]).median).toBe(2);
  });

  it('gives null figures for an empty or all-absent column', () => {
    const empty = { count: 0, absent: 0, mean: null, max: null, min: null, median: null, sd: null };
    expect(describe([])).toEqual(empty);
    expect(describe([Number.NaN, Number.NaN])).toEqual({ ...empty, absent: 2 });
  });

  it('gives a class of one a zero spread', () => {
    expect(describe([42])).toMatchObject({ count: 1, mean: 42, median: 42, sd: 0 });
  });

  it('gives exactly zero spread for equal values that do not sum exactly', () => {
    expect(describe([0.1, 0.1, 0.1]).sd).toBe(0);
  });

  it('agrees with simple-statistics', () => {
    const score = fc.integer({ min: 0, max: 300 }).map((x) => x / 2);
    fc.assert(
      fc.property(fc.array(score, { minLength: 1, maxLength: 60 }), (scores) => {
        const d = describe(scores);
        expect(d.mean).toBeCloseTo(ss.mean(scores), 9);
        expect(d.median).toBe(ss.median(scores));
        expect(d.sd).toBeCloseTo(ss.standardDeviation(scores), 9);
        expect(d.max).toBe(ss.max(scores));
        expect(d.min).toBe(ss.min(scores));
      }),
      { numRuns: 200 },
    );
  });
});
