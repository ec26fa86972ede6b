import type { SubjectInput, SubjectScores } from '../types';

const snap = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * The subject score of every student (NaN when absent). Sums of question scores are snapped to
 * 1e-6 so that float drift never splits a tie.
 */
export function subjectColumn(
  subject: SubjectInput,
  scores: SubjectScores | undefined,
  studentCount: number,
): Float64Array {
  const column = new Float64Array(studentCount).fill(Number.NaN);
  if (scores === undefined) return column;
  const { questions, totals, absent } = scores;
  for (let s = 0; s < studentCount; s++) {
    if (absent?.[s]) continue;
    if (totals !== undefined) {
      column[s] = totals[s] as number;
      continue;
    }
    let sum = 0;
    let any = false;
    for (const item of questions) {
      const v = item[s] as number;
      if (!Number.isNaN(v)) {
        sum += v;
        any = true;
      }
    }
    if (any) column[s] = snap(sum);
  }
  return column;
}

/** Total of every student present in every subject; NaN otherwise (and when there is no subject). */
export function totalColumn(columns: readonly Float64Array[], studentCount: number): Float64Array {
  const total = new Float64Array(studentCount).fill(columns.length > 0 ? 0 : Number.NaN);
  for (const column of columns)
    for (let s = 0; s < studentCount; s++) total[s]! += column[s] as number;
  for (let s = 0; s < studentCount; s++) total[s] = snap(total[s] as number);
  return total;
}

/** Throws when the scores do not fit the students and papers. */
export function checkScores(
  subjects: readonly SubjectInput[],
  scores: readonly SubjectScores[],
  studentCount: number,
): void {
  const known = new Set<string>();
  for (const subject of subjects) {
    if (known.has(subject.id)) throw new RangeError(`duplicate subject ${subject.id}`);
    known.add(subject.id);
  }
  const seen = new Set<string>();
  for (const entry of scores) {
    const subject = subjects.find((s) => s.id === entry.subjectId);
    if (subject === undefined)
      throw new RangeError(`scores for unknown subject ${entry.subjectId}`);
    if (seen.has(entry.subjectId))
      throw new RangeError(`duplicate scores for subject ${entry.subjectId}`);
    seen.add(entry.subjectId);
    if (entry.questions.length !== 0 && entry.questions.length !== subject.questions.length) {
      throw new RangeError(
        `subject ${subject.id}: ${entry.questions.length} question columns for ${subject.questions.length} questions`,
      );
    }
    const columns = [...entry.questions, ...(entry.responses ?? []), entry.totals, entry.absent];
    for (const column of columns) {
      if (column !== undefined && column.length !== studentCount) {
        throw new RangeError(
          `subject ${subject.id}: a column has ${column.length} entries for ${studentCount} students`,
        );
      }
    }
  }
}
