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
  const { questions, totals, absent, takes } = scores;
  for (let s = 0; s < studentCount; s++) {
    if (absent?.[s] || (takes !== undefined && !takes[s])) continue;
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

/**
 * Total of every student over the subjects they take (all, unless `takes` says otherwise):
 * NaN when absent from any of them, or when they take none.
 */
export function totalColumn(
  columns: readonly Float64Array[],
  studentCount: number,
  takes: readonly (ArrayLike<number | boolean> | undefined)[] = [],
): Float64Array {
  const total = new Float64Array(studentCount);
  const taken = new Int32Array(studentCount);
  columns.forEach((column, j) => {
    const who = takes[j];
    for (let s = 0; s < studentCount; s++) {
      if (who !== undefined && !who[s]) continue;
      total[s]! += column[s] as number;
      taken[s]!++;
    }
  });
  for (let s = 0; s < studentCount; s++)
    total[s] = taken[s] === 0 ? Number.NaN : snap(total[s] as number);
  return total;
}

/** Full marks of the total: the most a student can score over the subjects they take. */
export function totalFullMarks(
  fullMarks: readonly number[],
  studentCount: number,
  takes: readonly (ArrayLike<number | boolean> | undefined)[] = [],
): number {
  if (takes.every((t) => t === undefined)) return fullMarks.reduce((a, b) => a + b, 0);
  let best = 0;
  for (let s = 0; s < studentCount; s++) {
    let sum = 0;
    fullMarks.forEach((f, j) => {
      const who = takes[j];
      if (who === undefined || who[s]) sum += f;
    });
    if (sum > best) best = sum;
  }
  return best;
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
    const columns = [
      ...entry.questions,
      ...(entry.responses ?? []),
      entry.totals,
      entry.absent,
      entry.takes,
    ];
    for (const column of columns) {
      if (column !== undefined && column.length !== studentCount) {
        throw new RangeError(
          `subject ${subject.id}: a column has ${column.length} entries for ${studentCount} students`,
        );
      }
    }
  }
}
