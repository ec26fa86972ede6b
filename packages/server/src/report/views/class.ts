import { levelRates, scoreBands, type LevelLines, type TagStats } from '@examkit/analysis';
import { badRequest } from '../../core/envelope';
import { fromEngineId } from '../cache';
import type { SnapshotSubject } from '../snapshot';
import { assertClass, assertSubject, fullClass, visibleKeys, visibleSubjects } from './access';
import {
  classGroup,
  classMembers,
  columnFor,
  columnStats,
  fullMarksOf,
  meanRanks,
  studentColumns,
  subjectName,
  subjectOf,
  subjectStats,
  type Comment,
  type D,
  type ReportContext,
} from './context';
import {
  byGradeRank,
  classHeader,
  commentsFor,
  commonWrong,
  criticalGroups,
  losers,
  optionRows,
  choicesRecorded,
  previousExam,
  questionGroupStats,
  questionHead,
  questionStats,
  statsRow,
  tagQuestionNumbers,
  transcriptRow,
  weakQuestions,
} from './shared';

/** A subject lags when its grade rank is this share of the grade's size behind the total's. */
export const IMBALANCE_SHARE = 0.2;

/** Checks a class × subject page and gives the subject with its class and grade figures. */
function classSubject(ctx: ReportContext, classId: number, subjectId: number) {
  assertClass(ctx, classId);
  assertSubject(ctx, classId, subjectId);
  return {
    subject: subjectOf(ctx, subjectId),
    mine: subjectStats(classGroup(ctx, classId), subjectId),
    all: subjectStats(ctx.report.analysis.grade, subjectId),
  };
}

