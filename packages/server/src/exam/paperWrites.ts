import type { QuestionInput } from '@examkit/contracts';
import type { Db } from '../core/database';
import { badRequest } from '../core/envelope';
import { scoreObjective } from './objectiveScoring';
import { checkAnswer, isObjective, loadQuestionRows, toQuestionTree } from './paper';
import { chunks, recomputeTotals, writeRescored } from './scores';
import { relayoutSavedSheet } from './sheets';

type Fields = Omit<QuestionInput, 'children' | 'number'>;

function columnsOf(q: Fields, full: string) {
  const answer =
    q.answer !== undefined && q.answer !== null && q.answer.trim() !== '' && isObjective(q.kind)
      ? checkAnswer(q.kind, q.answer, q.optionCount, full)
      : null;
  return {
    kind: q.kind,
    full_marks: q.fullMarks,
    option_count:
      q.kind === 'judge'
        ? 2
        : q.kind === 'single' || q.kind === 'multiple'
          ? (q.optionCount ?? 4)
          : null,
    answer,
    partial_marks: q.kind === 'multiple' ? (q.partialMarks ?? null) : null,
    score_step: q.scoreStep ?? 1,
    blank_count: q.kind === 'fill' ? (q.blankCount ?? 1) : null,
    knowledge_points: JSON.stringify(q.knowledgePoints ?? []),
    abilities: JSON.stringify(q.abilities ?? []),
  };
}

/**
 * Replaces a subject's paper structure. Questions keep their ids (and scores) when their full
 * number stays; removed questions lose their scores; totals and a saved sheet follow.
 */
export async function saveStructure(
  trx: Db,
  examSubjectId: number,
  questions: readonly QuestionInput[],
  now: number,
): Promise<void> {
  const existing = await loadQuestionRows(trx, examSubjectId);
  const tree = toQuestionTree(existing);
  const idByFull = new Map<string, number>();
  for (const q of tree) {
    idByFull.set(q.fullNumber, q.id);
    for (const c of q.children) idByFull.set(c.fullNumber, c.id);
  }
  const keep = new Set<number>();
  const headings: number[] = [];
  let order = 0;
  const upsert = async (q: Fields & { number: string }, full: string, parentId: number | null) => {
    const values = {
      ...columnsOf(q, full),
      number: q.number,
      parent_id: parentId,
      sort_order: order++,
    };
    const id = idByFull.get(full);
    if (id !== undefined && !keep.has(id)) {
      keep.add(id);
      await trx.updateTable('exam_questions').set(values).where('id', '=', id).execute();
      return id;
    }
    const row = await trx
      .insertInto('exam_questions')
      .values({ ...values, exam_subject_id: examSubjectId })
      .returning('id')
      .executeTakeFirstOrThrow();
    keep.add(row.id);
    return row.id;
  };
  for (const q of questions) {
    const id = await upsert(q, q.number, null);
    const children = q.children ?? [];
    if (children.length > 0) headings.push(id);
    for (const c of children) await upsert(c, q.number + c.number, id);
  }
  const removed = existing.map((r) => r.id).filter((id) => !keep.has(id));
  // Children before parents: the parent reference would otherwise cascade first on one dialect only.
  const removedChildren = existing.filter((r) => removed.includes(r.id) && r.parent_id !== null);
  for (const part of chunks(removedChildren.map((r) => r.id)))
    await trx.deleteFrom('exam_questions').where('id', 'in', part).execute();
  for (const part of chunks(removed))
    await trx.deleteFrom('exam_questions').where('id', 'in', part).execute();
  // A leaf that became a heading keeps no scores.
  for (const part of chunks(headings))
    await trx.deleteFrom('exam_scores').where('question_id', 'in', part).execute();
  await recomputeTotals(trx, examSubjectId, now);
  await relayoutSavedSheet(trx, examSubjectId, now);
}

/**
 * Sets answer keys and partial credit. Stored objective scores of changed questions are
 * re-scored from their recognised answers; imported scores cannot be, so the subject is
 * flagged `rescore_needed`. Any change to a question with scores bumps the key version.
 */
export async function saveAnswers(
  trx: Db,
  examSubjectId: number,
  answers: readonly { questionId: number; answer: string | null; partialMarks?: number | null }[],
  now: number,
): Promise<void> {
  const rows = await loadQuestionRows(trx, examSubjectId);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const parents = new Set(rows.map((r) => r.parent_id).filter((p) => p !== null));
  const changed: number[] = [];
  for (const item of answers) {
    const row = byId.get(item.questionId);
    if (!row) throw badRequest('题目不属于该考试科目');
    const parent = row.parent_id !== null ? byId.get(row.parent_id) : undefined;
    const full = (parent?.number ?? '') + row.number;
    if (parents.has(row.id) || !isObjective(row.kind))
      throw badRequest(`第 ${full} 题不是客观题，不能设置答案`);
    const answer =
      item.answer === null || item.answer.trim() === ''
        ? null
        : checkAnswer(row.kind, item.answer, row.option_count, full);
    let partial = row.partial_marks;
    if (item.partialMarks !== undefined) {
      if (item.partialMarks !== null && row.kind !== 'multiple')
        throw badRequest(`第 ${full} 题不是多选题，不能设置部分得分`);
      if (
        item.partialMarks !== null &&
        (item.partialMarks <= 0 || item.partialMarks >= row.full_marks)
      )
        throw badRequest(`第 ${full} 题的部分得分必须大于 0 且小于满分`);
      partial = item.partialMarks;
    }
    if (answer === row.answer && partial === row.partial_marks) continue;
    await trx
      .updateTable('exam_questions')
      .set({ answer, partial_marks: partial })
      .where('id', '=', row.id)
      .execute();
    byId.set(row.id, { ...row, answer, partial_marks: partial });
    changed.push(row.id);
  }
  if (changed.length === 0) return;
  const scores = await trx
    .selectFrom('exam_scores')
    .select(['question_id', 'student_id', 'score', 'source', 'answer'])
    .where('exam_subject_id', '=', examSubjectId)
    .where('question_id', 'in', changed)
    .execute();
  if (scores.length === 0) return;
  let needsRescore = false;
  await writeRescored(trx, examSubjectId, now, scores, (s) => {
    const q = byId.get(s.question_id);
    if (!q || !isObjective(q.kind)) return null;
    if (s.source !== 'objective') {
      needsRescore = true;
      return null;
    }
    return scoreObjective(
      { kind: q.kind, fullMarks: q.full_marks, answer: q.answer, partialMarks: q.partial_marks },
      s.answer,
    );
  });
  await trx
    .updateTable('exam_subjects')
    .set((eb) => ({
      answer_key_version: eb('answer_key_version', '+', 1),
      ...(needsRescore ? { rescore_needed: 1 } : {}),
    }))
    .where('id', '=', examSubjectId)
    .execute();
}
