import { jointPoolRoutes } from '@examkit/contracts';
import type { DomainDeps } from '../core/deps';
import { ApiError, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import { addSeed, listSeeds, poolSeedPapers, removeSeed } from '../marking/seeds';
import { poolAccess } from './poolAccess';

const TAG = 'joint';

/**
 * 隐藏样卷 (试评样本) on a pool block: the marking module's own seed functions (`listSeeds`,
 * `addSeed`, `removeSeed`) behind the pool's access — the joint exam's organiser or the block's
 * 组长 (`seedBlock`) — and its anonymity: the papers and seeds name no student or school.
 * @see docs/marking.md "Joint exams"
 */
export function registerJointPoolSeedRoutes(
  router: Router,
  deps: Pick<DomainDeps, 'db' | 'clock'>,
) {
  const { db, clock } = deps;
  const { seedBlock } = poolAccess(db);

  router.sessionRoute(jointPoolRoutes.jointPoolSeedPapers, TAG, async ({ body, session }) => {
    const block = await seedBlock(session, body.blockId);
    return { list: await poolSeedPapers(db, block.id, { done: body.done, limit: body.limit }) };
  });

  router.sessionRoute(jointPoolRoutes.jointPoolSeeds, TAG, async ({ body, session }) => {
    const block = await seedBlock(session, body.blockId);
    return { list: await listSeeds(db, 'pool', block.id) };
  });

  router.sessionRoute(jointPoolRoutes.jointPoolSeedAdd, TAG, async ({ body, session }) => {
    const block = await seedBlock(session, body.blockId);
    return addSeed(db, clock, { ...body, blockId: block.id });
  });

  router.sessionRoute(jointPoolRoutes.jointPoolSeedRemove, TAG, async ({ body, session }) => {
    const paper = await db
      .selectFrom('marking_papers')
      .select('block_id')
      .where('id', '=', body.paperId)
      .executeTakeFirst();
    if (!paper) throw notFound('试卷不存在');
    // A school's own block, or a pool block the caller does not manage, answers as a missing paper.
    await seedBlock(session, paper.block_id).catch((e: unknown) => {
      if (e instanceof ApiError && e.code === 403) throw e;
      throw notFound('试卷不存在');
    });
    await removeSeed(db, clock, body.paperId);
    return null;
  });
}
