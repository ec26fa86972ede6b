import { describe, expect, it } from 'vitest';
import { evenQuestions } from './jointLabels';

describe('evenQuestions', () => {
  it('shares the full marks in steps of 0.5, the last question taking the rest', () => {
    expect(evenQuestions(30, 3).map((q) => q.fullMarks)).toEqual([10, 10, 10]);
    expect(evenQuestions(100, 3).map((q) => q.fullMarks)).toEqual([33, 33, 34]);
    expect(evenQuestions(10, 4).map((q) => q.fullMarks)).toEqual([2.5, 2.5, 2.5, 2.5]);
    expect(evenQuestions(7, 3).map((q) => [q.number, q.fullMarks])).toEqual([
      ['1', 2],
      ['2', 2],
      ['3', 3],
    ]);
  });
});
