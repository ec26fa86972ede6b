import { jointPoolRoutes, type PaperDetail } from '@examkit/contracts';
import type { Db } from '../core/database';
import type { DomainDeps } from '../core/deps';
import { badRequest, forbidden, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import type { SessionInfo } from '../core/session';
import { recomputeTotals, upsertScores } from '../exam/scores';
import {
  claimTasks,
  flagProblem,
  remarkPaper,
  rescoreTask,
  resolvePaper,
  setSample,
  SLOT,
  submitTask,
} from '../marking/assignment';
import { paperDetails, reviewList } from '../marking/monitoring';
import { changeBlockState, conflict, registerPapers, saveBlock } from '../marking/blocks';
import { refreshExamTotals } from '../marking/results';
import { cropImage } from '../marking/routes';
import { writeTransaction } from '../marking/transaction';
import { permissionCodesIn } from '../auth/access';
import { loadScope } from '../core/scope';
import { jointViewer, loadJoint, loadOrganised } from './access';
import { copiesOf, fullNumbers } from './paper';

const TAG = 'joint';
const BLOCK_NOT_FOUND = '阅卷题块不存在';

/**
 * 统一阅卷 of a joint exam (`jointPoolRoutes`, docs/marking.md "Joint exams: one pool"). A pool
 * block is an ordinary marking block on the organiser's copy of the joint subject, linked to the
 * joint exam (`marking_blocks.joint_exam_id`), whose papers are students of every participating
 * school and whose markers are staff of any of them. Claiming, leases, double marking,
 * arbitration and scoring are the marking module's own (`claimTasks`, `submitTask`); the school's
 * own marking routes never see a pool block (`blockAccess` and the others leave it out).
 */
export function registerJointPoolRoutes(
  router: Router,
  deps: Pick<DomainDeps, 'db' | 'clock' | 'files'>,
) {
  const { db, clock, files } = deps;

  /** A pool block; a school's own block, or none, answers 404. */
  async function poolBlock(blockId: number) {
    const block = await db
      .selectFrom('marking_blocks')
      .selectAll()
      .where('id', '=', blockId)
      .where('joint_exam_id', 'is not', null)
      .executeTakeFirst();
    if (!block) throw notFound(BLOCK_NOT_FOUND);
    return block;
  }

  /** A pool block of a joint exam the caller organises. */
  async function organisedBlock(session: SessionInfo, blockId: number) {
    const block = await poolBlock(blockId);
    await loadOrganised(db, await jointViewer(db, session), block.joint_exam_id!);
    return block;
  }

  /**
   * A pool block the caller works on: their school takes part in the joint exam and they hold a
   * role on the block. Any other answers as a missing block (404), as the school routes do.
   */
  async function workedBlock(session: SessionInfo, blockId: number) {
    const block = await poolBlock(blockId);
    const member = await db
      .selectFrom('joint_exam_schools')
      .select('school_id')
      .where('joint_exam_id', '=', block.joint_exam_id!)
      .where('school_id', '=', session.schoolId)
      .executeTakeFirst();
    const roles = member
      ? await db
          .selectFrom('marking_block_users')
          .select('role')
          .where('block_id', '=', block.id)
          .where('user_id', '=', session.userId)
          .execute()
      : [];
    if (roles.length === 0) throw notFound(BLOCK_NOT_FOUND);
    const has = (role: string) => roles.some((r) => r.role === role);
    return { block, marker: has('marker'), arbitrator: has('arbitrator'), leader: has('leader') };
  }

  async function workedTask(session: SessionInfo, taskId: number) {
    const task = await db
      .selectFrom('marking_tasks')
      .selectAll()
      .where('id', '=', taskId)
      .executeTakeFirst();
    if (!task) throw notFound('阅卷任务不存在');
    await workedBlock(session, task.block_id).catch(() => {
      throw notFound('阅卷任务不存在');
    });
    return task;
  }

  /** A paper of a pool block the caller works on (else 404 「试卷不存在」, as the school routes answer). */
  async function workedPaper(session: SessionInfo, paperId: number) {
    const paper = await db
      .selectFrom('marking_papers')
      .selectAll()
      .where('id', '=', paperId)
      .executeTakeFirst();
    if (!paper) throw notFound('试卷不存在');
    const access = await workedBlock(session, paper.block_id).catch(() => {
      throw notFound('试卷不存在');
    });
    return { paper, access };
  }

  function requirePoolLeader(access: { leader: boolean }) {
    if (!access.leader) throw forbidden('只有题块组长可以进行此操作');
  }

  /**
   * The pool's anonymity on a paper's details: no student (paperDetails already names none), and
   * the markers of other schools than the caller's shown as 外校阅卷老师.
   */
  async function anonymous(session: SessionInfo, papers: PaperDetail[]): Promise<PaperDetail[]> {
    const ids = [...new Set(papers.flatMap((p) => p.marks.map((m) => m.userId)))];
    const own =
      ids.length === 0
        ? new Set<number>()
        : new Set(
            (
              await db
                .selectFrom('users')
                .select('id')
                .where('id', 'in', ids)
                .where('school_id', '=', session.schoolId)
                .execute()
            ).map((u) => u.id),
          );
    return papers.map((p) => ({
      ...p,
      marks: p.marks.map((m) => (own.has(m.userId) ? m : { ...m, userName: '外校阅卷老师' })),
    }));
  }

  router.sessionRoute(jointPoolRoutes.jointPoolMode, TAG, async ({ body, session }) => {
    const joint = await loadOrganised(db, await jointViewer(db, session), body.jointExamId);
    await writeTransaction(db, async (trx) => {
      const blocks = await trx
        .selectFrom('marking_blocks as b')
        .innerJoin('schools as s', 's.id', 'b.school_id')
        .select(['b.id', 'b.state', 'b.joint_exam_id', 's.name as schoolName'])
        .where((eb) =>
          eb.or([
            eb('b.joint_exam_id', '=', joint.id),
            eb(
              'b.exam_id',
              'in',
              eb
                .selectFrom('joint_exam_schools')
                .select('exam_id')
                .where('joint_exam_id', '=', joint.id),
            ),
          ]),
        )
        .execute();
      if (blocks.some((b) => b.state !== 'setup')) throw conflict('阅卷已开始，不能再修改阅卷方式');
      const own = blocks.find((b) => b.joint_exam_id === null);
      if (body.markingMode === 'pool' && own)
        throw conflict(`${own.schoolName}已设置本校的阅卷题块，请先删除后再改为统一阅卷`);
      const pool = blocks.filter((b) => b.joint_exam_id !== null).map((b) => b.id);
      if (body.markingMode === 'school' && pool.length > 0) {
        // Nothing was marked (every block is still being set up): the pool's set-up goes.
        await trx.deleteFrom('marking_tasks').where('block_id', 'in', pool).execute();
        await trx.deleteFrom('marking_papers').where('block_id', 'in', pool).execute();
        await trx.deleteFrom('marking_block_users').where('block_id', 'in', pool).execute();
        await trx.deleteFrom('marking_blocks').where('id', 'in', pool).execute();
      }
      await trx
        .updateTable('joint_exams')
        .set({ marking_mode: body.markingMode, updated_at: clock.now().getTime() })
        .where('id', '=', joint.id)
        .execute();
    });
    return { markingMode: body.markingMode };
  });

  router.sessionRoute(jointPoolRoutes.jointPoolBlockSave, TAG, async ({ body, session }) => {
    const viewer = await jointViewer(db, session);
    const joint = await loadOrganised(db, viewer, body.jointExamId);
    if (joint.marking_mode !== 'pool') throw badRequest('联考未设置为统一阅卷，请先选择统一阅卷');
    const { copies, master } = await copiesOf(db, viewer, joint, body.subjectCode);
    const blockId = await saveBlock(
      db,
      clock,
      master.exam.school_id,
      { ...body.setup, examSubjectId: master.subject.id, anonymous: true },
      body.blockId,
      { jointExamId: joint.id, schoolIds: copies.map((c) => c.exam.school_id) },
    );
    return { blockId };
  });

  router.sessionRoute(jointPoolRoutes.jointPoolPapers, TAG, async ({ body, session }) => {
    const block = await organisedBlock(session, body.blockId);
    const studentIds = [...new Set(body.papers.map((p) => p.studentId))];
    const found = await db
      .selectFrom('exam_students as es')
      .innerJoin('joint_exam_schools as js', 'js.exam_id', 'es.exam_id')
      .select('es.student_id')
      .distinct()
      .where('js.joint_exam_id', '=', block.joint_exam_id!)
      .where('es.student_id', 'in', studentIds)
      .execute();
    if (found.length !== studentIds.length) throw badRequest('试卷的学生必须是参加联考的学生');
    return registerPapers(db, clock, block.id, body.papers);
  });

  router.sessionRoute(jointPoolRoutes.jointPoolBlockState, TAG, async ({ body, session }) => {
    const block = await organisedBlock(session, body.blockId);
    const { state } = await changeBlockState(db, clock, block.id, body.action);
    return { state };
  });

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
    if (body.arbitration ? !access.arbitrator && !access.leader : !access.marker)
      throw forbidden(body.arbitration ? '您不是该题块的仲裁老师' : '您不是该题块的阅卷老师');
    const claimed = await claimTasks(db, clock, {
      blockId: access.block.id,
      userId: session.userId,
      count: body.count,
      arbitration: body.arbitration,
    });
    const paperIds = claimed.map((c) => c.paperId);
    const marks =
      body.arbitration && paperIds.length > 0
        ? await db
            .selectFrom('marking_tasks')
            .select(['paper_id', 'score_half', 'parts'])
            .where('paper_id', 'in', paperIds)
            .where('slot', '<=', SLOT.third)
            .where('state', '=', 'done')
            .orderBy('slot')
            .execute()
        : [];
    // Task and paper ids only: never the student's name, number or school.
    return {
      list: claimed.map((c) => ({
        taskId: c.taskId,
        paperId: c.paperId,
        kind: c.slot === SLOT.arbitration ? ('arbitration' as const) : ('mark' as const),
        leaseToken: c.leaseToken,
        leaseExpiresAt: c.leaseExpiresAt,
        marks: marks
          .filter((m) => m.paper_id === c.paperId)
          .map((m) => ({
            score: (m.score_half ?? 0) / 2,
            parts: (JSON.parse(m.parts ?? '[]') as number[]).map((p) => p / 2),
          })),
      })),
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
    return submitTask(db, clock, {
      userId: session.userId,
      taskId: body.taskId,
      leaseToken: body.leaseToken,
      score: body.score,
      parts: body.parts,
      key: body.idempotencyKey,
    });
  });

  router.sessionRoute(jointPoolRoutes.jointPoolFinish, TAG, async ({ body, session }) => {
    const viewer = await jointViewer(db, session);
    const joint = await loadOrganised(db, viewer, body.jointExamId);
    const { copies, master } = await copiesOf(db, viewer, joint, body.subjectCode);
    const schools = await writeTransaction(db, (trx) =>
      writePoolScores(trx, clock.now().getTime(), joint.id, copies, master),
    );
    return { schools };
  });

  router.sessionRoute(jointPoolRoutes.jointPoolRoster, TAG, async ({ body, session }) => {
    const joint = await loadOrganised(db, await jointViewer(db, session), body.jointExamId);
    return { list: await rosterOf(db, joint.id) };
  });

  router.sessionRoute(jointPoolRoutes.jointPoolBlocks, TAG, async ({ body, session }) => {
    const joint = await loadOrganised(db, await jointViewer(db, session), body.jointExamId);
    const blocks = await db
      .selectFrom('marking_blocks as b')
      .innerJoin('exam_subjects as es', 'es.id', 'b.exam_subject_id')
      .select([
        'b.id',
        'b.name',
        'b.state',
        'b.mode',
        'b.tolerance_half',
        'b.question_ids',
        'es.subject_code',
      ])
      .where('b.joint_exam_id', '=', joint.id)
      .orderBy('b.id')
      .execute();
    const markers =
      blocks.length === 0
        ? []
        : await db
            .selectFrom('marking_block_users as m')
            .innerJoin('users as u', 'u.id', 'm.user_id')
            .innerJoin('schools as s', 's.id', 'u.school_id')
            .select([
              'm.block_id',
              'm.role',
              'u.id',
              'u.nick_name',
              's.id as schoolId',
              's.name as schoolName',
            ])
            .where(
              'm.block_id',
              'in',
              blocks.map((b) => b.id),
            )
            .orderBy('u.id')
            .execute();
    const withRole = (blockId: number, role: string) =>
      markers
        .filter((m) => m.block_id === blockId && m.role === role)
        .map((m) => ({
          userId: m.id,
          name: m.nick_name,
          schoolId: m.schoolId,
          schoolName: m.schoolName,
        }));
    return {
      list: blocks.map((b) => ({
        blockId: b.id,
        subjectCode: b.subject_code,
        name: b.name,
        state: b.state,
        mode: b.mode,
        questionIds: JSON.parse(b.question_ids) as number[],
        tolerance: b.tolerance_half / 2,
        markers: withRole(b.id, 'marker'),
        arbitrators: withRole(b.id, 'arbitrator'),
        leaders: withRole(b.id, 'leader'),
      })),
    };
  });

  // 问题卷, 组长改分, 样卷 and 回评 on a pool block: the marking module's own functions, reached
  // through the pool's access (a role on the block, in a joint exam of the caller's school) and
  // answered without the student or their school.
  router.sessionRoute(jointPoolRoutes.jointPoolFlag, TAG, async ({ body, session }) => {
    await workedTask(session, body.taskId);
    await flagProblem(db, clock, {
      userId: session.userId,
      taskId: body.taskId,
      reason: body.reason,
      note: body.note,
    });
    return null;
  });

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
    await resolvePaper(db, clock, {
      userId: session.userId,
      paperId: body.paperId,
      action: body.action,
      score: body.score,
      parts: body.parts,
      key: body.idempotencyKey,
    });
    return null;
  });

  router.sessionRoute(jointPoolRoutes.jointPoolRemark, TAG, async ({ body, session }) => {
    const { access } = await workedPaper(session, body.paperId);
    requirePoolLeader(access);
    return remarkPaper(db, clock, {
      userId: session.userId,
      paperId: body.paperId,
      reason: body.reason,
      score: body.score,
      parts: body.parts,
      key: body.idempotencyKey,
    });
  });

  router.sessionRoute(jointPoolRoutes.jointPoolPaperCrop, TAG, async ({ body, session }) => {
    const { paper, access } = await workedPaper(session, body.paperId);
    if (!access.leader && paper.sample_kind === null) throw forbidden('只有题块组长可以查看该试卷');
    return cropImage(files, paper.crop_key);
  });

  router.sessionRoute(jointPoolRoutes.jointPoolSample, TAG, async ({ body, session }) => {
    const { access } = await workedPaper(session, body.paperId);
    if (!access.leader) {
      const mine = await db
        .selectFrom('marking_tasks')
        .select('id')
        .where('paper_id', '=', body.paperId)
        .where('user_id', '=', session.userId)
        .executeTakeFirst();
      if (!mine) throw forbidden('只能标记自己阅过的试卷');
    }
    await setSample(db, { paperId: body.paperId, kind: body.kind, note: body.note });
    return null;
  });

  router.sessionRoute(jointPoolRoutes.jointPoolSamples, TAG, async ({ body, session }) => {
    const { block } = await workedBlock(session, body.blockId);
    const rows = await db
      .selectFrom('marking_papers')
      .select(['id', 'sample_kind', 'sample_note', 'final_score_half'])
      .where('block_id', '=', block.id)
      .where('sample_kind', 'is not', null)
      .orderBy('id')
      .execute();
    return {
      list: rows.map((r) => ({
        paperId: r.id,
        kind: r.sample_kind ?? '',
        note: r.sample_note ?? '',
        finalScore: r.final_score_half === null ? null : r.final_score_half / 2,
      })),
    };
  });

  router.sessionRoute(jointPoolRoutes.jointPoolReviewList, TAG, async ({ body, session }) => {
    const { block } = await workedBlock(session, body.blockId);
    return { list: await reviewList(db, block.id, session.userId, body.limit) };
  });

  router.sessionRoute(jointPoolRoutes.jointPoolRescore, TAG, async ({ body, session }) => {
    await workedTask(session, body.taskId);
    return rescoreTask(db, clock, {
      userId: session.userId,
      taskId: body.taskId,
      score: body.score,
      parts: body.parts,
      key: body.idempotencyKey,
    });
  });

  router.sessionRoute(jointPoolRoutes.jointPoolSchoolProgress, TAG, async ({ body, session }) => {
    const viewer = await jointViewer(db, session);
    const joint = await loadJoint(db, viewer, body.jointExamId);
    const held = await permissionCodesIn(db, session.userId, session.academicYear);
    const scope = await loadScope(db, session);
    if (viewer.kind !== 'school' || !held.has('Exam-Multiple') || !scope.schoolWide)
      throw forbidden('只有参加联考学校的考试管理员可以查看本校的统一阅卷进度');
    const blocks = await poolProgress(db, joint.id);
    const ownMarkers = await ownMarkersOf(db, joint.id, viewer.schoolId);
    // Other schools' shares stay out: the overall counts and the caller's own school only.
    return {
      markingMode: joint.marking_mode as 'school' | 'pool',
      blocks: blocks.map(({ schools, ...b }) => {
        const own = schools.find((s) => s.schoolId === viewer.schoolId);
        return {
          ...b,
          own: {
            papers: own?.papers ?? 0,
            done: own?.done ?? 0,
            markers: own?.markers ?? 0,
            marks: own?.marks ?? 0,
          },
          ownMarkers: ownMarkers
            .filter((m) => m.blockId === b.blockId)
            .map(({ userId, name, marks }) => ({ userId, name, marks })),
        };
      }),
    };
  });

  router.sessionRoute(jointPoolRoutes.jointPoolProgress, TAG, async ({ body, session }) => {
    const joint = await loadOrganised(db, await jointViewer(db, session), body.jointExamId);
    return {
      markingMode: joint.marking_mode as 'school' | 'pool',
      blocks: await poolProgress(db, joint.id),
    };
  });
}

