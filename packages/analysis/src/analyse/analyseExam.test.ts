import { describe, expect, it } from 'vitest';
import type { ExamInput } from '../types';
import { analyseExam } from './analyseExam';
import { studentReport } from './studentReport';

const NaN_ = Number.NaN;

/**
 * a1, a2, a3 in c1; b1 alone in c2; c3 has no student.
 * math (100 = q1 objective 40 + q2 subjective 60): a1 40+50 = 90, a2 40+20 = 60, a3 absent, b1 40+50 = 90.
 * art has zero full marks; music has no scores at all.
 */
const exam: ExamInput = {
  students: [
    { id: 'a1', classId: 'c1' },
    { id: 'a2', classId: 'c1' },
    { id: 'a3', classId: 'c1' },
    { id: 'b1', classId: 'c2' },
  ],
  classIds: ['c3'],
  subjects: [
    {
      id: 'math',
      fullMarks: 100,
      questions: [
        {
          id: 'q1',
          fullMarks: 40,
          kind: 'objective',
          tags: ['algebra', 'geometry'],
          options: ['A', 'B', 'C', 'D'],
        },
        { id: 'q2', fullMarks: 60, kind: 'subjective', tags: ['algebra'], abilities: ['proof'] },
      ],
    },
    { id: 'art', fullMarks: 0, questions: [] },
    {
      id: 'music',
      fullMarks: 100,
      questions: [{ id: 'm1', fullMarks: 100, kind: 'subjective', tags: [] }],
    },
  ],
  scores: [
    {
      subjectId: 'math',
      questions: [
        [40, 40, NaN_, 40],
        [50, 20, NaN_, 50],
      ],
      absent: [0, 0, 1, 0],
      responses: [[1, 1, 0, 1], undefined],
    },
    { subjectId: 'art', questions: [], totals: [0, 0, 0, 0] },
  ],
  teachers: [{ id: 't-math', classIds: ['c1'], subjectIds: ['math'] }],
  previous: { total: { a1: 3, b1: 1, a3: 2 }, subjects: { math: { a2: 1 } } },
};

const result = analyseExam(exam, { criticalBand: 0.1 });
const subject = <T extends { subjectId: string }>(
  group: { subjects: readonly T[] },
  id: string,
): T => group.subjects.find((s) => s.subjectId === id)!;

