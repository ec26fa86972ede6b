import { regionRoutes, ResultCode, schoolRegionRoutes } from '@examkit/contracts';
import type { Db } from '../core/database';
import type { DomainDeps } from '../core/deps';
import type { SessionInfo } from '../core/session';
import type { Router } from '../core/router';
import { issueOneTimeToken } from '../auth/oneTimeTokens';
import { ApiError, badRequest, forbidden } from '../core/envelope';
import { accessOf } from '../core/scope';
import { recordSchoolAction } from './audit';
import { answerInvitation, leaveRegion, schoolRegionStatus } from './consent';
import {
  assertRegionSchool,
  bureauOfSession,
  regionSchools,
  requireBureau,
  seatIn,
} from './bureau';

/** The school administrator's own lines in the operators' log. */
type SchoolAction = 'school.accept' | 'school.decline' | 'school.leave';

/** How long a token from `enter_school` stays valid, as the integrators' hand-over. */
export const ENTER_SCHOOL_TTL_MS = 60_000;

/** The bureau calls of `regionRoutes` (docs/joint-exams.md#bureau-sign-in). */
export function registerRegionRoutes(router: Router, deps: Pick<DomainDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  router.sessionRoute(regionRoutes.schools, 'region', async ({ session }) => {
    const bureau = await bureauOfSession(db, session);
    if (!bureau) return null;
    const region = await db
      .selectFrom('regions')
      .select(['id', 'name'])
      .where('id', '=', bureau.region_id)
      .executeTakeFirstOrThrow();
    return {
      regionId: region.id,
      regionName: region.name,
      schools: await regionSchools(db, region.id),
    };
  });

  router.sessionRoute(regionRoutes.update, 'region', async ({ body, session }) => {
    const bureau = await requireBureau(db, session);
    const name = body.name.trim();
    if (!name) throw badRequest('请输入区域名称');
    const current = new Set((await regionSchools(db, bureau.region_id)).map((s) => s.schoolId));
    // Schools leave a region here; joining one would let a bureau read a school that never agreed.
    if (body.schoolIds.some((id) => !current.has(id)))
      throw forbidden('只能移出本区域的学校，加入学校请联系平台管理员');
    if (!body.schoolIds.includes(session.schoolId))
      throw new ApiError(ResultCode.Conflict, '不能移出当前所在的学校，请先切换到其他学校');
    const leaving = [...current].filter((id) => !body.schoolIds.includes(id));
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('regions').set({ name }).where('id', '=', bureau.region_id).execute();
      // The region's bureau accounts lose those schools at once: their seats' sessions end.
      await leaveRegion(trx, clock, { regionId: bureau.region_id, schoolIds: leaving });
    });
    return {
      regionId: bureau.region_id,
      regionName: name,
      schools: await regionSchools(db, bureau.region_id),
    };
  });

  router.sessionRoute(regionRoutes.enterSchool, 'region', async ({ body, session }) => {
    const bureau = await requireBureau(db, session);
    await assertRegionSchool(db, bureau.region_id, body.schoolId);
    const token = await db.transaction().execute(async (trx) => {
      const seat = await seatIn(trx, clock, bureau, body.schoolId);
      return issueOneTimeToken(trx, clock, {
        purpose: 'region',
        ttlMs: ENTER_SCHOOL_TTL_MS,
        userId: seat.id,
        schoolId: body.schoolId,
      });
    });
    return { token, expiresIn: ENTER_SCHOOL_TTL_MS / 1000 };
  });

  // The school's side (docs/joint-exams.md#consent): its administrators — the holders of
  // System-Parm, who set the school's parameters — see the region's invitation and accept or
  // decline it. A bureau seat never reaches these (core/seatAccess); the school is the session's.
  const requireSchoolAdmin = (session: Parameters<typeof accessOf>[1]) =>
    accessOf(db, session).require('System-Parm');

  router.sessionRoute(schoolRegionRoutes.status, 'region', async ({ session }) => {
    await requireSchoolAdmin(session);
    return schoolRegionStatus(db, session.schoolId);
  });

  // Each answer that changes something is a line of the operators' log (a retry writes none).
  const logAnswer = (trx: Db, session: SessionInfo, regionId: number, action: SchoolAction) =>
    recordSchoolAction(trx, clock, {
      userId: session.userId,
      schoolId: session.schoolId,
      regionId,
      action,
    });

  router.sessionRoute(schoolRegionRoutes.respond, 'region', async ({ body, session }) => {
    await requireSchoolAdmin(session);
    await db.transaction().execute(async (trx) => {
      const changed = await answerInvitation(trx, {
        schoolId: session.schoolId,
        regionId: body.regionId,
        accept: body.accept,
      });
      if (changed)
        await logAnswer(
          trx,
          session,
          body.regionId,
          body.accept ? 'school.accept' : 'school.decline',
        );
    });
    return schoolRegionStatus(db, session.schoolId);
  });

  // 退出区域: the school leaves by itself, as when the bureau or the operator lets it go — the
  // bureau loses it at once, joint exams already held keep it and their reports. Leaving a
  // region the school is not in (a retry) changes nothing.
  router.sessionRoute(schoolRegionRoutes.leave, 'region', async ({ body, session }) => {
    await requireSchoolAdmin(session);
    await db.transaction().execute(async (trx) => {
      const left = await leaveRegion(trx, clock, {
        regionId: body.regionId,
        schoolIds: [session.schoolId],
      });
      if (left > 0) await logAnswer(trx, session, body.regionId, 'school.leave');
    });
    return schoolRegionStatus(db, session.schoolId);
  });
}
