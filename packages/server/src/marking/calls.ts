import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { forbidden } from '../core/envelope';
import {
  flagProblem,
  remarkPaper,
  resolvePaper,
  setSample,
  type ProblemReason,
} from './paperActions';
import { rescoreTask, submitTask, type ScoreInput } from './submit';
import { reviewList } from './monitoring';

type Scored = ScoreInput & { idempotencyKey: string };

/**
 * The marking calls from a request body to the marking module's functions, shared by a school's
 * marking routes (routes.ts) and the joint pool's (joint/pool.ts, joint/poolLeader.ts): the two
 * differ only in the access check each makes before it calls one of these.
 */
export function markingCalls(db: Db, clock: Clock) {
  return {
    submit: (userId: number, body: Scored & { taskId: number; leaseToken: string }) =>
      submitTask(db, clock, {
        userId,
        taskId: body.taskId,
        leaseToken: body.leaseToken,
        score: body.score,
        parts: body.parts,
        key: body.idempotencyKey,
      }),
    rescore: (userId: number, body: Scored & { taskId: number }) =>
      rescoreTask(db, clock, {
        userId,
        taskId: body.taskId,
        score: body.score,
        parts: body.parts,
        key: body.idempotencyKey,
      }),
    async flag(userId: number, body: { taskId: number; reason: ProblemReason; note: string }) {
      await flagProblem(db, clock, {
        userId,
        taskId: body.taskId,
        reason: body.reason,
        note: body.note,
      });
      return null;
    },
    async resolve(userId: number, body: Scored & { paperId: number; action: 'return' | 'score' }) {
      await resolvePaper(db, clock, {
        userId,
        paperId: body.paperId,
        action: body.action,
        score: body.score,
        parts: body.parts,
        key: body.idempotencyKey,
      });
      return null;
    },
    remark: (userId: number, body: Scored & { paperId: number; reason: string }) =>
      remarkPaper(db, clock, {
        userId,
        paperId: body.paperId,
        reason: body.reason,
        score: body.score,
        parts: body.parts,
        key: body.idempotencyKey,
      }),
    /** 样卷: a leader (or manager, `anyPaper`) marks any paper; a marker only one they marked. */
    async sample(
      userId: number,
      body: { paperId: number; kind: 'exemplary' | 'typical' | null; note: string },
      anyPaper: boolean,
    ) {
      if (!anyPaper) {
        const mine = await db
          .selectFrom('marking_tasks')
          .select('id')
          .where('paper_id', '=', body.paperId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (!mine) throw forbidden('只能标记自己阅过的试卷');
      }
      await setSample(db, { paperId: body.paperId, kind: body.kind, note: body.note });
      return null;
    },
    async samples(blockId: number) {
      const rows = await db
        .selectFrom('marking_papers')
        .select(['id', 'sample_kind', 'sample_note', 'final_score_half'])
        .where('block_id', '=', blockId)
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
    },
    reviewList: async (blockId: number, userId: number, limit: number) => ({
      list: await reviewList(db, blockId, userId, limit),
    }),
  };
}
