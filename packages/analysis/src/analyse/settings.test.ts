import { describe, expect, it } from 'vitest';
import { awkwardExam } from '../test/fixtures';
import type { ExamAnalysis } from '../types';
import { analyseExam } from './analyseExam';

// Every figure below is worked by hand from the table in `awkwardExam` (test/fixtures.ts).
const subject = (a: ExamAnalysis, group: 'grade' | number, id: string) =>
  (group === 'grade' ? a.grade : a.classes[group]!).subjects.find((s) => s.subjectId === id)!;
const column = (a: ExamAnalysis, id: string) =>
  a.students.subjects.find((s) => s.subjectId === id)!;

describe('each setting changes exactly the figures it names (awkward exam)', () => {
  const off = analyseExam(awkwardExam());

  it('均分不计零分: 语文 mean 22 / 4 = 5.5 becomes 22 / 3; nothing else moves', () => {
    const on = analyseExam(awkwardExam(), { mean: { excludeZero: true } });
    expect(subject(off, 'grade', 'chinese').description.mean).toBe(5.5);
    expect(subject(on, 'grade', 'chinese').description.mean).toBeCloseTo(22 / 3, 12);
    // c1 (a b c d: 10 6 6 0): 5.5 → 22 / 3, 超均率 stays 0 (class and grade lose the same zero)
    expect(subject(on, 0, 'chinese').description.mean).toBeCloseTo(22 / 3, 12);
    expect(subject(on, 0, 'chinese').aboveMeanRate).toBeCloseTo(0, 12);
    // count, rates, median, ranks and z are the same
    const keep = (a: ExamAnalysis) => ({
      count: subject(a, 'grade', 'chinese').description.count,
      median: subject(a, 'grade', 'chinese').description.median,
      sd: subject(a, 'grade', 'chinese').description.sd,
      pass: subject(a, 'grade', 'chinese').levels.passRate,
      ranks: column(a, 'chinese').gradeRanks,
      t: column(a, 'chinese').t,
    });
    expect(keep(on)).toEqual(keep(off));
    expect(keep(off)).toMatchObject({ count: 4, median: 6, pass: 0.75, ranks: [1, 2, 2, 4, null] });
  });

  it('缺考不计 off: absent students count as 0 in the 均分 and 超均率', () => {
    const on = analyseExam(awkwardExam(), { mean: { absentAsZero: true } });
    // grade 语文: (10 + 6 + 6 + 0 + 0) / 5 = 4.4; class c1 5.5, 超均率 (5.5 − 4.4) / 4.4 = 0.25
    expect(subject(on, 'grade', 'chinese').description.mean).toBeCloseTo(4.4, 12);
    expect(subject(on, 0, 'chinese').aboveMeanRate).toBeCloseTo(0.25, 12);
    expect(subject(off, 0, 'chinese').aboveMeanRate).toBe(0);
    // the class of one (e, absent): mean 0 instead of none
    expect(subject(off, 1, 'chinese').description.mean).toBeNull();
    expect(subject(on, 1, 'chinese').description.mean).toBe(0);
    expect(subject(on, 'grade', 'chinese').description.count).toBe(4);
  });

  it('后 N%: the lower group of the discrimination; 数学 q3 D 1 → 0.5 with 40 %', () => {
    // 数学 totals a15 b10 c10 e10 d5; upper 27 % of 5 = 1 (a: q3 10); lower 1 (d: 0) → D = 1
    const q3 = (a: ExamAnalysis) =>
      subject(a, 'grade', 'math').questions.find((q) => q.questionId === 'm3')!.discrimination;
    expect(q3(off)).toBe(1);
    // lower 40 % of 5 = 2: e (10) and d (0), mean 5 → D = (10 − 5) / 10
    expect(q3(analyseExam(awkwardExam(), { lowerGroupFraction: 0.4 }))).toBe(0.5);
  });

  it('临界 band in points: 2 分 below the 数学 lines', () => {
    const pass = (a: ExamAnalysis) =>
      subject(a, 'grade', 'math').critical.find((c) => c.line === 'pass')!;
    // 5 % of 20 = 1 point: [11, 12) is empty
    expect(pass(off)).toMatchObject({ score: 12, from: 11, studentIds: [] });
    // 2 points: [10, 12) holds the three 10s, by student id
    const points = analyseExam(awkwardExam(), { criticalBandPoints: 2 });
    expect(pass(points)).toMatchObject({ score: 12, from: 10, studentIds: ['b', 'c', 'e'] });
  });

  it('T score 50 + 10z or 500 + 100z', () => {
    // 数学 10 ± √10: a's z = 5 / √10
    const z = 5 / Math.sqrt(10);
    expect(column(off, 'math').t[0]).toBeCloseTo(50 + 10 * z, 10);
    const wide = analyseExam(awkwardExam(), { tScale: { mean: 500, sd: 100 } });
    expect(column(wide, 'math').t[0]).toBeCloseTo(500 + 100 * z, 10);
    expect(column(wide, 'math').z).toEqual(column(off, 'math').z);
  });
});

