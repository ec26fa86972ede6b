import type { Insertable } from 'kysely';
import type { Db } from '../core/database';
import type { DB } from '../core/schema';

/** Rows per multi-row insert: well under SQLite's and PostgreSQL's bound-parameter limits. */
export const CHUNK = 500;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Writes leaf scores, replacing a question's earlier score of the same student (in chunks).
 * `keepAnswer` leaves the stored answer as it was (a marker's score has no answer of its own).
 */
export async function upsertScores(
  trx: Db,
  rows: readonly Insertable<DB['exam_scores']>[],
  { keepAnswer = false }: { keepAnswer?: boolean } = {},
): Promise<void> {
  for (const part of chunks(rows)) {
    await trx
      .insertInto('exam_scores')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['question_id', 'student_id']).doUpdateSet((eb) => ({
          score: eb.ref('excluded.score'),
          source: eb.ref('excluded.source'),
          ...(keepAnswer ? {} : { answer: eb.ref('excluded.answer') }),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

/**
 * Sets each student's subject total to the sum of their leaf scores. Call it in the same
 * transaction after writing `exam_scores`; students marked absent stay absent.
 * @param studentIds only these students; @default every student with a score in the subject
 */
export async function recomputeTotals(
  trx: Db,
  examSubjectId: number,
  now: number,
  studentIds?: readonly number[],
): Promise<void> {
  if (studentIds !== undefined && studentIds.length === 0) return;
  let query = trx
    .selectFrom('exam_scores')
    .select((eb) => ['student_id', eb.fn.sum<number>('score').as('total')])
    .where('exam_subject_id', '=', examSubjectId)
    .groupBy('student_id');
  if (studentIds !== undefined && studentIds.length <= CHUNK)
    query = query.where('student_id', 'in', studentIds);
  const sums = await query.execute();
  const wanted = studentIds !== undefined ? new Set(studentIds) : null;
  const rows = sums
    .filter((s) => wanted === null || wanted.has(s.student_id))
    .map((s) => ({
      exam_subject_id: examSubjectId,
      student_id: s.student_id,
      score: Math.round(Number(s.total) * 100) / 100,
      absent: 0,
      updated_at: now,
    }));
  for (const part of chunks(rows)) {
    await trx
      .insertInto('exam_subject_totals')
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(['exam_subject_id', 'student_id'])
          .doUpdateSet((eb) => ({
            score: eb.ref('excluded.score'),
            updated_at: eb.ref('excluded.updated_at'),
          }))
          .where('exam_subject_totals.absent', '=', 0),
      )
      .execute();
  }
  // Students whose every score row went away (structure change) have no total any more.
  const withScores = new Set(sums.map((s) => s.student_id));
  const totals = await trx
    .selectFrom('exam_subject_totals')
    .select('student_id')
    .where('exam_subject_id', '=', examSubjectId)
    .where('absent', '=', 0)
    .execute();
  const stale = totals
    .map((t) => t.student_id)
    .filter((id) => !withScores.has(id) && (wanted === null || wanted.has(id)));
  for (const part of chunks(stale)) {
    await trx
      .deleteFrom('exam_subject_totals')
      .where('exam_subject_id', '=', examSubjectId)
      .where('student_id', 'in', part)
      .execute();
  }
}

/**
 * Scores stored answers again (after a key change): writes each row's new score where
 * `scoreOf` gives one that differs, then those students' totals. `null` leaves a row alone.
 */
export async function writeRescored<
  R extends { question_id: number; student_id: number; score: number },
>(
  trx: Db,
  examSubjectId: number,
  now: number,
  rows: readonly R[],
  scoreOf: (row: R) => number | null,
): Promise<void> {
  const touched = new Set<number>();
  for (const row of rows) {
    const score = scoreOf(row);
    if (score === null || score === row.score) continue;
    await trx
      .updateTable('exam_scores')
      .set({ score, updated_at: now })
      .where('question_id', '=', row.question_id)
      .where('student_id', '=', row.student_id)
      .execute();
    touched.add(row.student_id);
  }
  await recomputeTotals(trx, examSubjectId, now, [...touched]);
}
