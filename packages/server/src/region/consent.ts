import {
  academicYearOf,
  ResultCode,
  type DataOf,
  type schoolRegionRoutes,
} from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { ApiError, notFound } from '../core/envelope';
import { revokeUserSessions } from '../core/session';
import { regionInvited } from '../message/events';
import { notifyIn } from '../message/notify';

type SchoolRegionStatus = DataOf<typeof schoolRegionRoutes.status>;

export const OTHER_REGION_MESSAGE = '该学校已属于其他区域，请先从原区域移出';
export const OTHER_INVITE_MESSAGE = '该学校已有其他区域的待确认邀请，请等待学校答复或先撤回';
export const NO_INVITATION_MESSAGE = '没有该区域的待确认邀请';

/**
 * Invites a school into a region (docs/joint-exams.md#consent): the school joins only when its
 * administrator accepts. Answers 'member' when it already belongs to the region, 'invited' when
 * the invitation is new, 'pending' when it was already invited (a retry). A school of another
 * region, or invited by another one, answers 409. Call inside a transaction.
 */
export async function inviteSchool(
  trx: Db,
  now: number,
  input: { regionId: number; schoolId: number },
): Promise<'member' | 'invited' | 'pending'> {
  const member = await trx
    .selectFrom('region_schools')
    .select('region_id')
    .where('school_id', '=', input.schoolId)
    .executeTakeFirst();
  if (member) {
    if (member.region_id !== input.regionId)
      throw new ApiError(ResultCode.Conflict, OTHER_REGION_MESSAGE);
    return 'member';
  }
  const invite = await trx
    .selectFrom('region_school_invites')
    .select('region_id')
    .where('school_id', '=', input.schoolId)
    .executeTakeFirst();
  if (invite) {
    if (invite.region_id !== input.regionId)
      throw new ApiError(ResultCode.Conflict, OTHER_INVITE_MESSAGE);
    return 'pending';
  }
  await trx
    .insertInto('region_school_invites')
    .values({
      region_id: input.regionId,
      school_id: input.schoolId,
      invited_at: now,
    })
    .execute();
  return 'invited';
}

/**
 * The school's answer to a region's invitation: accepting makes it a member school (the bureau
 * may enter it from then on), declining deletes the invitation. A retry of the same answer
 * answers quietly; a school that was never invited by that region answers 404, so no school
 * accepts another school's invitation. Call inside a transaction.
 */
export async function answerInvitation(
  trx: Db,
  input: { schoolId: number; regionId: number; accept: boolean },
): Promise<boolean> {
  const removed = await trx
    .deleteFrom('region_school_invites')
    .where('school_id', '=', input.schoolId)
    .where('region_id', '=', input.regionId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) {
    const member = await trx
      .selectFrom('region_schools')
      .select('region_id')
      .where('school_id', '=', input.schoolId)
      .executeTakeFirst();
    // The same answer again (a retry) changes nothing.
    if (input.accept ? member?.region_id === input.regionId : member?.region_id !== input.regionId)
      return false;
    throw notFound(NO_INVITATION_MESSAGE);
  }
  if (!input.accept) return true;
  await trx
    .insertInto('region_schools')
    .values({ region_id: input.regionId, school_id: input.schoolId })
    .execute();
  return true;
}

/** Ends every session of bureau seats (removed from a school, a new password, 停用). */
export async function endBureauSeats(
  db: Db,
  clock: Clock,
  where: { bureauUserId?: number; regionId?: number; schoolIds?: readonly number[] },
) {
  let query = db
    .selectFrom('bureau_seats as bs')
    .innerJoin('bureau_users as b', 'b.id', 'bs.bureau_user_id')
    .select('bs.user_id');
  if (where.bureauUserId !== undefined) query = query.where('b.id', '=', where.bureauUserId);
  if (where.regionId !== undefined) query = query.where('b.region_id', '=', where.regionId);
  if (where.schoolIds !== undefined)
    query = query.where('bs.school_id', 'in', [...where.schoolIds]);
  for (const seat of await query.execute()) await revokeUserSessions(db, clock, seat.user_id);
}

/**
 * Schools leave a region (the bureau lets them go, the operator removes them, or a school leaves
 * by itself): their membership ends and every session of the region's bureau seats in them
 * ends with it, so the bureau loses them at once. Joint exams already held keep the schools as
 * participants and their reports. Answers how many schools left (0: a retry). Call inside a
 * transaction.
 */
export async function leaveRegion(
  trx: Db,
  clock: Clock,
  input: { regionId: number; schoolIds: readonly number[] },
): Promise<number> {
  if (input.schoolIds.length === 0) return 0;
  const removed = await trx
    .deleteFrom('region_schools')
    .where('region_id', '=', input.regionId)
    .where('school_id', 'in', [...input.schoolIds])
    .executeTakeFirst();
  const left = Number(removed.numDeletedRows);
  if (left > 0) await endBureauSeats(trx, clock, input);
  return left;
}

/**
 * The school's administrators: the school's own users who hold 参数设置 (System-Parm) in the
 * academic year, never a bureau seat.
 */
async function schoolAdministrators(trx: Db, schoolId: number, academicYear: number) {
  const rows = await trx
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .innerJoin('role_permissions as rp', 'rp.role_id', 'ur.role_id')
    .leftJoin('bureau_seats as bs', 'bs.user_id', 'ur.user_id')
    .select('ur.user_id')
    .distinct()
    .where('r.school_id', '=', schoolId)
    .where('ur.academic_year', '=', academicYear)
    .where('rp.perm_code', '=', 'System-Parm')
    .where('bs.user_id', 'is', null)
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * Tells the school's administrators of a new invitation (docs/messages.md): a message in the
 * header's unread count and /new-home-message, linking to 参数设置 where 区域设置 answers it.
 * Written in the invitation's transaction; the key keeps a retry from telling anyone twice.
 */
export async function notifyInvitation(
  trx: Db,
  clock: Clock,
  input: { regionId: number; schoolId: number },
): Promise<void> {
  const region = await trx
    .selectFrom('regions')
    .select('name')
    .where('id', '=', input.regionId)
    .executeTakeFirstOrThrow();
  const now = clock.now();
  const at = now.getTime();
  const userIds = await schoolAdministrators(trx, input.schoolId, academicYearOf(now));
  await notifyIn(trx, at, regionInvited(region.name, { ...input, at }, userIds));
}

/** The school's region and the invitation it has not answered (the school's 区域设置). */
export async function schoolRegionStatus(db: Db, schoolId: number): Promise<SchoolRegionStatus> {
  const [region, invitations] = await Promise.all([
    db
      .selectFrom('region_schools as rs')
      .innerJoin('regions as r', 'r.id', 'rs.region_id')
      .select(['r.id', 'r.name'])
      .where('rs.school_id', '=', schoolId)
      .executeTakeFirst(),
    db
      .selectFrom('region_school_invites as i')
      .innerJoin('regions as r', 'r.id', 'i.region_id')
      .select(['r.id', 'r.name', 'i.invited_at'])
      .where('i.school_id', '=', schoolId)
      .orderBy('i.invited_at')
      .execute(),
  ]);
  return {
    region: region ? { regionId: region.id, regionName: region.name } : null,
    invitations: invitations.map((i) => ({
      regionId: i.id,
      regionName: i.name,
      invitedAt: Number(i.invited_at),
    })),
  };
}
