import { academicYearOf, ResultCode, type SchoolOption } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { ApiError, forbidden } from '../core/envelope';
import type { SessionInfo } from '../core/session';
import { CHOOSE_SCHOOL_MESSAGE, type Account } from '../auth/signIn';

/** The role a bureau account holds in each school it enters (created on first entry). */
export const BUREAU_ROLE_NAME = '教育局';

/**
 * The pages the bureau role opens in a member school: exams and every report, to read. Its seat's
 * data scope reads the whole school and manages nothing (`wholeSchoolReader` in core/scope), so
 * the exam keys here never let it edit a school's exam; it organises joint exams as the bureau.
 */
export const BUREAU_PERMISSIONS: readonly string[] = [
  'Home',
  'Exam',
  'Exam-Single',
  'Exam-Multiple',
  'Exam-AnalyticCenter',
  'Exam-Gaokao',
  'Exam-Single-Report-Class',
  'Exam-Single-Report-Grade',
  'Exam-Multiple-Report-Class',
  'Exam-Multiple-Report-Grade',
  'Summary',
  'Subject',
  'like',
  'wenke',
  // The resource area, to read the school's papers and publish them into the region cloud bank
  // (docs/resources.md "The region cloud bank"); the seat's resource writes are refused.
  'Resources',
  'Paper',
  'Paper-School',
  'Paper-Cloud',
  // 作业分析 with its 教辅 pages, to read (docs/homework.md "教辅").
  'Homework',
  'Homework-Analysis',
];

/**
 * The login name of a bureau account's seat in a school: the colon is outside the pattern of a
 * teacher's login name, so no school account can take it, and the seat's password hash is not a
 * hash, so nobody signs in to it with a password.
 */
export const seatLoginName = (bureauLogin: string) => `region:${bureauLogin}`;
const NO_PASSWORD = '!bureau-seat';

export const NOT_BUREAU_MESSAGE = '仅教育局账号可用';
export const NOT_IN_REGION_MESSAGE = '该学校不在本区域';

/** A bureau account with its password hash; `status` 0 when the operator disabled it (停用). */
export interface BureauAccount {
  id: number;
  region_id: number;
  login_name: string;
  nick_name: string;
  tel: string | null;
  password_hash: string;
  status: number;
}

/** Answered to a disabled bureau account's right password (docs/joint-exams.md#operator). */
export const BUREAU_DISABLED_MESSAGE = '该账号已停用，请联系平台管理员';

/**
 * The bureau account with this login name, enabled or not (login names are compared as typed):
 * sign-in refuses a disabled one after its password, with `BUREAU_DISABLED_MESSAGE`.
 */
export function bureauAccountNamed(db: Db, loginName: string): Promise<BureauAccount | undefined> {
  return db
    .selectFrom('bureau_users')
    .select(['id', 'region_id', 'login_name', 'nick_name', 'tel', 'password_hash', 'status'])
    .where('login_name', '=', loginName)
    .executeTakeFirst();
}

/** The member schools of a region, in id order. */
export async function regionSchools(db: Db, regionId: number): Promise<SchoolOption[]> {
  const rows = await db
    .selectFrom('region_schools as rs')
    .innerJoin('schools as s', 's.id', 'rs.school_id')
    .select(['s.id', 's.name'])
    .where('rs.region_id', '=', regionId)
    .orderBy('s.id')
    .execute();
  return rows.map((r) => ({ schoolId: r.id, schoolName: r.name }));
}

/** The 6002 answer for a bureau account: pick one of the region's schools. */
export async function chooseRegionSchool(db: Db, regionId: number): Promise<ApiError> {
  const schools = await regionSchools(db, regionId);
  return new ApiError(ResultCode.ChooseSchool, CHOOSE_SCHOOL_MESSAGE, { schools });
}

/** Refuses (403) a school outside the bureau account's region. */
export async function assertRegionSchool(db: Db, regionId: number, schoolId: number) {
  const member = await db
    .selectFrom('region_schools')
    .select('school_id')
    .where('region_id', '=', regionId)
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  if (!member) throw forbidden(NOT_IN_REGION_MESSAGE);
}

