import { markingRoutes } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { badRequest, forbidden, notFound } from '../core/envelope';
import type { FileStore } from '../core/files';
import type { Router } from '../core/router';
import type { SessionInfo } from '../core/session';
import { loadSubject } from '../exam/access';
import { markingAssigned, markingFinished } from '../message/events';
import { notify } from '../message/notify';
import {
  blockAccess,
  markingCaller,
  requireLeader,
  requireManager,
  taskOfSchool,
  type Block,
  type BlockAccess,
} from './access';
import { fetchTasks } from './fetch';
import { releaseTasks } from './leases';
import { blockCounts, changeBlockState, registerPapers, saveBlock } from './blocks';
import { markingCalls } from './calls';
import { blockProgress, blockQuality, paperDetails, randomCheck } from './monitoring';
import { finishSubject, refreshReport, resetAnswer } from './results';
import { addSeed, listSeeds, removeSeed, searchPapers } from './seeds';

export interface MarkingRoutesDeps {
  db: Db;
  clock: Clock;
  files: FileStore;
}

const TAG = 'marking';

/** A paper's answer crop as a data URL (the marking screen and the joint pool's, joint/pool.ts). */
export async function cropImage(
  files: FileStore,
  cropKey: string,
): Promise<{ contentType: string; dataUrl: string }> {
  const bytes = await files.get(cropKey).catch(() => null);
  if (!bytes) throw notFound('试卷图片不存在');
  const contentType =
    cropKey.endsWith('.jpg') || cropKey.endsWith('.jpeg') ? 'image/jpeg' : 'image/png';
  return { contentType, dataUrl: `data:${contentType};base64,${bytes.toString('base64')}` };
}

