import { describe, expect, it } from 'vitest';
import { formatDate } from './formatDate';
import { lastMonth } from './lastMonth';
import { lastWeek } from './lastWeek';

const show = ([start, end]: [Date, Date]) => [
  formatDate(start, 'YYYY-MM-DD HH:mm'),
  formatDate(end, 'YYYY-MM-DD HH:mm'),
];

describe('lastWeek and lastMonth', () => {
  it.each([
    [new Date(2026, 10, 21, 9, 30), ['2026-11-14 09:30', '2026-11-21 09:30']],
    [new Date(2026, 0, 3, 0, 0), ['2025-12-27 00:00', '2026-01-03 00:00']],
  ])('last week up to %s', (now, range) => {
    expect(show(lastWeek(now))).toEqual(range);
  });

  it.each([
    [new Date(2026, 10, 21, 9, 30), ['2026-10-21 09:30', '2026-11-21 09:30']],
    [new Date(2026, 2, 31, 8, 0), ['2026-02-28 08:00', '2026-03-31 08:00']],
    [new Date(2028, 2, 31, 8, 0), ['2028-02-29 08:00', '2028-03-31 08:00']],
    [new Date(2026, 0, 15, 8, 0), ['2025-12-15 08:00', '2026-01-15 08:00']],
  ])('last month up to %s', (now, range) => {
    expect(show(lastMonth(now))).toEqual(range);
  });

  it("does not share the caller's Date", () => {
    const now = new Date(2026, 10, 21);
    const [, end] = lastWeek(now);
    end.setFullYear(2000);
    expect(now.getFullYear()).toBe(2026);
  });
});
