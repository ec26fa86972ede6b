import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../core/schema';
import type { MarkingTasksTable } from './tables';
import { ResultCode } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import { dialectOf, type Db } from '../core/database';
import { ApiError, badRequest, forbidden, notFound } from '../core/envelope';
import { conflict, loadBlock } from './blocks';
import type { Block } from './access';
import { decide, finalParts, partsOf, type MarkSlot } from './scoring';
import { writeTransaction } from './transaction';

/** Slots of `marking_tasks`: independent marks 1-3, the blind re-check 5, a seed paper 6, arbitration 9. */
export const SLOT = { third: 3, recheck: 5, seed: 6, arbitration: 9 } as const;

/** A task's columns when it goes back to the pool: pending, no marker, no lease. */
export const released = (now: number) => ({
  state: 'pending' as const,
  user_id: null,
  lease_token: null,
  lease_expires_at: null,
  updated_at: now,
});

/** A task a marker holds now: leased, its lease not yet expired. */
export const heldLease = (eb: ExpressionBuilder<DB, 'marking_tasks'>, now: number) =>
  eb.and([eb('state', '=', 'leased'), eb('lease_expires_at', '>', now)]);

/** A task whose lease has expired: free to claim again (or to remove). */
export const expiredLease = (eb: ExpressionBuilder<DB, 'marking_tasks'>, now: number) =>
  eb.and([eb('state', '=', 'leased'), eb('lease_expires_at', '<=', now)]);

/** A leased task as the marking screen gets it. */
export interface ClaimedTask {
  taskId: number;
  paperId: number;
  slot: number;
  leaseToken: string;
  leaseExpiresAt: number;
}

/**
 * Claims up to `count` papers of a block for a marker (or, with `arbitration`, for an
 * arbitrator), each under a lease of the block's `lease_ms`. Live leases the marker already
 * holds are returned first and count towards `count`, so a prefetching client never hoards.
 * A task is free when pending or when its lease expired. A marker never gets two
 * independent marks of one paper, and an arbitrator never arbitrates a paper they marked.
 *
 * The dialects differ here: PostgreSQL selects candidates `FOR UPDATE OF t SKIP LOCKED`, so
 * concurrent markers take disjoint rows without waiting; SQLite runs the same statements in a
 * `BEGIN IMMEDIATE` transaction (one writer at a time), where no row lock is needed.
 */
