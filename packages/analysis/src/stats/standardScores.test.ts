import * as ss from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { aboveMeanRate, rankChange, tScore, zScores } from './standardScores';

describe('standard scores', () => {
  it('computes z with the population sd and T = 50 + 10z, agreeing with simple-statistics', () => {
    const scores = [60, 70, 80, 90];
    const mean = ss.mean(scores);
    const sd = ss.standardDeviation(scores);
    const z = zScores([...scores, Number.NaN]);
    scores.forEach((v, i) => expect(z[i]).toBeCloseTo(ss.zScore(v, mean, sd), 12));
    expect(z[4]).toBeNull();
    // z of 90 = 15/√125 ≈ 1.3416 → T ≈ 63.416
    expect(tScore(z[3]!)).toBeCloseTo(50 + (10 * 15) / Math.sqrt(125), 12);
  });

  it('gives null z when every score is equal', () => {
    expect(zScores([5, 5])).toEqual([null, null]);
    expect(tScore(null)).toBeNull();
  });

  it('computes 超均率 and guards a zero grade mean', () => {
    // class 72, grade 80 → (72 − 80)/80 = −0.1
    expect(aboveMeanRate(72, 80)).toBeCloseTo(-0.1, 12);
    expect(aboveMeanRate(5, 0)).toBeNull();
    expect(aboveMeanRate(null, 80)).toBeNull();
  });

  it('counts progress as previous rank minus current rank', () => {
    expect(rankChange(10, 4)).toBe(6);
    expect(rankChange(undefined, 4)).toBeNull();
    expect(rankChange(3, null)).toBeNull();
  });
});
