import { describe, expect, it } from 'vitest';
import { academicYearOf, resolveEffectiveAccess, rolePerms, termOf } from './academic';
import { permissionCatalogue } from './permissions';

describe('termOf (spec 000 §3: February to August is term 2, otherwise term 1)', () => {
  it.each([
    [1, 1],
    [2, 2],
    [5, 2],
    [8, 2],
    [9, 1],
    [12, 1],
  ])('month %i is term %i', (month, term) => {
    expect(termOf(month)).toBe(term);
  });
});

describe('academicYearOf', () => {
  it.each([
    ['2026-11-21', 2026],
    ['2026-09-01', 2026],
    ['2026-08-31', 2025],
    ['2027-01-15', 2026],
    ['2027-03-01', 2026],
  ])('%s falls in the academic year starting %i', (date, year) => {
    expect(academicYearOf(new Date(`${date}T12:00:00`))).toBe(year);
  });
});

describe('resolveEffectiveAccess (spec 000 §4 login rule)', () => {
  const teacher = { id: 5, roleName: '任课教师' };
  const head = { id: 6, roleName: '班主任' };

  it('uses the current year when it has roles with permissions', () => {
    const access = resolveEffectiveAccess(
      { '2026': [teacher, head], '2025': [head] },
      { '2026': { '5': ['Home'], '6': ['Home', 'Exam'] }, '2025': { '6': ['Home'] } },
      2026,
    );
    expect(access).toEqual({ academicYear: 2026, roles: [teacher, head], isHistoryRole: false });
  });

  it('falls back to the previous year, marked historical', () => {
    const access = resolveEffectiveAccess({ '2025': [head] }, { '2025': { '6': ['Home'] } }, 2026);
    expect(access).toEqual({ academicYear: 2025, roles: [head], isHistoryRole: true });
  });

  it('ignores roles that grant nothing', () => {
    const access = resolveEffectiveAccess(
      { '2026': [teacher], '2025': [head] },
      { '2026': { '5': [] }, '2025': { '6': ['Home'] } },
      2026,
    );
    expect(access?.isHistoryRole).toBe(true);
  });

  it('gives no access when neither year has permissions', () => {
    expect(
      resolveEffectiveAccess({ '2024': [head] }, { '2024': { '6': ['Home'] } }, 2026),
    ).toBeNull();
  });
});

describe('rolePerms', () => {
  it('returns the catalogue items of one role in catalogue order', () => {
    const user = {
      academicYear: 2026,
      allPerm: { '2026': { '1': ['System', 'Home'] } },
      perms: [...permissionCatalogue],
    };
    expect(rolePerms(user, 1).map((p) => p.permCode)).toEqual(['Home', 'System']);
    expect(rolePerms(user, 2)).toEqual([]);
  });
});
