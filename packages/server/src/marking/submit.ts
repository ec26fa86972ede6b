import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { badRequest, forbidden, notFound } from '../core/envelope';
import type { Block } from './access';
import { conflict, loadBlock } from './blocks';
import { lockPaperOfTask, lockTask } from './locks';
import { partsOf, sum } from './scoring';
import { settlePaper } from './settle';
import { SLOT } from './slots';
import { writeTransaction } from './transaction';

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
  return submitOnce(db, clock, input, async ({ trx, now, paper, task }) => {
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

/** The mark a caller already recorded under this idempotency key, if any. */
export async function previousSubmit(trx: Db, userId: number, key: string) {
  return trx
    .selectFrom('marking_marks')
    .select(['task_id', 'paper_id', 'score_half'])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * A submit's transaction, exactly once per idempotency key: the paper and then the task locked
 * (a replayed key answers as the first time, before the task is read) and `write` given both.
 */
function submitOnce(
  db: Db,
  clock: Clock,
  input: { userId: number; taskId: number; key: string },
  write: (locked: {
    trx: Db;
    now: number;
    paper: Awaited<ReturnType<typeof lockPaperOfTask>>;
    task: Awaited<ReturnType<typeof lockTask>>;
  }) => Promise<SubmitResult>,
): Promise<SubmitResult> {
  return writeTransaction(db, async (trx) => {
    const now = clock.now().getTime();
    const paper = await lockPaperOfTask(trx, input.taskId);
    const replay = await replayedSubmit(trx, input);
    if (replay) return replay;
    return write({ trx, now, paper, task: await lockTask(trx, input.taskId) });
  });
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
 * 回评: the marker changes a score they gave while the block is open. The paper is decided
 * again (it may go to arbitration now, or leave it). Refused once an arbitrator or leader set the score.
 */
export async function rescoreTask(
  db: Db,
  clock: Clock,
  input: ScoreInput & { userId: number; taskId: number; key: string },
): Promise<SubmitResult> {
  return submitOnce(db, clock, input, async ({ trx, now, paper, task }) => {
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
