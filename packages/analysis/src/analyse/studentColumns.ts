import { groupRanksInto, rankOrder } from '../stats/competitionRanks';
import { meanAndSd, sortedPresent } from '../stats/describe';
import { levelLinesFor, scoreLevel } from '../stats/levelRates';
import { percentileRank, rankChange, tScore, zScore } from '../stats/standardScores';
import type { LevelLines, StudentScoreColumns } from '../types';
import type { Group } from './groups';

const classIndexes = new WeakMap<readonly Group[], Int32Array>();

/** The class of every student, as an index into `classes` (computed once per analysis). */
function classIndex(classes: readonly Group[], n: number): Int32Array {
  let index = classIndexes.get(classes);
  if (index === undefined) {
    index = new Int32Array(n);
    classes.forEach((group, c) => {
      for (const s of group.members) index![s] = c;
    });
    classIndexes.set(classes, index);
  }
  return index;
}

/** Grade ranks, class ranks (0 = not ranked) and per-student figures of one score column. */
export function studentScoreColumns(
  column: Float64Array,
  fullMarks: number,
  classes: readonly Group[],
  studentIds: readonly string[],
  previous: Readonly<Record<string, number>> | undefined,
  lines: LevelLines,
  tScale: { readonly mean: number; readonly sd: number } = { mean: 50, sd: 10 },
): { columns: StudentScoreColumns; gradeRanks: Int32Array } {
  const n = column.length;
  const gradeRanks = new Int32Array(n);
  const order = rankOrder(column, gradeRanks);
  // class ranks read off the grade's order (every student is in exactly one class)
  const classRanks = new Int32Array(n);
  groupRanksInto(column, order, classIndex(classes, n), classes.length, classRanks);
  const moments = meanAndSd(sortedPresent(column));
  const mean = moments?.mean ?? null;
  const sd = moments?.sd ?? null;
  const points = levelLinesFor(fullMarks, lines);
  const rankOrNull = (r: number) => (r === 0 ? null : r);
  const z = Array.from(column, (v) => zScore(v, mean, sd));
  const ranked = moments === null ? 0 : gradeRanks.reduce((k, r) => (r > 0 ? k + 1 : k), 0);
  const previousRanked = previous === undefined ? 0 : Object.keys(previous).length;
  const before = (s: number) => {
    const id = studentIds[s] as string;
    return previous !== undefined && Object.hasOwn(previous, id) ? previous[id] : undefined;
  };
  const percentiles = Array.from(gradeRanks, (r) => percentileRank(rankOrNull(r), ranked));
  return {
    gradeRanks,
    columns: {
      scores: Array.from(column, (v) => (Number.isNaN(v) ? null : v)),
      levels: Array.from(column, (v) =>
        Number.isNaN(v) || !(fullMarks > 0) ? null : scoreLevel(v, points),
      ),
      classRanks: Array.from(classRanks, rankOrNull),
      gradeRanks: Array.from(gradeRanks, rankOrNull),
      z,
      t: z.map((v) => tScore(v, tScale)),
      rankChanges: Array.from(gradeRanks, (r, s) => rankChange(before(s), rankOrNull(r))),
      percentiles,
      percentileChanges: percentiles.map((p, s) => {
        const was = percentileRank(before(s), previousRanked);
        return p === null || was === null ? null : p - was;
      }),
    },
  };
}

/** 偏科: subject grade rank − total grade rank; null unless both are ranked. */
export function balanceColumn(subjectRanks: Int32Array, totalRanks: Int32Array): (number | null)[] {
  return Array.from(subjectRanks, (r, s) => {
    const total = totalRanks[s] as number;
    return r === 0 || total === 0 ? null : r - total;
  });
}