describe('进退步 by percentile rank', () => {
  it('compares exams of different sizes by the share of the grade behind', () => {
    // 数学 now: a 15 rank 1 of 5; b c e 10 rank 2; d 5 rank 5.
    // Last time 10 students were ranked: a 5th (50 % behind), d 10th (0 %).
    const previous: Record<string, number> = { a: 5, d: 10, x1: 1, x2: 2, x3: 3, x4: 4 };
    for (const [i, id] of ['y6', 'y7', 'y8', 'y9'].entries()) previous[id] = 6 + i;
    const input = { ...awkwardExam(), previous: { subjects: { math: previous } } };
    const math = column(analyseExam(input), 'math');
    // a: now (5 − 1) / 5 = 80 % behind, before (10 − 5) / 10 = 50 % → +30; raw ranks 5 → 1: +4
    expect(math.percentiles[0]).toBe(80);
    expect(math.percentileChanges[0]).toBeCloseTo(30, 12);
    expect(math.rankChanges[0]).toBe(4);
    // d: 10th of 10 → 5th of 5: raw +5 looks like progress, the percentile says no change
    expect(math.rankChanges[3]).toBe(5);
    expect(math.percentileChanges[3]).toBe(0);
    // b was not in the previous exam
    expect(math.percentileChanges[1]).toBeNull();
  });
});

describe('选考: totals over the subjects each student takes', () => {
  it('a student not taking 物理 is not absent from it, and has a total over 数学 and 语文', () => {
    const exam = awkwardExam();
    const input = {
      ...exam,
      scores: exam.scores.map((s) =>
        s.subjectId === 'physics' ? { ...s, takes: [1, 1, 0, 0, 0] } : s,
      ),
    };
    const a = analyseExam(input);
    // a 15 + 10 + 8 = 33, b 10 + 6 + 6 = 22, c 10 + 6 = 16, d 5 + 0 = 5, e absent from 语文
    expect(a.students.total.scores).toEqual([33, 22, 16, 5, null]);
    expect(a.students.total.gradeRanks).toEqual([1, 2, 3, 4, null]);
    // 物理: the two who take it; nobody is absent
    expect(subject(a, 'grade', 'physics').description).toMatchObject({
      count: 2,
      absent: 0,
      mean: 7,
    });
    // the total's full marks: the most anyone can score, 数学 20 + 语文 10 + 物理 10
    expect(a.grade.total.fullMarks).toBe(40);
    expect(a.grade.total.description).toMatchObject({ count: 4, absent: 1 });
    // without `takes` the old rule: c, d and e are absent from 物理, so from the total
    expect(analyseExam(exam).students.total.scores).toEqual([33, 22, null, null, null]);
  });
});
