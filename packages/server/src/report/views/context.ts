import {
  competitionRanks,
  type GroupReport,
  type ScoreStats,
  type StudentScoreColumns,
  type SubjectStats,
} from '@examkit/analysis';
import type { DataOf, reportRoutes } from '@examkit/contracts';
import { notFound } from '../../core/envelope';
import type { DataScope } from '../../core/scope';
import { engineId, fromEngineId } from '../cache';
import type { CachedReport, SnapshotSubject } from '../snapshot';

type Routes = typeof reportRoutes;
/** The data of a report call, by its name in `reportRoutes`. */
export type D<K extends keyof Routes> = DataOf<Routes[K]>;
/** Figures of one score column over a group, as every page sends them. */
export type Stats = D<'classBasic'>['rows'][number]['class'];
/** A teacher's comment on a question. */
export type Comment = D<'classComment'>['questions'][number]['comments'][number];

/** A cached report with what the page around it needs. */
export interface ReportContext {
  report: CachedReport;
  computedAt: number;
  published: boolean;
  scope: DataScope;
}

/** Name of the total column (subject key 0). */
export const TOTAL_NAME = '总分';

// ---------- lookups: the cached report's parts by id ----------

/** The engine's figures of a class; 404 when the class sat no subject of the exam. */
export function classGroup(ctx: ReportContext, classId: number): GroupReport {
  const group = ctx.report.analysis.classes.find((c) => c.id === engineId(classId));
  if (!group) throw notFound('该班级未参加本次考试');
  return group;
}

/** An exam subject of the snapshot; 404 when the exam has no such subject. */
export function subjectOf(ctx: ReportContext, subjectId: number): SnapshotSubject {
  const subject = ctx.report.snapshot.subjects.find((s) => s.id === subjectId);
  if (!subject) throw notFound('本次考试没有该科目');
  return subject;
}

/** A group's figures for one subject; 404 when the exam has no such subject. */
export function subjectStats(group: GroupReport, subjectId: number): SubjectStats {
  const stats = group.subjects.find((s) => s.subjectId === engineId(subjectId));
  if (!stats) throw notFound('本次考试没有该科目');
  return stats;
}

/** Stats of a subject, or of the total for 0. */
export function columnStats(group: GroupReport, subjectId: number): ScoreStats {
  return subjectId === 0 ? group.total : subjectStats(group, subjectId);
}

/** Every student's score, ranks and level in a subject, or in the total for 0. */
export function studentColumns(ctx: ReportContext, subjectId: number): StudentScoreColumns {
  const { students } = ctx.report.analysis;
  if (subjectId === 0) return students.total;
  const col = students.subjects.find((s) => s.subjectId === engineId(subjectId));
  if (!col) throw notFound('本次考试没有该科目');
  return col;
}

/** A class's name, or '' when the exam has no such class. */
export function className(ctx: ReportContext, classId: number): string {
  return ctx.report.snapshot.classes.find((c) => c.id === classId)?.name ?? '';
}

/** A subject's name, or 总分 for 0. */
export function subjectName(ctx: ReportContext, subjectId: number): string {
  return subjectId === 0 ? TOTAL_NAME : subjectOf(ctx, subjectId).name;
}

/** Index of an exam subject in the snapshot's subjects and score columns. */
export function subjectIndex(ctx: ReportContext, subjectId: number): number {
  return ctx.report.snapshot.subjects.findIndex((s) => s.id === subjectId);
}

/** Full marks of a subject, or of the total for 0. */
export function fullMarksOf(ctx: ReportContext, subjectId: number): number {
  return columnStats(ctx.report.analysis.grade, subjectId).fullMarks;
}

/** The total (0) and every exam subject: the columns of a grade page. */
export function allKeys(ctx: ReportContext): number[] {
  return [0, ...ctx.report.snapshot.subjects.map((s) => s.id)];
}

/** Indexes of a class's students, in student order. */
export function classMembers(ctx: ReportContext, classId: number): number[] {
  const out: number[] = [];
  ctx.report.snapshot.students.forEach((s, i) => {
    if (s.classId === classId) out.push(i);
  });
  return out;
}

/** Scores of a column (0 = total) for the students of some classes, NaN where absent. */
export function columnFor(
  ctx: ReportContext,
  subjectId: number,
  classIds?: Set<number>,
): Float64Array {
  const scores = studentColumns(ctx, subjectId).scores;
  const students = ctx.report.snapshot.students;
  const values: number[] = [];
  students.forEach((s, i) => {
    if (!classIds || classIds.has(s.classId)) values.push(scores[i] ?? Number.NaN);
  });
  return Float64Array.from(values);
}

/** Competition ranks of the classes by mean for a subject (0 = total), keyed by class id. */
export function meanRanks(ctx: ReportContext, subjectId: number): Map<number, number | null> {
  const classes = ctx.report.analysis.classes;
  const means = classes.map((c) => columnStats(c, subjectId).description.mean ?? Number.NaN);
  const ranks = competitionRanks(means);
  return new Map(classes.map((c, i) => [fromEngineId(c.id), ranks[i] ?? null]));
}
