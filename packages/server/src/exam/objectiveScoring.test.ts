import { describe, expect, it } from 'vitest';
import { normalizeChoice, scoreObjective, type ObjectiveKey } from './objectiveScoring';

const single: ObjectiveKey = { kind: 'single', fullMarks: 5, answer: 'B' };
const multiple: ObjectiveKey = { kind: 'multiple', fullMarks: 6, answer: 'ACD', partialMarks: 3 };
const strictMultiple: ObjectiveKey = { kind: 'multiple', fullMarks: 6, answer: 'ACD' };
const judge: ObjectiveKey = { kind: 'judge', fullMarks: 2, answer: 'T' };

describe('scoreObjective', () => {
  it.each([
    ['single exact', single, 'B', 5],
    ['single lower case', single, 'b', 5],
    ['single wrong', single, 'C', 0],
    ['single two marks', single, 'BC', 0],
    ['single empty', single, '', 0],
    ['single unanswered', single, null, 0],
    ['multiple exact', multiple, 'ACD', 6],
    ['multiple exact, other order and separators', multiple, 'd, a c', 6],
    ['multiple strict subset: partial credit (half marks)', multiple, 'AC', 3],
    ['multiple one correct option: partial credit', multiple, 'D', 3],
    ['multiple subset with a wrong option', multiple, 'AB', 0],
    ['multiple superset', multiple, 'ABCD', 0],
    ['multiple empty', multiple, '', 0],
    ['multiple subset without a partial rule', strictMultiple, 'AC', 0],
    ['judge right', judge, 'T', 2],
    ['judge √', judge, '√', 2],
    ['judge 对', judge, '对', 2],
    ['judge wrong', judge, 'F', 0],
    ['judge ×', judge, '×', 0],
  ] as const)('%s', (_name, key, response, expected) => {
    expect(scoreObjective(key, response)).toBe(expected);
  });

  it('scores 0 when the question has no key yet', () => {
    expect(scoreObjective({ kind: 'single', fullMarks: 5, answer: null }, 'A')).toBe(0);
  });

  it('accepts keys written like responses', () => {
    expect(scoreObjective({ kind: 'judge', fullMarks: 2, answer: '×' }, 'F')).toBe(2);
    expect(scoreObjective({ kind: 'multiple', fullMarks: 4, answer: 'b,a' }, 'AB')).toBe(4);
  });
});

describe('normalizeChoice', () => {
  it('sorts, upper-cases and removes repeats and separators', () => {
    expect(normalizeChoice('multiple', ' c、a，a b ')).toBe('ABC');
  });
  it('refuses what is not a choice', () => {
    expect(normalizeChoice('single', 'A1')).toBeNull();
    expect(normalizeChoice('judge', 'maybe')).toBeNull();
    expect(normalizeChoice('single', '  ')).toBeNull();
  });
});
