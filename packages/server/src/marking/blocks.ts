import { sql } from 'kysely';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { ApiError, badRequest } from '../core/envelope';
import { ResultCode } from '@examkit/contracts';
import { loadSubject } from '../exam/access';
import type { Block } from './access';
import { marksOf, toHalf, validScore } from './scoring';
import type { BlockState, MarkingMode } from './tables';
import { writeTransaction } from './transaction';

/** Default time a leased paper stays with a marker before it returns to the pool. */
export const DEFAULT_LEASE_MS = 5 * 60_000;

export interface BlockSetup {
  examSubjectId: number;
  name: string;
  /** Leaf subjective `exam_questions` of the subject, marked together. */
  questionIds: number[];
  mode: MarkingMode;
  /** Points; the largest allowed difference between two marks. */
  tolerance: number;
  scoreStep: 1 | 0.5;
  distribution: 'pool' | 'quota';
  anonymous: boolean;
  guide: string;
  answer: string;
  recheckPercent: number;
  leaseMinutes: number;
  markers: { userId: number; quota?: number | null | undefined }[];
  arbitrators: number[];
  leaders: number[];
}

/**
 * A pool block of a joint exam in 统一阅卷 (joint/pool.ts): its markers may be staff of any
 * participating school, and the block is linked to the joint exam.
 */
export interface PoolBlockOptions {
  jointExamId: number;
  /** The participating schools, whose staff may work on the block. */
  schoolIds: readonly number[];
}

/**
 * Creates a block (no `id`) or updates one; mode, step and full score are fixed once marking
 * started. A school's own block of an exam in a 统一阅卷 joint exam is refused: the pool marks it.
 */
export async function saveBlock(
  db: Db,
  clock: Clock,
  schoolId: number,
  setup: BlockSetup,
  blockId?: number,
  pool?: PoolBlockOptions,
): Promise<number> {
  const { exam } = await loadSubject(db, schoolId, setup.examSubjectId);
  if (!pool) {
    const joint = await db
      .selectFrom('joint_exam_schools as js')
      .innerJoin('joint_exams as j', 'j.id', 'js.joint_exam_id')
      .select('j.marking_mode')
      .where('js.exam_id', '=', exam.id)
      .executeTakeFirst();
    if (joint?.marking_mode === 'pool')
      throw badRequest('本场考试是统一阅卷的联考，题块和阅卷老师由联考组织方统一安排');
  }
  const questionFullHalf = await subjectiveQuestions(db, setup.examSubjectId, setup.questionIds);
  const fullHalf = questionFullHalf.reduce((a, b) => a + b, 0);
  const toleranceHalf = toHalf(setup.tolerance);
  const stepHalf = setup.scoreStep === 1 ? 2 : 1;
  if (!Number.isInteger(toleranceHalf) || toleranceHalf < 0)
    throw badRequest('误差阈值必须是 0.5 的倍数');
  if (setup.mode !== 'single' && setup.markers.length < 2)
    throw badRequest('双评或三评至少需要两位阅卷老师');
  if (setup.mode !== 'single' && setup.arbitrators.length === 0 && setup.leaders.length === 0)
    throw badRequest('双评或三评需要指定仲裁老师');
  if (setup.distribution === 'quota' && setup.markers.some((m) => !m.quota))
    throw badRequest('定量分配时每位阅卷老师需要任务量');
  const userIds = [
    ...new Set([...setup.markers.map((m) => m.userId), ...setup.arbitrators, ...setup.leaders]),
  ];
  if (userIds.length > 0) {
    const found = await db
      .selectFrom('users')
      .select('id')
      .where('school_id', 'in', pool ? [...pool.schoolIds] : [schoolId])
      .where('id', 'in', userIds)
      .execute();
    if (found.length !== userIds.length)
      throw badRequest(
        pool ? '阅卷老师必须是参加联考学校的教师' : '阅卷老师必须是本校教师或阅卷老师',
      );
  }
  const now = clock.now().getTime();
  return writeTransaction(db, async (trx) => {
    const values = {
      exam_id: exam.id,
      exam_subject_id: setup.examSubjectId,
      name: setup.name,
      question_ids: JSON.stringify(setup.questionIds),
      question_full_half: JSON.stringify(questionFullHalf),
      full_score_half: fullHalf,
      mode: setup.mode,
      tolerance_half: toleranceHalf,
      step_half: stepHalf,
      distribution: setup.distribution,
      anonymous: setup.anonymous ? 1 : 0,
      guide: setup.guide,
      answer: setup.answer,
      recheck_percent: setup.recheckPercent,
      lease_ms: setup.leaseMinutes * 60_000,
      updated_at: now,
    };
    let id: number;
    if (blockId === undefined) {
      const row = await trx
        .insertInto('marking_blocks')
        .values({
          ...values,
          school_id: schoolId,
          joint_exam_id: pool?.jointExamId ?? null,
          state: 'setup',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    } else {
      const old = await trx
        .selectFrom('marking_blocks')
        .selectAll()
        .where('id', '=', blockId)
        .where('school_id', '=', schoolId)
        .executeTakeFirst();
      if (!old || old.joint_exam_id !== (pool?.jointExamId ?? null))
        throw new ApiError(ResultCode.NotFound, '阅卷题块不存在');
      if (old.state === 'finished') throw conflict('题块已结束，不能修改');
      if (
        old.state !== 'setup' &&
        (old.mode !== values.mode ||
          old.step_half !== values.step_half ||
          old.question_ids !== values.question_ids ||
          old.exam_subject_id !== values.exam_subject_id)
      )
        throw conflict('阅卷已开始，不能修改评阅方式、满分或给分步长');
      await trx.updateTable('marking_blocks').set(values).where('id', '=', blockId).execute();
      await trx.deleteFrom('marking_block_users').where('block_id', '=', blockId).execute();
      id = blockId;
    }
    const users = [
      ...setup.markers.map((m) => ({
        block_id: id,
        user_id: m.userId,
        role: 'marker' as const,
        quota: setup.distribution === 'quota' ? (m.quota ?? null) : null,
      })),
      ...setup.arbitrators.map((u) => ({
        block_id: id,
        user_id: u,
        role: 'arbitrator' as const,
        quota: null,
      })),
      ...setup.leaders.map((u) => ({
        block_id: id,
        user_id: u,
        role: 'leader' as const,
        quota: null,
      })),
    ];
    const unique = new Map(users.map((u) => [`${u.user_id}:${u.role}`, u]));
    if (unique.size > 0)
      await trx
        .insertInto('marking_block_users')
        .values([...unique.values()])
        .execute();
    if (blockId !== undefined) await ensureTasks(trx, clock, await loadBlock(trx, id));
    return id;
  });
}

/** Full marks in half-points of leaf subjective questions of the subject, in the given order. */
async function subjectiveQuestions(
  db: Db,
  examSubjectId: number,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0 || new Set(ids).size !== ids.length) throw badRequest('请选择题块的主观题');
  const rows = await db
    .selectFrom('exam_questions as q')
    .select(['q.id', 'q.kind', 'q.full_marks'])
    .where('q.exam_subject_id', '=', examSubjectId)
    .where('q.id', 'in', ids)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('exam_questions as c').select('c.id').whereRef('c.parent_id', '=', 'q.id'),
        ),
      ),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const q = byId.get(id);
    if (!q || q.kind !== 'subjective') throw badRequest('题块只能包含本科目的主观小题');
    const half = toHalf(q.full_marks);
    if (!Number.isInteger(half) || half <= 0) throw badRequest('题目满分必须是 0.5 的倍数');
    return half;
  });
}

