import * as ss from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { generateExam } from '../test/fixtures';
import { analyseExam } from './analyseExam';

const input = generateExam({
  seed: 7,
  students: 300,
  classes: 6,
  subjects: 3,
  questions: 8,
  absentRate: 0.05,
});
const analysis = analyseExam(input);

/** Subject scores summed here from the raw question columns, independently of the engine. */
const scoresOf = (j: number) =>
  input.students.map((_, s) => {
    const { questions, absent } = input.scores[j]!;
    return absent?.[s]
      ? null
      : questions.reduce((sum, column) => sum + (Number.isNaN(column[s]) ? 0 : column[s]!), 0);
  });

describe('analyseExam against simple-statistics on a generated exam', () => {
  it('gives each class the mean, median and population sd of its present scores', () => {
    input.subjects.forEach((subject, j) => {
      const scores = scoresOf(j);
      for (const group of analysis.classes) {
        const present = scores.filter(
          (v, s): v is number => v !== null && input.students[s]!.classId === group.id,
        );
        const stats = group.subjects.find((x) => x.subjectId === subject.id)!;
        expect(stats.description.count).toBe(present.length);
        expect(stats.description.mean).toBeCloseTo(ss.mean(present), 9);
        expect(stats.description.median).toBeCloseTo(ss.median(present), 9);
        expect(stats.description.sd).toBeCloseTo(ss.standardDeviation(present), 9);
      }
    });
  });

  it('gives z scores against the grade mean and population sd', () => {
    const scores = scoresOf(0);
    const present = scores.filter((v): v is number => v !== null);
    const mean = ss.mean(present);
    const sd = ss.standardDeviation(present);
    scores.forEach((v, s) => {
      const z = analysis.students.subjects[0]!.z[s];
      if (v === null) expect(z).toBeNull();
      else expect(z).toBeCloseTo(ss.zScore(v, mean, sd), 9);
    });
  });

  it('gives item-total correlations equal to the sample correlation', () => {
    const { questions, absent } = input.scores[0]!;
    const present = input.students.map((_, s) => s).filter((s) => !absent?.[s]);
    const totals = present.map((s) => questions.reduce((sum, column) => sum + column[s]!, 0));
    analysis.grade.subjects[0]!.questions.forEach((stats, q) => {
      const item = present.map((s) => questions[q]![s]!);
      expect(stats.itemTotalCorrelation).toBeCloseTo(ss.sampleCorrelation(item, totals), 9);
      expect(stats.mean).toBeCloseTo(ss.mean(item), 9);
    });
  });

  it('reports a head teacher (no subjectIds) over every subject', () => {
    const classIds = analysis.classes.slice(0, 2).map((c) => c.id);
    const result = analyseExam({ ...input, teachers: [{ id: 'head', classIds }] });
    const head = result.teachers[0]!;
    expect(head.subjects.map((s) => s.subjectId)).toEqual(input.subjects.map((s) => s.id));
    expect(head.studentCount).toBe(
      input.students.filter((s) => classIds.includes(s.classId)).length,
    );
  });
});
