import type { GradeLevel } from './profiles';

/** Most levels a custom profile may have. */
export const MAX_PROFILE_LEVELS = 30;

const tenths = (percent: number): number => Math.round(percent * 10);

/**
 * Checks the levels of a custom profile; returns the first problem as a Chinese sentence, or null.
 * Levels run from the best down: 1 to 30 levels, unique non-empty names, each percentage above 0
 * with at most one decimal, percentages adding up to 100, converted scores whole numbers from 0
 * to 1000 with 最高分 ≥ 最低分, and each level entirely above the next.
 */
export function profileProblem(levels: readonly GradeLevel[]): string | null {
  if (levels.length === 0) return '至少需要一个等级';
  if (levels.length > MAX_PROFILE_LEVELS) return `等级不能超过${MAX_PROFILE_LEVELS}个`;
  const names = new Set<string>();
  let total = 0;
  for (const [i, level] of levels.entries()) {
    const label = `第${i + 1}个等级`;
    const name = level.name.trim();
    if (name === '') return `${label}缺少名称`;
    if (names.has(name)) return `等级名称“${name}”重复`;
    names.add(name);
    if (!Number.isFinite(level.percent) || level.percent <= 0)
      return `${label}（${name}）的比例必须大于0`;
    if (Math.abs(level.percent * 10 - tenths(level.percent)) > 1e-9)
      return `${label}（${name}）的比例最多保留一位小数`;
    total += tenths(level.percent);
    for (const value of [level.high, level.low])
      if (!Number.isInteger(value) || value < 0 || value > 1000)
        return `${label}（${name}）的赋分必须是0到1000的整数`;
    if (level.high < level.low) return `${label}（${name}）的最高分不能低于最低分`;
    const previous = levels[i - 1];
    if (previous && previous.low <= level.high)
      return `${label}（${name}）的最高分必须低于上一等级的最低分`;
  }
  if (total !== 1000) return `各等级比例之和必须为100%，现为${total / 10}%`;
  return null;
}
