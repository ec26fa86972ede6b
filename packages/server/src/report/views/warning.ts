import { inScopeClass } from '../../core/scope';
import { assertClass, fullClass, visibleSubjects } from './access';
import { className, studentColumns, type D, type ReportContext } from './context';
import { examHeader } from './shared';

const LEVEL_NAMES = { low: '低分', fail: '不及格' } as const;
const LINE_NAMES = { excellent: '优秀', good: '良好', pass: '及格' } as const;

/**
 * 预警报告 (the print page warningReport): students of one class, or of every class in scope, with
 * why each is watched (低分, 不及格, 及格临界, 退步).
 */
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
