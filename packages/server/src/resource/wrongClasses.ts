import { compareScoreRates, type QuestionStats, type TagStats } from '@examkit/analysis';
import type { DataOf, Recommendation, resourceWrongRoutes } from '@examkit/contracts';
import type { Db } from '../core/database';
import type { SnapshotQuestion, SnapshotSubject } from '../report/snapshot';
import { visibleSubjects } from '../report/views/access';
import { classGroup, subjectStats, type ReportContext } from '../report/views/context';
import { questionStats, tagQuestionNumbers, weakQuestions } from '../report/views/shared';
import { membersOf, scopedClasses } from './wrongExams';
import { recommendFor, subjectAliases } from './wrongRecommend';
import { wrongCount } from './wrongRule';
import { RECOMMENDATIONS_PER_QUESTION } from './wrongStudents';

type Routes = typeof resourceWrongRoutes;
type ClassQuestion = DataOf<Routes['commonErrors']>['classes'][number]['questions'][number];

interface Weak {
  subject: SnapshotSubject;
  q: SnapshotQuestion;
  qi: number;
  st: QuestionStats;
  order: number;
}

/**
 * A class's questions with the lowest score rates over the subjects the caller sees, lowest
 * first: the report's `weakQuestions` per subject (its exact rate order), merged across subjects.
 */
export function lowestQuestions(ctx: ReportContext, classId: number, limit: number): Weak[] {
  const group = classGroup(ctx, classId);
  const all: Weak[] = [];
  for (const [order, subject] of visibleSubjects(ctx, classId).entries()) {
    for (const w of weakQuestions(subject, subjectStats(group, subject.id), 1))
      all.push({ subject, q: w.q, qi: w.qi, st: w.st!, order });
  }
  return all
    .sort((a, b) => compareScoreRates(a.st, b.st) || a.order - b.order || a.qi - b.qi)
    .slice(0, limit);
}

/** 常见错题 (and, with recommendations, 相似题推荐): each class in scope's weakest questions. */
export async function classWeakQuestions(
  db: Db,
  ctx: ReportContext,
  limit: number,
  recommend: boolean,
): Promise<DataOf<Routes['commonErrors']>> {
  const { exam } = ctx.report.snapshot;
  const classes = [];
  for (const c of scopedClasses(ctx)) {
    const weak = lowestQuestions(ctx, c.id, limit);
    const members = membersOf(ctx, c.id);
    const recs = recommend ? await recommendations(db, ctx, weak) : [];
    classes.push({
      classId: c.id,
      className: c.name,
      questions: weak.map((w, k): ClassQuestion => ({
        examId: exam.id,
        examName: exam.name,
        examDate: exam.examDate,
        subjectId: w.subject.id,
        subjectName: w.subject.name,
        questionId: w.q.id,
        number: w.q.number,
        kind: w.q.kind,
        fullMarks: w.q.fullMarks,
        answer: w.q.answer,
        knowledgePoints: w.q.knowledgePoints,
        classScoreRate: w.st.scoreRate,
        gradeScoreRate:
          questionStats(subjectStats(ctx.report.analysis.grade, w.subject.id), w.q.id)?.scoreRate ??
          null,
        wrongCount: wrongCount(ctx, w.subject, w.qi, members),
        recommendations: recs[k] ?? [],
      })),
    });
  }
  return { examName: exam.name, classes };
}

async function recommendations(
  db: Db,
  ctx: ReportContext,
  weak: Weak[],
): Promise<Recommendation[][]> {
  const out: Recommendation[][] = weak.map(() => []);
  const subjects = [...new Set(weak.map((w) => w.subject))];
  for (const subject of subjects) {
    const idx = weak.flatMap((w, k) => (w.subject === subject ? [k] : []));
    const codes = await subjectAliases(db, ctx.report.snapshot.exam.schoolId, subject);
    const lists = await recommendFor(
      db,
      ctx.report.snapshot.exam.schoolId,
      codes,
      idx.map((k) => ({
        points: weak[k]!.q.knowledgePoints,
        scoreRate: weak[k]!.st.scoreRate,
        examQuestionId: weak[k]!.q.id,
      })),
      RECOMMENDATIONS_PER_QUESTION,
    );
    idx.forEach((k, j) => (out[k] = lists[j] ?? []));
  }
  return out;
}

const byRate = (a: TagStats, b: TagStats) =>
  a.scoreRate === null
    ? b.scoreRate === null
      ? 0
      : 1
    : b.scoreRate === null
      ? -1
      : a.scoreRate - b.scoreRate;

/**
 * 薄弱知识点: each class in scope's knowledge points with the lowest mastery — the report
 * engine's tag score rates (Σ question means / Σ full marks over the questions tagged with the
 * point), lowest first, ties by subject order and point name.
 */
export function classWeakPoints(ctx: ReportContext, limit: number): DataOf<Routes['weakPoints']> {
  const { exam } = ctx.report.snapshot;
  return {
    examName: exam.name,
    classes: scopedClasses(ctx).map((c) => {
      const group = classGroup(ctx, c.id);
      const points = visibleSubjects(ctx, c.id).flatMap((subject, order) => {
        const grade = subjectStats(ctx.report.analysis.grade, subject.id).knowledgePoints;
        const numbers = tagQuestionNumbers(subject);
        return subjectStats(group, subject.id).knowledgePoints.map((tag) => ({
          tag,
          order,
          row: {
            subjectName: subject.name,
            point: tag.tag,
            fullMarks: tag.fullMarks,
            scoreRate: tag.scoreRate,
            gradeScoreRate: grade.find((g) => g.tag === tag.tag)?.scoreRate ?? null,
            numbers: numbers(tag.questionIds),
          },
        }));
      });
      points.sort(
        (a, b) =>
          byRate(a.tag, b.tag) ||
          a.order - b.order ||
          (a.tag.tag < b.tag.tag ? -1 : a.tag.tag > b.tag.tag ? 1 : 0),
      );
      return { classId: c.id, className: c.name, points: points.slice(0, limit).map((p) => p.row) };
    }),
  };
}
