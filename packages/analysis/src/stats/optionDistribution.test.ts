import { describe, expect, it } from 'vitest';
import { optionDistribution } from './optionDistribution';

describe('optionDistribution', () => {
  it('counts each chosen option and blanks over all responses', () => {
    // masks: A (1), B (2), A (1), blank (0), A+C (5 = 1 + 4) → A 3, B 1, C 1, D 0; blank 1 of 5
    const result = optionDistribution([1, 2, 1, 0, 5], ['A', 'B', 'C', 'D']);
    expect(result.options).toEqual([
      { option: 'A', count: 3, rate: 3 / 5 },
      { option: 'B', count: 1, rate: 1 / 5 },
      { option: 'C', count: 1, rate: 1 / 5 },
      { option: 'D', count: 0, rate: 0 },
    ]);
    expect(result.blankRate).toBe(1 / 5);
  });

  it('gives null rates with no response', () => {
    expect(optionDistribution([], ['A']).blankRate).toBeNull();
  });
});