const SLOT_THIRD = 3;

export const conflict = (message: string) => new ApiError(ResultCode.Conflict, message);

export async function loadBlock(db: Db, blockId: number): Promise<Block> {
  return db
    .selectFrom('marking_blocks')
    .selectAll()
    .where('id', '=', blockId)
    .executeTakeFirstOrThrow();
}

/**
 * Creates the missing tasks of an open or paused block: the independent marks of
 * every paper, and each seed paper once for each marker. Re-running adds nothing.
 */
export async function ensureTasks(trx: Db, clock: Clock, block: Block): Promise<void> {
  if (block.state === 'setup' || block.state === 'finished') return;
  const now = clock.now().getTime();
  // Tasks are inserted paper by paper (slot 1, slot 2, …) so the pool hands out the
  // marks of a paper close together and papers finish steadily.
  const missing = await trx
    .selectFrom('marking_papers as p')
    .select('p.id')
    .where('p.block_id', '=', block.id)
    .where('p.is_seed', '=', 0)
    .where('p.state', '=', 'marking')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('marking_tasks as t')
            .select('t.id')
            .whereRef('t.paper_id', '=', 'p.id')
            .where('t.slot', '<=', SLOT_THIRD),
        ),
      ),
    )
    .orderBy('p.id')
    .execute();
  const rows = missing.flatMap((p) =>
    Array.from({ length: marksOf(block.mode) }, (_, i) => ({
      block_id: block.id,
      paper_id: p.id,
      slot: i + 1,
      state: 'pending' as const,
      updated_at: now,
    })),
  );
  for (let i = 0; i < rows.length; i += 500)
    await trx
      .insertInto('marking_tasks')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.doNothing())
      .execute();
  await trx
    .insertInto('marking_tasks')
    .columns(['block_id', 'paper_id', 'slot', 'state', 'assigned_to', 'updated_at'])
    .expression(
      trx
        .selectFrom('marking_papers as p')
        .innerJoin('marking_block_users as u', (j) =>
          j.onRef('u.block_id', '=', 'p.block_id').on('u.role', '=', 'marker'),
        )
        .select([
          'p.block_id',
          'p.id',
          sql<number>`6`.as('slot'),
          sql<string>`'pending'`.as('state'),
          'u.user_id',
          sql<number>`${now}`.as('updated_at'),
        ])
        .where('p.block_id', '=', block.id)
        .where('p.is_seed', '=', 1)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('marking_tasks as t')
                .select('t.id')
                .whereRef('t.paper_id', '=', 'p.id')
                .where('t.slot', '=', 6)
                .whereRef('t.assigned_to', '=', 'u.user_id'),
            ),
          ),
        ),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** One crop to mark: a student's answer to the block, or a hidden seed paper with a known score. */
