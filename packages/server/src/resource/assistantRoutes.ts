import { assistantRoutes as r } from '@examkit/contracts';
import type { DomainDeps } from '../core/deps';
import type { Router } from '../core/router';
import { accessOf } from '../core/scope';
import type { SessionInfo } from '../core/session';
import { pageOf } from '../school/common';
import { generatePlan, pageOfPlans, planDetail, savePlan, swapInPlan } from './assistant';

const TAG = 'resource';

/** /marking-resources/assistant: 组卷助手 (docs/resources.md "组卷助手"), key Generate. */
export function registerAssistantRoutes(router: Router, { db, clock }: Omit<DomainDeps, 'files'>) {
  const now = () => clock.now().getTime();
  const owner = async (session: SessionInfo) => {
    await accessOf(db, session).require('Generate');
    return { schoolId: session.schoolId, userId: session.userId };
  };

  router.sessionRoute(r.generate, TAG, async ({ body, session }) => ({
    planId: await generatePlan(db, await owner(session), body.settings, body.requestKey, now()),
  }));
  router.sessionRoute(r.list, TAG, async ({ body, session }) => {
    const { pageNum, pageSize, offset } = pageOf(body);
    const page = await pageOfPlans(db, await owner(session), { offset, limit: pageSize });
    return { ...page, pageNum, pageSize };
  });
  router.sessionRoute(r.detail, TAG, async ({ body, session }) =>
    planDetail(db, await owner(session), body.planId),
  );
  router.sessionRoute(r.swap, TAG, async ({ body, session }) => {
    const who = await owner(session);
    await swapInPlan(db, who, body.planId, body.questionId, now());
    return planDetail(db, who, body.planId);
  });
  router.sessionRoute(r.save, TAG, async ({ body, session }) => ({
    paperId: await savePlan(db, await owner(session), body.planId, body, now()),
  }));
}
