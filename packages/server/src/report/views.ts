import {
  aboveMeanRate,
  competitionRanks,
  describe,
  levelRates,
  scoreBands,
  tagScoreRates,
  type CriticalStudents,
  type GroupReport,
  type LevelLines,
  type QuestionStats,
  type ScoreStats,
  type StudentScoreColumns,
  type SubjectStats,
  type TagStats,
} from '@examkit/analysis';
import type { DataOf, reportRoutes } from '@examkit/contracts';
import type { DataScope } from '../core/scope';
import { inScopeClass, inScopeSubject } from '../core/scope';
import { badRequest, forbidden, notFound } from '../core/envelope';
import { engineId, fromEngineId } from './cache';
import type { CachedReport, SnapshotQuestion, SnapshotSubject } from './snapshot';

type Routes = typeof reportRoutes;
type D<K extends keyof Routes> = DataOf<Routes[K]>;
type Stats = D<'classBasic'>['rows'][number]['class'];
type Exam = D<'classBasic'>['exam'];
type Critical = D<'classBasic'>['rows'][number]['critical'][number];
type Comment = D<'classComment'>['questions'][number]['comments'][number];
type Transcript = D<'classTranscript'>['students'][number];

/** A cached report with what the page around it needs. */
export interface ReportContext {
  report: CachedReport;
  computedAt: number;
  published: boolean;
  scope: DataScope;
}

export const TOTAL_NAME = '总分';
/** Score rate under which a knowledge point counts as weak for a student. */
export const WEAK_TAG_RATE = 0.6;

// ---------- lookups ----------

function classGroup(ctx: ReportContext, classId: number): GroupReport {
  const group = ctx.report.analysis.classes.find((c) => c.id === engineId(classId));
  if (!group) throw notFound('该班级未参加本次考试');
  return group;
}

function subjectOf(ctx: ReportContext, subjectId: number): SnapshotSubject {
  const subject = ctx.report.snapshot.subjects.find((s) => s.id === subjectId);
  if (!subject) throw notFound('本次考试没有该科目');
  return subject;
}

function subjectStats(group: GroupReport, subjectId: number): SubjectStats {
  const stats = group.subjects.find((s) => s.subjectId === engineId(subjectId));
  if (!stats) throw notFound('本次考试没有该科目');
  return stats;
}

/** Stats of a subject, or of the total for 0. */
function columnStats(group: GroupReport, subjectId: number): ScoreStats {
  return subjectId === 0 ? group.total : subjectStats(group, subjectId);
}

function studentColumns(ctx: ReportContext, subjectId: number): StudentScoreColumns {
  const { students } = ctx.report.analysis;
  if (subjectId === 0) return students.total;
  const col = students.subjects.find((s) => s.subjectId === engineId(subjectId));
  if (!col) throw notFound('本次考试没有该科目');
  return col;
}

function className(ctx: ReportContext, classId: number): string {
  return ctx.report.snapshot.classes.find((c) => c.id === classId)?.name ?? '';
}

function subjectName(ctx: ReportContext, subjectId: number): string {
  return subjectId === 0 ? TOTAL_NAME : subjectOf(ctx, subjectId).name;
}

/** Whether the caller sees every subject (and so the total) of a class. */
export function fullClass(scope: DataScope, classId: number): boolean {
  return scope.schoolWide || scope.fullClassIds.has(classId);
}

/** Whether the caller may open the grade report of a grade (school-wide or 年级主任). */
export function gradeScope(scope: DataScope, gradeId: number): boolean {
  return scope.schoolWide || scope.leadGradeIds.has(gradeId);
}

/** Exam subjects of a class the caller may see. */
export function visibleSubjects(ctx: ReportContext, classId: number): SnapshotSubject[] {
  return ctx.report.snapshot.subjects.filter(
    (s) => fullClass(ctx.scope, classId) || inScopeSubject(ctx.scope, classId, s.subjectId ?? -1),
  );
}

/** Refuses a class outside the caller's scope (403) or not in the exam (404). */
export function assertClass(ctx: ReportContext, classId: number): void {
  if (!inScopeClass(ctx.scope, classId)) throw forbidden('超出数据范围：无权查看该班级的报告');
  classGroup(ctx, classId);
}

/** Refuses a subject (or the total) of a class the caller does not see. */
export function assertSubject(ctx: ReportContext, classId: number, subjectId: number): void {
  if (subjectId === 0) {
    if (!fullClass(ctx.scope, classId)) throw forbidden('超出数据范围：无权查看该班级的总分');
    return;
  }
  subjectOf(ctx, subjectId);
  if (!visibleSubjects(ctx, classId).some((s) => s.id === subjectId))
    throw forbidden('超出数据范围：无权查看该科目的报告');
}

export function assertGrade(ctx: ReportContext): void {
  if (!gradeScope(ctx.scope, ctx.report.snapshot.exam.gradeId))
    throw forbidden('超出数据范围：无权查看年级报告');
}

// ---------- shared pieces ----------

export function examHeader(ctx: ReportContext, classId?: number): Exam {
  const { exam, subjects, classes } = ctx.report.snapshot;
  const grade = gradeScope(ctx.scope, exam.gradeId);
  const shownSubjects = classId !== undefined && !grade ? visibleSubjects(ctx, classId) : subjects;
  return {
    id: exam.id,
    name: exam.name,
    examType: exam.examType,
    examDate: exam.examDate,
    academicYear: exam.academicYear,
    gradeId: exam.gradeId,
    gradeName: exam.gradeName,
    published: ctx.published,
    computedAt: ctx.computedAt,
    subjects: shownSubjects.map((s) => ({ id: s.id, name: s.name, fullMarks: s.fullMarks })),
    classes: classes.filter((c) => grade || inScopeClass(ctx.scope, c.id)),
  };
}

export function statsRow(s: ScoreStats): Stats {
  const d = s.description;
  return {
    fullMarks: s.fullMarks,
    count: d.count,
    absent: d.absent,
    mean: d.mean,
    max: d.max,
    min: d.min,
    median: d.median,
    sd: d.sd,
    excellentRate: s.levels.excellentRate,
    goodRate: s.levels.goodRate,
    passRate: s.levels.passRate,
    lowRate: s.levels.lowRate,
    aboveMeanRate: s.aboveMeanRate,
  };
}

