import type { Brand, FooterKind } from '../types';

const TEACHING = '教学诊断平台';
/**
 * Tab titles (spec 000 §1). 1, the teaching-diagnosis group and the default are
 * the spec's wording; the spec gives the other brands no text, so these are
 * examkit's placeholders (see docs/core.md), built from the same words.
 */
const TITLES: Record<number, string> = {
  1: '学校智能诊断中心',
  2: '智能诊断平台',
  5: '智能阅卷平台',
  10: '区域教学分析平台',
  11: '精准教学平台',
  12: '同步作业平台',
  13: '智能分析平台',
  16: '学校大数据中心',
  18: '教学分析中心',
  31: '智能教学平台',
  666: '大数据诊断中心',
  7: TEACHING,
  15: TEACHING,
  20: TEACHING,
  30: TEACHING,
};
const DEFAULT_TITLE = '大数据分析平台';
const NO_FOOTER = new Set([1, 2, 7, 8, 9, 10, 11, 13, 16, 18, 20, 30, 666, 99]);

/** The brand of a white-label variant (query field `bv`, spec 000 §1): tab title, logo key and footer kind. */
export function brandOf(variant: number | string | null | undefined): Brand {
  const bv = Number(variant || NaN);
  const footer: FooterKind = NO_FOOTER.has(bv)
    ? 'hidden'
    : bv === 5
      ? 'logo'
      : bv === 15
        ? 'support'
        : 'full';
  // Variants 1 to 31, 99 and 666 have a logo of their own.
  const logo = /^([1-9]|[12]\d|3[01]|99|666)$/.test(String(bv)) ? `logo-${bv}` : 'default';
  return { title: TITLES[bv] ?? DEFAULT_TITLE, logo, footer };
}
