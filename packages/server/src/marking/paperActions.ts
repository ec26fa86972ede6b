import { ResultCode } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { ApiError, badRequest, forbidden } from '../core/envelope';
import { conflict, loadBlock } from './blocks';
import { released } from './leases';
import { lockPaper, lockPaperOfTask, lockTask } from './locks';
import { sum } from './scoring';
import { settlePaper } from './settle';
import { SLOT } from './slots';
import { previousSubmit, scoreParts, type ScoreInput } from './submit';
import { writeTransaction } from './transaction';

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
