import type { Db } from '../../core/database';
import { normalizeChoice, scoreObjective } from '../../exam/objectiveScoring';
import { homeworkSettingOf } from '../settings';

/**
 * The row of a new hand-in of a student, handed in `at` (录入, 在线作答, a seeded one): not yet
 * scored or corrected, with no scanned image.
 */
export function newHandIn(input: {
  homeworkId: number;
  schoolId: number;
  studentId: number;
  classId: number;
  source: 'manual' | 'online' | 'scan';
  at: number;
}) {
  return {
    homework_id: input.homeworkId,
    school_id: input.schoolId,
    student_id: input.studentId,
    class_id: input.classId,
    status: 'submitted',
    source: input.source,
    image_key: null,
    score: null,
    submitted_at: input.at,
    corrected_by: null,
    corrected_at: null,
    updated_at: input.at,
  };
}

export interface KeyQuestion {
  no: number;
  type: string;
  answer: string | null;
  full_marks: number;
}

/** The exams' kind of a homework key: 对/错 判断, one letter 单选, several 多选. */
export function keyKind(answer: string): 'single' | 'multiple' | 'judge' {
  if (answer === '对' || answer === '错') return 'judge';
  return answer.length > 1 ? 'multiple' : 'single';
}

/**
 * An objective answer scored with the exams' rules; a 多选 strict subset without a wrong
 * option earns half the marks, rounded down to half points.
 */
export function scoreKey(q: KeyQuestion, given: string | null): number {
  if (q.answer === null) return 0;
  const kind = keyKind(q.answer);
  const full = Number(q.full_marks);
  return scoreObjective(
    { kind, fullMarks: full, answer: q.answer, partialMarks: Math.floor(full) / 2 },
    given,
  );
}

/** What the recogniser or a form gives as an objective answer, as stored (`AC`, `T`, '' none). */
export function storedChoice(q: KeyQuestion, raw: string): string {
  return normalizeChoice(q.answer ? keyKind(q.answer) : 'single', raw) ?? '';
}

export const judgementOf = (score: number, fullMarks: number) =>
  score >= Number(fullMarks) ? 'right' : 'wrong';

const clamp = (v: number, full: number) => Math.min(Number(full), Math.max(0, v));

/**
 * Scores rubric-scored answers again from their applied items (after an item changed), then the
 * totals of the submissions that changed, which it counts.
 */
export async function rescoreRubric(
  trx: Db,
  keys: readonly { submissionId: number; questionNo: number }[],
  fullMarks: number,
  now: number,
  /** Who changed it, recorded as the corrector (null when an edited rubric item re-scores). */
  userId: number | null = null,
): Promise<number> {
  const changed = new Set<number>();
  for (const k of keys) {
    const [items, answer] = await Promise.all([
      trx
        .selectFrom('homework_answer_rubrics as ar')
        .innerJoin('homework_rubric_items as i', 'i.id', 'ar.rubric_item_id')
        .select('i.points')
        .where('ar.submission_id', '=', k.submissionId)
        .where('ar.question_no', '=', k.questionNo)
        .execute(),
      trx
        .selectFrom('homework_answers')
        .select(['adjustment', 'score'])
        .where('submission_id', '=', k.submissionId)
        .where('question_no', '=', k.questionNo)
        .executeTakeFirst(),
    ]);
    const score =
      items.length === 0 && answer?.adjustment === null
        ? null
        : clamp(
            Number(fullMarks) +
              items.reduce((s, i) => s + Number(i.points), 0) +
              Number(answer?.adjustment ?? 0),
            fullMarks,
          );
    if (score === (answer?.score === null || !answer ? null : Number(answer.score))) continue;
    changed.add(k.submissionId);
    await trx
      .updateTable('homework_answers')
      .set({
        score,
        judgement: score === null ? null : judgementOf(score, fullMarks),
        corrected_at: score === null ? null : now,
      })
      .where('submission_id', '=', k.submissionId)
      .where('question_no', '=', k.questionNo)
      .execute();
  }
  for (const id of changed) await settle(trx, id, userId, now);
  return changed.size;
}

