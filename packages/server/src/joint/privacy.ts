import type { DataScope } from '../core/scope';
import type { ReportContext } from '../report/views';
import { seesName } from './exams';
import type { JointRow, JointViewer } from './access';
import type { JointReport } from './report';

/** The report's data scope: the whole joint exam (the views' grade checks pass). */
export function wholeExamScope(academicYear: number): DataScope {
  return {
    schoolId: 0,
    academicYear,
    schoolWide: true,
    leadGradeIds: new Set(),
    fullClassIds: new Set(),
    subjectsByClass: new Map(),
    gradeIds: new Set(),
  };
}

/**
 * The report as the viewer may read it: each school's group named by the school's name or its
 * code (docs/joint-exams.md#privacy). Student rows are cut by {@link ownStudentsOnly}.
 */
export function viewerContext(
  viewer: JointViewer,
  joint: JointRow,
  read: JointReport,
): ReportContext {
  const labels = new Map(
    read.parts.map((p) => [p.group, seesName(viewer, joint, p.schoolId) ? p.name : p.code]),
  );
  const snapshot = read.report.snapshot;
  return {
    report: {
      ...read.report,
      snapshot: {
        ...snapshot,
        classes: snapshot.classes.map((c) => ({ ...c, name: labels.get(c.id) ?? c.name })),
      },
    },
    computedAt: read.computedAt,
    published: read.published,
    scope: wholeExamScope(joint.academic_year),
  };
}

/** The viewer's own group in the report: null for the bureau (every student), else the school's. */
export function ownGroup(viewer: JointViewer, read: JointReport): number | null | undefined {
  if (viewer.kind === 'bureau') return null;
  return read.parts.find((p) => p.schoolId === viewer.schoolId)?.group;
}

/** Keeps the students of the viewer's own group (all for the bureau) in lists of student refs. */
export function ownStudentsOnly<T extends { classId: number }>(
  group: number | null | undefined,
  students: readonly T[],
): T[] {
  if (group === null) return [...students];
  return students.filter((s) => s.classId === group);
}

/** A page's 临界生 lists cut to the viewer's own students (the bureau: all). */
export function ownCritical<
  T extends { rows: { critical: { students: { classId: number }[] }[] }[] },
>(group: number | null | undefined, data: T): T {
  return {
    ...data,
    rows: data.rows.map((row) => ({
      ...row,
      critical: row.critical.map((c) => ({ ...c, students: ownStudentsOnly(group, c.students) })),
    })),
  };
}