/** Competition ranks of the classes by mean for a subject (0 = total), keyed by class id. */
function meanRanks(ctx: ReportContext, subjectId: number): Map<number, number | null> {
  const classes = ctx.report.analysis.classes;
  const means = classes.map((c) => columnStats(c, subjectId).description.mean ?? Number.NaN);
  const ranks = competitionRanks(means);
  return new Map(classes.map((c, i) => [fromEngineId(c.id), ranks[i] ?? null]));
}

function studentRef(ctx: ReportContext, index: number, score: number | null) {
  const s = ctx.report.snapshot.students[index]!;
  return { studentId: s.id, name: s.name, studentNo: s.studentNo, classId: s.classId, score };
}

function criticalGroups(
  ctx: ReportContext,
  subjectId: number,
  critical: readonly CriticalStudents[],
): Critical[] {
  const index = new Map(ctx.report.analysis.students.ids.map((id, i) => [id, i]));
  const scores = studentColumns(ctx, subjectId).scores;
  return critical.map((c) => ({
    line: c.line,
    lineScore: c.score,
    from: c.from,
    students: c.studentIds.map((id) => {
      const i = index.get(id)!;
      return studentRef(ctx, i, scores[i] ?? null);
    }),
  }));
}

/** Scores of a column (0 = total) for the students of some classes, NaN where absent. */
function columnFor(ctx: ReportContext, subjectId: number, classIds?: Set<number>): Float64Array {
  const scores = studentColumns(ctx, subjectId).scores;
  const students = ctx.report.snapshot.students;
  const values: number[] = [];
  students.forEach((s, i) => {
    if (!classIds || classIds.has(s.classId)) values.push(scores[i] ?? Number.NaN);
  });
  return Float64Array.from(values);
}

function fullMarksOf(ctx: ReportContext, subjectId: number): number {
  return columnStats(ctx.report.analysis.grade, subjectId).fullMarks;
}

function questionStats(stats: SubjectStats, questionId: number): QuestionStats | undefined {
  return stats.questions.find((q) => q.questionId === engineId(questionId));
}

function questionGroupStats(q: QuestionStats | undefined) {
  return {
    count: q?.count ?? 0,
    mean: q?.mean ?? null,
    scoreRate: q?.scoreRate ?? null,
    fullMarkRate: q?.fullMarkRate ?? null,
    zeroRate: q?.zeroRate ?? null,
    discrimination: q?.discrimination ?? null,
  };
}

function questionHead(q: SnapshotQuestion) {
  return {
    questionId: q.id,
    number: q.number,
    kind: q.kind,
    fullMarks: q.fullMarks,
    answer: q.answer,
    knowledgePoints: q.knowledgePoints,
  };
}

function optionRows(question: SnapshotQuestion, stats: QuestionStats | undefined) {
  const key = new Set((question.answer ?? '').toUpperCase());
  return (stats?.options ?? []).map((o) => ({ ...o, correct: key.has(o.option) }));
}

function commonWrong(rows: { option: string; count: number; correct: boolean }[]): string | null {
  let best: { option: string; count: number } | null = null;
  for (const r of rows) if (!r.correct && r.count > 0 && (!best || r.count > best.count)) best = r;
  return best?.option ?? null;
}

/** Indexes of a class's present students in a subject, in student order. */
function classMembers(ctx: ReportContext, classId: number): number[] {
  const out: number[] = [];
  ctx.report.snapshot.students.forEach((s, i) => {
    if (s.classId === classId) out.push(i);
  });
  return out;
}

function subjectIndex(ctx: ReportContext, subjectId: number): number {
  return ctx.report.snapshot.subjects.findIndex((s) => s.id === subjectId);
}

/** Students of some indexes who lost points on a question (present, below full marks). */
function losers(ctx: ReportContext, subjectId: number, qi: number, members: number[]) {
  const si = subjectIndex(ctx, subjectId);
  const scores = ctx.report.snapshot.scores[si]!;
  const q = ctx.report.snapshot.subjects[si]!.questions[qi]!;
  const out: { studentId: number; name: string; score: number | null; answer: string | null }[] =
    [];
  for (const i of members) {
    if (scores.absent[i]) continue;
    const score = scores.questions[qi]![i] ?? null;
    if ((score ?? 0) < q.fullMarks) {
      const s = ctx.report.snapshot.students[i]!;
      out.push({ studentId: s.id, name: s.name, score, answer: scores.answers[qi]![i] ?? null });
    }
  }
  return out.sort((a, b) => (a.score ?? 0) - (b.score ?? 0) || a.studentId - b.studentId);
}

function commentsFor(comments: Comment[], questionId: number, classIds: number[]): Comment[] {
  return comments.filter((c) => c.questionId === questionId && classIds.includes(c.classId));
}

function previousExam(ctx: ReportContext) {
  const p = ctx.report.snapshot.previous;
  return p ? { examId: p.examId, name: p.name, examDate: p.examDate } : null;
}

// ---------- class pages ----------

export function classBasic(ctx: ReportContext, classId: number): D<'classBasic'> {
  assertClass(ctx, classId);
  const group = classGroup(ctx, classId);
  const grade = ctx.report.analysis.grade;
  const keys = [
    ...(fullClass(ctx.scope, classId) ? [0] : []),
    ...visibleSubjects(ctx, classId).map((s) => s.id),
  ];
  return {
    exam: examHeader(ctx, classId),
    classId,
    className: className(ctx, classId),
    studentCount: group.studentCount,
    rows: keys.map((key) => {
      const mine = columnStats(group, key);
      const all = columnStats(grade, key);
      return {
        subjectId: key,
        subjectName: subjectName(ctx, key),
        class: statsRow(mine),
        grade: statsRow(all),
        meanRank: meanRanks(ctx, key).get(classId) ?? null,
        classCount: ctx.report.analysis.classes.length,
        bands: contrastBands(mine.bands, all.bands, mine.description.count, all.description.count),
        critical: criticalGroups(ctx, key, mine.critical),
      };
    }),
  };
}