/** Class and grade counts side by side for each band of the grade. */
export function contrastBands(
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

/** 班级报告·基本情况: each visible subject and the total, class beside grade. */
export function classBasic(ctx: ReportContext, classId: number): D<'classBasic'> {
  assertClass(ctx, classId);
  const group = classGroup(ctx, classId);
  const grade = ctx.report.analysis.grade;
  return {
    ...classHeader(ctx, classId),
    studentCount: group.studentCount,
    rows: visibleKeys(ctx, classId).map((key) => {
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

/** 班级报告·试卷讲评: per question the class beside the grade, options, who lost points, comments. */
export function classComment(
  ctx: ReportContext,
  classId: number,
  subjectId: number,
  comments: Comment[],
): D<'classComment'> {
  const { subject, mine, all } = classSubject(ctx, classId, subjectId);
  const members = classMembers(ctx, classId);
  return {
    ...classHeader(ctx, classId),
    subjectId,
    subjectName: subject.name,
    questions: subject.questions.map((q, qi) => {
      const recorded = choicesRecorded(ctx, subjectId, qi);
      const options = optionRows(q, questionStats(mine, q.id), recorded);
      return {
        ...questionHead(q),
        class: questionGroupStats(questionStats(mine, q.id)),
        grade: questionGroupStats(questionStats(all, q.id)),
        options,
        choicesRecorded: recorded,
        commonWrong: commonWrong(options),
        lostStudents: losers(ctx, subjectId, qi, members),
        comments: commentsFor(comments, q.id, [0, classId]),
      };
    }),
  };
}

function tagRows(subject: SnapshotSubject, mine: readonly TagStats[], all: readonly TagStats[]) {
  const numbersOf = tagQuestionNumbers(subject);
  return all.map((t) => ({
    tag: t.tag,
    questionNumbers: numbersOf(t.questionIds),
    fullMarks: t.fullMarks,
    classScoreRate: mine.find((m) => m.tag === t.tag)?.scoreRate ?? null,
    gradeScoreRate: t.scoreRate,
  }));
}

/** 班级报告·能力分析: knowledge points and abilities beside the grade. */
export function classAbility(
  ctx: ReportContext,
  classId: number,
  subjectId: number,
): D<'classAbility'> {
  const { subject, mine, all } = classSubject(ctx, classId, subjectId);
  return {
    ...classHeader(ctx, classId),
    subjectId,
    subjectName: subject.name,
    knowledgePoints: tagRows(subject, mine.knowledgePoints, all.knowledgePoints),
    abilities: tagRows(subject, mine.abilities, all.abilities),
  };
}

/** 班级报告·学情分析: levels, 临界生, 进退步 and 偏科 of a class. */
export function classAnalysis(ctx: ReportContext, classId: number): D<'classAnalysis'> {
  assertClass(ctx, classId);
  const group = classGroup(ctx, classId);
  const members = classMembers(ctx, classId);
  const keys = visibleKeys(ctx, classId);
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
  const withTotal = fullClass(ctx.scope, classId);
  return {
    ...classHeader(ctx, classId),
    levels,
    critical,
    previousExam: previousExam(ctx),
    rankChanges: withTotal ? rankChanges(ctx, members) : [],
    imbalanced: withTotal ? imbalanced(ctx, members) : [],
  };
}

/** Students of the class lagging in some subjects (偏科), weakest subject first. */
function imbalanced(ctx: ReportContext, members: number[]): D<'classAnalysis'>['imbalanced'] {
  const out: D<'classAnalysis'>['imbalanced'] = [];
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
    out.push({
      studentId: s.id,
      name: s.name,
      totalGradeRank: total.gradeRanks[i] ?? null,
      weakSubjects: weak.sort((a, b) => b.balance - a.balance),
    });
  }
  return out;
}

/** 进退步 of the total by percentile rank, largest progress first (raw ranks beside). */
function rankChanges(ctx: ReportContext, members: number[]): D<'classAnalysis'>['rankChanges'] {
  const out: D<'classAnalysis'>['rankChanges'] = [];
  const total = ctx.report.analysis.students.total;
  for (const i of members) {
    const change = total.rankChanges[i];
    const rank = total.gradeRanks[i];
    if (change === null || change === undefined || rank === null || rank === undefined) continue;
    const s = ctx.report.snapshot.students[i]!;
    const percentile = total.percentiles?.[i] ?? null;
    const percentileChange = total.percentileChanges?.[i] ?? null;
    out.push({
      studentId: s.id,
      name: s.name,
      previousRank: rank + change,
      gradeRank: rank,
      change,
      previousPercentile:
        percentile === null || percentileChange === null ? null : percentile - percentileChange,
      percentile,
      percentileChange,
    });
  }
  return out.sort(
    (a, b) =>
      (b.percentileChange ?? -Infinity) - (a.percentileChange ?? -Infinity) ||
      a.gradeRank - b.gradeRank,
  );
}

/** 班级报告·成绩单: every student of the class by total grade rank. */
export function classTranscript(ctx: ReportContext, classId: number): D<'classTranscript'> {
  assertClass(ctx, classId);
  const subjects = visibleSubjects(ctx, classId);
  const withTotal = fullClass(ctx.scope, classId);
  return {
    ...classHeader(ctx, classId),
    students: byGradeRank(ctx, 0, classMembers(ctx, classId)).map((i) =>
      transcriptRow(ctx, i, subjects, withTotal),
    ),
  };
}

/** 班级报告·错题集: questions at or under a score rate, with the students who lost points. */
export function classProblemSet(
  ctx: ReportContext,
  classId: number,
  subjectId: number,
  maxScoreRate: number,
): D<'classProblemSet'> {
  const { subject, mine, all } = classSubject(ctx, classId, subjectId);
  const members = classMembers(ctx, classId);
  return {
    ...classHeader(ctx, classId),
    subjectId,
    subjectName: subject.name,
    maxScoreRate,
    questions: weakQuestions(subject, mine, maxScoreRate).map(({ q, qi, rate }) => ({
      ...questionHead(q),
      classScoreRate: rate,
      gradeScoreRate: questionStats(all, q.id)?.scoreRate ?? null,
      students: losers(ctx, subjectId, qi, members),
    })),
  };
}

function countPresent(scores: Float64Array): number {
  let n = 0;
  for (const v of scores) if (!Number.isNaN(v)) n++;
  return n;
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

/** 班级报告·自定义报告: level counts and rates under the caller's own lines. */
export function classCustom(
  ctx: ReportContext,
  classId: number,
  lines: LevelLines,
): D<'classCustom'> {
  assertClass(ctx, classId);
  const only = new Set([classId]);
  return {
    ...classHeader(ctx, classId),
    rows: visibleKeys(ctx, classId).map((key) => {
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

/** 班级报告·自定义报告二: score bands of a chosen width, class beside grade. */
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
    ...classHeader(ctx, classId),
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
