import { describe, expect, it } from 'vitest';
import { engineId, engineInput, fromEngineId, optionMask } from './cache';
import type { Snapshot } from './snapshot';

describe('engine input', () => {
  it.each([
    [['A', 'B', 'C', 'D'], 'A', 1],
    [['A', 'B', 'C', 'D'], 'BD', 10],
    [['A', 'B', 'C', 'D'], 'bd', 10],
    [['A', 'B', 'C', 'D'], '', 0],
    [['A', 'B', 'C', 'D'], null, 0],
    [['T', 'F'], 'F', 2],
  ] as const)('option mask of %j for %j is %i', (options, answer, mask) => {
    expect(optionMask(options, answer)).toBe(mask);
  });

  it('pads ids so that code-unit order is numeric order', () => {
    expect(engineId(9) < engineId(10)).toBe(true);
    expect(fromEngineId(engineId(1234))).toBe(1234);
  });

  it('turns a snapshot into columns: null question scores NaN, absences and choices kept', () => {
    const snapshot: Snapshot = {
      exam: {
        id: 1,
        schoolId: 1,
        academicYear: 2026,
        gradeId: 1,
        gradeName: '高一',
        name: 'x',
        examType: '月测',
        examDate: '2026-11-10',
      },
      classes: [{ id: 3, name: '高一(1)班' }],
      students: [
        { id: 7, name: 'a', studentNo: '1', examNo: '1', classId: 3 },
        { id: 8, name: 'b', studentNo: '2', examNo: '2', classId: 3 },
      ],
      subjects: [
        {
          id: 5,
          subjectId: 2,
          code: '数学',
          name: '数学',
          fullMarks: 5,
          questions: [
            {
              id: 11,
              number: '1',
              kind: 'single',
              objective: true,
              fullMarks: 5,
              answer: 'A',
              options: ['A', 'B', 'C', 'D'],
              knowledgePoints: ['函数'],
              abilities: [],
            },
          ],
        },
      ],
      scores: [
        { questions: [[5, null]], answers: [['A', null]], totals: [5, null], absent: [0, 1] },
      ],
      teachers: [{ userId: 4, name: 't', classIds: [3], subjectIds: [5] }],
      options: {},
      previous: null,
      rankDropWarning: 50,
      weakRate: 0.6,
    };
    const input = engineInput(snapshot);
    expect(input.students).toEqual([
      { id: engineId(7), classId: engineId(3) },
      { id: engineId(8), classId: engineId(3) },
    ]);
    const scores = input.scores[0]!;
    expect(Array.from(scores.questions[0]!)).toEqual([5, Number.NaN]);
    expect(Array.from(scores.absent!)).toEqual([0, 1]);
    expect(Array.from(scores.responses![0]!)).toEqual([1, 0]);
    expect(input.teachers).toEqual([
      { id: engineId(4), classIds: [engineId(3)], subjectIds: [engineId(5)] },
    ]);
  });
});