type Copies = Awaited<ReturnType<typeof copiesOf>>;

/**
 * Writes the final scores of a finished pool subject into **each school's own exam**: every
 * paper's question scores go to its student's school's exam subject (questions matched by full
 * number, as the joint answer key is), and that school's subject and exam totals are recomputed,
 * as `finishSubject` does for one exam. Call in a write transaction.
 */
async function writePoolScores(
  trx: Db,
  now: number,
  jointExamId: number,
  copies: Copies['copies'],
  master: Copies['master'],
): Promise<{ schoolId: number; students: number }[]> {
  const blocks = await trx
    .selectFrom('marking_blocks')
    .select(['id', 'state'])
    .where('joint_exam_id', '=', jointExamId)
    .where('exam_subject_id', '=', master.subject.id)
    .execute();
  if (blocks.length === 0) throw badRequest('该科目没有统一阅卷的题块');
  const open = blocks.filter((b) => b.state !== 'finished').length;
  if (open > 0) throw conflict(`还有 ${open} 个题块未结束`);
  const papers = await trx
    .selectFrom('marking_papers as p')
    .innerJoin('marking_blocks as b', 'b.id', 'p.block_id')
    .select(['p.student_id', 'p.final_parts', 'b.question_ids'])
    .where(
      'p.block_id',
      'in',
      blocks.map((b) => b.id),
    )
    .where('p.is_seed', '=', 0)
    .where('p.state', '=', 'done')
    .execute();
  const masterNumbers = await fullNumbers(trx, master.subject.id);
  const out: { schoolId: number; students: number }[] = [];
  for (const copy of copies) {
    const idByNumber = new Map(
      [...(await fullNumbers(trx, copy.subject.id))].map(([id, number]) => [number, id]),
    );
    const enrolled = await trx
      .selectFrom('exam_students')
      .select('student_id')
      .where('exam_id', '=', copy.exam.id)
      .execute();
    const mine = new Set(enrolled.map((e) => e.student_id));
    const own = papers.filter((p) => mine.has(p.student_id));
    const rows = own.flatMap((p) => {
      const questions = JSON.parse(p.question_ids) as number[];
      const parts = JSON.parse(p.final_parts ?? '[]') as number[];
      return questions.map((masterId, i) => {
        const questionId = idByNumber.get(masterNumbers.get(masterId) ?? '');
        if (questionId === undefined)
          throw badRequest(`${copy.schoolName}的试卷结构与联考不一致，无法写入成绩`);
        return {
          exam_subject_id: copy.subject.id,
          question_id: questionId,
          student_id: p.student_id,
          score: (parts[i] ?? 0) / 2,
          source: 'marking',
          answer: null,
          updated_at: now,
        };
      });
    });
    await upsertScores(trx, rows, { keepAnswer: true });
    await recomputeTotals(trx, copy.subject.id, now);
    await refreshExamTotals(trx, copy.exam.id, now);
    out.push({
      schoolId: copy.exam.school_id,
      students: new Set(own.map((p) => p.student_id)).size,
    });
  }
  return out;
}

