import {
  academicYearOf,
  permissionCatalogue,
  resolveEffectiveAccess,
  type EffectiveAccess,
  type PermItem,
  type Role,
} from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';

/** A user's roles and their permission codes, keyed by academic year (as `allRole` and `allPerm`). */
export interface RoleGrants {
  allRole: Record<string, Role[]>;
  allPerm: Record<string, Record<string, string[]>>;
}

/** Every role the user holds in any academic year, with each role's permission codes. */
export async function loadRoleGrants(db: Db, userId: number): Promise<RoleGrants> {
  const rows = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select(['ur.academic_year', 'r.id', 'r.role_name'])
    .where('ur.user_id', '=', userId)
    .orderBy('ur.academic_year')
    .orderBy('r.id')
    .execute();
  const roleIds = [...new Set(rows.map((r) => r.id))];
  const perms =
    roleIds.length === 0
      ? []
      : await db
          .selectFrom('role_permissions')
          .select(['role_id', 'perm_code'])
          .where('role_id', 'in', roleIds)
          .execute();
  const codesByRole = new Map<number, string[]>();
  for (const p of perms)
    codesByRole.set(p.role_id, [...(codesByRole.get(p.role_id) ?? []), p.perm_code]);
  const order = new Map(permissionCatalogue.map((p, i) => [p.permCode, i]));
  const byCatalogue = (a: string, b: string) =>
    (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity);

  const allRole: RoleGrants['allRole'] = {};
  const allPerm: RoleGrants['allPerm'] = {};
  for (const row of rows) {
    const year = String(row.academic_year);
    (allRole[year] ??= []).push({ id: row.id, roleName: row.role_name });
    (allPerm[year] ??= {})[String(row.id)] = [...(codesByRole.get(row.id) ?? [])].sort(byCatalogue);
  }
  return { allRole, allPerm };
}

/** The effective access now (spec 000 §4), or null when the user has none. */
export function effectiveAccess(grants: RoleGrants, clock: Clock): EffectiveAccess | null {
  return resolveEffectiveAccess(grants.allRole, grants.allPerm, academicYearOf(clock.now()));
}

/** The catalogue items of every code the given roles hold, in catalogue order. */
export function permItemsOf(grants: RoleGrants, access: EffectiveAccess): PermItem[] {
  const codes = new Set(
    access.roles.flatMap((r) => grants.allPerm[String(access.academicYear)]?.[String(r.id)] ?? []),
  );
  return permissionCatalogue.filter((p) => codes.has(p.permCode));
}

/** The permission codes a user holds in one academic year, across all roles. */
export async function permissionCodesIn(
  db: Db,
  userId: number,
  academicYear: number,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('user_roles as ur')
    .innerJoin('role_permissions as rp', 'rp.role_id', 'ur.role_id')
    .select('rp.perm_code')
    .where('ur.user_id', '=', userId)
    .where('ur.academic_year', '=', academicYear)
    .execute();
  return new Set(rows.map((r) => r.perm_code));
}
