import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateExam } from '../test/fixtures';
import type { ExamAnalysis, ExamInput, ScoreStats, SubjectScores } from '../types';
import { analyseExam } from './analyseExam';

const examArbitrary = fc
  .record({
    seed: fc.integer({ min: 1, max: 1_000_000 }),
    students: fc.integer({ min: 1, max: 60 }),
    classes: fc.integer({ min: 1, max: 4 }),
    subjects: fc.integer({ min: 1, max: 3 }),
    questions: fc.integer({ min: 1, max: 5 }),
    absentRate: fc.constantFrom(0, 0.1, 0.5),
  })
  .map((options) => generateExam(options));

function permute<T>(values: ArrayLike<T>, order: readonly number[]): T[] {
  return order.map((i) => values[i] as T);
}

function shuffled(input: ExamInput, order: readonly number[]): ExamInput {
  const scores = input.scores.map((s): SubjectScores => ({
    subjectId: s.subjectId,
    questions: s.questions.map((q) => permute(q, order)),
    ...(s.absent ? { absent: permute(s.absent, order) } : {}),
    ...(s.responses
      ? { responses: s.responses.map((r) => (r ? permute(r, order) : undefined)) }
      : {}),
  }));
  return { ...input, students: permute(input.students, order), scores };
}

function columnsOf(analysis: ExamAnalysis, stats: (group: ExamAnalysis['grade']) => ScoreStats[]) {
  return { grade: stats(analysis.grade), classes: analysis.classes.map(stats) };
}

describe('analyseExam properties', () => {
  it('class figures combine to the grade: counts sum and weighted class means give the grade mean', () => {
    fc.assert(
      fc.property(examArbitrary, (input) => {
        const analysis = analyseExam(input);
        const { grade, classes } = columnsOf(analysis, (g) => [...g.subjects, g.total]);
        grade.forEach((gradeStats, j) => {
          const parts = classes.map((c) => c[j]!.description);
          const count = parts.reduce((sum, d) => sum + d.count, 0);
          expect(count).toBe(gradeStats.description.count);
          expect(parts.reduce((sum, d) => sum + d.absent, 0)).toBe(gradeStats.description.absent);
          if (count > 0) {
            const weighted = parts.reduce((sum, d) => sum + (d.mean ?? 0) * d.count, 0) / count;
            expect(weighted).toBeCloseTo(gradeStats.description.mean!, 9);
          } else expect(gradeStats.description.mean).toBeNull();
          expect(gradeStats.segments!.at(-1)?.cumulative ?? 0).toBe(count);
          expect(gradeStats.bands.reduce((sum, b) => sum + b.count, 0)).toBe(
            gradeStats.fullMarks > 0 ? count : 0,
          );
        });
      }),
      { numRuns: 25 },
    );
  });

  it('ranks each class and the grade as competition ranks over present students', () => {
    fc.assert(
      fc.property(examArbitrary, (input) => {
        const { students } = analyseExam(input);
        for (const column of [...students.subjects, students.total]) {
          const present = column.scores.flatMap((v, s) => (v === null ? [] : [s]));
          for (const s of present) {
            const score = column.scores[s]!;
            const higher = present.filter((o) => column.scores[o]! > score);
            expect(column.gradeRanks[s]).toBe(1 + higher.length);
            const sameClass = higher.filter((o) => students.classIds[o] === students.classIds[s]);
            expect(column.classRanks[s]).toBe(1 + sameClass.length);
          }
          column.scores.forEach((v, s) => v === null && expect(column.gradeRanks[s]).toBeNull());
        }
      }),
      { numRuns: 25 },
    );
  });

  it('does not depend on the order of the students', () => {
    fc.assert(
      fc.property(
        examArbitrary.chain((input) =>
          fc.tuple(
            fc.constant(input),
            fc.shuffledSubarray([...input.students.keys()], { minLength: input.students.length }),
          ),
        ),
        ([input, order]) => {
          const a = analyseExam(input);
          const b = analyseExam(shuffled(input, order));
          expect(b.grade).toEqual(a.grade);
          expect(b.classes).toEqual(a.classes);
          expect(b.teachers).toEqual(a.teachers);
          const at = order.map((_, k) => order.indexOf(k));
          expect(permute(b.students.total.gradeRanks, at)).toEqual(a.students.total.gradeRanks);
          expect(permute(b.students.subjects[0]!.z, at)).toEqual(a.students.subjects[0]!.z);
        },
      ),
      { numRuns: 15 },
    );
  });
});