export async function claimTasks(
  db: Db,
  clock: Clock,
  input: { blockId: number; userId: number; count: number; arbitration?: boolean },
): Promise<ClaimedTask[]> {
  const postgres = dialectOf(db) === 'postgres';
  return writeTransaction(db, async (trx) => {
    const now = clock.now().getTime();
    const block = await loadBlock(trx, input.blockId);
    if (block.state !== 'open')
      throw conflict(block.state === 'paused' ? '阅卷已暂停' : '题块未在阅卷中');
    const held = await trx
      .selectFrom('marking_tasks')
      .select(['id as taskId', 'paper_id as paperId', 'slot', 'lease_token', 'lease_expires_at'])
      .where('block_id', '=', block.id)
      .where('user_id', '=', input.userId)
      .where('state', '=', 'leased')
      .where('lease_expires_at', '>', now)
      .where('slot', input.arbitration ? '=' : '<>', SLOT.arbitration)
      .orderBy('id')
      .execute();
    const claimed: ClaimedTask[] = held.map((t) => ({
      taskId: t.taskId,
      paperId: t.paperId,
      slot: t.slot,
      leaseToken: t.lease_token!,
      leaseExpiresAt: t.lease_expires_at!,
    }));
    let need = input.count - claimed.length;
    if (need <= 0) return claimed.slice(0, input.count);
    if (!input.arbitration && block.distribution === 'quota') {
      const quota = await trx
        .selectFrom('marking_block_users')
        .select('quota')
        .where('block_id', '=', block.id)
        .where('user_id', '=', input.userId)
        .where('role', '=', 'marker')
        .executeTakeFirst();
      const taken = await trx
        .selectFrom('marking_tasks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('block_id', '=', block.id)
        .where('user_id', '=', input.userId)
        .where('slot', '<=', SLOT.third)
        .where((eb) => eb.or([eb('state', '=', 'done'), heldLease(eb, now)]))
        .executeTakeFirstOrThrow();
      need = Math.min(need, (quota?.quota ?? 0) - Number(taken.n));
      if (need <= 0) return claimed;
    }
    // Pending tasks and expired leases are read apart, each an index range of
    // (block_id, state, id) taken in id order, so a claim stops after a few rows.
    const freeKinds = [
      (eb: ExpressionBuilder<DB & { t: MarkingTasksTable }, 't'>) =>
        eb.and([eb('t.state', '=', 'leased'), eb('t.lease_expires_at', '<=', now)]),
      (eb: ExpressionBuilder<DB & { t: MarkingTasksTable }, 't'>) => eb('t.state', '=', 'pending'),
    ];
    const notMarkedByMe = (eb: ExpressionBuilder<DB & { t: MarkingTasksTable }, 't'>) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('marking_tasks as o')
            .select('o.id')
            .whereRef('o.paper_id', '=', 't.paper_id')
            .where('o.user_id', '=', input.userId)
            .where('o.slot', '<=', SLOT.third),
        ),
      );
    // Third marks first (they hold a paper back), then the pool in task order.
    const phases: ('third' | 'all')[] =
      input.arbitration || block.mode !== 'triple' ? ['all'] : ['third', 'all'];
    const token = randomUUID();
    const expires = now + block.lease_ms;
    const papers = new Set(claimed.map((c) => c.paperId));
    for (const phase of phases.flatMap((p) => freeKinds.map((free) => ({ phase: p, free })))) {
      if (need <= 0) break;
      const { free } = phase;
      let query = trx
        .selectFrom('marking_tasks as t')
        .innerJoin('marking_papers as p', 'p.id', 't.paper_id')
        .select(['t.id', 't.paper_id', 't.slot'])
        .where('t.block_id', '=', block.id)
        .where(free)
        .where((eb) => {
          if (input.arbitration)
            return eb.and([
              eb('t.slot', '=', SLOT.arbitration),
              eb('p.state', '=', 'arbitration'),
              notMarkedByMe(eb),
            ]);
          const mark = eb.and([
            phase.phase === 'third'
              ? eb('t.slot', '=', SLOT.third)
              : eb('t.slot', '<=', SLOT.third),
            eb('p.state', '=', 'marking'),
            notMarkedByMe(eb),
            // One free slot per paper is offered (the lowest), so a claim never picks two slots of a paper.
            eb.not(
              eb.exists(
                eb
                  .selectFrom('marking_tasks as s')
                  .select('s.id')
                  .whereRef('s.paper_id', '=', 't.paper_id')
                  .whereRef('s.slot', '<', 't.slot')
                  .where((e) =>
                    e.or([
                      e('s.state', '=', 'pending'),
                      e.and([e('s.state', '=', 'leased'), e('s.lease_expires_at', '<=', now)]),
                    ]),
                  ),
              ),
            ),
          ]);
          if (phase.phase === 'third') return mark;
          return eb.or([
            mark,
            eb.and([
              eb('t.slot', 'in', [SLOT.recheck, SLOT.seed]),
              eb('t.assigned_to', '=', input.userId),
            ]),
          ]);
        })
        .orderBy('t.id')
        .limit(need);
      if (postgres) query = query.forUpdate('t').skipLocked();
      const candidates = await query.execute();
      for (const c of candidates) {
        if (need === 0) break;
        if (c.slot <= SLOT.third && papers.has(c.paper_id)) continue;
        const updated = await trx
          .updateTable('marking_tasks')
          .set({
            state: 'leased',
            user_id: input.userId,
            lease_token: token,
            lease_expires_at: expires,
            updated_at: now,
          })
          .where('id', '=', c.id)
          .where((eb) => eb.or([eb('state', '=', 'pending'), expiredLease(eb, now)]))
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) continue;
        papers.add(c.paper_id);
        claimed.push({
          taskId: c.id,
          paperId: c.paper_id,
          slot: c.slot,
          leaseToken: token,
          leaseExpiresAt: expires,
        });
        need--;
      }
    }
    return claimed;
  });
}

