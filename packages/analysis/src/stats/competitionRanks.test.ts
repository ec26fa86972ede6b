import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { competitionRanks } from './competitionRanks';

describe('competitionRanks', () => {
  it('gives ties the same rank and skips after them (1, 1, 3)', () => {
    expect(competitionRanks([90, 95, 90, 80])).toEqual([2, 1, 2, 4]);
    expect(competitionRanks([100, 100, 90])).toEqual([1, 1, 3]);
  });

  it('does not rank absent students and does not count them', () => {
    expect(competitionRanks([Number.NaN, 70, 80, Number.NaN, 70])).toEqual([null, 2, 1, null, 2]);
  });

  it('ranks a class of one first and an empty class not at all', () => {
    expect(competitionRanks([12])).toEqual([1]);
    expect(competitionRanks([])).toEqual([]);
  });

  it('is a competition ranking: rank = 1 + number of strictly higher scores', () => {
    const column = fc.array(fc.oneof(fc.integer({ min: 0, max: 20 }), fc.constant(Number.NaN)), {
      maxLength: 80,
    });
    fc.assert(
      fc.property(column, (scores) => {
        const ranks = competitionRanks(scores);
        const present = scores.filter((v) => !Number.isNaN(v));
        scores.forEach((v, i) => {
          if (Number.isNaN(v)) expect(ranks[i]).toBeNull();
          else expect(ranks[i]).toBe(1 + present.filter((w) => w > v).length);
        });
        // Sorted ranks are a permutation of 1..n once each tie block is expanded.
        const sorted = ranks.filter((r): r is number => r !== null).sort((a, b) => a - b);
        sorted.forEach((r, k) => expect(r === k + 1 || r === sorted[k - 1]).toBe(true));
      }),
      { numRuns: 300 },
    );
  });
});
