import { describe, expect, it } from 'vitest';
import { seededRandom } from '../test/fixtures';
import { sortByScoreDesc } from './scoreOrder';

const byComparator = (scores: ArrayLike<number>, order: Int32Array) =>
  order.slice().sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b);

describe('sortByScoreDesc', () => {
  it('orders as the comparator sort does: highest first, ties by index', () => {
    const random = seededRandom(5);
    for (const n of [80, 200, 1000]) {
      // half points with many ties, −0 beside 0, and a few fractional scores
      const scores = Float64Array.from({ length: n }, (_, i) =>
        i % 17 === 0 ? -0 : i % 13 === 0 ? random() * 10 : Math.floor(random() * 21) / 2,
      );
      const order = Int32Array.from({ length: n }, (_, i) => i).filter((i) => i % 5 !== 1);
      const expected = byComparator(scores, order);
      expect(sortByScoreDesc(scores, order)).toBe(true);
      expect(Array.from(order)).toEqual(Array.from(expected));
    }
  });

  it('leaves small or non-finite inputs to the caller', () => {
    const few = Int32Array.from([0, 1, 2]);
    expect(sortByScoreDesc([1, 3, 2], few)).toBe(false);
    expect(Array.from(few)).toEqual([0, 1, 2]);
    const scores = Float64Array.from({ length: 100 }, (_, i) => (i === 7 ? Infinity : i));
    const order = Int32Array.from({ length: 100 }, (_, i) => i);
    expect(sortByScoreDesc(scores, order)).toBe(false);
    expect(order[0]).toBe(0);
  });
});
