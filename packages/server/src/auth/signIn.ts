import {
  permissionCatalogue,
  ResultCode,
  type SchoolOption,
  type UserInfo,
} from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { ApiError, forbidden } from '../core/envelope';
import { createSession } from '../core/session';
import { effectiveAccess, loadRoleGrants, permItemsOf, type RoleGrants } from './access';
import { hasBlockRole, MARKING_KEY } from '../marking/access';

export const NO_ACCESS_MESSAGE = '该账号无任何权限，请联系管理员分配权限';
export const CHOOSE_SCHOOL_MESSAGE = '该账号存在于多所学校，请选择学校';

/** The account columns a sign-in needs. */
export interface Account {
  id: number;
  school_id: number;
  login_name: string;
  nick_name: string;
  tel: string | null;
}

export const ACCOUNT_COLUMNS = ['id', 'school_id', 'login_name', 'nick_name', 'tel'] as const;

/**
 * Opens a session for an account whose identity is proven and returns the
 * UserInfo of the contract. Refuses (403) an account without any access.
 */
export async function completeSignIn(
  db: Db,
  clock: Clock,
  account: Account,
  options: { clientId?: string } = {},
): Promise<UserInfo> {
  const school = await db
    .selectFrom('schools')
    .select(['id', 'name'])
    .where('id', '=', account.school_id)
    .executeTakeFirstOrThrow();
  const grants = await loadRoleGrants(db, account.id);
  const access = effectiveAccess(grants, clock);
  if (!access) throw forbidden(NO_ACCESS_MESSAGE);
  await addMarkingEntry(db, account, grants, access.academicYear);
  const token = await createSession(db, clock, {
    userId: account.id,
    schoolId: school.id,
    academicYear: access.academicYear,
    clientId: options.clientId ?? null,
  });
  return {
    userId: account.id,
    token,
    schoolId: school.id,
    schoolName: school.name,
    nickName: account.nick_name,
    tel: account.tel ?? '',
    roles: access.roles,
    showRoles: access.roles,
    perms: permItemsOf(grants, access),
    allPerm: grants.allPerm,
    allRole: grants.allRole,
    academicYear: access.academicYear,
    academicYearType: 0,
    isHistoryRole: access.isHistoryRole,
  };
}

/**
 * A teacher named on a marking block reaches 网上阅卷 in every role of the year, as the marking
 * calls let them in (docs/scope.md): the menu shows what the server allows.
 */
async function addMarkingEntry(
  db: Db,
  account: Account,
  grants: RoleGrants,
  academicYear: number,
): Promise<void> {
  const year = grants.allPerm[String(academicYear)];
  if (!year || Object.values(year).every((codes) => codes.includes(MARKING_KEY))) return;
  const assigned = await hasBlockRole(db, { userId: account.id, schoolId: account.school_id });
  if (!assigned) return;
  for (const [roleId, codes] of Object.entries(year)) {
    if (codes.includes(MARKING_KEY)) continue;
    const withEntry = new Set([...codes, 'Exam', MARKING_KEY]);
    year[roleId] = permissionCatalogue.map((p) => p.permCode).filter((code) => withEntry.has(code));
  }
}

/** The 6002 answer: the same credentials are valid in several schools. */
export async function chooseSchool(db: Db, accounts: readonly Account[]): Promise<ApiError> {
  const schools: SchoolOption[] = await schoolOptions(db, accounts);
  return new ApiError(ResultCode.ChooseSchool, CHOOSE_SCHOOL_MESSAGE, { schools });
}

export async function schoolOptions(db: Db, accounts: readonly Account[]): Promise<SchoolOption[]> {
  if (accounts.length === 0) return [];
  const rows = await db
    .selectFrom('schools')
    .select(['id', 'name'])
    .where(
      'id',
      'in',
      accounts.map((a) => a.school_id),
    )
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ schoolId: r.id, schoolName: r.name }));
}
