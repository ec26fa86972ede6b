import { describe, expect, it } from 'vitest';
import { criticalStudents } from './criticalStudents';

describe('criticalStudents (临界生)', () => {
  it('lists scores in [line − band, line), highest first', () => {
    // line 60, band 5 → [55, 60): 55, 59.5, 57; 60 is on the line, 54.5 below the band.
    expect(criticalStudents([55, 60, 59.5, 54.5, Number.NaN, 57], 60, 5)).toEqual([2, 5, 0]);
  });

  it('orders equal scores by student id', () => {
    expect(criticalStudents([58, 58, 59], 60, 5, ['z', 'b', 'm'])).toEqual([2, 1, 0]);
  });
});
