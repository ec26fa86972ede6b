import { jointOrganiseRoutes } from '@examkit/contracts';
import type { DomainDeps } from '../core/deps';
import { ApiError } from '../core/envelope';
import type { Router } from '../core/router';
import { regionSchools } from '../region/bureau';
import { assertOrganiserRole, jointViewer } from './access';

/**
 * `joint/organiser_schools`: what the create page offers (docs/joint-exams.md#joint-exams). The
 * same rule as `joint/create` (`assertOrganiserRole`): the bureau, or a school-wide exam manager
 * holding Exam-Multiple in a school of a region; anyone else gets null and no 创建联考.
 */
export function registerJointOrganiseRoutes(router: Router, deps: Pick<DomainDeps, 'db'>) {
  const { db } = deps;
  router.sessionRoute(jointOrganiseRoutes.jointOrganiserSchools, 'joint', async ({ session }) => {
    const viewer = await jointViewer(db, session);
    const allowed = await assertOrganiserRole(db, session, viewer).then(
      () => true,
      (error: unknown) => {
        if (error instanceof ApiError && error.code === 403) return false;
        throw error;
      },
    );
    if (!allowed || viewer.regionId === null) return null;
    const region = await db
      .selectFrom('regions')
      .select('name')
      .where('id', '=', viewer.regionId)
      .executeTakeFirstOrThrow();
    return {
      regionName: region.name,
      leadSchoolId: viewer.kind === 'school' ? viewer.schoolId : null,
      schools: await regionSchools(db, viewer.regionId),
    };
  });
}
