import { describe, expect, it } from 'vitest';
import { convertScores, levelQuotas, roundHalfUp } from './convertScores';
import { BUILT_IN_PROFILES, type GradingProfile } from './profiles';

/** Converted score and level name per student, in the order given. */
const convert = (profile: GradingProfile, raw: number[]) => {
  const result = convertScores(raw, profile);
  return {
    converted: Array.from(result.converted),
    levels: Array.from(result.levelOf, (l) => (l < 0 ? null : profile.levels[l]!.name)),
    counts: result.levels.map((l) => l.count),
  };
};

// One list for the five-level profiles and Zhejiang, one for Guangdong and Shanghai: 20 students,
// written highest first; competition ranks in the comments.
//                  r1  r2  r3  r3  r5  r6  r7  r8  r8  r10 r11 r12 r12 r14 r15 r16 r17 r18 r19 r20
const listA = [98, 95, 90, 90, 88, 85, 84, 80, 80, 78, 75, 70, 70, 66, 60, 58, 55, 50, 45, 30];
//                  r1   r2  r3  r4  r4  r4  r7  r8  r9  r10 r10 r12 r13 r14 r15 r16 r17 r18 r19 r20
const listB = [100, 96, 93, 90, 90, 90, 86, 82, 79, 75, 75, 72, 68, 64, 61, 57, 52, 47, 40, 33];

describe('levelQuotas', () => {
  it('rounds each cumulative share half up and ends the last level at N', () => {
    // common, N = 30: 15 % → 4.5 → 5; 50 % → 15; 85 % → 25.5 → 26; 98 % → 29.4 → 29; 30
    expect(Array.from(levelQuotas(BUILT_IN_PROFILES.common, 30))).toEqual([5, 15, 26, 29, 30]);
    // common, N = 20: 3; 10; 17; 98 % → 19.6 → 20; 20 (E is empty)
    expect(Array.from(levelQuotas(BUILT_IN_PROFILES.common, 20))).toEqual([3, 10, 17, 20, 20]);
  });
});

describe('convertScores, common 3+1+2 (A 15 %, B 35 %, C 35 %, D 13 %, E 2 %)', () => {
  it('converts by hand-checked interpolation and takes the tie at the A/B boundary into A', () => {
    // quotas 3 / 10 / 17 / 20 / 20. The 3rd and 4th students tie on 90 (rank 3 ≤ 3): both are A.
    // A: Y 90–98 → T 86–100: 95 → 86 + 5·14/8 = 94.75 → 95
    // B: Y 78–88 → 71–85: 85 → 71 + 7·14/10 = 80.8 → 81; 84 → 79.4 → 79; 80 → 73.8 → 74
    // C: Y 55–75 → 56–70: 70 → 56 + 15·14/20 = 66.5 → 67 (half up); 66 → 63.7 → 64;
    //    60 → 59.5 → 60 (half up); 58 → 58.1 → 58
    // D: Y 30–50 → 41–55: 45 → 41 + 15·14/20 = 51.5 → 52. E: nobody (98 % of 20 rounds to 20).
    const { converted, levels, counts } = convert(BUILT_IN_PROFILES.common, listA);
    expect(converted).toEqual([
      100, 95, 86, 86, 85, 81, 79, 74, 74, 71, 70, 67, 67, 64, 60, 58, 56, 55, 52, 41,
    ]);
    expect(levels.slice(0, 5)).toEqual(['A', 'A', 'A', 'A', 'B']);
    expect(counts).toEqual([4, 6, 7, 3, 0]);
  });

  it('keeps absent students out of the levels and gives them nothing', () => {
    const { converted, levels, counts } = convert(BUILT_IN_PROFILES.common, [80, Number.NaN, 60]);
    // N = 2: quotas 0 / 1 / 2 / 2 / 2, so 80 (rank 1) is B with one raw score → 85; 60 is C → 70
    expect(levels).toEqual(['B', null, 'C']);
    expect(converted[0]).toBe(85);
    expect(converted[1]).toBeNaN();
    expect(converted[2]).toBe(70);
    expect(counts).toEqual([0, 1, 1, 0, 0]);
  });
});

