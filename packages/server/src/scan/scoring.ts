import type { Db } from '../core/database';
import { normalizeChoice, scoreObjective } from '../exam/objectiveScoring';
import { chunks, recomputeTotals, upsertScores } from '../exam/scores';

const OBJECTIVE = new Set(['single', 'multiple', 'judge']);

/** The sheets that count for a student: matched, not dropped by a fix, not a second copy. */
export function activeSheets(db: Db, examSubjectId: number) {
  return db
    .selectFrom('scan_sheets')
    .where('exam_subject_id', '=', examSubjectId)
    .where('discarded', '=', 0)
    .where('status', '!=', 'duplicate')
    .where('student_id', 'is not', null);
}

/**
 * Writes the objective scores of students from their active sheets with the current answer key
 * (`source = 'objective'`), or marks them absent, and recomputes their totals. Answers still
 * under review get no score until fixed. Call inside a transaction; running it again writes the
 * same rows.
 */
export async function scoreStudents(
  trx: Db,
  examSubjectId: number,
  studentIds: readonly number[],
  now: number,
): Promise<void> {
  if (studentIds.length === 0) return;
  const questions = await trx
    .selectFrom('exam_questions')
    .select(['id', 'kind', 'full_marks', 'answer', 'partial_marks'])
    .where('exam_subject_id', '=', examSubjectId)
    .execute();
  const byId = new Map(questions.filter((q) => OBJECTIVE.has(q.kind)).map((q) => [q.id, q]));
  for (const part of chunks(studentIds)) {
    const sheets = await activeSheets(trx, examSubjectId)
      .where('student_id', 'in', part)
      .select(['id', 'student_id', 'absent'])
      .execute();
    const answers =
      sheets.length === 0
        ? []
        : await trx
            .selectFrom('scan_answers')
            .select(['sheet_id', 'question_id', 'answer', 'status'])
            .where(
              'sheet_id',
              'in',
              sheets.map((s) => s.id),
            )
            .where('status', 'in', ['ok', 'fixed'])
            .execute();
    const studentOf = new Map(sheets.map((s) => [s.id, s.student_id!]));
    const absent = new Set(sheets.filter((s) => s.absent === 1).map((s) => s.student_id!));
    await trx
      .deleteFrom('exam_scores')
      .where('exam_subject_id', '=', examSubjectId)
      .where('source', '=', 'objective')
      .where('student_id', 'in', part)
      .execute();
    const rows = answers.flatMap((a) => {
      const q = byId.get(a.question_id);
      const studentId = studentOf.get(a.sheet_id)!;
      if (!q || absent.has(studentId)) return [];
      const kind = q.kind as 'single' | 'multiple' | 'judge';
      const given = normalizeChoice(kind, a.answer);
      return [
        {
          exam_subject_id: examSubjectId,
          question_id: q.id,
          student_id: studentId,
          score: scoreObjective(
            { kind, fullMarks: q.full_marks, answer: q.answer, partialMarks: q.partial_marks },
            given,
          ),
          source: 'objective',
          answer: given ?? '',
          updated_at: now,
        },
      ];
    });
    await upsertScores(trx, rows);
    const present = part.filter((id) => !absent.has(id));
    if (present.length > 0)
      await trx
        .updateTable('exam_subject_totals')
        .set({ absent: 0, updated_at: now })
        .where('exam_subject_id', '=', examSubjectId)
        .where('student_id', 'in', present)
        .where('absent', '=', 1)
        .execute();
    for (const studentId of absent) await markAbsent(trx, examSubjectId, studentId, now);
    await recomputeTotals(trx, examSubjectId, now, present);
  }
}

/** Records a student as absent in a subject (total null, `absent` 1). */
export async function markAbsent(
  trx: Db,
  examSubjectId: number,
  studentId: number,
  now: number,
): Promise<void> {
  await trx
    .deleteFrom('exam_scores')
    .where('exam_subject_id', '=', examSubjectId)
    .where('student_id', '=', studentId)
    .where('source', '=', 'objective')
    .execute();
  await trx
    .insertInto('exam_subject_totals')
    .values({
      exam_subject_id: examSubjectId,
      student_id: studentId,
      score: null,
      absent: 1,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['exam_subject_id', 'student_id'])
        .doUpdateSet({ score: null, absent: 1, updated_at: now }),
    )
    .execute();
}
