import { describe, expect, it } from 'vitest';
import { toChineseNumber } from './toChineseNumber';

describe('toChineseNumber', () => {
  it.each([
    [0, '零'],
    [7, '七'],
    [10, '十'],
    [15, '十五'],
    [20, '二十'],
    [21, '二十一'],
    [100, '一百'],
    [105, '一百零五'],
    [110, '一百一十'],
    [1001, '一千零一'],
    [1010, '一千零一十'],
    [10000, '一万'],
    [10010, '一万零一十'],
    [100000, '十万'],
    [101000, '十万一千'],
    [100100, '十万零一百'],
    [10001000, '一千万一千'],
    [100000001, '一亿零一'],
    [100000000, '一亿'],
    [110000000, '一亿一千万'],
    [-0.5, '零'],
    [100001000, '一亿零一千'],
    [123456789, '一亿二千三百四十五万六千七百八十九'],
    [-21, '负二十一'],
    [3.9, '三'],
  ])('%d → %s', (n, text) => {
    expect(toChineseNumber(n)).toBe(text);
  });

  it.each([Number.NaN, Infinity, 1e12])('gives an empty string for %d', (n) => {
    expect(toChineseNumber(n)).toBe('');
  });
});
