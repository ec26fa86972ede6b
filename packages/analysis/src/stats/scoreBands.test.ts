import { describe, expect, it } from 'vitest';
import { scoreBands } from './scoreBands';

describe('scoreBands', () => {
  it('counts half-open bands, the last closed at full marks', () => {
    // 25 points in bands of 10: [0,10) [10,20) [20,25]; 25 (full) falls in the last band.
    expect(scoreBands([0, 9.5, 10, 25, 20, Number.NaN], 25, 10)).toEqual([
      { from: 0, to: 10, count: 2 },
      { from: 10, to: 20, count: 1 },
      { from: 20, to: 25, count: 2 },
    ]);
  });

  it('is empty for zero full marks', () => {
    expect(scoreBands([0], 0)).toEqual([]);
  });
});
