import { describe, expect, it } from 'vitest';
import { checkElective } from './elective';

describe('checkElective (docs/administration.md 选科)', () => {
  it.each([
    ['3+1+2', ['物理', '化学', '生物'], null],
    ['3+1+2', ['历史', '政治', '地理'], null],
    ['3+1+2', ['化学', '物理', '生物'], '3+1+2 的首选科目须为物理或历史'],
    ['3+1+2', ['物理', '历史', '生物'], '3+1+2 的再选科目须为化学、生物、政治、地理中的两门'],
    ['3+3', ['物理', '历史', '地理'], null],
    ['3+3', ['物理', '物理', '地理'], '三门科目不能重复'],
    ['3+3', ['物理', '语文', '地理'], '科目不在选考范围内'],
    ['3+3', ['物理', '', '地理'], '请选择三门科目'],
  ] as const)('%s %j → %s', (combo, subjects, message) => {
    expect(checkElective(combo, subjects)).toBe(message);
  });
});
