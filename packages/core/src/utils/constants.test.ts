import { describe, expect, it } from 'vitest';
import { EXAM_TYPES } from './EXAM_TYPES';
import { GRADES } from './GRADES';

describe('reference names (spec 000 §3)', () => {
  it('exam types', () => {
    expect(EXAM_TYPES).toEqual(['学前', '周练', '单元', '月测', '期中', '期末', '模拟', '其它']);
  });

  it('grades: gradeNum 1 is 一年级, 9 is 九年级, 10 to 12 are 高一 to 高三', () => {
    expect(GRADES).toHaveLength(12);
    expect([GRADES[0], GRADES[8], GRADES[9], GRADES[11]]).toEqual([
      '一年级',
      '九年级',
      '高一',
      '高三',
    ]);
  });
});
