import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scoreSegments } from './scoreSegments';

describe('scoreSegments (一分一段)', () => {
  it('lists every step from the top segment down with counts and counts at or above', () => {
    // 98 and 98.5 share segment 98; 97 is empty; 96 once; absent ignored.
    expect(scoreSegments([98, 96, 98.5, Number.NaN, 99])).toEqual([
      { score: 99, count: 1, cumulative: 1 },
      { score: 98, count: 2, cumulative: 3 },
      { score: 97, count: 0, cumulative: 3 },
      { score: 96, count: 1, cumulative: 4 },
    ]);
  });

  it('uses the step', () => {
    expect(scoreSegments([10, 14, 15], 5)).toEqual([
      { score: 15, count: 1, cumulative: 1 },
      { score: 10, count: 2, cumulative: 3 },
    ]);
  });

  it('is empty with nobody present', () => {
    expect(scoreSegments([Number.NaN])).toEqual([]);
  });

  it('has monotonic cumulative counts ending at the present count', () => {
    const column = fc.array(
      fc.oneof(
        fc.integer({ min: 0, max: 300 }).map((x) => x / 2),
        fc.constant(Number.NaN),
      ),
      {
        maxLength: 80,
      },
    );
    fc.assert(
      fc.property(column, fc.constantFrom(0.5, 1, 2, 5), (scores, step) => {
        const rows = scoreSegments(scores, step);
        const present = scores.filter((v) => !Number.isNaN(v));
        rows.forEach((row, k) => {
          expect(row.cumulative).toBe(present.filter((v) => v >= row.score).length);
          if (k > 0) expect(row.cumulative).toBeGreaterThanOrEqual(rows[k - 1]!.cumulative);
        });
        expect(rows.at(-1)?.cumulative ?? 0).toBe(present.length);
      }),
      { numRuns: 200 },
    );
  });
});