function findNonFinite(value: unknown, path = '$'): string[] {
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => findNonFinite(v, `${path}[${i}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => findNonFinite(v, `${path}.${k}`));
  }
  return [];
}

describe('analyseExam on a hand-worked exam', () => {
  it('describes the grade: absent not counted, mean 80, median 90, sd √200', () => {
    // present 90, 60, 90 → mean 80; deviations 10, −20, 10 → (100 + 400 + 100)/3 = 200
    const math = subject(result.grade, 'math');
    expect(math.description).toEqual({
      count: 3,
      absent: 1,
      mean: 80,
      max: 90,
      min: 60,
      median: 90,
      sd: Math.sqrt(200),
    });
    expect([math.levels.excellent, math.levels.good, math.levels.pass, math.levels.low]).toEqual([
      2, 2, 3, 0,
    ]);
    expect(math.aboveMeanRate).toBe(0);
  });

  it('gives 超均率 per class, a class of one and an empty class', () => {
    const [c1, c2, c3] = result.classes;
    expect(result.classes.map((c) => c.id)).toEqual(['c1', 'c2', 'c3']);
    // c1: (90 + 60)/2 = 75 → (75 − 80)/80 = −0.0625; c2: 90 → (90 − 80)/80 = 0.125
    expect(subject(c1!, 'math')).toMatchObject({
      aboveMeanRate: -0.0625,
      description: { mean: 75, count: 2, absent: 1 },
    });
    expect(subject(c2!, 'math')).toMatchObject({
      aboveMeanRate: 0.125,
      description: { count: 1, sd: 0, median: 90 },
    });
    const empty = subject(c3!, 'math');
    expect(empty.description).toEqual({
      count: 0,
      absent: 0,
      mean: null,
      max: null,
      min: null,
      median: null,
      sd: null,
    });
    expect(empty.aboveMeanRate).toBeNull();
    expect(empty.segments).toBeNull();
    expect(
      subject(analyseExam(exam, { classSegments: true }).classes[2]!, 'math').segments,
    ).toEqual([]);
    expect(
      empty.questions.every(
        (q) => q.count === 0 && q.scoreRate === null && q.discrimination === null,
      ),
    ).toBe(true);
  });

  it('ranks in class and grade with ties, not ranking the absent', () => {
    const math = result.students.subjects[0]!;
    expect(math.gradeRanks).toEqual([1, 3, null, 1]);
    expect(math.classRanks).toEqual([1, 2, null, 1]);
    expect(math.scores).toEqual([90, 60, null, 90]);
    expect(math.levels).toEqual(['excellent', 'pass', null, 'excellent']);
  });

  it('computes z and T from the grade mean and population sd', () => {
    const z = result.students.subjects[0]!.z;
    // a1: (90 − 80)/√200; a2: (60 − 80)/√200
    expect(z[0]).toBeCloseTo(10 / Math.sqrt(200), 12);
    expect(z[1]).toBeCloseTo(-20 / Math.sqrt(200), 12);
    expect(z[2]).toBeNull();
    expect(result.students.subjects[0]!.t[0]).toBeCloseTo(50 + 100 / Math.sqrt(200), 12);
  });

  it('totals only papers somebody sat, with rank changes and balance', () => {
    // music is not part of the total; totals = math + art = 90, 60, absent, 90; full marks 100 + 0
    expect(result.grade.total.fullMarks).toBe(100);
    expect(result.students.total.scores).toEqual([90, 60, null, 90]);
    // previous total ranks a1 3 → 1: +2; b1 1 → 1: 0; a2 none; a3 absent now
    expect(result.students.total.rankChanges).toEqual([2, null, null, 0]);
    // previous math rank of a2 was 1, now 3 → −2
    expect(result.students.subjects[0]!.rankChanges).toEqual([null, -2, null, null]);
    // art: everybody 0 → rank 1; balance = art grade rank − total grade rank: a2 1 − 3 = −2
    expect(result.students.subjects[1]!.balance).toEqual([0, -2, null, 0]);
  });

  it('handles zero full marks and a paper without scores with nulls', () => {
    const art = subject(result.grade, 'art');
    expect(art.levels.passRate).toBeNull();
    expect(art.bands).toEqual([]);
    expect(result.students.subjects[1]!.z).toEqual([null, null, null, null]);
    expect(result.students.subjects[1]!.levels).toEqual([null, null, null, null]);
    const music = subject(result.grade, 'music');
    expect(music.description).toMatchObject({ count: 0, absent: 4, mean: null });
    expect(music.questions).toEqual([]);
    expect(result.students.subjects[2]!.gradeRanks).toEqual([null, null, null, null]);
  });

  it('analyses questions, reliability and knowledge points', () => {
    const math = subject(result.grade, 'math');
    const [q1, q2] = math.questions;
    // q1: 40, 40, 40 → rate 1, full-mark rate 1, no spread → correlation null; options A × 3
    expect(q1).toMatchObject({
      count: 3,
      mean: 40,
      scoreRate: 1,
      fullMarkRate: 1,
      zeroRate: 0,
      discrimination: 0,
    });
    expect(q1!.itemTotalCorrelation).toBeNull();
    expect(q1!.options![0]).toEqual({ option: 'A', count: 3, rate: 1 });
    expect(q1!.blankRate).toBe(0);
    // q2: 50, 20, 50 → mean 40, rate 2/3. n = 3 → groups of round(0.81) = 1: upper is a1 (90, ties b1,
    // a1 < b1), lower a2 → (50 − 20)/60 = 0.5. total = 40 + q2 → correlation 1.
    expect(q2!.scoreRate).toBeCloseTo(2 / 3, 12);
    expect(q2!.discrimination).toBeCloseTo(0.5, 12);
    expect(q2!.itemTotalCorrelation).toBeCloseTo(1, 12);
    expect(q2!.options).toBeNull();
    // α: var q1 = 0, var q2 = 200, var total = 200 → 2/1 × (1 − 200/200) = 0
    expect(math.cronbachAlpha).toBeCloseTo(0, 12);
    // algebra: (40 + 40)/(40 + 60) = 0.8; geometry: 40/40 = 1
    expect(math.knowledgePoints.map((k) => [k.tag, k.scoreRate])).toEqual([
      ['algebra', 0.8],
      ['geometry', 1],
    ]);
    expect(math.abilities).toEqual([
      { tag: 'proof', questionIds: ['q2'], fullMarks: 60, mean: 40, scoreRate: 40 / 60 },
    ]);
  });

  it('lists 临界生 and 一分一段', () => {
    const math = subject(result.grade, 'math');
    // band 10 % of 100 = 10: good line 70 → [60, 70) holds a2 (60)
    expect(math.critical.find((c) => c.line === 'good')).toEqual({
      line: 'good',
      score: 70,
      from: 60,
      studentIds: ['a2'],
    });
    expect(math.critical.find((c) => c.line === 'pass')!.studentIds).toEqual([]);
    expect(math.segments![0]).toEqual({ score: 90, count: 2, cumulative: 2 });
    expect(math.segments!.at(-1)).toEqual({ score: 60, count: 1, cumulative: 3 });
    expect(math.segments).toHaveLength(31);
    expect(math.bands.at(-1)).toEqual({ from: 90, to: 100, count: 2 });
  });

  it("reports a teacher's classes and subjects", () => {
    const [teacher] = result.teachers;
    expect(teacher).toMatchObject({ id: 't-math', classIds: ['c1'], studentCount: 3 });
    expect(teacher!.subjects.map((s) => s.subjectId)).toEqual(['math']);
    expect(teacher!.subjects[0]!.description.mean).toBe(75);
  });

  it('returns plain JSON without NaN or Infinity', () => {
    expect(findNonFinite(result)).toEqual([]);
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  it('gives one student as a row', () => {
    const row = studentReport(result, 'a2')!;
    expect(row.total).toMatchObject({ score: 60, gradeRank: 3, classRank: 2, level: 'pass' });
    expect(row.subjects[0]).toMatchObject({
      subjectId: 'math',
      score: 60,
      rankChange: -2,
      balance: 0,
    });
    expect(studentReport(result, 'nobody')).toBeNull();
  });

  it('rejects scores that do not fit the students or papers', () => {
    expect(() =>
      analyseExam({ ...exam, scores: [{ subjectId: 'math', questions: [[1]] }] }),
    ).toThrow(RangeError);
    expect(() => analyseExam({ ...exam, scores: [{ subjectId: 'nope', questions: [] }] })).toThrow(
      /unknown subject/,
    );
    expect(() =>
      analyseExam({ ...exam, students: [...exam.students, { id: 'a1', classId: 'c1' }] }),
    ).toThrow(RangeError);
    expect(() => analyseExam(exam, { groupFraction: 0.6 })).toThrow(RangeError);
  });
});
