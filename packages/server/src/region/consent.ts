import { ResultCode, type DataOf, type schoolRegionRoutes } from '@examkit/contracts';
import type { Db } from '../core/database';
import { ApiError, notFound } from '../core/envelope';

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
): Promise<void> {
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
      return;
    throw notFound(NO_INVITATION_MESSAGE);
  }
  if (!input.accept) return;
  await trx
    .insertInto('region_schools')
    .values({ region_id: input.regionId, school_id: input.schoolId })
    .execute();
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