function contrastBands(
  mine: readonly { from: number; to: number; count: number }[],
  all: readonly { from: number; to: number; count: number }[],
  classN: number,
  gradeN: number,
) {
  return all.map((b, i) => {
    const c = mine[i]?.count ?? 0;
    return {
      from: b.from,
      to: b.to,
      classCount: c,
      gradeCount: b.count,
      classRate: classN ? c / classN : null,
      gradeRate: gradeN ? b.count / gradeN : null,
    };
  });
}

export function classComment(
  ctx: ReportContext,
  classId: number,
  subjectId: number,
  comments: Comment[],
): D<'classComment'> {
  assertClass(ctx, classId);
  assertSubject(ctx, classId, subjectId);
  const subject = subjectOf(ctx, subjectId);
  const mine = subjectStats(classGroup(ctx, classId), subjectId);
  const all = subjectStats(ctx.report.analysis.grade, subjectId);
  const members = classMembers(ctx, classId);
  return {
    exam: examHeader(ctx, classId),
    classId,
    className: className(ctx, classId),
    subjectId,
    subjectName: subject.name,
    questions: subject.questions.map((q, qi) => {
      const options = optionRows(q, questionStats(mine, q.id));
      return {
        ...questionHead(q),
        class: questionGroupStats(questionStats(mine, q.id)),
        grade: questionGroupStats(questionStats(all, q.id)),
        options,
        commonWrong: commonWrong(options),
        lostStudents: losers(ctx, subjectId, qi, members),
        comments: commentsFor(comments, q.id, [0, classId]),
      };
    }),
  };
}

function tagRows(
  ctx: ReportContext,
  subject: SnapshotSubject,
  mine: readonly TagStats[],
  all: readonly TagStats[],
) {
  const numbers = new Map(subject.questions.map((q) => [engineId(q.id), q.number]));
  return all.map((t) => ({
    tag: t.tag,
    questionNumbers: t.questionIds.map((id) => numbers.get(id) ?? id),
    fullMarks: t.fullMarks,
    classScoreRate: mine.find((m) => m.tag === t.tag)?.scoreRate ?? null,
    gradeScoreRate: t.scoreRate,
  }));
}

export function classAbility(
  ctx: ReportContext,
  classId: number,
  subjectId: number,
): D<'classAbility'> {
  assertClass(ctx, classId);
  assertSubject(ctx, classId, subjectId);
  const subject = subjectOf(ctx, subjectId);
  const mine = subjectStats(classGroup(ctx, classId), subjectId);
  const all = subjectStats(ctx.report.analysis.grade, subjectId);
  return {
    exam: examHeader(ctx, classId),
    classId,
    className: className(ctx, classId),
    subjectId,
    subjectName: subject.name,
    knowledgePoints: tagRows(ctx, subject, mine.knowledgePoints, all.knowledgePoints),
    abilities: tagRows(ctx, subject, mine.abilities, all.abilities),
  };
}

/** A subject lags when its grade rank is this share of the grade's size behind the total's. */
export const IMBALANCE_SHARE = 0.2;

export function classAnalysis(ctx: ReportContext, classId: number): D<'classAnalysis'> {
  assertClass(ctx, classId);
  const group = classGroup(ctx, classId);
  const members = classMembers(ctx, classId);
  const subjects = visibleSubjects(ctx, classId);
  const keys = [...(fullClass(ctx.scope, classId) ? [0] : []), ...subjects.map((s) => s.id)];
  const levels = keys.map((key) => {
    const col = studentColumns(ctx, key);
    const counts = { excellent: 0, good: 0, pass: 0, fail: 0, low: 0, absent: 0 };
    for (const i of members) {
      const level = col.levels[i];
      if (col.scores[i] === null || col.scores[i] === undefined) counts.absent++;
      else if (level) counts[level]++;
    }
    return { subjectId: key, subjectName: subjectName(ctx, key), ...counts };
  });
  const critical = keys.map((key) => ({
    subjectId: key,
    subjectName: subjectName(ctx, key),
    lines: criticalGroups(ctx, key, columnStats(group, key).critical),
  }));
  const imbalanced: D<'classAnalysis'>['imbalanced'] = [];
  if (fullClass(ctx.scope, classId)) {
    const gradeCount = ctx.report.analysis.grade.total.description.count;
    const threshold = Math.max(1, Math.ceil(IMBALANCE_SHARE * gradeCount));
    const total = ctx.report.analysis.students.total;
    for (const i of members) {
      const weak = ctx.report.analysis.students.subjects.flatMap((col) => {
        const balance = (col as { balance: readonly (number | null)[] }).balance[i];
        if (balance === null || balance === undefined || balance < threshold) return [];
        const id = fromEngineId(col.subjectId);
        return [
          {
            subjectId: id,
            subjectName: subjectName(ctx, id),
            gradeRank: col.gradeRanks[i] ?? null,
            balance,
          },
        ];
      });
      if (weak.length === 0) continue;
      const s = ctx.report.snapshot.students[i]!;
      imbalanced.push({
        studentId: s.id,
        name: s.name,
        totalGradeRank: total.gradeRanks[i] ?? null,
        weakSubjects: weak.sort((a, b) => b.balance - a.balance),
      });
    }
  }
  const rankChanges: D<'classAnalysis'>['rankChanges'] = [];
  if (fullClass(ctx.scope, classId)) {
    const total = ctx.report.analysis.students.total;
    for (const i of members) {
      const change = total.rankChanges[i];
      const rank = total.gradeRanks[i];
      if (change === null || change === undefined || rank === null || rank === undefined) continue;
      const s = ctx.report.snapshot.students[i]!;
      rankChanges.push({
        studentId: s.id,
        name: s.name,
        previousRank: rank + change,
        gradeRank: rank,
        change,
      });
    }
    rankChanges.sort((a, b) => b.change - a.change || a.gradeRank - b.gradeRank);
  }
  return {
    exam: examHeader(ctx, classId),
    classId,
    className: className(ctx, classId),
    levels,
    critical,
    previousExam: previousExam(ctx),
    rankChanges,
    imbalanced,
  };
}

