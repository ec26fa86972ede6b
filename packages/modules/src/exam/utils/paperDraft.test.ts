import { describe, expect, it } from 'vitest';
import {
  answerProblem,
  emptyDraft,
  normaliseAnswer,
  paperTotal,
  toQuestionInputs,
  validatePaper,
} from './paperDraft';

const draft = (
  number: string,
  kind: Parameters<typeof emptyDraft>[1],
  fullMarks: string,
  extra = {},
) => ({
  ...emptyDraft(number, kind),
  fullMarks,
  ...extra,
});

describe('answer keys (docs/exams.md "Paper structure")', () => {
  it.each([
    ['single', 'b', 4, null],
    ['single', 'E', 4, '单选题答案须为 A-D 中的一个字母'],
    ['single', 'AB', 4, '单选题答案须为 A-D 中的一个字母'],
    ['multiple', 'ABD', 4, null],
    ['multiple', 'ABF', 5, '多选题答案须为 A-E 中的字母'],
    ['judge', '√', 2, null],
    ['judge', '错', 2, null],
    ['judge', 'A', 2, '判断题答案须为 T 或 F（√ ×）'],
    ['fill', 'anything', 4, null],
    ['single', '', 4, null],
  ] as const)('%s key %s with %i options → %s', (kind, answer, options, expected) => {
    expect(answerProblem(kind, answer, options)).toBe(expected);
  });

  it.each([
    ['judge', '√', 'T'],
    ['judge', '×', 'F'],
    ['judge', '对', 'T'],
    ['multiple', 'dba', 'ABD'],
    ['single', 'c', 'C'],
  ] as const)('normalises %s %s to %s', (kind, answer, expected) => {
    expect(normaliseAnswer(kind, answer)).toBe(expected);
  });
});

describe('validatePaper', () => {
  it('accepts a paper whose total is the full marks, headings summing their parts', () => {
    const heading = {
      ...draft('3', 'subjective', '0'),
      children: [draft('(1)', 'subjective', '4'), draft('(2)', 'subjective', '6')],
    };
    const paper = [
      draft('1', 'single', '5', { answer: 'A' }),
      draft('2', 'multiple', '5', { answer: 'ABD', partialMarks: '2' }),
      heading,
    ];
    expect(paperTotal(paper)).toBe(20);
    expect(validatePaper(paper, 20)).toEqual([]);
    expect(toQuestionInputs(paper)[2]).toMatchObject({
      number: '3',
      fullMarks: 10,
      children: [{ number: '(1)' }, { number: '(2)' }],
    });
  });

  it.each([
    [[draft('1', 'single', '5'), draft('1', 'single', '5')], 10, '题号重复'],
    [[draft('', 'single', '10')], 10, '请填写题号'],
    [[draft('1', 'single', '0')], 0, '满分须为大于 0 的数'],
    [[draft('1', 'multiple', '10', { partialMarks: '10' })], 10, '部分得分须大于 0 且小于满分'],
    [[draft('1', 'single', '10', { partialMarks: '5' })], 10, '只有多选题可以设置部分得分'],
    [[draft('1', 'single', '10', { optionCount: '1' })], 10, '选项数须为 2 到 26 的整数'],
    [[draft('1', 'single', '10')], 100, '试卷总分 10 分与科目满分 100 分不一致'],
    [[], 100, '请至少添加一道题'],
  ])('refuses %#: %s', (paper, fullMarks, message) => {
    expect(validatePaper(paper, fullMarks).map((p) => p.message)).toContain(message);
  });
});