/**
 * Locks a paper row for the rest of the transaction. Every change of a paper's marks,
 * state or final score happens under this lock, so two submits of one paper never decide
 * it twice. PostgreSQL: `SELECT … FOR UPDATE`; SQLite: the immediate transaction already
 * excludes other writers, so a plain read.
 */
export async function lockPaper(trx: Db, paperId: number) {
  let query = trx.selectFrom('marking_papers').selectAll().where('id', '=', paperId);
  if (dialectOf(trx) === 'postgres') query = query.forUpdate();
  const paper = await query.executeTakeFirst();
  if (!paper) throw notFound('试卷不存在');
  return paper;
}

/** Locks the paper of a task, before anything else of it is read; 404 for an unknown task. */
async function lockPaperOfTask(trx: Db, taskId: number) {
  const task = await trx
    .selectFrom('marking_tasks')
    .select('paper_id')
    .where('id', '=', taskId)
    .executeTakeFirst();
  if (!task) throw notFound('阅卷任务不存在');
  return lockPaper(trx, task.paper_id);
}

async function lockTask(trx: Db, taskId: number) {
  let query = trx.selectFrom('marking_tasks').selectAll().where('id', '=', taskId);
  if (dialectOf(trx) === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The answer to a submit; `duplicate` when the idempotency key was seen before. */
export interface SubmitResult {
  taskId: number;
  paperId: number;
  /** Points. */
  score: number;
  duplicate: boolean;
}

/** A score in points: the block total (blocks of one question) or one score per question. */
export interface ScoreInput {
  score?: number | undefined;
  parts?: number[] | undefined;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The per-question half-points of a score, or 400 when it breaks full marks or the step. */
export function scoreParts(block: Block, input: ScoreInput): number[] {
  const full = JSON.parse(block.question_full_half) as number[];
  const points =
    input.parts ?? (full.length === 1 && input.score !== undefined ? [input.score] : null);
  const parts = points === null ? null : partsOf(points, full, block.step_half);
  if (parts === null)
    throw badRequest(full.length > 1 && !input.parts ? '请为每道小题给分' : '分数不合法');
  if (input.score !== undefined && sum(parts) !== input.score * 2)
    throw badRequest('总分与小题分不一致');
  return parts;
}

const KIND_OF_SLOT: Record<number, string> = { 5: 'check', 6: 'seed', 9: 'arbitration' };

/**
 * Submits the score of a leased task, exactly once per idempotency key. A submit whose lease
 * expired is still taken (reconciled) while nobody else claimed the task; once another
 * marker holds it, the submit is refused with 409 and nothing is written.
 */
export async function submitTask(
  db: Db,
  clock: Clock,
  input: ScoreInput & { userId: number; taskId: number; leaseToken: string; key: string },
): Promise<SubmitResult> {
  return writeTransaction(db, async (trx) => {
    const now = clock.now().getTime();
    const paper = await lockPaperOfTask(trx, input.taskId);
    const replay = await replayedSubmit(trx, input);
    if (replay) return replay;
    const task = await lockTask(trx, input.taskId);
    if (!task) throw notFound('阅卷任务不存在');
    const block = await loadBlock(trx, task.block_id);
    if (block.state === 'finished') throw conflict('题块已结束');
    if (task.state === 'done' && task.user_id === input.userId)
      throw conflict('该试卷已提交，请在回评中修改');
    if (
      task.state !== 'leased' ||
      task.user_id !== input.userId ||
      task.lease_token !== input.leaseToken
    )
      throw conflict('试卷领取已过期并已重新分配，本次评分未保存');
    const scoreHalf = await recordTaskScore(trx, now, {
      task,
      userId: input.userId,
      key: input.key,
      parts: scoreParts(block, input),
      kind: KIND_OF_SLOT[task.slot] ?? 'mark',
      closeTask: true,
    });
    if (task.slot <= SLOT.third || task.slot === SLOT.arbitration) {
      if (paper.state === 'marking' || paper.state === 'arbitration')
        await settlePaper(trx, now, paper, block);
      if (task.slot <= SLOT.third && paper.is_seed === 0 && block.recheck_percent > 0) {
        if (recheckDraw(paper.id, input.userId) < block.recheck_percent)
          await trx
            .insertInto('marking_tasks')
            .values({
              block_id: block.id,
              paper_id: paper.id,
              slot: SLOT.recheck,
              state: 'pending',
              assigned_to: input.userId,
              updated_at: now,
            })
            .onConflict((oc) => oc.doNothing())
            .execute();
      }
    }
    return { taskId: task.id, paperId: task.paper_id, score: scoreHalf / 2, duplicate: false };
  });
}

/**
 * Stores a marker's score on their task and records it as a mark under the idempotency key
 * (so a replay of the key finds it). Call under the paper's lock. Returns the score in
 * half-points.
 */
async function recordTaskScore(
  trx: Db,
  now: number,
  input: {
    task: { id: number; block_id: number; paper_id: number };
    userId: number;
    key: string;
    parts: number[];
    kind: string;
    /** A first submit: the task becomes done and its lease goes. A 回评 changes only the score. */
    closeTask: boolean;
  },
): Promise<number> {
  const { task, parts } = input;
  const scoreHalf = sum(parts);
  await trx
    .updateTable('marking_tasks')
    .set({
      ...(input.closeTask ? { state: 'done' as const, lease_token: null } : {}),
      score_half: scoreHalf,
      parts: JSON.stringify(parts),
      submitted_at: now,
      updated_at: now,
    })
    .where('id', '=', task.id)
    .execute();
  await trx
    .insertInto('marking_marks')
    .values({
      block_id: task.block_id,
      paper_id: task.paper_id,
      task_id: task.id,
      user_id: input.userId,
      kind: input.kind,
      score_half: scoreHalf,
      parts: JSON.stringify(parts),
      idempotency_key: input.key,
      created_at: now,
    })
    .execute();
  return scoreHalf;
}

/** A stable draw in 0..99 per paper and marker, so the re-check share holds without randomness in tests. */
function recheckDraw(paperId: number, userId: number): number {
  let h = (paperId * 2654435761 + userId * 40503) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 2246822507) >>> 0;
  return (h ^ (h >>> 13)) % 100;
}

async function previousSubmit(trx: Db, userId: number, key: string) {
  return trx
    .selectFrom('marking_marks')
    .select(['task_id', 'paper_id', 'score_half'])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * The answer already given to a task's submit under this idempotency key, marked `duplicate`,
 * or null when the key is new; 409 when the key went with another task. Call under the
 * paper's lock, so a key is written once.
 */
async function replayedSubmit(
  trx: Db,
  input: { userId: number; taskId: number; key: string },
): Promise<SubmitResult | null> {
  const seen = await previousSubmit(trx, input.userId, input.key);
  if (!seen) return null;
  if (seen.task_id !== input.taskId) throw conflict('幂等键已用于其他试卷');
  return {
    taskId: input.taskId,
    paperId: seen.paper_id,
    score: seen.score_half / 2,
    duplicate: true,
  };
}

/**
 * Decides a locked paper from its current marks: final score, a third mark, or arbitration
 * (created at most once: one slot-9 task per paper under a unique index). Call under {@link lockPaper}.
 */
export async function settlePaper(
  trx: Db,
  now: number,
  paper: { id: number; is_seed: number; state: string },
  block: Block,
): Promise<void> {
  const paperId = paper.id;
  if (paper.is_seed === 1 || paper.state === 'problem') return;
  const tasks = await trx
    .selectFrom('marking_tasks')
    .select(['id', 'slot', 'state', 'score_half', 'parts'])
    .where('paper_id', '=', paperId)
    .where((eb) => eb.or([eb('slot', '<=', SLOT.third), eb('slot', '=', SLOT.arbitration)]))
    .execute();
  const marks: { 1?: number; 2?: number; 3?: number; arbitration?: number } = {};
  const partsBySlot = new Map<MarkSlot, number[]>();
  for (const t of tasks) {
    if (t.state !== 'done' || t.score_half === null) continue;
    const slot: MarkSlot = t.slot === SLOT.arbitration ? 'arbitration' : (t.slot as 1 | 2 | 3);
    if (slot === 'arbitration') marks.arbitration = t.score_half;
    else marks[slot] = t.score_half;
    partsBySlot.set(slot, JSON.parse(t.parts ?? '[]') as number[]);
  }
  const outcome = decide(block.mode, block.tolerance_half, block.step_half, marks);
  if (outcome.kind === 'final') {
    const parts = finalParts(
      outcome.from.map((slot) => partsBySlot.get(slot) ?? []),
      block.step_half,
    );
    await trx
      .updateTable('marking_papers')
      .set({
        state: 'done',
        final_score_half: sum(parts),
        final_parts: JSON.stringify(parts),
        final_source: outcome.source,
        finished_at: now,
      })
      .where('id', '=', paperId)
      .execute();
    // A third mark or an arbitration no longer needed (after a 回评) leaves the pool.
    if (tasks.some((t) => t.slot > 2 && (t.state === 'pending' || t.state === 'leased')))
      await trx
        .updateTable('marking_tasks')
        .set({ state: 'cancelled', lease_token: null, updated_at: now })
        .where('paper_id', '=', paperId)
        .where('slot', 'in', [SLOT.third, SLOT.arbitration])
        .where('state', 'in', ['pending', 'leased'])
        .execute();
    return;
  }
  const slot =
    outcome.kind === 'third'
      ? SLOT.third
      : outcome.kind === 'arbitration'
        ? SLOT.arbitration
        : null;
  if (slot !== null) {
    await trx
      .insertInto('marking_tasks')
      .values({ block_id: block.id, paper_id: paperId, slot, state: 'pending', updated_at: now })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .updateTable('marking_tasks')
      .set(released(now))
      .where('paper_id', '=', paperId)
      .where('slot', '=', slot)
      .where('state', '=', 'cancelled')
      .execute();
  }
  await trx
    .updateTable('marking_papers')
    .set({
      state: slot === SLOT.arbitration ? 'arbitration' : 'marking',
      final_score_half: null,
      final_parts: null,
      final_source: null,
      finished_at: null,
    })
    .where('id', '=', paperId)
    .execute();
}

/** Hands back the caller's live leases of a block (closing the marking screen). */
export async function releaseTasks(
  db: Db,
  clock: Clock,
  blockId: number,
  userId: number,
): Promise<number> {
  return writeTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('marking_tasks')
      .set(released(clock.now().getTime()))
      .where('block_id', '=', blockId)
      .where('user_id', '=', userId)
      .where('state', '=', 'leased')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
}

/**
 * 回评: the marker changes a score they gave while the block is open. The paper is decided
 * again (it may go to arbitration now, or leave it). Refused once an arbitrator or leader set the score.
 */
export async function rescoreTask(
  db: Db,
  clock: Clock,
  input: ScoreInput & { userId: number; taskId: number; key: string },
): Promise<SubmitResult> {
  return writeTransaction(db, async (trx) => {
    const now = clock.now().getTime();
    const paper = await lockPaperOfTask(trx, input.taskId);
    const replay = await replayedSubmit(trx, input);
    if (replay) return replay;
    const task = await lockTask(trx, input.taskId);
    if (!task || task.user_id !== input.userId || task.state !== 'done')
      throw forbidden('只能回评自己已提交的试卷');
    const block = await loadBlock(trx, task.block_id);
    if (block.state !== 'open') throw conflict('题块未在阅卷中，不能回评');
    if (paper.final_source === 'arbitration' || paper.final_source === 'leader')
      throw conflict('该试卷已由仲裁或组长给分，不能回评');
    const scoreHalf = await recordTaskScore(trx, now, {
      task,
      userId: input.userId,
      key: input.key,
      parts: scoreParts(block, input),
      kind: 'remark',
      closeTask: false,
    });
    if (task.slot <= SLOT.third || task.slot === SLOT.arbitration)
      await settlePaper(trx, now, paper, block);
    return { taskId: task.id, paperId: paper.id, score: scoreHalf / 2, duplicate: false };
  });
}

export const PROBLEM_REASONS = ['unclear', 'wrong_region', 'copying', 'other'] as const;
export type ProblemReason = (typeof PROBLEM_REASONS)[number];

/** 问题卷: a marker flags the paper of a task they hold; it leaves the pool for the block leader. */
export async function flagProblem(
  db: Db,
  clock: Clock,
  input: { userId: number; taskId: number; reason: ProblemReason; note: string },
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const now = clock.now().getTime();
    const paper = await lockPaperOfTask(trx, input.taskId);
    const task = await lockTask(trx, input.taskId);
    if (
      !task ||
      task.user_id !== input.userId ||
      (task.state !== 'leased' && task.state !== 'done')
    )
      throw forbidden('只能标记自己领取的试卷');
    if (paper.state === 'problem') return;
    if (paper.state === 'done') throw conflict('该试卷已评完');
    await trx
      .updateTable('marking_papers')
      .set({
        state: 'problem',
        problem_reason: input.reason,
        problem_note: input.note,
        problem_user_id: input.userId,
        problem_at: now,
      })
      .where('id', '=', paper.id)
      .execute();
    if (task.state === 'leased')
      await trx.updateTable('marking_tasks').set(released(now)).where('id', '=', task.id).execute();
  });
}

/**
 * The leader resolves a problem paper: back to the pool (`return`), or a final score
 * (`score`). A leader's score also serves to re-mark any paper (checkPaper): it is final,
 * and the tasks still open on the paper are cancelled.
 */
export async function resolvePaper(
  db: Db,
  clock: Clock,
  input: ScoreInput & { userId: number; paperId: number; action: 'return' | 'score'; key: string },
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const now = clock.now().getTime();
    const paper = await lockPaper(trx, input.paperId);
    const block = await loadBlock(trx, paper.block_id);
    if (block.state === 'finished') throw conflict('题块已结束');
    if (await previousSubmit(trx, input.userId, input.key)) return;
    if (input.action === 'return') {
      if (paper.state !== 'problem') throw conflict('该试卷不是问题卷');
      await trx
        .updateTable('marking_papers')
        .set({
          state: 'marking',
          problem_reason: null,
          problem_note: null,
          problem_user_id: null,
          problem_at: null,
        })
        .where('id', '=', paper.id)
        .execute();
      await settlePaper(trx, now, { ...paper, state: 'marking' }, block);
      return;
    }
    const parts = scoreParts(block, input);
    if (paper.is_seed === 1) throw badRequest('样本试卷不能给分');
    await finalizeLeaderScore(trx, now, {
      paper,
      block,
      userId: input.userId,
      key: input.key,
      parts,
      reason: null,
    });
  });
}