function transcriptRow(
  ctx: ReportContext,
  i: number,
  subjects: SnapshotSubject[],
  withTotal: boolean,
): Transcript {
  const s = ctx.report.snapshot.students[i]!;
  const cell = (key: number) => {
    const col = studentColumns(ctx, key);
    return {
      subjectId: key,
      score: col.scores[i] ?? null,
      classRank: col.classRanks[i] ?? null,
      gradeRank: col.gradeRanks[i] ?? null,
      level: col.levels[i] ?? null,
      rankChange: col.rankChanges[i] ?? null,
    };
  };
  return {
    studentId: s.id,
    name: s.name,
    studentNo: s.studentNo,
    classId: s.classId,
    className: className(ctx, s.classId),
    scores: subjects.map((sub) => cell(sub.id)),
    total: withTotal ? cell(0) : null,
  };
}

/** Members of a class ordered by total grade rank (absent last), then student number. */
function byTotalRank(ctx: ReportContext, indexes: number[]): number[] {
  const ranks = ctx.report.analysis.students.total.gradeRanks;
  const students = ctx.report.snapshot.students;
  return [...indexes].sort(
    (a, b) =>
      (ranks[a] ?? Infinity) - (ranks[b] ?? Infinity) ||
      students[a]!.studentNo.localeCompare(students[b]!.studentNo),
  );
}

export function classTranscript(ctx: ReportContext, classId: number): D<'classTranscript'> {
  assertClass(ctx, classId);
  const subjects = visibleSubjects(ctx, classId);
  const withTotal = fullClass(ctx.scope, classId);
  return {
    exam: examHeader(ctx, classId),
    classId,
    className: className(ctx, classId),
    students: byTotalRank(ctx, classMembers(ctx, classId)).map((i) =>
      transcriptRow(ctx, i, subjects, withTotal),
    ),
  };
}

export function classProblemSet(
  ctx: ReportContext,
  classId: number,
  subjectId: number,
  maxScoreRate: number,
): D<'classProblemSet'> {
  assertClass(ctx, classId);
  assertSubject(ctx, classId, subjectId);
  const subject = subjectOf(ctx, subjectId);
  const mine = subjectStats(classGroup(ctx, classId), subjectId);
  const all = subjectStats(ctx.report.analysis.grade, subjectId);
  const members = classMembers(ctx, classId);
  const questions = subject.questions
    .map((q, qi) => ({ q, qi, rate: questionStats(mine, q.id)?.scoreRate ?? null }))
    .filter((x) => x.rate !== null && x.rate <= maxScoreRate)
    .sort((a, b) => (a.rate ?? 0) - (b.rate ?? 0) || a.qi - b.qi);
  return {
    exam: examHeader(ctx, classId),
    classId,
    className: className(ctx, classId),
    subjectId,
    subjectName: subject.name,
    maxScoreRate,
    questions: questions.map(({ q, qi, rate }) => ({
      ...questionHead(q),
      classScoreRate: rate,
      gradeScoreRate: questionStats(all, q.id)?.scoreRate ?? null,
      students: losers(ctx, subjectId, qi, members),
    })),
  };
}

function levelCounts(scores: Float64Array, fullMarks: number, lines: LevelLines) {
  const r = levelRates(scores, fullMarks, lines);
  return {
    count: countPresent(scores),
    excellent: r.excellent,
    good: r.good,
    pass: r.pass,
    low: r.low,
    excellentRate: r.excellentRate,
    goodRate: r.goodRate,
    passRate: r.passRate,
    lowRate: r.lowRate,
  };
}

function countPresent(scores: Float64Array): number {
  let n = 0;
  for (const v of scores) if (!Number.isNaN(v)) n++;
  return n;
}

export function classCustom(
  ctx: ReportContext,
  classId: number,
  lines: LevelLines,
): D<'classCustom'> {
  assertClass(ctx, classId);
  const keys = [
    ...(fullClass(ctx.scope, classId) ? [0] : []),
    ...visibleSubjects(ctx, classId).map((s) => s.id),
  ];
  const only = new Set([classId]);
  return {
    exam: examHeader(ctx, classId),
    classId,
    className: className(ctx, classId),
    rows: keys.map((key) => {
      const full = fullMarksOf(ctx, key);
      return {
        subjectId: key,
        subjectName: subjectName(ctx, key),
        class: levelCounts(columnFor(ctx, key, only), full, lines),
        grade: levelCounts(columnFor(ctx, key), full, lines),
      };
    }),
  };
}

export function classCustom2(
  ctx: ReportContext,
  classId: number,
  subjectId: number,
  bandWidth: number,
): D<'classCustom2'> {
  assertClass(ctx, classId);
  assertSubject(ctx, classId, subjectId);
  const full = fullMarksOf(ctx, subjectId);
  const mine = columnFor(ctx, subjectId, new Set([classId]));
  const all = columnFor(ctx, subjectId);
  if (full / bandWidth > 1000) throw badRequest('分数段过多：请加大分数段宽度');
  return {
    exam: examHeader(ctx, classId),
    classId,
    className: className(ctx, classId),
    subjectId,
    subjectName: subjectName(ctx, subjectId),
    bands: contrastBands(
      scoreBands(mine, full, bandWidth),
      scoreBands(all, full, bandWidth),
      countPresent(mine),
      countPresent(all),
    ),
  };
}

