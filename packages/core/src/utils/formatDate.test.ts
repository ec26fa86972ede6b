import { describe, expect, it } from 'vitest';
import { formatDate } from './formatDate';

describe('formatDate', () => {
  it.each([
    [new Date(2026, 10, 21, 9, 5, 3), undefined, '2026-11-21'],
    [new Date(2026, 0, 2, 9, 5, 3), 'YYYY/MM/DD HH:mm:ss', '2026/01/02 09:05:03'],
    ['2026-03-01', undefined, '2026-03-01'],
    ['2026-03-01T08:00:00', 'MM月DD日 HH:mm', '03月01日 08:00'],
    [new Date(2026, 10, 21).getTime(), undefined, '2026-11-21'],
  ])('%s with %s → %s', (value, format, text) => {
    expect(formatDate(value, format)).toBe(text);
  });

  it.each([null, undefined, '', 'not a date', Number.NaN])('shows "-" for %s', (value) => {
    expect(formatDate(value)).toBe('-');
  });
});