/** The answer to a leader's re-mark; `duplicate` when the idempotency key was seen before. */
export interface RemarkResult {
  paperId: number;
  /** Points. */
  score: number;
  duplicate: boolean;
}

/**
 * 组长改分 (checkPaper): the leader sets any paper's final score with a reason, exactly once
 * per idempotency key. Recorded as a `leader` mark with the reason; the paper is done, its
 * final source 'leader', and the tasks still open on it are cancelled.
 */
export async function remarkPaper(
  db: Db,
  clock: Clock,
  input: ScoreInput & { userId: number; paperId: number; reason: string; key: string },
): Promise<RemarkResult> {
  return writeTransaction(db, async (trx) => {
    const now = clock.now().getTime();
    const paper = await lockPaper(trx, input.paperId);
    const seen = await previousSubmit(trx, input.userId, input.key);
    if (seen) {
      if (seen.paper_id !== paper.id || seen.task_id !== null)
        throw conflict('幂等键已用于其他试卷');
      return { paperId: paper.id, score: seen.score_half / 2, duplicate: true };
    }
    const block = await loadBlock(trx, paper.block_id);
    if (block.state === 'finished') throw conflict('题块已结束');
    if (paper.is_seed === 1) throw badRequest('样本试卷不能给分');
    const reason = input.reason.trim();
    if (!reason) throw badRequest('请填写改分原因');
    const parts = scoreParts(block, input);
    const score = await finalizeLeaderScore(trx, now, {
      paper,
      block,
      userId: input.userId,
      key: input.key,
      parts,
      reason,
    });
    return { paperId: paper.id, score: score / 2, duplicate: false };
  });
}

