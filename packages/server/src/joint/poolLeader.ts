import { jointPoolRoutes } from '@examkit/contracts';
import type { DomainDeps } from '../core/deps';
import { forbidden } from '../core/envelope';
import type { Router } from '../core/router';
import { markingCalls } from '../marking/calls';
import { paperDetails } from '../marking/monitoring';
import { cropImage } from '../marking/routes';
import { poolAccess } from './poolAccess';

const TAG = 'joint';

/**
 * A pool block's leader (组长): 问题卷, the finished papers, 组长改分 and a paper's crop. The marking
 * module's own calls, reached through the pool's access (a role on the block, in a joint exam of
 * the caller's school) and answered without the student or their school.
 */
export function registerJointPoolLeaderRoutes(
  router: Router,
  deps: Pick<DomainDeps, 'db' | 'clock' | 'files'>,
) {
  const { db, clock, files } = deps;
  const { workedBlock, workedPaper, requirePoolLeader, organisesBlock, anonymous } = poolAccess(db);
  const calls = markingCalls(db, clock);

  router.sessionRoute(jointPoolRoutes.jointPoolProblems, TAG, async ({ body, session }) => {
    const access = await workedBlock(session, body.blockId);
    requirePoolLeader(access);
    const list = await paperDetails(db, 'pool', {
      blockId: access.block.id,
      states: ['problem'],
      limit: 500,
    });
    return { list: await anonymous(session, list) };
  });

  router.sessionRoute(jointPoolRoutes.jointPoolPaperList, TAG, async ({ body, session }) => {
    const access = await workedBlock(session, body.blockId);
    requirePoolLeader(access);
    const list = await paperDetails(db, 'pool', {
      blockId: access.block.id,
      states: ['done'],
      limit: body.limit,
    });
    return { list: await anonymous(session, list) };
  });

  router.sessionRoute(jointPoolRoutes.jointPoolResolve, TAG, async ({ body, session }) => {
    const { access } = await workedPaper(session, body.paperId);
    requirePoolLeader(access);
    return calls.resolve(session.userId, body);
  });

  router.sessionRoute(jointPoolRoutes.jointPoolRemark, TAG, async ({ body, session }) => {
    const { access } = await workedPaper(session, body.paperId);
    requirePoolLeader(access);
    return calls.remark(session.userId, body);
  });

  router.sessionRoute(jointPoolRoutes.jointPoolPaperCrop, TAG, async ({ body, session }) => {
    // The organiser looks at a paper before making it a seed (隐藏样卷), as the 组长 does.
    const organised = await db
      .selectFrom('marking_papers as p')
      .innerJoin('marking_blocks as b', 'b.id', 'p.block_id')
      .select(['p.crop_key', 'b.joint_exam_id'])
      .where('p.id', '=', body.paperId)
      .where('b.joint_exam_id', 'is not', null)
      .executeTakeFirst();
    if (organised && (await organisesBlock(session, organised.joint_exam_id!)))
      return cropImage(files, organised.crop_key);
    const { paper, access } = await workedPaper(session, body.paperId);
    if (!access.leader && paper.sample_kind === null) throw forbidden('只有题块组长可以查看该试卷');
    return cropImage(files, paper.crop_key);
  });
}