export function studentTranscript(
  ctx: ReportContext,
  classId: number,
  studentId: number,
): D<'studentTranscript'> {
  assertClass(ctx, classId);
  const i = ctx.report.snapshot.students.findIndex(
    (s) => s.id === studentId && s.classId === classId,
  );
  if (i < 0) throw notFound('该学生未参加本次考试');
  const s = ctx.report.snapshot.students[i]!;
  const subjects = visibleSubjects(ctx, classId);
  const keys = [...(fullClass(ctx.scope, classId) ? [0] : []), ...subjects.map((x) => x.id)];
  const group = classGroup(ctx, classId);
  const grade = ctx.report.analysis.grade;
  const basic = keys.map((key) => {
    const col = studentColumns(ctx, key);
    const mine = columnStats(group, key).description;
    const all = columnStats(grade, key).description;
    const balance =
      key === 0 ? null : ((col as { balance?: readonly (number | null)[] }).balance?.[i] ?? null);
    return {
      subjectId: key,
      subjectName: subjectName(ctx, key),
      fullMarks: fullMarksOf(ctx, key),
      score: col.scores[i] ?? null,
      level: col.levels[i] ?? null,
      classRank: col.classRanks[i] ?? null,
      gradeRank: col.gradeRanks[i] ?? null,
      z: col.z[i] ?? null,
      t: col.t[i] ?? null,
      balance,
      rankChange: col.rankChanges[i] ?? null,
      classMean: mine.mean,
      gradeMean: all.mean,
      classMax: mine.max,
      gradeMax: all.max,
    };
  });
  const mistakes = subjects.map((subject) => {
    const si = subjectIndex(ctx, subject.id);
    const scores = ctx.report.snapshot.scores[si]!;
    const mine = subjectStats(group, subject.id);
    const all = subjectStats(grade, subject.id);
    return {
      subjectId: subject.id,
      subjectName: subject.name,
      questions: scores.absent[i]
        ? []
        : subject.questions.flatMap((q, qi) => {
            const score = scores.questions[qi]![i] ?? null;
            if ((score ?? 0) >= q.fullMarks) return [];
            return [
              {
                ...questionHead(q),
                score,
                studentAnswer: scores.answers[qi]![i] ?? null,
                classScoreRate: questionStats(mine, q.id)?.scoreRate ?? null,
                gradeScoreRate: questionStats(all, q.id)?.scoreRate ?? null,
              },
            ];
          }),
    };
  });
  return {
    exam: examHeader(ctx, classId),
    previousExam: previousExam(ctx),
    student: {
      studentId: s.id,
      name: s.name,
      studentNo: s.studentNo,
      examNo: s.examNo,
      classId,
      className: className(ctx, classId),
    },
    basic,
    mistakes,
  };
}

// ---------- grade pages ----------

function allKeys(ctx: ReportContext): number[] {
  return [0, ...ctx.report.snapshot.subjects.map((s) => s.id)];
}

export function gradeBasic(ctx: ReportContext): D<'gradeBasic'> {
  assertGrade(ctx);
  const { grade, classes } = ctx.report.analysis;
  return {
    exam: examHeader(ctx),
    rows: allKeys(ctx).map((key) => {
      const ranks = meanRanks(ctx, key);
      const all = columnStats(grade, key);
      return {
        subjectId: key,
        subjectName: subjectName(ctx, key),
        grade: statsRow(all),
        classes: classes.map((c) => ({
          classId: fromEngineId(c.id),
          className: className(ctx, fromEngineId(c.id)),
          stats: statsRow(columnStats(c, key)),
          meanRank: ranks.get(fromEngineId(c.id)) ?? null,
        })),
        bands: [...all.bands],
        critical: criticalGroups(ctx, key, all.critical),
      };
    }),
  };
}

export function gradeComment(
  ctx: ReportContext,
  subjectId: number,
  comments: Comment[],
): D<'gradeComment'> {
  assertGrade(ctx);
  const subject = subjectOf(ctx, subjectId);
  const all = subjectStats(ctx.report.analysis.grade, subjectId);
  const classIds = ctx.report.snapshot.classes.map((c) => c.id);
  return {
    exam: examHeader(ctx),
    subjectId,
    subjectName: subject.name,
    questions: subject.questions.map((q) => {
      const stats = questionStats(all, q.id);
      const options = optionRows(q, stats);
      return {
        ...questionHead(q),
        grade: questionGroupStats(stats),
        itemTotalCorrelation: stats?.itemTotalCorrelation ?? null,
        options,
        commonWrong: commonWrong(options),
        classes: ctx.report.analysis.classes.map((c) => {
          const cq = questionStats(subjectStats(c, subjectId), q.id);
          return {
            classId: fromEngineId(c.id),
            className: className(ctx, fromEngineId(c.id)),
            mean: cq?.mean ?? null,
            scoreRate: cq?.scoreRate ?? null,
          };
        }),
        comments: commentsFor(comments, q.id, [0, ...classIds]),
      };
    }),
  };
}

/** Knowledge points (or abilities) × classes, with the students weak on each. */
function gradeTags(
  ctx: ReportContext,
  subject: SnapshotSubject,
  kind: 'knowledgePoints' | 'abilities',
): D<'gradeAbility'>['knowledgePoints'] {
  const all = subjectStats(ctx.report.analysis.grade, subject.id);
  const numbers = new Map(subject.questions.map((q) => [engineId(q.id), q.number]));
  const si = subjectIndex(ctx, subject.id);
  const scores = ctx.report.snapshot.scores[si]!;
  const students = ctx.report.snapshot.students;
  // Each student's own tag score rates, through the engine's weighting rule.
  const weakByClass = new Map<string, Map<number, number>>();
  students.forEach((student, i) => {
    if (scores.absent[i]) return;
    const rates = tagScoreRates(
      subject.questions.map((q, qi) => ({
        id: engineId(q.id),
        fullMarks: q.fullMarks,
        mean: scores.questions[qi]![i] ?? 0,
        tags: kind === 'knowledgePoints' ? q.knowledgePoints : q.abilities,
      })),
    );
    for (const r of rates) {
      if (r.scoreRate === null || r.scoreRate >= WEAK_TAG_RATE) continue;
      const perClass = weakByClass.get(r.tag) ?? new Map<number, number>();
      perClass.set(student.classId, (perClass.get(student.classId) ?? 0) + 1);
      weakByClass.set(r.tag, perClass);
    }
  });
  return all[kind].map((t) => ({
    tag: t.tag,
    questionNumbers: t.questionIds.map((id) => numbers.get(id) ?? id),
    fullMarks: t.fullMarks,
    gradeScoreRate: t.scoreRate,
    classes: ctx.report.analysis.classes.map((c) => {
      const id = fromEngineId(c.id);
      return {
        classId: id,
        scoreRate:
          subjectStats(c, subject.id)[kind].find((x) => x.tag === t.tag)?.scoreRate ?? null,
        weakStudents: weakByClass.get(t.tag)?.get(id) ?? 0,
      };
    }),
  }));
}