/**
 * Makes a leader's score the final score of a locked paper, the one write that both the
 * problem-paper resolution and the leader's re-mark end in: the paper is done with final
 * source 'leader' (any problem flag cleared), its open marks and arbitration leave the pool,
 * and a `leader` mark records the score under the caller's idempotency key, so a replay of
 * that key finds it. Call under {@link lockPaper} after the caller's checks. Returns the
 * score in half-points.
 */
async function finalizeLeaderScore(
  trx: Db,
  now: number,
  input: {
    paper: { id: number };
    block: { id: number };
    userId: number;
    key: string;
    parts: number[];
    reason: string | null;
  },
): Promise<number> {
  const { paper, block, parts } = input;
  const score = sum(parts);
  await trx
    .updateTable('marking_papers')
    .set({
      state: 'done',
      final_score_half: score,
      final_parts: JSON.stringify(parts),
      final_source: 'leader',
      finished_at: now,
      problem_reason: null,
      problem_note: null,
      problem_user_id: null,
      problem_at: null,
    })
    .where('id', '=', paper.id)
    .execute();
  await trx
    .updateTable('marking_tasks')
    .set({ state: 'cancelled', lease_token: null, updated_at: now })
    .where('paper_id', '=', paper.id)
    .where('state', 'in', ['pending', 'leased'])
    .where((eb) => eb.or([eb('slot', '<=', SLOT.third), eb('slot', '=', SLOT.arbitration)]))
    .execute();
  await trx
    .insertInto('marking_marks')
    .values({
      block_id: block.id,
      paper_id: paper.id,
      task_id: null,
      user_id: input.userId,
      kind: 'leader',
      score_half: score,
      parts: JSON.stringify(parts),
      reason: input.reason,
      idempotency_key: input.key,
      created_at: now,
    })
    .execute();
  return score;
}

/** 样卷: marks a paper as exemplary or as a typical mistake (or clears it with null). */
export async function setSample(
  db: Db,
  input: { paperId: number; kind: 'exemplary' | 'typical' | null; note: string },
): Promise<void> {
  const result = await db
    .updateTable('marking_papers')
    .set({ sample_kind: input.kind, sample_note: input.kind === null ? null : input.note })
    .where('id', '=', input.paperId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new ApiError(ResultCode.NotFound, '试卷不存在');
}
