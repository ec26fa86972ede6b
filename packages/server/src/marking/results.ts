import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { badRequest } from '../core/envelope';
import { chunks, recomputeTotals, upsertScores } from '../exam/scores';
import { conflict } from './blocks';
import { released } from './leases';
import { lockPaper } from './locks';
import { SLOT } from './slots';
import { writeTransaction } from './transaction';

/**
 * Writes the final scores of a subject's finished blocks into the exam domain's
 * `exam_scores` (source `marking`, one row per question and student) and recomputes the
 * subject totals there, so objective and subjective scores add up to the subject score.
 */
export async function writeSubjectScores(
  trx: Db,
  examSubjectId: number,
  now: number,
): Promise<number> {
  const papers = await trx
    .selectFrom('marking_papers as p')
    .innerJoin('marking_blocks as b', 'b.id', 'p.block_id')
    .select(['p.student_id', 'p.final_parts', 'b.question_ids'])
    .where('b.exam_subject_id', '=', examSubjectId)
    .where('b.joint_exam_id', 'is', null)
    .where('b.state', '=', 'finished')
    .where('p.is_seed', '=', 0)
    .where('p.state', '=', 'done')
    .execute();
  await writePaperScores(trx, examSubjectId, papers, now);
  return new Set(papers.map((p) => p.student_id)).size;
}

/** A finished paper's final parts: its block's question ids and the parts in half points. */
export interface FinalPaper {
  student_id: number;
  question_ids: string;
  final_parts: string | null;
}

/**
 * Writes finished papers' final parts as an exam subject's scores (source `marking`, one row per
 * question and student, the answer kept) and recomputes the subject totals. `questionOf` maps a
 * block's question id to the subject's (a joint pool's blocks hold the master paper's; it may
 * throw); by default they are the same.
 */
export async function writePaperScores(
  trx: Db,
  examSubjectId: number,
  papers: FinalPaper[],
  now: number,
  questionOf: (blockQuestionId: number) => number = (id) => id,
): Promise<void> {
  const rows = papers.flatMap((p) => {
    const questions = JSON.parse(p.question_ids) as number[];
    const parts = JSON.parse(p.final_parts ?? '[]') as number[];
    return questions.map((blockQuestionId, i) => ({
      exam_subject_id: examSubjectId,
      question_id: questionOf(blockQuestionId),
      student_id: p.student_id,
      score: (parts[i] ?? 0) / 2,
      source: 'marking',
      answer: null,
      updated_at: now,
    }));
  });
  await upsertScores(trx, rows, { keepAnswer: true });
  await recomputeTotals(trx, examSubjectId, now);
}

/** Sums each student's subject totals of an exam into `marking_exam_totals`. */
export async function refreshExamTotals(trx: Db, examId: number, now: number): Promise<number> {
  const sums = await trx
    .selectFrom('exam_subject_totals as t')
    .innerJoin('exam_subjects as s', 's.id', 't.exam_subject_id')
    .select((eb) => [
      't.student_id',
      eb.fn.sum<number>('t.score').as('total'),
      eb.fn.countAll<number>().as('subjects'),
    ])
    .where('s.exam_id', '=', examId)
    .where('t.score', 'is not', null)
    .groupBy('t.student_id')
    .execute();
  await trx.deleteFrom('marking_exam_totals').where('exam_id', '=', examId).execute();
  for (const part of chunks(sums)) {
    await trx
      .insertInto('marking_exam_totals')
      .values(
        part.map((s) => ({
          exam_id: examId,
          student_id: s.student_id,
          total_half: Math.round(Number(s.total) * 2),
          subjects: Number(s.subjects),
          updated_at: now,
        })),
      )
      .execute();
  }
  return sums.length;
}

/**
 * Finishes marking of a subject: every block must be finished; the final scores go to
 * `exam_scores`, the subject totals (objective + subjective) and the exam totals are recomputed.
 */
export async function finishSubject(
  db: Db,
  clock: Clock,
  schoolId: number,
  examSubjectId: number,
): Promise<{ students: number }> {
  return writeTransaction(db, async (trx) => {
    const now = clock.now().getTime();
    const blocks = await trx
      .selectFrom('marking_blocks')
      .select(['id', 'state', 'exam_id'])
      .where('school_id', '=', schoolId)
      .where('exam_subject_id', '=', examSubjectId)
      .where('joint_exam_id', 'is', null)
      .execute();
    if (blocks.length === 0) throw badRequest('该科目没有阅卷题块');
    const open = blocks.filter((b) => b.state !== 'finished').length;
    if (open > 0) throw conflict(`还有 ${open} 个题块未结束`);
    const students = await writeSubjectScores(trx, examSubjectId, now);
    await refreshExamTotals(trx, blocks[0]!.exam_id, now);
    return { students };
  });
}

