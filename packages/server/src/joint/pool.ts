import { jointPoolRoutes } from '@examkit/contracts';
import type { DomainDeps } from '../core/deps';
import { forbidden } from '../core/envelope';
import type { Router } from '../core/router';
import { fetchTasks } from '../marking/fetch';
import { markingCalls } from '../marking/calls';
import { cropImage } from '../marking/routes';
import { poolAccess } from './poolAccess';
import { registerJointPoolLeaderRoutes } from './poolLeader';
import { registerJointPoolMonitorRoutes } from './poolMonitor';
import { registerJointPoolSeedRoutes } from './poolSeed';
import { registerJointPoolSetupRoutes } from './poolSetup';

const TAG = 'joint';

/**
 * 统一阅卷 of a joint exam (`jointPoolRoutes`, docs/marking.md "Joint exams: one pool"). A pool
 * block is an ordinary marking block on the organiser's copy of the joint subject, linked to the
 * joint exam (`marking_blocks.joint_exam_id`), whose papers are students of every participating
 * school and whose markers are staff of any of them. Claiming, leases, double marking,
 * arbitration and scoring are the marking module's own (`claimTasks`, `submitTask`); the school's
 * own marking routes never see a pool block (`blockAccess` and the others leave it out).
 *
 * This file holds a marker's calls; the set-up is poolSetup.ts, the leader's calls poolLeader.ts
 * and the monitoring poolMonitor.ts, all behind the access checks of poolAccess.ts.
 */
export function registerJointPoolRoutes(
  router: Router,
  deps: Pick<DomainDeps, 'db' | 'clock' | 'files'>,
) {
  const { db, clock, files } = deps;
  const { workedBlock, workedTask, workedPaper } = poolAccess(db);
  const calls = markingCalls(db, clock);
  registerJointPoolSetupRoutes(router, deps);
  registerJointPoolLeaderRoutes(router, deps);
  registerJointPoolMonitorRoutes(router, deps);
  registerJointPoolSeedRoutes(router, deps);

  router.sessionRoute(jointPoolRoutes.jointPoolMine, TAG, async ({ session }) => {
    const rows = await db
      .selectFrom('marking_blocks as b')
      .innerJoin('joint_exams as j', 'j.id', 'b.joint_exam_id')
      .innerJoin('joint_exam_schools as js', (join) =>
        join.onRef('js.joint_exam_id', '=', 'j.id').on('js.school_id', '=', session.schoolId),
      )
      .innerJoin('exam_subjects as es', 'es.id', 'b.exam_subject_id')
      .select([
        'b.id',
        'j.id as jointExamId',
        'j.name as jointExamName',
        'es.subject_code',
        'b.name',
        'b.state',
        'b.full_score_half',
        'b.question_full_half',
        'b.step_half',
        'b.guide',
        'b.answer',
        'b.mode',
      ])
      .where('b.id', 'in', (eb) =>
        eb
          .selectFrom('marking_block_users')
          .select('block_id')
          .where('user_id', '=', session.userId),
      )
      .orderBy('j.id', 'desc')
      .orderBy('b.id')
      .execute();
    const roles =
      rows.length === 0
        ? []
        : await db
            .selectFrom('marking_block_users')
            .select(['block_id', 'role'])
            .where('user_id', '=', session.userId)
            .where(
              'block_id',
              'in',
              rows.map((r) => r.id),
            )
            .execute();
    return {
      list: rows.map((r) => ({
        blockId: r.id,
        jointExamId: r.jointExamId,
        jointExamName: r.jointExamName,
        subjectCode: r.subject_code,
        name: r.name,
        state: r.state,
        fullScore: r.full_score_half / 2,
        questionFull: (JSON.parse(r.question_full_half) as number[]).map((h) => h / 2),
        scoreStep: r.step_half / 2,
        guide: r.guide,
        answer: r.answer,
        roles: ['marker', 'arbitrator', 'leader'].filter((role) =>
          roles.some((x) => x.block_id === r.id && x.role === role),
        ),
        mode: r.mode,
      })),
    };
  });

  router.sessionRoute(jointPoolRoutes.jointPoolFetch, TAG, async ({ body, session }) => {
    const access = await workedBlock(session, body.blockId);
    // Task and paper ids only: never the student's name, number or school.
    return {
      list: await fetchTasks(db, clock, access, {
        blockId: access.block.id,
        userId: session.userId,
        count: body.count,
        arbitration: body.arbitration,
      }),
    };
  });

  router.sessionRoute(jointPoolRoutes.jointPoolCrop, TAG, async ({ body, session }) => {
    const task = await workedTask(session, body.taskId);
    const live = task.state === 'leased' && task.lease_token === body.leaseToken;
    if (task.user_id !== session.userId || (!live && task.state !== 'done'))
      throw forbidden('该试卷不在您的阅卷任务中');
    const paper = await db
      .selectFrom('marking_papers')
      .select('crop_key')
      .where('id', '=', task.paper_id)
      .executeTakeFirstOrThrow();
    return cropImage(files, paper.crop_key);
  });

  router.sessionRoute(jointPoolRoutes.jointPoolSubmit, TAG, async ({ body, session }) => {
    await workedTask(session, body.taskId);
    return calls.submit(session.userId, body);
  });

  router.sessionRoute(jointPoolRoutes.jointPoolFlag, TAG, async ({ body, session }) => {
    await workedTask(session, body.taskId);
    return calls.flag(session.userId, body);
  });

  // 样卷 and 回评 on a pool block: the marking module's own calls, reached through the pool's
  // access (a role on the block, in a joint exam of the caller's school).
  router.sessionRoute(jointPoolRoutes.jointPoolSample, TAG, async ({ body, session }) => {
    const { access } = await workedPaper(session, body.paperId);
    return calls.sample(session.userId, body, access.leader);
  });

  router.sessionRoute(jointPoolRoutes.jointPoolSamples, TAG, async ({ body, session }) => {
    const { block } = await workedBlock(session, body.blockId);
    return calls.samples(block.id);
  });

  router.sessionRoute(jointPoolRoutes.jointPoolReviewList, TAG, async ({ body, session }) => {
    const { block } = await workedBlock(session, body.blockId);
    return calls.reviewList(block.id, session.userId, body.limit);
  });

  router.sessionRoute(jointPoolRoutes.jointPoolRescore, TAG, async ({ body, session }) => {
    await workedTask(session, body.taskId);
    return calls.rescore(session.userId, body);
  });
}
