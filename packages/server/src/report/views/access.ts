import type { DataScope } from '../../core/scope';
import { inScopeClass, inScopeSubject } from '../../core/scope';
import { forbidden } from '../../core/envelope';
import type { SnapshotSubject } from '../snapshot';
import { classGroup, subjectOf, type ReportContext } from './context';

/** Whether the caller sees every subject (and so the total) of a class. */
export function fullClass(scope: DataScope, classId: number): boolean {
  return scope.schoolWide || scope.fullClassIds.has(classId);
}

/** Whether the caller may open the grade report of a grade (school-wide, 年级主任 or a bureau seat). */
export function gradeScope(scope: DataScope, gradeId: number): boolean {
  return scope.schoolWide || scope.wholeSchoolReader === true || scope.leadGradeIds.has(gradeId);
}

/** Exam subjects of a class the caller may see. */
export function visibleSubjects(ctx: ReportContext, classId: number): SnapshotSubject[] {
  return ctx.report.snapshot.subjects.filter(
    (s) => fullClass(ctx.scope, classId) || inScopeSubject(ctx.scope, classId, s.subjectId ?? -1),
  );
}

/** The columns of a class the caller may see: the total (0) when they see every subject, then the subjects. */
export function visibleKeys(ctx: ReportContext, classId: number): number[] {
  return [
    ...(fullClass(ctx.scope, classId) ? [0] : []),
    ...visibleSubjects(ctx, classId).map((s) => s.id),
  ];
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

/** Refuses the grade report to a caller who is neither school-wide nor the grade's 年级主任. */
export function assertGrade(ctx: ReportContext): void {
  if (!gradeScope(ctx.scope, ctx.report.snapshot.exam.gradeId))
    throw forbidden('超出数据范围：无权查看年级报告');
}
