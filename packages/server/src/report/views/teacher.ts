import { inScopeClass } from '../../core/scope';
import { engineId, fromEngineId } from '../cache';
import { visibleKeys } from './access';
import {
  classGroup,
  columnStats,
  meanRanks,
  subjectName,
  subjectStats,
  type D,
  type ReportContext,
} from './context';
import { examHeader, statsRow } from './shared';

/** The caller's classes in one exam with the subjects they see there (0 = total for full classes). */
export function classOverview(ctx: ReportContext): D<'teacherClassOverview'> {
  const { grade } = ctx.report.analysis;
  const classes = ctx.report.snapshot.classes.filter((c) => inScopeClass(ctx.scope, c.id));
  return {
    exam: examHeader(ctx),
    classes: classes.map((c) => {
      const group = classGroup(ctx, c.id);
      return {
        classId: c.id,
        className: c.name,
        studentCount: group.studentCount,
        subjects: visibleKeys(ctx, c.id).map((key) => {
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

/** The caller's teaching group (all their classes together) in one exam, beside the grade. */
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
