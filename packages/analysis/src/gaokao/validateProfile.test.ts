import { describe, expect, it } from 'vitest';
import { BUILT_IN_PROFILES, type GradeLevel } from './profiles';
import { profileProblem } from './validateProfile';

const level = (name: string, percent: number, high: number, low: number): GradeLevel => ({
  name,
  percent,
  high,
  low,
});

describe('profileProblem', () => {
  it('accepts every built-in profile, each adding up to 100 %', () => {
    for (const profile of Object.values(BUILT_IN_PROFILES))
      expect([profile.code, profileProblem(profile.levels)]).toEqual([profile.code, null]);
    expect(BUILT_IN_PROFILES.zhejiang.levels).toHaveLength(21);
    expect(BUILT_IN_PROFILES.zhejiang.levels.at(-1)).toMatchObject({ high: 40, low: 40 });
    expect(BUILT_IN_PROFILES.shandong.levels.at(-1)).toMatchObject({ high: 30, low: 21 });
    expect(BUILT_IN_PROFILES.shanghai.levels.map((l) => l.high)).toEqual([
      70, 67, 64, 61, 58, 55, 52, 49, 46, 43, 40,
    ]);
  });

  it.each([
    [[], '至少需要一个等级'],
    [[level('A', 60, 100, 70), level('B', 30, 69, 40)], '各等级比例之和必须为100%，现为90%'],
    [[level('A', 50, 100, 70), level(' ', 50, 69, 40)], '第2个等级缺少名称'],
    [[level('A', 50, 100, 70), level('A', 50, 69, 40)], '等级名称“A”重复'],
    [[level('A', 100, 100, 70), level('B', 0, 69, 40)], '第2个等级（B）的比例必须大于0'],
    [
      [level('A', 33.33, 100, 70), level('B', 66.67, 69, 40)],
      '第1个等级（A）的比例最多保留一位小数',
    ],
    [
      [level('A', 50, 100.5, 70), level('B', 50, 69, 40)],
      '第1个等级（A）的赋分必须是0到1000的整数',
    ],
    [[level('A', 50, 70, 100), level('B', 50, 69, 40)], '第1个等级（A）的最高分不能低于最低分'],
    [
      [level('A', 50, 100, 70), level('B', 50, 70, 40)],
      '第2个等级（B）的最高分必须低于上一等级的最低分',
    ],
  ])('refuses %j with “%s”', (levels, message) => {
    expect(profileProblem(levels)).toBe(message);
  });

  it('accepts one-decimal percentages adding up to 100', () => {
    expect(profileProblem([level('A', 33.3, 100, 70), level('B', 66.7, 69, 40)])).toBeNull();
  });
});
