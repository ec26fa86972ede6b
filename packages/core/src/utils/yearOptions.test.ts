import { academicYearOf, termOf } from '@examkit/contracts';
import { describe, expect, it } from 'vitest';
import { yearOptions } from './yearOptions';

describe('yearOptions (spec 000 §9)', () => {
  it('lists the current academic year and the five before it', () => {
    expect(yearOptions(new Date(2026, 10, 21))).toEqual([
      { label: '2026-2027', value: 2026 },
      { label: '2025-2026', value: 2025 },
      { label: '2024-2025', value: 2024 },
      { label: '2023-2024', value: 2023 },
      { label: '2022-2023', value: 2022 },
      { label: '2021-2022', value: 2021 },
    ]);
  });

  it('follows the academic year, not the calendar year: March 2027 is still 2026-2027', () => {
    expect(yearOptions(new Date(2027, 2, 1))[0]).toEqual({ label: '2026-2027', value: 2026 });
  });

  it('puts "全部" with an empty value first when asked', () => {
    const options = yearOptions(new Date(2021, 9, 1), { all: true });
    expect(options).toHaveLength(7);
    expect(options.slice(0, 3)).toEqual([
      { label: '全部', value: '' },
      { label: '2021-2022', value: 2021 },
      { label: '2020-2021', value: 2020 },
    ]);
  });
});

describe('termOf and academicYearOf (re-exported from the contract)', () => {
  it.each([
    [1, 1],
    [2, 2],
    [8, 2],
    [9, 1],
    [12, 1],
  ])('month %i is term %i', (month, term) => {
    expect(termOf(month)).toBe(term);
  });

  it('September starts a new academic year', () => {
    expect(academicYearOf(new Date(2026, 7, 31))).toBe(2025);
    expect(academicYearOf(new Date(2026, 8, 1))).toBe(2026);
  });
});