/**
 * The active teachers of every participating school, to name pool markers: user id, name and
 * school only (no login, phone, role or class).
 */
async function rosterOf(db: Db, jointExamId: number) {
  const rows = await db
    .selectFrom('joint_exam_schools as js')
    .innerJoin('schools as s', 's.id', 'js.school_id')
    .innerJoin('teachers as t', 't.school_id', 'js.school_id')
    .innerJoin('users as u', (join) =>
      join.onRef('u.id', '=', 't.user_id').onRef('u.school_id', '=', 'js.school_id'),
    )
    .select(['u.id', 'u.nick_name', 's.id as schoolId', 's.name as schoolName'])
    .where('js.joint_exam_id', '=', jointExamId)
    .where('u.status', '=', 1)
    .orderBy('js.sort_order')
    .orderBy('u.id')
    .execute();
  return rows.map((r) => ({
    userId: r.id,
    name: r.nick_name,
    schoolId: r.schoolId,
    schoolName: r.schoolName,
  }));
}

/**
 * The markers of one school on a joint exam's pool blocks, by name, with the marks each gave: a
 * school's manager sees its own staff (other schools' markers stay counts in the overall figures).
 */
async function ownMarkersOf(db: Db, jointExamId: number, schoolId: number) {
  const rows = await db
    .selectFrom('marking_block_users as m')
    .innerJoin('marking_blocks as b', 'b.id', 'm.block_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.block_id', 'u.id', 'u.nick_name'])
    .where('b.joint_exam_id', '=', jointExamId)
    .where('m.role', '=', 'marker')
    .where('u.school_id', '=', schoolId)
    .orderBy('m.block_id')
    .orderBy('u.id')
    .execute();
  if (rows.length === 0) return [];
  const marks = await db
    .selectFrom('marking_tasks as t')
    .select(['t.block_id', 't.user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('t.block_id', 'in', [...new Set(rows.map((r) => r.block_id))])
    .where('t.user_id', 'in', [...new Set(rows.map((r) => r.id))])
    .where('t.state', '=', 'done')
    .groupBy(['t.block_id', 't.user_id'])
    .execute();
  return rows.map((r) => ({
    blockId: r.block_id,
    userId: r.id,
    name: r.nick_name,
    marks: Number(marks.find((m) => m.block_id === r.block_id && m.user_id === r.id)?.n ?? 0),
  }));
}

/** Each pool block's papers and marks per school and overall, for the organiser. */
async function poolProgress(db: Db, jointExamId: number) {
  const blocks = await db
    .selectFrom('marking_blocks as b')
    .innerJoin('exam_subjects as es', 'es.id', 'b.exam_subject_id')
    .select(['b.id', 'b.name', 'b.state', 'es.subject_code'])
    .where('b.joint_exam_id', '=', jointExamId)
    .orderBy('b.id')
    .execute();
  const schools = await db
    .selectFrom('joint_exam_schools as js')
    .innerJoin('schools as s', 's.id', 'js.school_id')
    .select(['js.school_id', 's.name'])
    .where('js.joint_exam_id', '=', jointExamId)
    .orderBy('js.sort_order')
    .execute();
  const ids = blocks.map((b) => b.id);
  if (ids.length === 0) return [];
  const [papers, markers, marks] = await Promise.all([
    db
      .selectFrom('marking_papers as p')
      .innerJoin('students as s', 's.id', 'p.student_id')
      .select(['p.block_id', 's.school_id', 'p.state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('p.block_id', 'in', ids)
      .where('p.is_seed', '=', 0)
      .groupBy(['p.block_id', 's.school_id', 'p.state'])
      .execute(),
    db
      .selectFrom('marking_block_users as u')
      .innerJoin('users', 'users.id', 'u.user_id')
      .select(['u.block_id', 'users.school_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('u.block_id', 'in', ids)
      .where('u.role', '=', 'marker')
      .groupBy(['u.block_id', 'users.school_id'])
      .execute(),
    db
      .selectFrom('marking_tasks as t')
      .innerJoin('users', 'users.id', 't.user_id')
      .select(['t.block_id', 'users.school_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('t.block_id', 'in', ids)
      .where('t.state', '=', 'done')
      .groupBy(['t.block_id', 'users.school_id'])
      .execute(),
  ]);
  const count = <T extends { block_id: number; school_id: number; n: number }>(
    rows: T[],
    blockId: number,
    schoolId: number,
    keep: (r: T) => boolean = () => true,
  ) =>
    rows
      .filter((r) => r.block_id === blockId && r.school_id === schoolId && keep(r))
      .reduce((a, r) => a + Number(r.n), 0);
  return blocks.map((b) => {
    const perSchool = schools.map((s) => ({
      schoolId: s.school_id,
      schoolName: s.name,
      papers: count(papers, b.id, s.school_id),
      done: count(papers, b.id, s.school_id, (r) => r.state === 'done'),
      markers: count(markers, b.id, s.school_id),
      marks: count(marks, b.id, s.school_id),
    }));
    return {
      blockId: b.id,
      subjectCode: b.subject_code,
      name: b.name,
      state: b.state,
      papers: perSchool.reduce((a, s) => a + s.papers, 0),
      done: perSchool.reduce((a, s) => a + s.done, 0),
      schools: perSchool,
    };
  });
}
