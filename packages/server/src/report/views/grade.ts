import { tagScoreRates, type ScoreSegment } from '@examkit/analysis';
import { engineId, fromEngineId } from '../cache';
import type { SnapshotSubject } from '../snapshot';
import { assertGrade } from './access';
import {
  allKeys,
  className,
  classGroup,
  classMembers,
  columnStats,
  meanRanks,
  subjectIndex,
  subjectName,
  subjectOf,
  subjectStats,
  type Comment,
  type D,
  type ReportContext,
} from './context';
import {
  commentsFor,
  criticalGroups,
  examHeader,
  gradeQuestionRow,
  losers,
  choicesRecorded,
  questionHead,
  questionStats,
  rankRow,
  rankedIndexes,
  statsRow,
  tagQuestionNumbers,
  transcriptRow,
  weakQuestions,
} from './shared';

/** Score rate under which a knowledge point counts as weak for a student, unless the school's 薄弱线 says otherwise. */
export const WEAK_TAG_RATE = 0.6;

/** 年级报告·基本情况: the grade per subject and the total, every class beside it. */
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

/** 年级报告·试卷讲评: per question the grade's figures, options, every class and comments. */
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
    questions: subject.questions.map((q, qi) => {
      const stats = questionStats(all, q.id);
      return {
        ...gradeQuestionRow(q, stats, choicesRecorded(ctx, subjectId, qi)),
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
  const numbersOf = tagQuestionNumbers(subject);
  const si = subjectIndex(ctx, subject.id);
  const scores = ctx.report.snapshot.scores[si]!;
  const students = ctx.report.snapshot.students;
  // Each student's own tag score rates, through the engine's weighting rule.
  const weakByClass = new Map<string, Map<number, number>>();
  // the knowledge page's 薄弱线 (知识点设置), compared exactly
  const weakLine = ctx.report.snapshot.weakRate ?? WEAK_TAG_RATE;
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
      // weak: under the line; a rate on the line (within 10⁻⁹) is not weak
      if (r.scoreRate === null || r.scoreRate > weakLine - 1e-9) continue;
      const perClass = weakByClass.get(r.tag) ?? new Map<number, number>();
      perClass.set(student.classId, (perClass.get(student.classId) ?? 0) + 1);
      weakByClass.set(r.tag, perClass);
    }
  });
  return all[kind].map((t) => ({
    tag: t.tag,
    questionNumbers: numbersOf(t.questionIds),
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

/** 年级报告·能力分析 (also 自定义报告·知识模型): knowledge points and abilities × classes. */
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

/** One page of some student indexes, each shaped into a row. */
function pageOf<T>(
  indexes: number[],
  page: { pageNum: number; pageSize: number },
  row: (i: number) => T,
) {
  const start = (page.pageNum - 1) * page.pageSize;
  return {
    list: indexes.slice(start, start + page.pageSize).map(row),
    total: indexes.length,
    pageNum: page.pageNum,
    pageSize: page.pageSize,
  };
}

/** 一分一段 rows with the rank of each step's best student (null for an empty step). */
export function segmentRows(segments: readonly ScoreSegment[] | null) {
  return (segments ?? []).map((s) => ({
    score: s.score,
    count: s.count,
    cumulative: s.cumulative,
    rank: s.count > 0 ? s.cumulative - s.count + 1 : null,
  }));
}

/** 一分一段 of every subject and the total (page `grade/segments`). */
export function gradeSegments(ctx: ReportContext) {
  assertGrade(ctx);
  return {
    exam: examHeader(ctx),
    columns: allKeys(ctx).map((key) => ({
      subjectId: key,
      subjectName: subjectName(ctx, key),
      segments: segmentRows(columnStats(ctx.report.analysis.grade, key).segments),
    })),
  };
}

/** 年级报告·排名分析: 一分一段 and one page of the ranking in a column (0 = total). */
export function gradeRank(
  ctx: ReportContext,
  subjectId: number,
  page: { pageNum: number; pageSize: number; classId?: number | undefined },
): D<'gradeRank'> {
  assertGrade(ctx);
  if (page.classId !== undefined) classGroup(ctx, page.classId);
  const all = columnStats(ctx.report.analysis.grade, subjectId);
  const ranked = rankedIndexes(ctx, subjectId, page.classId);
  return {
    exam: examHeader(ctx),
    subjectId,
    subjectName: subjectName(ctx, subjectId),
    segments: segmentRows(all.segments),
    page: pageOf(ranked, page, (i) => rankRow(ctx, i, subjectId)),
  };
}

/** 年级报告·成绩单: one page of the grade's transcript, by class or name. */
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
  const subjects = ctx.report.snapshot.subjects;
  return {
    exam: examHeader(ctx),
    page: pageOf(ranked, query, (i) => transcriptRow(ctx, i, subjects, true)),
  };
}

/** 年级报告·错题集: the grade's weak questions with each class's score rate. */
export function gradeProblemSet(
  ctx: ReportContext,
  subjectId: number,
  maxScoreRate: number,
): D<'gradeProblemSet'> {
  assertGrade(ctx);
  const subject = subjectOf(ctx, subjectId);
  const all = subjectStats(ctx.report.analysis.grade, subjectId);
  return {
    exam: examHeader(ctx),
    subjectId,
    subjectName: subject.name,
    maxScoreRate,
    questions: weakQuestions(subject, all, maxScoreRate).map(({ q, qi, rate }) => ({
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