export function gradeAbility(ctx: ReportContext, subjectId: number): D<'gradeAbility'> {
  assertGrade(ctx);
  const subject = subjectOf(ctx, subjectId);
  return {
    exam: examHeader(ctx),
    subjectId,
    subjectName: subject.name,
    knowledgePoints: gradeTags(ctx, subject, 'knowledgePoints'),
    abilities: gradeTags(ctx, subject, 'abilities'),
  };
}

function rankRow(ctx: ReportContext, i: number, key: number) {
  const col = studentColumns(ctx, key);
  const s = ctx.report.snapshot.students[i]!;
  return {
    studentId: s.id,
    name: s.name,
    studentNo: s.studentNo,
    classId: s.classId,
    className: className(ctx, s.classId),
    score: col.scores[i] ?? null,
    gradeRank: col.gradeRanks[i] ?? null,
    classRank: col.classRanks[i] ?? null,
    level: col.levels[i] ?? null,
  };
}

function rankedIndexes(ctx: ReportContext, key: number, classId?: number): number[] {
  const col = studentColumns(ctx, key);
  const students = ctx.report.snapshot.students;
  const idx = students.flatMap((s, i) =>
    classId === undefined || s.classId === classId ? [i] : [],
  );
  return idx.sort(
    (a, b) =>
      (col.gradeRanks[a] ?? Infinity) - (col.gradeRanks[b] ?? Infinity) ||
      students[a]!.studentNo.localeCompare(students[b]!.studentNo),
  );
}

export function gradeRank(
  ctx: ReportContext,
  subjectId: number,
  page: { pageNum: number; pageSize: number; classId?: number | undefined },
): D<'gradeRank'> {
  assertGrade(ctx);
  if (page.classId !== undefined) classGroup(ctx, page.classId);
  const all = columnStats(ctx.report.analysis.grade, subjectId);
  const ranked = rankedIndexes(ctx, subjectId, page.classId);
  const start = (page.pageNum - 1) * page.pageSize;
  return {
    exam: examHeader(ctx),
    subjectId,
    subjectName: subjectName(ctx, subjectId),
    segments: [...(all.segments ?? [])],
    page: {
      list: ranked.slice(start, start + page.pageSize).map((i) => rankRow(ctx, i, subjectId)),
      total: ranked.length,
      pageNum: page.pageNum,
      pageSize: page.pageSize,
    },
  };
}

export function gradeTranscript(
  ctx: ReportContext,
  query: {
    pageNum: number;
    pageSize: number;
    classId?: number | undefined;
    keyWord?: string | undefined;
  },
): D<'gradeTranscript'> {
  assertGrade(ctx);
  if (query.classId !== undefined) classGroup(ctx, query.classId);
  const key = query.keyWord?.trim();
  const students = ctx.report.snapshot.students;
  const ranked = rankedIndexes(ctx, 0, query.classId).filter(
    (i) => !key || students[i]!.name.includes(key) || students[i]!.studentNo.includes(key),
  );
  const start = (query.pageNum - 1) * query.pageSize;
  const subjects = ctx.report.snapshot.subjects;
  return {
    exam: examHeader(ctx),
    page: {
      list: ranked
        .slice(start, start + query.pageSize)
        .map((i) => transcriptRow(ctx, i, subjects, true)),
      total: ranked.length,
      pageNum: query.pageNum,
      pageSize: query.pageSize,
    },
  };
}

export function gradeProblemSet(
  ctx: ReportContext,
  subjectId: number,
  maxScoreRate: number,
): D<'gradeProblemSet'> {
  assertGrade(ctx);
  const subject = subjectOf(ctx, subjectId);
  const all = subjectStats(ctx.report.analysis.grade, subjectId);
  const questions = subject.questions
    .map((q, qi) => ({ q, qi, rate: questionStats(all, q.id)?.scoreRate ?? null }))
    .filter((x) => x.rate !== null && x.rate <= maxScoreRate)
    .sort((a, b) => (a.rate ?? 0) - (b.rate ?? 0) || a.qi - b.qi);
  return {
    exam: examHeader(ctx),
    subjectId,
    subjectName: subject.name,
    maxScoreRate,
    questions: questions.map(({ q, qi, rate }) => ({
      ...questionHead(q),
      gradeScoreRate: rate,
      classes: ctx.report.analysis.classes.map((c) => {
        const id = fromEngineId(c.id);
        return {
          classId: id,
          className: className(ctx, id),
          scoreRate: questionStats(subjectStats(c, subjectId), q.id)?.scoreRate ?? null,
          lostCount: losers(ctx, subjectId, qi, classMembers(ctx, id)).length,
        };
      }),
    })),
  };
}

/** Figures of a custom group of classes, from the cached columns through the engine's functions. */
function groupStats(ctx: ReportContext, key: number, classIds: Set<number>): Stats {
  const scores = columnFor(ctx, key, classIds);
  const full = fullMarksOf(ctx, key);
  const d = describe(scores);
  const levels = levelRates(scores, full);
  const gradeMean = columnStats(ctx.report.analysis.grade, key).description.mean;
  return {
    fullMarks: full,
    count: d.count,
    absent: d.absent,
    mean: d.mean,
    max: d.max,
    min: d.min,
    median: d.median,
    sd: d.sd,
    excellentRate: levels.excellentRate,
    goodRate: levels.goodRate,
    passRate: levels.passRate,
    lowRate: levels.lowRate,
    aboveMeanRate: aboveMeanRate(d.mean, gradeMean),
  };
}

