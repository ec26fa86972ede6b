import type { GroupReport } from '@examkit/analysis';
import type { DataOf, teachingRoutes } from '@examkit/contracts';
import { forbidden } from '../core/envelope';
import { inScopeClass } from '../core/scope';
import { membersOf, scopedClasses } from '../resource/wrongExams';
import { wrongCount } from '../resource/wrongRule';
import type { SnapshotSubject } from '../report/snapshot';
import { assertGrade, visibleSubjects } from '../report/views/access';
import { classGroup, subjectStats, type ReportContext } from '../report/views/context';
import { questionStats, tagQuestionNumbers, weakQuestions } from '../report/views/shared';

type Routes = typeof teachingRoutes;
type Topics = DataOf<Routes['topicList']>;
type Question = Topics['questions'][number];
type Point = Topics['points'][number];

const atOrBelow = (rate: number | null, threshold: number) =>
  rate !== null && rate <= threshold + 1e-9;

/**
 * The questions at or under a score rate of a group (a class or the grade), in the report's own
 * order (`weakQuestions`: its score-rate rule, subject by subject), with the grade's rate beside.
 */
export function questionsUnder(
  ctx: ReportContext,
  group: GroupReport,
  subjects: readonly SnapshotSubject[],
  members: readonly number[],
  threshold: number,
): Question[] {
  const grade = ctx.report.analysis.grade;
  return subjects.flatMap((subject) =>
    weakQuestions(subject, subjectStats(group, subject.id), threshold).map((w) => ({
      subjectName: subject.name,
      number: w.q.number,
      kind: w.q.kind,
      fullMarks: w.q.fullMarks,
      knowledgePoints: w.q.knowledgePoints,
      scoreRate: w.st!.scoreRate,
      gradeScoreRate: questionStats(subjectStats(grade, subject.id), w.q.id)?.scoreRate ?? null,
      wrongCount: wrongCount(ctx, subject, w.qi, members),
    })),
  );
}

/** The knowledge points at or under a score rate: the engine's tag score rates, lowest first. */
export function pointsUnder(
  ctx: ReportContext,
  group: GroupReport,
  subjects: readonly SnapshotSubject[],
  threshold: number,
): Point[] {
  const grade = ctx.report.analysis.grade;
  return subjects
    .flatMap((subject) => {
      const gradeTags = subjectStats(grade, subject.id).knowledgePoints;
      const numbers = tagQuestionNumbers(subject);
      return subjectStats(group, subject.id)
        .knowledgePoints.filter((t) => atOrBelow(t.scoreRate, threshold))
        .map((t) => ({
          subjectName: subject.name,
          point: t.tag,
          fullMarks: t.fullMarks,
          scoreRate: t.scoreRate,
          gradeScoreRate: gradeTags.find((g) => g.tag === t.tag)?.scoreRate ?? null,
          numbers: numbers(t.questionIds),
        }));
    })
    .sort((a, b) => (a.scoreRate ?? 0) - (b.scoreRate ?? 0));
}

/**
 * 题目列表 of the report centre: for one of the caller's classes (考试报告) or the whole grade
 * (校级报告, the grade report's scope), the questions and knowledge points at or under the chosen
 * score rate.
 */
export function topicList(
  ctx: ReportContext,
  body: { level: 'class' | 'grade'; classId: number | null; threshold: number },
): Topics {
  const { exam } = ctx.report.snapshot;
  const head = {
    examId: exam.id,
    examName: exam.name,
    examDate: exam.examDate,
    level: body.level,
    threshold: body.threshold,
  };
  if (body.level === 'grade') {
    assertGrade(ctx);
    const subjects = ctx.report.snapshot.subjects;
    const all = ctx.report.snapshot.students.map((_, i) => i);
    const group = ctx.report.analysis.grade;
    return {
      ...head,
      classes: [],
      classId: null,
      questions: questionsUnder(ctx, group, subjects, all, body.threshold),
      points: pointsUnder(ctx, group, subjects, body.threshold),
    };
  }
  const classes = scopedClasses(ctx);
  const classId = body.classId ?? classes[0]?.id ?? null;
  if (classId !== null && !inScopeClass(ctx.scope, classId))
    throw forbidden('超出数据范围：无权查看该班级的报告');
  const list = classes.map((c) => ({ classId: c.id, className: c.name }));
  if (classId === null) return { ...head, classes: list, classId, questions: [], points: [] };
  const group = classGroup(ctx, classId);
  const subjects = visibleSubjects(ctx, classId);
  return {
    ...head,
    classes: list,
    classId,
    questions: questionsUnder(ctx, group, subjects, membersOf(ctx, classId), body.threshold),
    points: pointsUnder(ctx, group, subjects, body.threshold),
  };
}
