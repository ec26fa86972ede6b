import { jointPoolRoutes } from '@examkit/contracts';
import type { Db } from '../core/database';
import type { DomainDeps } from '../core/deps';
import { badRequest } from '../core/envelope';
import type { Router } from '../core/router';
import { changeBlockState, conflict, registerPapers, saveBlock } from '../marking/blocks';
import { refreshExamTotals, writePaperScores } from '../marking/results';
import { writeTransaction } from '../marking/transaction';
import { jointViewer, loadOrganised } from './access';
import { copiesOf, fullNumbers } from './paper';
import { poolAccess } from './poolAccess';

const TAG = 'joint';

/**
 * The organiser's set-up of 统一阅卷 (docs/marking.md "Joint exams: one pool"): the marking mode,
 * the pool blocks with their markers from every participating school's roster, the papers, the
 * block states, and at the end each school's scores written into its own exam.
 */
export function registerJointPoolSetupRoutes(
  router: Router,
  deps: Pick<DomainDeps, 'db' | 'clock'>,
) {
  const { db, clock } = deps;
  const { organisedBlock } = poolAccess(db);

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
        'b.full_score_half',
        'b.step_half',
        'b.distribution',
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
              'm.quota',
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
        fullScore: b.full_score_half / 2,
        scoreStep: b.step_half / 2,
        distribution: b.distribution,
        quotas: markers
          .filter((m) => m.block_id === b.id && m.role === 'marker')
          .map((m) => ({ userId: m.id, quota: m.quota })),
        markers: withRole(b.id, 'marker'),
        arbitrators: withRole(b.id, 'arbitrator'),
        leaders: withRole(b.id, 'leader'),
      })),
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
    await writePaperScores(trx, copy.subject.id, own, now, (masterId) => {
      const questionId = idByNumber.get(masterNumbers.get(masterId) ?? '');
      if (questionId === undefined)
        throw badRequest(`${copy.schoolName}的试卷结构与联考不一致，无法写入成绩`);
      return questionId;
    });
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