export function gradeCustomGroup(
  ctx: ReportContext,
  groups: { name: string; classIds: number[] }[],
): D<'gradeCustomGroup'> {
  assertGrade(ctx);
  for (const g of groups) for (const id of g.classIds) classGroup(ctx, id);
  return {
    exam: examHeader(ctx),
    groups: groups.map((g) => ({
      name: g.name,
      classIds: g.classIds,
      rows: allKeys(ctx).map((key) => ({
        subjectId: key,
        subjectName: subjectName(ctx, key),
        stats: groupStats(ctx, key, new Set(g.classIds)),
      })),
    })),
  };
}

export function gradeCustomContrast(ctx: ReportContext): D<'gradeCustomContrast'> {
  assertGrade(ctx);
  const keys = allKeys(ctx);
  const ranks = new Map(keys.map((k) => [k, meanRanks(ctx, k)]));
  return {
    exam: examHeader(ctx),
    classes: ctx.report.analysis.classes.map((c) => {
      const id = fromEngineId(c.id);
      return {
        classId: id,
        className: className(ctx, id),
        cells: keys.map((key) => {
          const s = columnStats(c, key);
          return {
            subjectId: key,
            mean: s.description.mean,
            aboveMeanRate: s.aboveMeanRate,
            passRate: s.levels.passRate,
            excellentRate: s.levels.excellentRate,
            meanRank: ranks.get(key)?.get(id) ?? null,
          };
        }),
      };
    }),
  };
}

export function screen(ctx: ReportContext): D<'screen'> {
  assertGrade(ctx);
  const { grade, classes } = ctx.report.analysis;
  const ranks = meanRanks(ctx, 0);
  const questions = ctx.report.snapshot.subjects.flatMap((subject) => {
    const stats = subjectStats(grade, subject.id);
    return subject.questions.map((q) => ({
      subjectId: subject.id,
      subjectName: subject.name,
      questionId: q.id,
      number: q.number,
      scoreRate: questionStats(stats, q.id)?.scoreRate ?? null,
    }));
  });
  const tags = ctx.report.snapshot.subjects.flatMap((subject) =>
    subjectStats(grade, subject.id).knowledgePoints.map((t) => ({
      subjectId: subject.id,
      subjectName: subject.name,
      tag: t.tag,
      scoreRate: t.scoreRate,
    })),
  );
  const byRate = <T extends { scoreRate: number | null }>(a: T, b: T) =>
    (a.scoreRate ?? Infinity) - (b.scoreRate ?? Infinity);
  return {
    exam: examHeader(ctx),
    headline: {
      studentCount: grade.studentCount,
      present: grade.total.description.count,
      absent: grade.total.description.absent,
      totalMean: grade.total.description.mean,
      totalMax: grade.total.description.max,
      passRate: grade.total.levels.passRate,
      excellentRate: grade.total.levels.excellentRate,
    },
    classes: classes.map((c) => {
      const id = fromEngineId(c.id);
      return {
        classId: id,
        className: className(ctx, id),
        mean: c.total.description.mean,
        aboveMeanRate: c.total.aboveMeanRate,
        passRate: c.total.levels.passRate,
        meanRank: ranks.get(id) ?? null,
      };
    }),
    subjects: ctx.report.snapshot.subjects.map((subject) => {
      const s = subjectStats(grade, subject.id);
      return {
        subjectId: subject.id,
        subjectName: subject.name,
        mean: s.description.mean,
        scoreRate:
          s.description.mean === null || s.fullMarks === 0
            ? null
            : s.description.mean / s.fullMarks,
        passRate: s.levels.passRate,
        excellentRate: s.levels.excellentRate,
      };
    }),
    hardestQuestions: questions
      .filter((q) => q.scoreRate !== null)
      .sort(byRate)
      .slice(0, 10),
    weakKnowledgePoints: tags
      .filter((t) => t.scoreRate !== null)
      .sort(byRate)
      .slice(0, 10),
  };
}

export function quickReview(ctx: ReportContext): D<'quickReview'> {
  assertGrade(ctx);
  const { grade } = ctx.report.analysis;
  const students = ctx.report.snapshot.students;
  const absentees = students.flatMap((s, i) => {
    const names = ctx.report.snapshot.subjects.filter(
      (_, si) => ctx.report.snapshot.scores[si]!.absent[i],
    );
    return names.length === 0
      ? []
      : [
          {
            studentId: s.id,
            name: s.name,
            className: className(ctx, s.classId),
            subjectNames: names.map((n) => n.name),
          },
        ];
  });
  return {
    exam: examHeader(ctx),
    subjects: allKeys(ctx).map((key) => {
      const s = columnStats(grade, key);
      return {
        subjectId: key,
        subjectName: subjectName(ctx, key),
        fullMarks: s.fullMarks,
        count: s.description.count,
        absent: s.description.absent,
        mean: s.description.mean,
        max: s.description.max,
        min: s.description.min,
        passRate: s.levels.passRate,
        excellentRate: s.levels.excellentRate,
      };
    }),
    top: rankedIndexes(ctx, 0)
      .filter((i) => ctx.report.analysis.students.total.gradeRanks[i] !== null)
      .slice(0, 10)
      .map((i) => rankRow(ctx, i, 0)),
    absentees,
  };
}

const LEVEL_NAMES = { low: '低分', fail: '不及格' } as const;
const LINE_NAMES = { excellent: '优秀', good: '良好', pass: '及格' } as const;

