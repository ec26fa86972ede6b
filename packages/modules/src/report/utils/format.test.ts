import { describe, expect, it } from 'vitest';
import {
  boxOf,
  formatChange,
  formatFixed,
  formatRate,
  formatScore,
  kindLabel,
  levelLabel,
  readableBands,
} from './format';

describe('display rounding (docs/analysis.md)', () => {
  it.each([
    [85.126, '85.13'],
    [85.1, '85.1'],
    [90, '90'],
    [null, '—'],
    [Number.NaN, '—'],
  ])('score %s → %s (means, sd and scores to 2 decimals)', (value, text) => {
    expect(formatScore(value)).toBe(text);
  });

  it.each([
    [0.8125, '81.25%'],
    [0, '0.00%'],
    [1, '100.00%'],
    [0.123456, '12.35%'],
    [null, '—'],
  ])('rate %s → %s (percentages to 2 decimals)', (value, text) => {
    expect(formatRate(value)).toBe(text);
  });

  it('z to 2 decimals, T to 1, changes with their sign', () => {
    expect(formatFixed(1.2345)).toBe('1.23');
    expect(formatFixed(61.25, 1)).toBe('61.3');
    expect(formatChange(12)).toBe('+12');
    expect(formatChange(-3)).toBe('-3');
    expect(formatChange(null)).toBe('—');
  });

  it('names levels and question kinds in Chinese', () => {
    expect(levelLabel('excellent')).toBe('优秀');
    expect(levelLabel('fail')).toBe('不及格');
    expect(levelLabel(null)).toBe('—');
    expect(kindLabel('single')).toBe('单选题');
    expect(kindLabel('other')).toBe('other');
  });
});

describe('boxOf', () => {
  it('gives min, quartiles, median and max', () => {
    expect(boxOf([1, 2, 3, 4, 5])).toEqual([1, 2, 3, 4, 5]);
    expect(boxOf([])).toBeNull();
  });
});

describe('readableBands', () => {
  const band = (from: number, count: number) => ({ from, to: from + 10, count });
  const merge = (a: ReturnType<typeof band>, b: ReturnType<typeof band>) => ({
    from: a.from,
    to: b.to,
    count: a.count + b.count,
  });
  it('drops the empty ends and merges neighbours down to the limit', () => {
    const bands = [band(0, 0), band(10, 1), band(20, 2), band(30, 3), band(40, 0)];
    expect(readableBands(bands, (b) => b.count === 0, merge)).toEqual(bands.slice(1, 4));
    expect(readableBands(bands, (b) => b.count === 0, merge, 2)).toEqual([
      { from: 10, to: 30, count: 3 },
      { from: 30, to: 40, count: 3 },
    ]);
    expect(readableBands([band(0, 0)], (b) => b.count === 0, merge)).toEqual([]);
  });
});
