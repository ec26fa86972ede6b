import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { DataScope } from '../core/scope';
import { fullClass } from '../report/views/access';
import { fullMarksOf, studentColumns, type ReportContext } from '../report/views/context';
import type { ExamRow } from '../resource/wrongExams';
import { scopedYearClasses } from '../core/yearGrades';
import { gradeContexts, refuseGrade } from './records';

// 教研中心's grade-wide reads shared by 师生学情, 波动趋势 and 教师学情.

/**
 * The grades of the year with a class in the caller's scope (`full`: only classes whose every
 * subject they see), and the chosen one: 404 for a grade of another school or a missing one, 403
 * for a grade of the school without such a class.
 */
export async function scopedGrade(db: Db, scope: DataScope, gradeId: number | null, full: boolean) {
  const classes = (await scopedYearClasses(db, scope)).filter(
    (c) => !full || fullClass(scope, c.id),
  );
  const grades: { gradeId: number; gradeName: string }[] = [];
  for (const c of classes)
    if (!grades.some((g) => g.gradeId === c.grade_id))
      grades.push({ gradeId: c.grade_id, gradeName: c.gradeName });
  if (gradeId !== null && !grades.some((g) => g.gradeId === gradeId))
    await refuseGrade(db, scope, gradeId);
  return { grades, gradeId: gradeId ?? grades[0]?.gradeId ?? null };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

export const refOf = (e: ExamRow) => ({ examId: e.id, examName: e.name, examDate: e.examDate });

interface StudentRow {
  name: string;
  studentNo: string;
  classId: number;
  className: string;
  /** The total's (or the subject's) percentile per exam (null: not sat). */
  p: (number | null)[];
  /** The total's (or the subject's) grade rank per exam (null: not sat). */
  r: (number | null)[];
  /** The total's (or the subject's) score per exam (null: not sat). */
  s: (number | null)[];
  /** That score over the full marks, in % (null: not sat). */
  rate: (number | null)[];
}

/** A student's row as the 学情 lists head it: who, which class and the percentile per exam. */
export const studentHead = (studentId: number, row: StudentRow) => ({
  studentId,
  name: row.name,
  studentNo: row.studentNo,
  classId: row.classId,
  className: row.className,
  percentiles: row.p,
});

/** The exam's subject of the school's subject (`subjects.id`): its id in the report, or null. */
export const examSubject = (ctx: ReportContext, subjectId: number) =>
  ctx.report.snapshot.subjects.find((s) => s.subjectId === subjectId)?.id ?? null;

/**
 * The grade's exams (oldest first; the newest `last` when given) and, per student of a class whose
 * total the caller sees, the total's percentile, grade rank and score (with its score rate over
 * the full marks) in each — the engine's, as the reports show them. With `subjectId` (the school's subject), that subject's instead: an exam
 * without it leaves its figures null.
 */
export async function gradePercentiles(
  db: Db,
  clock: Clock,
  scope: DataScope,
  gradeId: number,
  last?: number,
  subjectId: number | null = null,
) {
  let contexts = await gradeContexts(db, clock, scope, gradeId);
  if (last !== undefined) contexts = contexts.slice(-last);
  const byId = new Map<number, StudentRow>();
  contexts.forEach(({ ctx }, e) => {
    const key = subjectId === null ? 0 : examSubject(ctx, subjectId);
    const columns = key === null ? null : studentColumns(ctx, key);
    const fullMarks = key === null ? 0 : fullMarksOf(ctx, key);
    ctx.report.snapshot.students.forEach((s, i) => {
      if (!fullClass(scope, s.classId)) return;
      const row = byId.get(s.id) ?? {
        name: s.name,
        studentNo: s.studentNo,
        classId: s.classId,
        className: '',
        p: contexts.map(() => null),
        r: contexts.map(() => null),
        s: contexts.map(() => null),
        rate: contexts.map(() => null),
      };
      row.classId = s.classId;
      row.className = ctx.report.snapshot.classes.find((c) => c.id === s.classId)?.name ?? '';
      row.p[e] = columns?.percentiles[i] ?? null;
      row.r[e] = columns?.gradeRanks[i] ?? null;
      const score = columns?.scores[i] ?? null;
      row.s[e] = score;
      row.rate[e] = score !== null && fullMarks > 0 ? round2((100 * score) / fullMarks) : null;
      byId.set(s.id, row);
    });
  });
  return { contexts, byId };
}
