import { academicYearOf } from '@examkit/contracts/rules';
import type { YearOption } from '../types';

/**
 * Academic year dropdown entries (spec 000 §9): the current academic year and
 * the five before it, newest first. Every label is `start-end` (`2026-2027`)
 * and the value is the starting year, as in the spec's default "2020-2021 with
 * value 2020"; the current year is labelled the same way so all entries read alike.
 *
 * @param options.all prepend "全部" with an empty value. @default false
 */
export function yearOptions(now: Date = new Date(), options: { all?: boolean } = {}): YearOption[] {
  const current = academicYearOf(now);
  const entries = [0, 1, 2, 3, 4, 5].map((i): YearOption => ({
    label: `${current - i}-${current - i + 1}`,
    value: current - i,
  }));
  return options.all ? [{ label: '全部', value: '' }, ...entries] : entries;
}