describe('convertScores, Guangdong (17/33/33/15/2)', () => {
  it('takes the three-way tie on 75 at the B/C boundary into B', () => {
    // quotas N = 20: 17 % → 3.4 → 3; 10; 83 % → 16.6 → 17; 20; 20.
    // B takes ranks 4–10, including both 75s (rank 10) although that makes 8 students.
    // A: Y 93–100 → 83–100: 96 → 83 + 3·17/7 = 90.29 → 90
    // B: Y 75–90 → 71–82: 86 → 71 + 11·11/15 = 79.07 → 79; 82 → 76.13 → 76; 79 → 73.93 → 74
    // C: Y 52–72 → 59–70: 68 → 67.8 → 68; 64 → 65.6 → 66; 61 → 63.95 → 64; 57 → 61.75 → 62
    // D: Y 33–47 → 41–58: 40 → 41 + 7·17/14 = 49.5 → 50 (half up)
    const { converted, levels, counts } = convert(BUILT_IN_PROFILES.guangdong, listB);
    expect(converted).toEqual([
      100, 90, 83, 82, 82, 82, 79, 76, 74, 71, 71, 70, 68, 66, 64, 62, 59, 58, 50, 41,
    ]);
    expect(levels.slice(9, 12)).toEqual(['B', 'B', 'C']);
    expect(counts).toEqual([3, 8, 6, 3, 0]);
  });
});

describe('convertScores, Shandong (3/7/16/24/24/16/7/3, 100–91 … 30–21)', () => {
  it('lets a tie at the top fill A and leave B+ empty', () => {
    // quotas N = 20: 0.6 → 1; 2; 5.2 → 5; 10; 14.8 → 15; 18; 19.4 → 19; 20.
    const raw = [95, 95, 91, 88, 85, 85, 80, 78, 74, 70, 70, 66, 63, 60, 58, 55, 50, 48, 40, 35];
    // A: both 95s (rank 1), one raw score → 100. B+: nobody (the next rank is 3 > 2).
    // B (ranks 3–5): Y 85–91 → 71–80: 88 → 71 + 3·9/6 = 75.5 → 76
    // C+ (7–10): Y 70–80 → 61–70: 78 → 68.2 → 68; 74 → 64.6 → 65
    // C (12–15): Y 58–66 → 51–60: 63 → 56.625 → 57; 60 → 53.25 → 53
    // D+ (16–18): Y 48–55 → 41–50: 50 → 43.57 → 44. D: 40 alone → 40. E: 35 alone → 30.
    const { converted, levels, counts } = convert(BUILT_IN_PROFILES.shandong, raw);
    expect(converted).toEqual([
      100, 100, 80, 76, 71, 71, 70, 68, 65, 61, 61, 60, 57, 53, 51, 50, 44, 41, 40, 30,
    ]);
    expect(levels.slice(0, 3)).toEqual(['A', 'A', 'B']);
    expect(counts).toEqual([2, 0, 4, 5, 4, 3, 1, 1]);
  });
});

