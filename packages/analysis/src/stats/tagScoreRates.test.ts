import { describe, expect, it } from 'vitest';
import { tagScoreRates } from './tagScoreRates';

describe('tagScoreRates', () => {
  it('counts a question with several tags fully toward each', () => {
    // q1 (5 marks, mean 4) functions; q2 (10, mean 5) functions + geometry; q3 (0 marks) geometry.
    // functions: (4 + 5)/(5 + 10) = 0.6; geometry: (5 + 0)/(10 + 0) = 0.5
    const rates = tagScoreRates([
      { id: 'q1', fullMarks: 5, mean: 4, tags: ['functions'] },
      { id: 'q2', fullMarks: 10, mean: 5, tags: ['geometry', 'functions'] },
      { id: 'q3', fullMarks: 0, mean: 0, tags: ['geometry'] },
    ]);
    expect(rates).toEqual([
      { tag: 'functions', questionIds: ['q1', 'q2'], fullMarks: 15, mean: 9, scoreRate: 0.6 },
      { tag: 'geometry', questionIds: ['q2', 'q3'], fullMarks: 10, mean: 5, scoreRate: 0.5 },
    ]);
  });

  it('gives null for a tag with zero full marks or no students', () => {
    expect(
      tagScoreRates([{ id: 'q', fullMarks: 0, mean: 0, tags: ['t'] }])[0]!.scoreRate,
    ).toBeNull();
    expect(
      tagScoreRates([{ id: 'q', fullMarks: 5, mean: null, tags: ['t'] }])[0]!.scoreRate,
    ).toBeNull();
  });
});
