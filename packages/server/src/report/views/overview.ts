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
        scoreRate: meanScoreRate(s),
        passRate: s.levels.passRate,
        excellentRate: s.levels.excellentRate,
      };
    }),
    hardestQuestions: questions
      .filter((q) => q.scoreRate !== null)
      .sort(byRate)
      .slice(0, SUMMARY_TOP),
    weakKnowledgePoints: tags
      .filter((t) => t.scoreRate !== null)
      .sort(byRate)
      .slice(0, SUMMARY_TOP),
  };
}

/** 快速讲评: each subject and the total, the top students by total, and who was absent. */
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
      .slice(0, SUMMARY_TOP)
      .map((i) => rankRow(ctx, i, 0)),
    absentees,
  };
}
