import { describe, expect, it } from 'vitest';
import { DEFAULT_SHEET_SETTINGS, resolveSettings } from './settings';

describe('answer-sheet settings (spec 001 §3)', () => {
  it.each([
    ['isTemplate', true],
    ['isHen', 0],
    ['column', 1],
    ['hasSealLine', false],
    ['examNoType', 1],
    ['isClassAndExamNo', true],
    ['isObjectiveVertical', false],
    ['hasCareTip', false],
    ['hasMissTag', true],
    ['isHiddenQrcode', true],
    ['examNumCount', 8],
    ['showPagination', true],
    ['isJudgeSymbol', 1],
    ['isShowCorrectStand', false],
    ['isShowHalfPoint', true],
  ] as const)('defaults %s to %j', (field, value) => {
    expect(DEFAULT_SHEET_SETTINGS[field]).toBe(value);
    expect(resolveSettings()[field]).toBe(value);
  });

  it('gives the texts the spec leaves open Chinese defaults', () => {
    expect(DEFAULT_SHEET_SETTINGS.answerSheetTitle).toBe('答题卡');
    expect(DEFAULT_SHEET_SETTINGS.studentInfoContent).toBe('姓名,考场,座位号');
    expect(DEFAULT_SHEET_SETTINGS.sealLineStudentInfoContent).toBe('学校,班级,姓名,考号');
    expect(DEFAULT_SHEET_SETTINGS.attentionContent.split('\n')).toHaveLength(4);
  });

  it('keeps A4 portrait at one column and A3 landscape at two or three', () => {
    expect(resolveSettings({ isHen: 0, column: 3 }).column).toBe(1);
    expect(resolveSettings({ isHen: 1, column: 1 }).column).toBe(2);
    expect(resolveSettings({ isHen: 1, column: 3 }).column).toBe(3);
  });

  it('clamps the exam-number digits to 4–20 and ignores undefined fields', () => {
    expect(resolveSettings({ examNumCount: 2 }).examNumCount).toBe(4);
    expect(resolveSettings({ examNumCount: 30 }).examNumCount).toBe(20);
    expect(resolveSettings({ answerSheetTitle: undefined } as never).answerSheetTitle).toBe(
      '答题卡',
    );
  });
});
