import { describe, expect, it } from 'vitest';
import { ends, reportPath, trendOf } from './analyticLabels';

describe('analytic labels', () => {
  it('says a trend in words with its arrow, and nothing without two points', () => {
    expect(trendOf(40, 62.5)).toMatchObject({ arrow: '↑', text: '上升 22.5' });
    expect(trendOf(80, 75)).toMatchObject({ arrow: '↓', text: '下降 5' });
    expect(trendOf(50, 50.01)).toMatchObject({ arrow: '→', text: '持平' });
    expect(trendOf(null, 3)).toBeNull();
  });

  it('takes the first and last figures a student or class has', () => {
    expect(ends([null, 3, null, 7, null])).toEqual([3, 7]);
    expect(ends([null, null])).toEqual([null, null]);
    expect(ends([null, 4])).toEqual([null, null]);
  });

  it('builds the report paths of the catalogue with the analysis in the query', () => {
    expect(reportPath('single', 'grade', 4)).toBe('/exam/analyticCenter/single/report/grade?id=4');
    expect(reportPath('multiple', 'class', 4, 9)).toBe(
      '/exam/analyticCenter/multiple/report/class?id=4&classId=9',
    );
  });
});
