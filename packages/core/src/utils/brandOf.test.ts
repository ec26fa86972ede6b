import { describe, expect, it } from 'vitest';
import { brandOf } from './brandOf';

describe('brandOf (spec 000 §1)', () => {
  it.each([
    [1, '学校智能诊断中心'],
    [7, '教学诊断平台'],
    [15, '教学诊断平台'],
    [20, '教学诊断平台'],
    [30, '教学诊断平台'],
    [3, '大数据分析平台'],
    [99, '大数据分析平台'],
    [null, '大数据分析平台'],
  ])('variant %s is titled %s', (bv, title) => {
    expect(brandOf(bv).title).toBe(title);
  });

  it('gives each of 2, 5, 10, 11, 12, 13, 16, 18, 31 and 666 a title of its own', () => {
    const titles = [2, 5, 10, 11, 12, 13, 16, 18, 31, 666].map((bv) => brandOf(bv).title);
    expect(new Set(titles).size).toBe(10);
    for (const title of titles)
      expect(['学校智能诊断中心', '教学诊断平台', '大数据分析平台']).not.toContain(title);
  });

  it.each([1, 2, 7, 8, 9, 10, 11, 13, 16, 18, 20, 30, 666, 99])(
    'variant %i shows no footer',
    (bv) => {
      expect(brandOf(bv).footer).toBe('hidden');
    },
  );

  it.each([
    [5, 'logo'],
    [15, 'support'],
    [3, 'full'],
    [12, 'full'],
    [31, 'full'],
    [undefined, 'full'],
  ] as const)('variant %s footer is %s', (bv, footer) => {
    expect(brandOf(bv).footer).toBe(footer);
  });

  it.each([
    [1, 'logo-1'],
    [31, 'logo-31'],
    [666, 'logo-666'],
    [99, 'logo-99'],
    ['15', 'logo-15'],
    [32, 'default'],
    [0, 'default'],
    ['', 'default'],
  ])('variant %s uses logo %s', (bv, logo) => {
    expect(brandOf(bv).logo).toBe(logo);
  });
});