export interface PaperInput {
  studentId: number;
  cropKey: string;
  /** Points; makes this a hidden seed paper. */
  seedScore?: number | undefined;
}

/**
 * Registers the papers of a block from (studentId, cropKey) pairs, e.g. after scanning
 * (`crops/<examSubjectId>/<questionBlock>/<studentId>.png`). A student registered again
 * gets the new crop (a seed also its new known score); papers added to an open block enter the
 * pool at once.
 */
export async function registerPapers(
  db: Db,
  clock: Clock,
  blockId: number,
  papers: PaperInput[],
): Promise<{ registered: number }> {
  const now = clock.now().getTime();
  return writeTransaction(db, async (trx) => {
    const block = await loadBlock(trx, blockId);
    if (block.state === 'finished') throw conflict('题块已结束，不能添加试卷');
    for (let i = 0; i < papers.length; i += 500) {
      const rows = papers.slice(i, i + 500).map((p) => {
        const seedHalf = p.seedScore === undefined ? null : toHalf(p.seedScore);
        if (seedHalf !== null && !validScore(seedHalf, block.full_score_half, block.step_half))
          throw badRequest('样本分数不合法');
        return {
          block_id: blockId,
          student_id: p.studentId,
          crop_key: p.cropKey,
          state: 'marking' as const,
          is_seed: seedHalf === null ? 0 : 1,
          seed_score_half: seedHalf,
          created_at: now,
        };
      });
      await trx
        .insertInto('marking_papers')
        .values(rows)
        .onConflict((oc) =>
          oc
            .columns(['block_id', 'student_id', 'is_seed'])
            // A seed registered again also corrects its known score (null for student papers).
            .doUpdateSet((eb) => ({
              crop_key: eb.ref('excluded.crop_key'),
              seed_score_half: eb.ref('excluded.seed_score_half'),
            })),
        )
        .execute();
    }
    await ensureTasks(trx, clock, block);
    return { registered: papers.length };
  });
}

/** Counts that decide whether a block may finish. */
export interface BlockCounts {
  total: number;
  done: number;
  marking: number;
  arbitration: number;
  problem: number;
}

export async function blockCounts(db: Db, blockId: number): Promise<BlockCounts> {
  const rows = await db
    .selectFrom('marking_papers')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('block_id', '=', blockId)
    .where('is_seed', '=', 0)
    .groupBy('state')
    .execute();
  const of = (s: string) => Number(rows.find((r) => r.state === s)?.n ?? 0);
  const counts = {
    done: of('done'),
    marking: of('marking'),
    arbitration: of('arbitration'),
    problem: of('problem'),
  };
  return { total: counts.done + counts.marking + counts.arbitration + counts.problem, ...counts };
}

/**
 * Starts (or resumes), pauses or finishes a block. Finishing is refused while any paper
 * is unmarked, in arbitration or flagged as a problem; it cancels leftover re-checks and seeds.
 */
export async function changeBlockState(
  db: Db,
  clock: Clock,
  blockId: number,
  action: 'start' | 'pause' | 'finish',
): Promise<{ state: BlockState; counts: BlockCounts }> {
  const now = clock.now().getTime();
  return writeTransaction(db, async (trx) => {
    const block = await loadBlock(trx, blockId);
    if (block.state === 'finished') throw conflict('题块已结束');
    let state: BlockState;
    if (action === 'start') {
      const papers = await trx
        .selectFrom('marking_papers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('block_id', '=', blockId)
        .executeTakeFirstOrThrow();
      if (Number(papers.n) === 0) throw conflict('题块还没有试卷');
      state = 'open';
    } else if (action === 'pause') {
      if (block.state !== 'open') throw conflict('题块未在阅卷中');
      state = 'paused';
    } else {
      const counts = await blockCounts(trx, blockId);
      if (counts.marking + counts.arbitration + counts.problem > 0)
        throw new ApiError(
          ResultCode.Conflict,
          `还有 ${counts.marking} 份未评完、${counts.arbitration} 份待仲裁、${counts.problem} 份问题卷，不能结束`,
          counts,
        );
      await trx
        .updateTable('marking_tasks')
        .set({ state: 'cancelled', lease_token: null, updated_at: now })
        .where('block_id', '=', blockId)
        .where('state', 'in', ['pending', 'leased'])
        .execute();
      state = 'finished';
    }
    await trx
      .updateTable('marking_blocks')
      .set({ state, updated_at: now })
      .where('id', '=', blockId)
      .execute();
    await ensureTasks(trx, clock, { ...block, state });
    return { state, counts: await blockCounts(trx, blockId) };
  });
}