/**
 * A submission's total and status after a score changed: `finished` once every question is
 * scored (recording who, when `userId` is given), `modified` when a finished one changes. Under
 * 批改方式 教师批改 (`teacher`) a hand-in scored by nobody (`userId` null: a scan, an on-screen
 * hand-in, a corrected key) stays `submitted` though every question is scored: it waits for a
 * teacher's score (docs/homework.md "Who finishes a hand-in").
 */
export async function settle(
  trx: Db,
  submissionId: number,
  userId: number | null,
  now: number,
): Promise<void> {
  const sub = await trx
    .selectFrom('homework_submissions')
    .select(['status', 'homework_id'])
    .where('id', '=', submissionId)
    .executeTakeFirstOrThrow();
  const waitsForTeacher = async () => {
    const hw = await trx
      .selectFrom('homeworks')
      .select(['school_id', 'academic_year', 'grade_id', 'subject_id'])
      .where('id', '=', sub.homework_id)
      .executeTakeFirstOrThrow();
    return (await homeworkSettingOf(trx, hw)).correctionMode === 'teacher';
  };
  const [questions, answers] = await Promise.all([
    trx
      .selectFrom('homework_questions')
      .select('no')
      .where('homework_id', '=', sub.homework_id)
      .execute(),
    trx
      .selectFrom('homework_answers')
      .select(['question_no', 'score'])
      .where('submission_id', '=', submissionId)
      .execute(),
  ]);
  const scored = answers.filter((a) => a.score !== null);
  const total = scored.length === 0 ? null : scored.reduce((s, a) => s + Number(a.score), 0);
  const complete = questions.every((q) => scored.some((a) => a.question_no === q.no));
  const wasDone = sub.status === 'finished' || sub.status === 'modified';
  const finishes = complete && (userId !== null || !(await waitsForTeacher()));
  const status = wasDone ? 'modified' : finishes ? 'finished' : 'submitted';
  await trx
    .updateTable('homework_submissions')
    .set({
      score: total,
      status,
      updated_at: now,
      ...(status !== 'submitted' && userId !== null
        ? { corrected_by: userId, corrected_at: now }
        : {}),
    })
    .where('id', '=', submissionId)
    .execute();
}

/**
 * Scores one question of a hand-in with a number (the keyboard, or a composition's rubric total):
 * its applied rubric items go, and the submission is settled when the score changed or the
 * hand-in is still 待批改. Run inside a transaction.
 */
export async function writeScore(
  trx: Db,
  submissionId: number,
  q: { no: number; full_marks: number },
  score: number,
  userId: number,
  at: number,
): Promise<void> {
  const before = await trx
    .selectFrom('homework_answers')
    .select('score')
    .where('submission_id', '=', submissionId)
    .where('question_no', '=', q.no)
    .executeTakeFirst();
  await trx
    .deleteFrom('homework_answer_rubrics')
    .where('submission_id', '=', submissionId)
    .where('question_no', '=', q.no)
    .execute();
  const values = {
    score,
    judgement: judgementOf(score, q.full_marks),
    adjustment: null,
    review: 0,
    corrected_by: userId,
    corrected_at: at,
  };
  if (before)
    await trx
      .updateTable('homework_answers')
      .set(values)
      .where('submission_id', '=', submissionId)
      .where('question_no', '=', q.no)
      .execute();
  else
    await trx
      .insertInto('homework_answers')
      .values({
        ...values,
        submission_id: submissionId,
        question_no: q.no,
        answer: null,
        crop_key: null,
      })
      .execute();
  // An unchanged score settles a hand-in that still waits: under 教师批改 saving the scores the
  // key gave is how a teacher finishes a hand-in of objective questions only.
  const waiting = async () =>
    (
      await trx
        .selectFrom('homework_submissions')
        .select('status')
        .where('id', '=', submissionId)
        .executeTakeFirstOrThrow()
    ).status === 'submitted';
  if (
    before?.score === null ||
    before === undefined ||
    Number(before.score) !== score ||
    (await waiting())
  )
    await settle(trx, submissionId, userId, at);
}
