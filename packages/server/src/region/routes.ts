import { regionRoutes } from '@examkit/contracts';
import type { DomainDeps } from '../core/deps';
import type { Router } from '../core/router';
import { issueOneTimeToken } from '../auth/oneTimeTokens';
import {
  assertRegionSchool,
  bureauOfSession,
  regionSchools,
  requireBureau,
  seatIn,
} from './bureau';

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
}
