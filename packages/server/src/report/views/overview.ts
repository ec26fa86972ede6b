import { compareScoreRates, type RateParts } from '@examkit/analysis';
import { fromEngineId } from '../cache';
import { assertGrade } from './access';
import {
  allKeys,
  className,
  columnStats,
  meanRanks,
  subjectName,
  subjectStats,
  type D,
  type ReportContext,
} from './context';
import { examHeader, meanScoreRate, questionStats, rankRow, rankedIndexes } from './shared';

/** How many of the hardest questions and weakest knowledge points a summary lists. */
const SUMMARY_TOP = 10;

/** 大屏报告: headline figures, classes, subjects, hardest questions and weakest knowledge points. */
export function screen(ctx: ReportContext): D<'screen'> {
  assertGrade(ctx);
  const { grade, classes } = ctx.report.analysis;
  const ranks = meanRanks(ctx, 0);
  const questions = ctx.report.snapshot.subjects.flatMap((subject) => {
    const stats = subjectStats(grade, subject.id);
    return subject.questions.map((q) => {
      const st = questionStats(stats, q.id);
      return {
        subjectId: subject.id,
        subjectName: subject.name,
        questionId: q.id,
        number: q.number,
        scoreRate: st?.scoreRate ?? null,
        parts: { mean: st?.mean ?? null, count: st?.count ?? 0, fullMarks: q.fullMarks },
      };
    });
  });
  const tags = ctx.report.snapshot.subjects.flatMap((subject) => {
    const stats = subjectStats(grade, subject.id);
    // every question of a paper is over the paper's present students
    const count = stats.description.count;
    return stats.knowledgePoints.map((t) => ({
      subjectId: subject.id,
      subjectName: subject.name,
      tag: t.tag,
      scoreRate: t.scoreRate,
      parts: { mean: t.mean, count, fullMarks: t.fullMarks },
    }));
  });
  // exact comparison; ties keep paper order, then question (or tag) order: the sort is stable
  const byRate = <T extends { parts: RateParts }>(a: T, b: T) =>
    compareScoreRates(a.parts, b.parts);
  const strip = <T extends { parts: RateParts }>({ parts: _parts, ...rest }: T) => rest;
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
        scoreRate: meanScoreRate(s),
        passRate: s.levels.passRate,
        excellentRate: s.levels.excellentRate,
      };
    }),
    hardestQuestions: questions
      .filter((q) => q.scoreRate !== null)
      .sort(byRate)
      .slice(0, SUMMARY_TOP)
      .map(strip),
    weakKnowledgePoints: tags
      .filter((t) => t.scoreRate !== null)
      .sort(byRate)
      .slice(0, SUMMARY_TOP)
      .map(strip),
  };
}

/**
 * The students ranked in the top `n` by total: everyone whose grade rank is at most `n`, so a
 * student tied with the n-th is never cut (competition ranks: a tie at 10 lists 11 or more).
 */
export function topWithTies(ctx: ReportContext, n: number): number[] {
  const ranks = ctx.report.analysis.students.total.gradeRanks;
  return rankedIndexes(ctx, 0).filter((i) => {
    const rank = ranks[i];
    return rank !== null && rank !== undefined && rank <= n;
  });
}

/** 快速讲评: each subject and the total, the top students by total, and who was absent. */
export function quickReview(ctx: ReportContext): D<'quickReview'> {
  assertGrade(ctx);
  const { grade } = ctx.report.analysis;
  const students = ctx.report.snapshot.students;
  // a paper nobody sat (not held, not marked) is nobody's absence
  const sat = ctx.report.snapshot.scores.map((sc) => sc.absent.some((a) => !a));
  const absentees = students.flatMap((s, i) => {
    const names = ctx.report.snapshot.subjects.filter((_, si) => {
      const sc = ctx.report.snapshot.scores[si]!;
      // not taking a 选考 subject is no absence
      return sat[si] && sc.absent[i] && (sc.takes?.[i] ?? 1) === 1;
    });
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
    top: topWithTies(ctx, SUMMARY_TOP).map((i) => rankRow(ctx, i, 0)),
    absentees,
  };
}