/**
 * The bureau account's seat in a member school, created on first entry with the bureau role for
 * the current academic year. Call inside a transaction; concurrent first entries end with one seat.
 */
export async function seatIn(
  trx: Db,
  clock: Clock,
  bureau: Pick<BureauAccount, 'id' | 'login_name' | 'nick_name'>,
  schoolId: number,
): Promise<Account> {
  const now = clock.now().getTime();
  const loginName = seatLoginName(bureau.login_name);
  await trx
    .insertInto('users')
    .values({
      school_id: schoolId,
      login_name: loginName,
      password_hash: NO_PASSWORD,
      nick_name: bureau.nick_name,
      tel: null,
      status: 1,
      wx_openid: null,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['school_id', 'login_name']).doNothing())
    .execute();
  const seat = await trx
    .selectFrom('users')
    .select(['id', 'school_id', 'login_name', 'nick_name', 'tel'])
    .where('school_id', '=', schoolId)
    .where('login_name', '=', loginName)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('bureau_seats')
    .values({ bureau_user_id: bureau.id, school_id: schoolId, user_id: seat.id })
    .onConflict((oc) => oc.columns(['bureau_user_id', 'school_id']).doNothing())
    .execute();
  const roleId = await bureauRoleOf(trx, schoolId);
  const year = academicYearOf(clock.now());
  const held = await trx
    .selectFrom('user_roles')
    .select('role_id')
    .where('user_id', '=', seat.id)
    .where('role_id', '=', roleId)
    .where('academic_year', '=', year)
    .executeTakeFirst();
  if (!held)
    await trx
      .insertInto('user_roles')
      .values({ user_id: seat.id, role_id: roleId, academic_year: year })
      .execute();
  return seat;
}

/** The school's 教育局 role (school-wide), created with `BUREAU_PERMISSIONS` when missing. */
async function bureauRoleOf(trx: Db, schoolId: number): Promise<number> {
  const existing = await trx
    .selectFrom('roles')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('role_name', '=', BUREAU_ROLE_NAME)
    .orderBy('id')
    .executeTakeFirst();
  if (existing) {
    // A role created before keys were added gets the missing ones on the next entry.
    const held = await trx
      .selectFrom('role_permissions')
      .select('perm_code')
      .where('role_id', '=', existing.id)
      .execute();
    const have = new Set(held.map((h) => h.perm_code));
    const missing = BUREAU_PERMISSIONS.filter((p) => !have.has(p));
    if (missing.length)
      await trx
        .insertInto('role_permissions')
        .values(missing.map((perm_code) => ({ role_id: existing.id, perm_code })))
        .execute();
    return existing.id;
  }
  const { id } = await trx
    .insertInto('roles')
    .values({ school_id: schoolId, role_name: BUREAU_ROLE_NAME })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('role_permissions')
    .values(BUREAU_PERMISSIONS.map((perm_code) => ({ role_id: id, perm_code })))
    .execute();
  // Not school-wide: a seat's scope is the reader's (core/scope `wholeSchoolReader`), whatever
  // the school does to this role.
  await trx.insertInto('role_scopes').values({ role_id: id, school_wide: 0 }).execute();
  return id;
}

/** The bureau account a session acts for (through its seat), or null for a school account. */
export async function bureauOfSession(
  db: Db,
  session: SessionInfo,
): Promise<{ id: number; region_id: number; login_name: string; nick_name: string } | null> {
  const row = await db
    .selectFrom('bureau_seats as bs')
    .innerJoin('bureau_users as b', 'b.id', 'bs.bureau_user_id')
    .select(['b.id', 'b.region_id', 'b.login_name', 'b.nick_name'])
    .where('bs.user_id', '=', session.userId)
    .where('bs.school_id', '=', session.schoolId)
    .where('b.status', '=', 1)
    .executeTakeFirst();
  return row ?? null;
}

/** The bureau account of the session, or 403 for a school account. */
export async function requireBureau(db: Db, session: SessionInfo) {
  const bureau = await bureauOfSession(db, session);
  if (!bureau) throw forbidden(NOT_BUREAU_MESSAGE);
  return bureau;
}