describe('convertScores, Zhejiang (21 levels, 100, 97, … 40)', () => {
  it('gives each level its one score, ties sharing a level', () => {
    // quotas N = 20: 0, 1, 1, 2, 3, 4, 6, 7, 9, 10, 11, 13, 14, 16, 17, 18, 19, 19, 20, 20, 20.
    // 98 (r1) → level 2 = 97; 95 (r2) → level 4 = 91; 90s (r3) → 5 = 88; 88 (r5), 85 (r6) → 7 = 82;
    // 84 (r7) → 8 = 79; 80s (r8) → 9 = 76; 78 (r10) → 10 = 73; 75 (r11) → 11 = 70;
    // 70s (r12) → 12 = 67; 66 (r14) → 13 = 64; 60 (r15), 58 (r16) → 14 = 61; 55 (r17) → 15 = 58;
    // 50 (r18) → 16 = 55; 45 (r19) → 17 = 52; 30 (r20) → 19 = 46
    const { converted } = convert(BUILT_IN_PROFILES.zhejiang, listA);
    expect(converted).toEqual([
      97, 91, 88, 88, 82, 82, 79, 76, 76, 73, 70, 67, 67, 64, 61, 61, 58, 55, 52, 46,
    ]);
  });

  it('reaches 100 and 40 with 100 students', () => {
    // quotas N = 100: 1, 3, 6, 10, …, 98, 99, 100; raw s has rank 101 − s
    const raw = Array.from({ length: 100 }, (_, i) => i + 1);
    const { converted } = convert(BUILT_IN_PROFILES.zhejiang, raw);
    expect(converted[99]).toBe(100); // rank 1 → level 1
    expect(converted[97]).toBe(97); // 98: rank 3 → level 2
    expect(converted[96]).toBe(94); // 97: rank 4 → level 3
    expect(converted[1]).toBe(43); // 2: rank 99 → level 20
    expect(converted[0]).toBe(40); // 1: rank 100 → level 21
  });
});

describe('convertScores, Shanghai (11 levels A+ 5 % … E 5 %, 70 … 40)', () => {
  it('gives the level score, the three 90s and the two 75s staying together', () => {
    // quotas N = 20: 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 20.
    // A+ 100 → 70; A 96, 93 → 67; A- 90×3 (r4) → 64; B+ 86 (r7) → 61; B 82, 79 → 58;
    // B- 75×2 (r10) → 55; C+ 72, 68 → 52; C 64, 61 → 49; C- 57, 52 → 46; D 47, 40 → 43; E 33 → 40
    const { converted, counts } = convert(BUILT_IN_PROFILES.shanghai, listB);
    expect(converted).toEqual([
      70, 67, 67, 64, 64, 64, 61, 58, 58, 55, 55, 52, 52, 49, 49, 46, 46, 43, 43, 40,
    ]);
    expect(counts).toEqual([1, 2, 3, 1, 2, 2, 2, 2, 2, 2, 1]);
  });
});

describe('convertScores, a custom profile', () => {
  it('converts with the school’s levels', () => {
    const custom: GradingProfile = {
      code: 'custom',
      name: '校本方案',
      levels: [
        { name: '甲', percent: 30, high: 100, low: 80 },
        { name: '乙', percent: 50, high: 79, low: 60 },
        { name: '丙', percent: 20, high: 59, low: 50 },
      ],
    };
    // N = 10, quotas 3 / 8 / 10; ranks 90:1 85:2 80:3,3 70:5 65:6 60:7 55:8 50:9,9
    // 甲 (both 80s): Y 80–90 → 80–100: 85 → 90. 乙: Y 55–70 → 60–79: 65 → 72.67 → 73;
    // 60 → 66.33 → 66. 丙: 50 alone → 59
    const { converted, counts } = convert(custom, [90, 85, 80, 80, 70, 65, 60, 55, 50, 50]);
    expect(converted).toEqual([100, 90, 80, 80, 79, 73, 66, 60, 59, 59]);
    expect(counts).toEqual([4, 4, 2]);
  });
});

describe('roundHalfUp', () => {
  it('rounds halves up and other values to the nearest whole number', () => {
    expect([66.5, 59.5, 49.5, 94.75, 58.1, 0.49].map(roundHalfUp)).toEqual([67, 60, 50, 95, 58, 0]);
  });

  it('gives tied raw scores one converted score whatever their order', () => {
    const raw = [70, 88, 70, 52, 88, 61, 70];
    const { converted } = convertScores(raw, BUILT_IN_PROFILES.common);
    expect(converted[0]).toBe(converted[2]);
    expect(converted[2]).toBe(converted[6]);
    expect(converted[1]).toBe(converted[4]);
  });
});
