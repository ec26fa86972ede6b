import {
  RESEARCH_HOMEWORK_COUNT,
  RESEARCH_HOMEWORK_PERIOD_MAX,
  type DataOf,
  type teachResearchRoutes,
  type UsagePeriod,
} from '@examkit/contracts';
import type { Db } from '../core/database';
import { ApiError } from '../core/envelope';
import type { Access } from '../core/scope';
import type { HomeworkRow } from '../homework/access';
import { visibleHomeworks } from '../homework/create';
import { isDone, rate, reportData, studentRows, type ReportData } from '../homework/report/data';
import { basicOf } from '../homework/report/figures';
import { periodOf } from './usage';

type Routes = typeof teachResearchRoutes;
type StudentsHomework = DataOf<Routes['studyStudents']>['homework'];
type TeachersHomework = DataOf<Routes['studyTeachers']>['homework'];

export interface GradeReport {
  d: ReportData;
  assignedAt: number;
}

/** 师生学情's homework period (null: the grade's newest {@link RESEARCH_HOMEWORK_COUNT}). */
export type HomeworkPeriod = UsagePeriod | null | undefined;

/**
 * The grade's newest assigned 校本作业 (作文 aside; 教辅 chapters are homework too) whose report the
 * caller may open — the homework report's rule: the Homework-SchoolBase key, the homework the
 * caller sees, over the students they correct — oldest first; others are left out, not refused.
 * With a period, those first assigned in it (China days, both included; at most a year, refused
 * like 使用统计's), at most {@link RESEARCH_HOMEWORK_PERIOD_MAX}; without, the newest
 * {@link RESEARCH_HOMEWORK_COUNT}.
 */
async function gradeReports(
  db: Db,
  access: Access,
  gradeId: number,
  period: HomeworkPeriod,
): Promise<GradeReport[]> {
  return homeworkReports(db, access, gradeId, period);
}

/**
 * As {@link gradeReports}, of one grade or (`gradeId` null) of every grade; `limit` bounds how
 * many are read (by default as 师生学情's).
 */
export async function homeworkReports(
  db: Db,
  access: Access,
  gradeId: number | null,
  period: HomeworkPeriod,
  limit = period ? RESEARCH_HOMEWORK_PERIOD_MAX : RESEARCH_HOMEWORK_COUNT,
): Promise<GradeReport[]> {
  const out: GradeReport[] = [];
  for (const h of await assignedNewest(db, access, { gradeId, composition: false }, period)) {
    if (out.length === limit) break;
    const d = await reportData(db, access, h.row.id, {
      classId: null,
      teachingClassId: null,
    }).catch((e: unknown) => {
      if (e instanceof ApiError) return null;
      throw e;
    });
    // none of its students is the caller's to correct: not shown
    if (d && d.students.length > 0) out.push({ d, assignedAt: h.at });
  }
  return out.reverse();
}

/**
 * The assigned homework the caller sees (with the 校本作业 key) of one grade or every grade, the
 * 作文 or the others, each with when it was first assigned, newest first; with a period, those
 * first assigned in it.
 */
export async function assignedNewest(
  db: Db,
  access: Access,
  which: { gradeId: number | null; composition: boolean },
  period: HomeworkPeriod,
): Promise<{ row: HomeworkRow; at: number }[]> {
  const bounds = period ? periodOf(period) : null;
  if (!(await access.has('Homework-SchoolBase'))) return [];
  let query = (await visibleHomeworks(db, access))
    .where('state', '=', 'assigned')
    .where('paper_kind', which.composition ? '=' : '!=', 'composition');
  if (which.gradeId !== null) query = query.where('grade_id', '=', which.gradeId);
  const rows = await query.execute();
  const assigned =
    rows.length === 0
      ? []
      : await db
          .selectFrom('homework_assignments')
          .select(['homework_id', (eb) => eb.fn.min('assigned_at').as('at')])
          .where(
            'homework_id',
            'in',
            rows.map((r) => r.id),
          )
          .groupBy('homework_id')
          .execute();
  return rows
    .map((row) => ({
      row,
      at: Number(assigned.find((a) => a.homework_id === row.id)?.at ?? row.created_at),
    }))
    .filter((h) => !bounds || (h.at >= bounds.from && h.at < bounds.to))
    .sort((a, b) => b.at - a.at || b.row.id - a.row.id);
}