/** Registers the marking domain's calls. */
export function registerMarkingRoutes(router: Router, deps: MarkingRoutesDeps): void {
  const { db, clock, files } = deps;
  const calls = markingCalls(db, clock);

  // Another school's task or paper answers exactly as a missing one (not as a missing block).
  const ownBlocks = (session: SessionInfo) =>
    db
      .selectFrom('marking_blocks')
      .select('id')
      .where('school_id', '=', session.schoolId)
      .where('joint_exam_id', 'is', null);

  async function taskAccess(session: SessionInfo, taskId: number) {
    const task = await db
      .selectFrom('marking_tasks')
      .selectAll()
      .where('id', '=', taskId)
      .where('block_id', 'in', ownBlocks(session))
      .executeTakeFirst();
    if (!task) throw notFound('阅卷任务不存在');
    return { task, access: await blockAccess(db, session, task.block_id) };
  }

  async function paperAccess(session: SessionInfo, paperId: number) {
    const paper = await db
      .selectFrom('marking_papers')
      .selectAll()
      .where('id', '=', paperId)
      .where('block_id', 'in', ownBlocks(session))
      .executeTakeFirst();
    if (!paper) throw notFound('试卷不存在');
    return { paper, access: await blockAccess(db, session, paper.block_id) };
  }

  async function describe(block: Block, access: Omit<BlockAccess, 'block'>) {
    const users = await db
      .selectFrom('marking_block_users as u')
      .innerJoin('users', 'users.id', 'u.user_id')
      .select(['u.user_id', 'u.role', 'u.quota', 'users.nick_name'])
      .where('u.block_id', '=', block.id)
      .orderBy('u.user_id')
      .execute();
    const names = await db
      .selectFrom('exam_subjects as s')
      .innerJoin('exams as e', 'e.id', 's.exam_id')
      .select(['e.name as exam_name', 's.subject_name'])
      .where('s.id', '=', block.exam_subject_id)
      .executeTakeFirst();
    const roles = [
      access.manager ? 'manager' : null,
      access.leader ? 'leader' : null,
      access.marker ? 'marker' : null,
      access.arbitrator ? 'arbitrator' : null,
    ].filter((r): r is string => r !== null);
    return {
      blockId: block.id,
      examId: block.exam_id,
      examName: names?.exam_name ?? '',
      examSubjectId: block.exam_subject_id,
      subjectName: names?.subject_name ?? '',
      name: block.name,
      state: block.state,
      mode: block.mode,
      fullScore: block.full_score_half / 2,
      questionFullScores: (JSON.parse(block.question_full_half) as number[]).map((h) => h / 2),
      questionIds: JSON.parse(block.question_ids) as number[],
      tolerance: block.tolerance_half / 2,
      scoreStep: block.step_half / 2,
      distribution: block.distribution,
      anonymous: block.anonymous === 1,
      guide: block.guide,
      answer: block.answer,
      recheckPercent: block.recheck_percent,
      leaseMinutes: block.lease_ms / 60_000,
      roles,
      papers: await blockCounts(db, block.id),
      markers: users
        .filter((u) => u.role === 'marker')
        .map((u) => ({ userId: u.user_id, name: u.nick_name, quota: u.quota })),
      arbitrators: users.filter((u) => u.role === 'arbitrator').map((u) => u.user_id),
      leaders: users.filter((u) => u.role === 'leader').map((u) => u.user_id),
    };
  }

  router.sessionRoute(markingRoutes.list, TAG, async ({ body, session }) => {
    const { manager } = await markingCaller(db, session);
    let query = db
      .selectFrom('marking_blocks')
      .selectAll()
      .where('school_id', '=', session.schoolId)
      .where('joint_exam_id', 'is', null);
    if (body.state !== undefined) query = query.where('state', '=', body.state);
    if (body.examId !== undefined) query = query.where('exam_id', '=', body.examId);
    if (!manager)
      query = query.where('id', 'in', (eb) =>
        eb
          .selectFrom('marking_block_users')
          .select('block_id')
          .where('user_id', '=', session.userId),
      );
    const blocks = await query.orderBy('exam_id', 'desc').orderBy('id').limit(500).execute();
    const mine = await db
      .selectFrom('marking_block_users')
      .select(['block_id', 'role'])
      .where('user_id', '=', session.userId)
      .execute();
    const list = [];
    for (const block of blocks) {
      const has = (role: string) => mine.some((m) => m.block_id === block.id && m.role === role);
      list.push(
        await describe(block, {
          manager,
          leader: has('leader'),
          marker: has('marker'),
          arbitrator: has('arbitrator'),
        }),
      );
    }
    return { list };
  });

  router.sessionRoute(markingRoutes.saveBlock, TAG, async ({ body, session }) => {
    requireManager(await markingCaller(db, session));
    if (body.blockId !== undefined) await blockAccess(db, session, body.blockId);
    const blockId = await saveBlock(db, clock, session.schoolId, body.setup, body.blockId);
    const { exam, subject } = await loadSubject(db, session.schoolId, body.setup.examSubjectId);
    await notify(db, clock, markingAssigned(exam, subject, { id: blockId, name: body.setup.name }));
    return { blockId };
  });

  router.sessionRoute(markingRoutes.getBlock, TAG, async ({ body, session }) => {
    const access = await blockAccess(db, session, body.blockId);
    if (!access.manager && !access.leader && !access.marker && !access.arbitrator)
      throw forbidden('您不是该题块的阅卷老师');
    return describe(access.block, access);
  });

  router.sessionRoute(markingRoutes.blockState, TAG, async ({ body, session }) => {
    requireLeader(await blockAccess(db, session, body.blockId));
    const { state } = await changeBlockState(db, clock, body.blockId, body.action);
    return { state };
  });

  router.sessionRoute(markingRoutes.registerPapers, TAG, async ({ body, session }) => {
    requireManager(await blockAccess(db, session, body.blockId));
    const ids = [...new Set(body.papers.map((p) => p.studentId))];
    for (let i = 0; i < ids.length; i += 500) {
      const part = ids.slice(i, i + 500);
      const found = await db
        .selectFrom('students')
        .select('id')
        .where('school_id', '=', session.schoolId)
        .where('id', 'in', part)
        .execute();
      if (found.length !== part.length) throw badRequest('学生不存在或不属于本校');
    }
    return registerPapers(db, clock, body.blockId, body.papers);
  });

  router.sessionRoute(markingRoutes.searchPapers, TAG, async ({ body, session }) => {
    requireLeader(await blockAccess(db, session, body.blockId));
    return {
      list: await searchPapers(db, session.schoolId, body.blockId, {
        keyword: body.keyword,
        done: body.done,
        limit: body.limit,
      }),
    };
  });

  router.sessionRoute(markingRoutes.seeds, TAG, async ({ body, session }) => {
    requireLeader(await blockAccess(db, session, body.blockId));
    return { list: await listSeeds(db, session.schoolId, body.blockId) };
  });

  router.sessionRoute(markingRoutes.addSeed, TAG, async ({ body, session }) => {
    requireLeader(await blockAccess(db, session, body.blockId));
    return addSeed(db, clock, body);
  });

  router.sessionRoute(markingRoutes.removeSeed, TAG, async ({ body, session }) => {
    const { access } = await paperAccess(session, body.paperId);
    requireLeader(access);
    await removeSeed(db, clock, body.paperId);
    return null;
  });

  router.sessionRoute(markingRoutes.fetch, TAG, async ({ body, session }) => {
    const access = await blockAccess(db, session, body.blockId);
    const list = await fetchTasks(db, clock, access, {
      blockId: body.blockId,
      userId: session.userId,
      count: body.count,
      arbitration: body.arbitration,
    });
    const paperIds = list.map((t) => t.paperId);
    const students =
      access.block.anonymous === 0 && paperIds.length
        ? await db
            .selectFrom('marking_papers as p')
            .innerJoin('students as s', 's.id', 'p.student_id')
            .select(['p.id', 's.name', 's.student_no'])
            .where('p.id', 'in', paperIds)
            .where('p.is_seed', '=', 0)
            .execute()
        : [];
    return {
      list: list.map((task) => {
        const student = students.find((s) => s.id === task.paperId);
        return {
          ...task,
          studentName: student?.name ?? null,
          studentNo: student?.student_no ?? null,
        };
      }),
    };
  });

  router.sessionRoute(markingRoutes.crop, TAG, async ({ body, session }) => {
    let paperId: number;
    if (body.taskId !== undefined) {
      const { task } = await taskAccess(session, body.taskId);
      const live = task.state === 'leased' && task.lease_token === body.leaseToken;
      if (task.user_id !== session.userId || (!live && task.state !== 'done'))
        throw forbidden('该试卷不在您的阅卷任务中');
      paperId = task.paper_id;
    } else if (body.paperId !== undefined) {
      const { paper, access } = await paperAccess(session, body.paperId);
      const sample = paper.sample_kind !== null && (access.marker || access.arbitrator);
      if (!sample) requireLeader(access);
      paperId = paper.id;
    } else throw badRequest('请指定阅卷任务或试卷');
    const paper = await db
      .selectFrom('marking_papers')
      .select('crop_key')
      .where('id', '=', paperId)
      .executeTakeFirstOrThrow();
    return cropImage(files, paper.crop_key);
  });

  router.sessionRoute(markingRoutes.submit, TAG, async ({ body, session }) => {
    await taskOfSchool(db, session, body.taskId);
    return calls.submit(session.userId, body);
  });

  router.sessionRoute(markingRoutes.release, TAG, async ({ body, session }) => {
    await blockAccess(db, session, body.blockId);
    return { released: await releaseTasks(db, clock, body.blockId, session.userId) };
  });

  router.sessionRoute(markingRoutes.reviewList, TAG, async ({ body, session }) => {
    await blockAccess(db, session, body.blockId);
    return calls.reviewList(body.blockId, session.userId, body.limit);
  });

  router.sessionRoute(markingRoutes.rescore, TAG, async ({ body, session }) => {
    await taskOfSchool(db, session, body.taskId);
    return calls.rescore(session.userId, body);
  });

  router.sessionRoute(markingRoutes.flagProblem, TAG, async ({ body, session }) => {
    await taskOfSchool(db, session, body.taskId);
    return calls.flag(session.userId, body);
  });

  router.sessionRoute(markingRoutes.problemList, TAG, async ({ body, session }) => {
    requireLeader(await blockAccess(db, session, body.blockId));
    return {
      list: await paperDetails(db, session.schoolId, {
        blockId: body.blockId,
        states: ['problem'],
        limit: 500,
      }),
    };
  });

  router.sessionRoute(markingRoutes.resolve, TAG, async ({ body, session }) => {
    const { access } = await paperAccess(session, body.paperId);
    requireLeader(access);
    return calls.resolve(session.userId, body);
  });

  router.sessionRoute(markingRoutes.remark, TAG, async ({ body, session }) => {
    const { access } = await paperAccess(session, body.paperId);
    requireLeader(access);
    return calls.remark(session.userId, body);
  });

  router.sessionRoute(markingRoutes.sample, TAG, async ({ body, session }) => {
    const { access } = await paperAccess(session, body.paperId);
    return calls.sample(session.userId, body, access.manager || access.leader);
  });

  router.sessionRoute(markingRoutes.samples, TAG, async ({ body, session }) => {
    await blockAccess(db, session, body.blockId);
    return calls.samples(body.blockId);
  });

  router.sessionRoute(markingRoutes.arbitrationList, TAG, async ({ body, session }) => {
    const access = await blockAccess(db, session, body.blockId);
    if (!access.arbitrator) requireLeader(access);
    return {
      list: await paperDetails(db, session.schoolId, {
        blockId: body.blockId,
        states: ['arbitration'],
        limit: 500,
      }),
    };
  });

  router.sessionRoute(markingRoutes.progress, TAG, async ({ body, session }) => {
    const access = await blockAccess(db, session, body.blockId);
    requireLeader(access);
    return blockProgress(db, clock, access.block);
  });

  router.sessionRoute(markingRoutes.quality, TAG, async ({ body, session }) => {
    const access = await blockAccess(db, session, body.blockId);
    requireLeader(access);
    return blockQuality(db, access.block);
  });

  router.sessionRoute(markingRoutes.checkPaper, TAG, async ({ body, session }) => {
    if (body.blockId !== undefined) requireLeader(await blockAccess(db, session, body.blockId));
    else requireManager(await markingCaller(db, session));
    if (body.studentId === undefined && body.studentNo === undefined)
      throw badRequest('请输入学生');
    return {
      list: await paperDetails(db, session.schoolId, {
        blockId: body.blockId,
        examSubjectId: body.examSubjectId,
        studentId: body.studentId,
        studentNo: body.studentNo,
      }),
    };
  });

  router.sessionRoute(markingRoutes.finishSubject, TAG, async ({ body, session }) => {
    requireManager(await markingCaller(db, session));
    const { exam, subject } = await loadSubject(db, session.schoolId, body.examSubjectId);
    const finished = await finishSubject(db, clock, session.schoolId, body.examSubjectId);
    await notify(db, clock, markingFinished(exam, subject));
    return finished;
  });

  router.sessionRoute(markingRoutes.refreshReport, TAG, async ({ body, session }) => {
    requireManager(await markingCaller(db, session));
    const exam = await db
      .selectFrom('exams')
      .select('id')
      .where('id', '=', body.examId)
      .where('school_id', '=', session.schoolId)
      .executeTakeFirst();
    if (!exam) throw notFound('考试不存在');
    return refreshReport(db, clock, exam.id);
  });

  router.sessionRoute(markingRoutes.resetAnswer, TAG, async ({ body, session }) => {
    requireManager(await markingCaller(db, session));
    // Each id must be the school's: another school's answers as one that does not exist.
    await loadSubject(db, session.schoolId, body.examSubjectId);
    const student = await db
      .selectFrom('students')
      .select('id')
      .where('id', '=', body.studentId)
      .where('school_id', '=', session.schoolId)
      .executeTakeFirst();
    if (!student) throw notFound('学生不存在');
    if (body.blockId !== undefined) await blockAccess(db, session, body.blockId);
    return resetAnswer(db, clock, { schoolId: session.schoolId, ...body });
  });

  router.sessionRoute(markingRoutes.randomCheck, TAG, async ({ body, session }) => {
    requireLeader(await blockAccess(db, session, body.blockId));
    return { list: await randomCheck(db, session.schoolId, body.blockId, body.count) };
  });
}
