/**
 * One level (等级) of a 等级赋分 profile: the share of students it takes and the converted
 * range its raw scores are mapped onto (`high` ≥ `low`; equal for a level worth one score).
 */
export interface GradeLevel {
  readonly name: string;
  /** Share of the students, in percent (up to one decimal). */
  readonly percent: number;
  /** Converted score of the level's best raw score (T2). */
  readonly high: number;
  /** Converted score of the level's lowest raw score (T1). */
  readonly low: number;
}

/** A 等级赋分 profile: levels from the best down; their percentages add up to 100. */
export interface GradingProfile {
  readonly code: string;
  readonly name: string;
  readonly levels: readonly GradeLevel[];
}

/** Codes of the built-in profiles. */
export const BUILT_IN_PROFILE_CODES = [
  'common',
  'guangdong',
  'shandong',
  'zhejiang',
  'shanghai',
] as const;
export type BuiltInProfileCode = (typeof BUILT_IN_PROFILE_CODES)[number];

const levelsOf = (
  names: readonly string[],
  percents: readonly number[],
  ranges: readonly (readonly [number, number])[],
): GradeLevel[] =>
  names.map((name, i) => ({
    name,
    percent: percents[i] as number,
    high: (ranges[i] as readonly [number, number])[0],
    low: (ranges[i] as readonly [number, number])[1],
  }));

const points = (values: readonly number[]): [number, number][] => values.map((v) => [v, v]);

/** Zhejiang's 21 levels: 1 % … 1 %, worth 100, 97, … 40. */
const zhejiangPercents = [1, 2, 3, 4, 5, 6, 7, 8, 7, 7, 7, 7, 7, 7, 6, 5, 4, 3, 2, 1, 1];

/**
 * The built-in profiles:
 * - common 3+1+2: A 15 %, B 35 %, C 35 %, D 13 %, E 2 % → 100–86, 85–71, 70–56, 55–41, 40–30;
 * - Guangdong: 17/33/33/15/2 → 100–83, 82–71, 70–59, 58–41, 40–30;
 * - Shandong: eight levels 3/7/16/24/24/16/7/3 → 100–91, 90–81, … 30–21;
 * - Zhejiang: 21 levels of one score each (100, 97, … 40);
 * - Shanghai: 11 levels A+ 5 %, A 10 %, A- 10 %, B+ 10 %, B 10 %, B- 10 %, C+ 10 %, C 10 %,
 *   C- 10 %, D 10 %, E 5 % worth 70, 67, 64, 61, 58, 55, 52, 49, 46, 43, 40.
 * @see docs/gaokao.md
 */
export const BUILT_IN_PROFILES: Readonly<Record<BuiltInProfileCode, GradingProfile>> = {
  common: {
    code: 'common',
    name: '3+1+2 通用方案',
    levels: levelsOf(
      ['A', 'B', 'C', 'D', 'E'],
      [15, 35, 35, 13, 2],
      [
        [100, 86],
        [85, 71],
        [70, 56],
        [55, 41],
        [40, 30],
      ],
    ),
  },
  guangdong: {
    code: 'guangdong',
    name: '广东方案',
    levels: levelsOf(
      ['A', 'B', 'C', 'D', 'E'],
      [17, 33, 33, 15, 2],
      [
        [100, 83],
        [82, 71],
        [70, 59],
        [58, 41],
        [40, 30],
      ],
    ),
  },
  shandong: {
    code: 'shandong',
    name: '山东方案',
    levels: levelsOf(
      ['A', 'B+', 'B', 'C+', 'C', 'D+', 'D', 'E'],
      [3, 7, 16, 24, 24, 16, 7, 3],
      Array.from({ length: 8 }, (_, i): [number, number] => [100 - 10 * i, 91 - 10 * i]),
    ),
  },
  zhejiang: {
    code: 'zhejiang',
    name: '浙江方案',
    levels: levelsOf(
      zhejiangPercents.map((_, i) => `${i + 1}级`),
      zhejiangPercents,
      points(zhejiangPercents.map((_, i) => 100 - 3 * i)),
    ),
  },
  shanghai: {
    code: 'shanghai',
    name: '上海方案',
    levels: levelsOf(
      ['A+', 'A', 'A-', 'B+', 'B', 'B-', 'C+', 'C', 'C-', 'D', 'E'],
      [5, 10, 10, 10, 10, 10, 10, 10, 10, 10, 5],
      points([70, 67, 64, 61, 58, 55, 52, 49, 46, 43, 40]),
    ),
  },
};
