import type { PermItem, Role, UserInfo } from './user';

/**
 * The academic year a date falls in, as its starting year: an academic year
 * runs from September to August, so 2026-11-21 is in 2026 and 2027-03-01 too.
 */
export function academicYearOf(date: Date): number {
  const month = date.getMonth() + 1;
  return month >= 9 ? date.getFullYear() : date.getFullYear() - 1;
}

/** Academic term by month (spec 000 §3): February to August is term 2, otherwise term 1. */
export function termOf(month: number): 1 | 2 {
  return month >= 2 && month <= 8 ? 2 : 1;
}

/** Which academic year's roles apply: the current one, else the previous one marked historical. */
export interface EffectiveAccess {
  academicYear: number;
  roles: Role[];
  isHistoryRole: boolean;
}

/**
 * The login rule of spec 000 §4: use the current academic year's roles with
 * permissions; when there are none, the previous year's, marked historical;
 * when there are none either, the user has no access (null).
 */
export function resolveEffectiveAccess(
  allRole: Record<string, Role[]>,
  allPerm: Record<string, Record<string, string[]>>,
  currentYear: number,
): EffectiveAccess | null {
  for (const [year, isHistoryRole] of [
    [currentYear, false],
    [currentYear - 1, true],
  ] as const) {
    const perms = allPerm[String(year)] ?? {};
    const roles = (allRole[String(year)] ?? []).filter(
      (r) => (perms[String(r.id)]?.length ?? 0) > 0,
    );
    if (roles.length > 0) return { academicYear: year, roles, isHistoryRole };
  }
  return null;
}

/** The permission codes of one role in the user's effective academic year. */
export function roleCodes(
  user: Pick<UserInfo, 'allPerm' | 'academicYear'>,
  roleId: number,
): string[] {
  return user.allPerm[String(user.academicYear)]?.[String(roleId)] ?? [];
}

/** The catalogue items one role grants, in catalogue order. */
export function rolePerms(
  user: Pick<UserInfo, 'allPerm' | 'academicYear' | 'perms'>,
  roleId: number,
): PermItem[] {
  const codes = new Set(roleCodes(user, roleId));
  return user.perms.filter((p) => codes.has(p.permCode));
}
