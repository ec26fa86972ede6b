import type { Db } from '../../core/database';
import { judgementOf, scoreKey, settle, type KeyQuestion } from './scoring';

/** What re-scoring one question did: hand-ins with an answer to it, those whose score or 对/错 changed, typed scores cut to the new full marks. */
export interface QuestionRescore {
  handIns: number;
  changed: number;
  clamped: number;
}

/**
 * Scores every hand-in's answer to a question again after its key or full marks changed
 * (question/edit of an assigned homework), inside the caller's transaction: an objective answer
 * from the new key (answers still waiting for review stay unscored); a subjective answer scored
 * by rubric items from the new full marks and its items; a typed subjective score is kept unless
 * it is over the new full marks, then cut to them (counted in `clamped`). 对/错 follow the new
 * full marks; each hand-in that changed gets its total again (a finished one becomes 已修改).
 */
export async function rescoreQuestion(
  trx: Db,
  homeworkId: number,
  q: KeyQuestion,
  now: number,
): Promise<QuestionRescore> {
  const full = Number(q.full_marks);
  const [answers, applied] = await Promise.all([
    trx
      .selectFrom('homework_answers as a')
      .innerJoin('homework_submissions as s', 's.id', 'a.submission_id')
      .select(['a.submission_id', 'a.answer', 'a.score', 'a.judgement', 'a.adjustment'])
      .where('s.homework_id', '=', homeworkId)
      .where('a.question_no', '=', q.no)
      .execute(),
    trx
      .selectFrom('homework_answer_rubrics as ar')
      .innerJoin('homework_submissions as s', 's.id', 'ar.submission_id')
      .innerJoin('homework_rubric_items as i', 'i.id', 'ar.rubric_item_id')
      .select(['ar.submission_id', 'i.points'])
      .where('s.homework_id', '=', homeworkId)
      .where('ar.question_no', '=', q.no)
      .execute(),
  ]);
  const changed = new Set<number>();
  let clamped = 0;
  for (const a of answers) {
    const before = a.score === null ? null : Number(a.score);
    if (before === null) continue;
    let score: number;
    if (q.type === 'objective') score = a.answer === null ? before : scoreKey(q, a.answer);
    else {
      const items = applied.filter((x) => x.submission_id === a.submission_id);
      if (items.length > 0 || a.adjustment !== null)
        score = Math.min(
          full,
          Math.max(
            0,
            full + items.reduce((s, i) => s + Number(i.points), 0) + Number(a.adjustment ?? 0),
          ),
        );
      else if (before > full) {
        score = full;
        clamped++;
      } else score = before;
    }
    const judgement = judgementOf(score, full);
    if (score === before && judgement === a.judgement) continue;
    changed.add(a.submission_id);
    await trx
      .updateTable('homework_answers')
      .set({ score, judgement, corrected_at: now })
      .where('submission_id', '=', a.submission_id)
      .where('question_no', '=', q.no)
      .execute();
  }
  for (const id of changed) await settle(trx, id, null, now);
  return {
    handIns: new Set(answers.map((a) => a.submission_id)).size,
    changed: changed.size,
    clamped,
  };
}