const listOf = (reports: readonly GradeReport[]) =>
  reports.map(({ d, assignedAt }) => ({
    homeworkId: d.homework.id,
    name: d.homework.name,
    subjectName: d.subjectName,
    assignedAt,
    fullMarks: d.fullMarks,
  }));

const mean = (xs: readonly number[]) =>
  xs.length === 0
    ? null
    : Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10_000) / 10_000;

/**
 * 师生学情·学生's homework: per student listed, their score rate in each homework of the list they
 * handed in and had corrected (the report's `studentRows`; null otherwise), the trend beside the
 * percentiles, and the mean of those rates.
 */
export async function studentsHomework(
  db: Db,
  access: Access,
  gradeId: number | null,
  studentIds: readonly number[],
  period: HomeworkPeriod,
): Promise<StudentsHomework> {
  const reports = gradeId === null ? [] : await gradeReports(db, access, gradeId, period);
  const rates = new Map<number, (number | null)[]>(
    studentIds.map((id) => [id, reports.map(() => null)]),
  );
  reports.forEach(({ d }, i) => {
    for (const row of studentRows(d, new Map())) {
      const list = rates.get(row.studentId);
      if (!list || !isDone(row.status) || row.score === null) continue;
      list[i] = rate(row.score, d.fullMarks);
    }
  });
  return {
    list: listOf(reports),
    students: [...rates].map(([studentId, scoreRates]) => {
      const done = scoreRates.filter((r): r is number => r !== null);
      return { studentId, corrected: done.length, scoreRate: mean(done), scoreRates };
    }),
  };
}

/**
 * 师生学情·教师's homework: per class × subject shown, the mean of the class's score rates in the
 * list's homework of that subject (基本情况's 各班, `basicOf`); per teacher, the homework of the
 * list they assigned and the hand-ins (of the caller's students) they corrected.
 */
export async function teachersHomework(
  db: Db,
  access: Access,
  gradeId: number | null,
  classes: readonly { userId: number; classId: number; subjectName: string }[],
  period: HomeworkPeriod,
): Promise<TeachersHomework> {
  const reports = gradeId === null ? [] : await gradeReports(db, access, gradeId, period);
  const basics = reports.map(({ d }) => ({ d, basic: basicOf(d) }));
  const users = [...new Set(classes.map((c) => c.userId))];
  const assigners =
    reports.length === 0 || users.length === 0
      ? []
      : await db
          .selectFrom('homework_assignments')
          .select(['homework_id', 'assigned_by'])
          .where(
            'homework_id',
            'in',
            reports.map((r) => r.d.homework.id),
          )
          .where('assigned_by', 'in', users)
          .execute();
  return {
    list: listOf(reports),
    classes: classes.map((c) => {
      const list = basics.flatMap(({ d, basic }) => {
        if (d.subjectName !== c.subjectName) return [];
        const row = basic.classes.find((x) => x.kind === 'class' && x.id === c.classId);
        return row?.scoreRate === null || row === undefined ? [] : [row.scoreRate];
      });
      return {
        userId: c.userId,
        classId: c.classId,
        subjectName: c.subjectName,
        count: list.length,
        scoreRate: mean(list),
      };
    }),
    teachers: users.map((userId) => ({
      userId,
      assigned: new Set(assigners.filter((a) => a.assigned_by === userId).map((a) => a.homework_id))
        .size,
      corrected: reports.reduce(
        (n, { d }) =>
          n + d.subs.filter((s) => isDone(s.status) && s.corrected_by === userId).length,
        0,
      ),
    })),
  };
}