export function warningReport(ctx: ReportContext, classId?: number): D<'warningReport'> {
  if (classId !== undefined) assertClass(ctx, classId);
  const students = ctx.report.snapshot.students;
  const total = ctx.report.analysis.students.total;
  const out: D<'warningReport'>['students'] = [];
  const criticalTotal = new Map<string, string>();
  for (const group of ctx.report.analysis.classes)
    for (const c of group.total.critical)
      // Only the pass line is a warning; just below 良好 or 优秀 is a chance, not a risk.
      if (c.line === 'pass')
        for (const id of c.studentIds) criticalTotal.set(id, LINE_NAMES[c.line]);
  students.forEach((s, i) => {
    if (classId !== undefined ? s.classId !== classId : !inScopeClass(ctx.scope, s.classId)) return;
    const reasons: string[] = [];
    const withTotal = fullClass(ctx.scope, s.classId);
    const totalLevel = total.levels[i];
    if (withTotal && (totalLevel === 'low' || totalLevel === 'fail'))
      reasons.push(`总分${LEVEL_NAMES[totalLevel]}`);
    if (withTotal) {
      const line = criticalTotal.get(ctx.report.analysis.students.ids[i]!);
      if (line) reasons.push(`总分${line}临界`);
      const change = total.rankChanges[i];
      if (change !== null && change !== undefined && -change >= ctx.report.snapshot.rankDropWarning)
        reasons.push(`总分退步${-change}名`);
    }
    for (const subject of visibleSubjects(ctx, s.classId)) {
      const level = studentColumns(ctx, subject.id).levels[i];
      if (level === 'low') reasons.push(`${subject.name}低分`);
    }
    if (reasons.length === 0) return;
    out.push({
      studentId: s.id,
      name: s.name,
      studentNo: s.studentNo,
      classId: s.classId,
      className: className(ctx, s.classId),
      totalScore: withTotal ? (total.scores[i] ?? null) : null,
      gradeRank: withTotal ? (total.gradeRanks[i] ?? null) : null,
      reasons,
    });
  });
  return { exam: examHeader(ctx, classId), students: out };
}

export function quality(ctx: ReportContext, subjectId?: number): D<'quality'> {
  assertGrade(ctx);
  const subjects =
    subjectId === undefined ? ctx.report.snapshot.subjects : [subjectOf(ctx, subjectId)];
  return {
    exam: examHeader(ctx),
    subjects: subjects.map((subject) => {
      const s = subjectStats(ctx.report.analysis.grade, subject.id);
      const qs = subject.questions.map((q) => ({ q, stats: questionStats(s, q.id) }));
      const difficultyBands = { easy: 0, medium: 0, hard: 0 };
      const discriminationBands = { excellent: 0, good: 0, fair: 0, poor: 0 };
      let dSum = 0;
      let dWeight = 0;
      for (const { q, stats } of qs) {
        const p = stats?.scoreRate;
        if (p !== null && p !== undefined) {
          if (p >= 0.7) difficultyBands.easy++;
          else if (p >= 0.4) difficultyBands.medium++;
          else difficultyBands.hard++;
        }
        const d = stats?.discrimination;
        if (d !== null && d !== undefined) {
          if (d >= 0.4) discriminationBands.excellent++;
          else if (d >= 0.3) discriminationBands.good++;
          else if (d >= 0.2) discriminationBands.fair++;
          else discriminationBands.poor++;
          dSum += d * q.fullMarks;
          dWeight += q.fullMarks;
        }
      }
      return {
        subjectId: subject.id,
        subjectName: subject.name,
        fullMarks: s.fullMarks,
        count: s.description.count,
        mean: s.description.mean,
        sd: s.description.sd,
        difficulty:
          s.description.mean === null || s.fullMarks === 0
            ? null
            : s.description.mean / s.fullMarks,
        discrimination: dWeight > 0 ? dSum / dWeight : null,
        cronbachAlpha: s.cronbachAlpha,
        difficultyBands,
        discriminationBands,
        questions: qs.map(({ q, stats }) => ({
          questionId: q.id,
          number: q.number,
          fullMarks: q.fullMarks,
          difficulty: stats?.scoreRate ?? null,
          discrimination: stats?.discrimination ?? null,
          itemTotalCorrelation: stats?.itemTotalCorrelation ?? null,
        })),
      };
    }),
  };
}

// ---------- teacher calls ----------

/** The caller's classes in one exam with the subjects they see there (0 = total for full classes). */
export function classOverview(ctx: ReportContext): D<'teacherClassOverview'> {
  const { grade } = ctx.report.analysis;
  const classes = ctx.report.snapshot.classes.filter((c) => inScopeClass(ctx.scope, c.id));
  return {
    exam: examHeader(ctx),
    classes: classes.map((c) => {
      const group = classGroup(ctx, c.id);
      const keys = [
        ...(fullClass(ctx.scope, c.id) ? [0] : []),
        ...visibleSubjects(ctx, c.id).map((s) => s.id),
      ];
      return {
        classId: c.id,
        className: c.name,
        studentCount: group.studentCount,
        subjects: keys.map((key) => {
          const s = columnStats(group, key);
          return {
            subjectId: key,
            subjectName: subjectName(ctx, key),
            mean: s.description.mean,
            gradeMean: columnStats(grade, key).description.mean,
            aboveMeanRate: s.aboveMeanRate,
            passRate: s.levels.passRate,
            excellentRate: s.levels.excellentRate,
            meanRank: meanRanks(ctx, key).get(c.id) ?? null,
          };
        }),
      };
    }),
  };
}

export function teachExamInfo(ctx: ReportContext, userId: number): D<'teacherTeachExamInfo'> {
  const group = ctx.report.analysis.teachers.find((t) => t.id === engineId(userId));
  const grade = ctx.report.analysis.grade;
  return {
    exam: examHeader(ctx),
    classIds: group ? group.classIds.map(fromEngineId) : [],
    studentCount: group?.studentCount ?? 0,
    subjects: group
      ? group.subjects.map((s) => {
          const id = fromEngineId(s.subjectId);
          return {
            subjectId: id,
            subjectName: subjectName(ctx, id),
            stats: statsRow(s),
            grade: statsRow(subjectStats(grade, id)),
          };
        })
      : [],
  };
}

/** One class's total in one exam, for the class's time line. */
export function classExamRow(ctx: ReportContext, classId: number) {
  const group = ctx.report.analysis.classes.find((c) => c.id === engineId(classId));
  const { exam } = ctx.report.snapshot;
  return {
    examId: exam.id,
    name: exam.name,
    examDate: exam.examDate,
    mean: group?.total.description.mean ?? null,
    gradeMean: ctx.report.analysis.grade.total.description.mean,
    aboveMeanRate: group?.total.aboveMeanRate ?? null,
    meanRank: group ? (meanRanks(ctx, 0).get(classId) ?? null) : null,
    classCount: ctx.report.analysis.classes.length,
  };
}