/**
 * refresh_report: writes again the marking scores of every subject of the exam whose blocks
 * are all finished, and recomputes subject and exam totals (after a leader's re-mark or a reset).
 */
export async function refreshReport(
  db: Db,
  clock: Clock,
  examId: number,
): Promise<{ subjects: number; students: number }> {
  return writeTransaction(db, async (trx) => {
    const now = clock.now().getTime();
    const blocks = await trx
      .selectFrom('marking_blocks')
      .select(['exam_subject_id', 'state'])
      .where('exam_id', '=', examId)
      .where('joint_exam_id', 'is', null)
      .execute();
    const subjects = new Map<number, boolean>();
    for (const b of blocks)
      subjects.set(
        b.exam_subject_id,
        (subjects.get(b.exam_subject_id) ?? true) && b.state === 'finished',
      );
    let count = 0;
    for (const [subjectId, finished] of subjects) {
      if (!finished) continue;
      await writeSubjectScores(trx, subjectId, now);
      count++;
    }
    const students = await refreshExamTotals(trx, examId, now);
    return { subjects: count, students };
  });
}

/**
 * resetExamResultDetailAnswer: a student's answers in a subject (or one block) are marked
 * again from scratch: the paper returns to the pool with fresh tasks, the marking scores of
 * its questions leave `exam_scores`, and a finished block is paused for the leader to resume.
 * The marks given so far stay in the history.
 */
export async function resetAnswer(
  db: Db,
  clock: Clock,
  input: {
    schoolId: number;
    examSubjectId: number;
    studentId: number;
    blockId?: number | undefined;
  },
): Promise<{ papers: number }> {
  return writeTransaction(db, async (trx) => {
    const now = clock.now().getTime();
    let query = trx
      .selectFrom('marking_papers as p')
      .innerJoin('marking_blocks as b', 'b.id', 'p.block_id')
      .select(['p.id', 'b.id as block_id', 'b.state', 'b.question_ids', 'b.exam_id'])
      .where('b.school_id', '=', input.schoolId)
      .where('b.exam_subject_id', '=', input.examSubjectId)
      .where('b.joint_exam_id', 'is', null)
      .where('p.student_id', '=', input.studentId)
      .where('p.is_seed', '=', 0);
    if (input.blockId !== undefined) query = query.where('b.id', '=', input.blockId);
    const papers = await query.execute();
    for (const p of papers) {
      await lockPaper(trx, p.id);
      await trx
        .updateTable('marking_papers')
        .set({
          state: 'marking',
          final_score_half: null,
          final_parts: null,
          final_source: null,
          finished_at: null,
          problem_reason: null,
          problem_note: null,
          problem_user_id: null,
          problem_at: null,
        })
        .where('id', '=', p.id)
        .execute();
      await trx
        .deleteFrom('marking_tasks')
        .where('paper_id', '=', p.id)
        .where('slot', 'in', [SLOT.third, SLOT.recheck, SLOT.arbitration])
        .execute();
      await trx
        .updateTable('marking_tasks')
        .set({
          ...released(now),
          score_half: null,
          parts: null,
          submitted_at: null,
        })
        .where('paper_id', '=', p.id)
        .where('slot', '<', SLOT.third)
        .execute();
      if (p.state === 'finished')
        await trx
          .updateTable('marking_blocks')
          .set({ state: 'paused', updated_at: now })
          .where('id', '=', p.block_id)
          .execute();
      const questions = JSON.parse(p.question_ids) as number[];
      await trx
        .deleteFrom('exam_scores')
        .where('student_id', '=', input.studentId)
        .where('question_id', 'in', questions)
        .where('source', '=', 'marking')
        .execute();
    }
    if (papers.length > 0) {
      await recomputeTotals(trx, input.examSubjectId, now, [input.studentId]);
      await refreshExamTotals(trx, papers[0]!.exam_id, now);
    }
    return { papers: papers.length };
  });
}
