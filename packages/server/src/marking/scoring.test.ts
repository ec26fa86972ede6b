import { describe, expect, it } from 'vitest';
import { decide, finalParts, partsOf, roundedMean } from './scoring';

describe('roundedMean: the mean of two marks, rounded half up to the score step', () => {
  it.each([
    // a, b (points), step, mean
    [7, 8, 1, 8],
    [7, 8, 0.5, 7.5],
    [7, 7.5, 0.5, 7.5],
    [6, 9, 1, 8],
    [0, 1, 1, 1],
    [0, 0.5, 0.5, 0.5],
    [10, 10, 1, 10],
    [3.5, 4, 0.5, 4],
  ])('%s and %s with step %s give %s', (a, b, step, mean) => {
    expect(roundedMean(a * 2, b * 2, step * 2) / 2).toBe(mean);
  });
});

describe('decide', () => {
  const T = 2 * 2; // tolerance 2 points
  it.each([
    [
      'single mark is final',
      'single',
      { 1: 12 },
      { kind: 'final', scoreHalf: 12, source: 'single' },
    ],
    ['double waits for the second mark', 'double', { 1: 12 }, { kind: 'wait' }],
    [
      'double within tolerance: mean',
      'double',
      { 1: 12, 2: 16 },
      { kind: 'final', scoreHalf: 14, source: 'mean' },
    ],
    ['double beyond tolerance: arbitration', 'double', { 1: 10, 2: 16 }, { kind: 'arbitration' }],
    ['triple beyond tolerance: a third mark', 'triple', { 1: 10, 2: 16 }, { kind: 'third' }],
    [
      'triple: closest pair with the third',
      'triple',
      { 1: 10, 2: 16, 3: 15 },
      { kind: 'final', scoreHalf: 16, source: 'third' },
    ],
    ['triple: all apart, arbitration', 'triple', { 1: 0, 2: 10, 3: 20 }, { kind: 'arbitration' }],
    [
      'arbitration is final',
      'double',
      { 1: 0, 2: 20, arbitration: 7 },
      { kind: 'final', scoreHalf: 7, source: 'arbitration' },
    ],
  ] as const)('%s', (_name, mode, marks, expected) => {
    expect(decide(mode, T, 2, marks)).toMatchObject(expected);
  });

  it('ties between pairs take the higher mean', () => {
    expect(decide('triple', T, 2, { 1: 10, 2: 18, 3: 14 })).toMatchObject({
      scoreHalf: 16,
      from: [2, 3],
    });
  });
});

describe('parts', () => {
  it('rounds each question’s mean and sums', () => {
    expect(
      finalParts(
        [
          [15, 7],
          [16, 8],
        ],
        2,
      ),
    ).toEqual([16, 8]);
    expect(finalParts([[15, 7]], 2)).toEqual([15, 7]);
  });
  it('checks full marks and the step', () => {
    expect(partsOf([7, 3], [20, 10], 2)).toEqual([14, 6]);
    expect(partsOf([7.5, 3], [20, 10], 2)).toBeNull();
    expect(partsOf([11, 3], [20, 10], 1)).toBeNull();
    expect(partsOf([7], [20, 10], 1)).toBeNull();
  });
});
