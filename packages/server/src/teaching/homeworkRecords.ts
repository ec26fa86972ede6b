import type { DataOf, teachingRoutes } from '@examkit/contracts';
import type { Db } from '../core/database';
import { ApiError } from '../core/envelope';
import type { Access, DataScope } from '../core/scope';
import { visibleHomeworks } from '../homework/create';
import { isDone, rate, reportData, studentRows, type ReportData } from '../homework/report/data';
import { basicOf, knowledgeOf } from '../homework/report/figures';
import { homeworkWrongQuestions } from '../homework/report/wrongBook';
import type { PointPart } from './records';

type StudentHomework = DataOf<(typeof teachingRoutes)['studentRecord']>['homework'];
type HomeworkWrong = DataOf<(typeof teachingRoutes)['studentRecord']>['homeworkWrong'];
type ClassHomework = DataOf<(typeof teachingRoutes)['classRecord']>['homework'];
type MasteryPoint = DataOf<(typeof teachingRoutes)['classRecord']>['points'][number];

/** A knowledge point's homework part: its homework reports' 知识点统计 added up. */
export interface HomeworkPart extends PointPart {
  count: number;
}

/**
 * The knowledge points of several homework reports, each the report's own 知识点统计
 * (`knowledgeOf`), added up per subject and point as the engine adds up questions: the scored
 * marks (score rate × the point's full marks) over the full marks. A homework whose questions of
 * a point have no score yet is left out of that point.
 */
async function homeworkPoints(db: Db, reports: readonly ReportData[]): Promise<HomeworkPart[]> {
  const parts = new Map<string, HomeworkPart & { marks: number }>();
  for (const d of reports) {
    for (const p of (await knowledgeOf(db, d)).points) {
      if (p.scoreRate === null) continue;
      const key = `${d.subjectName}\u0000${p.name}`;
      const part = parts.get(key) ?? {
        subjectName: d.subjectName,
        point: p.name,
        fullMarks: 0,
        scoreRate: null,
        count: 0,
        marks: 0,
      };
      part.fullMarks += p.fullMarks;
      part.marks += p.scoreRate * p.fullMarks;
      part.count += 1;
      parts.set(key, part);
    }
  }
  return [...parts.values()].map(({ marks, ...p }) => ({
    ...p,
    scoreRate: p.fullMarks > 0 ? marks / p.fullMarks : null,
  }));
}

/**
 * 知识点掌握 over exams and homework: per subject and point, the exams' part (the engine's tag
 * score rate), the homework's part and both together — the marks of each part (score rate × full
 * marks) over their full marks, so a point weighs as its questions do; lowest first.
 */
export function combineMastery(
  exams: readonly PointPart[],
  homework: readonly HomeworkPart[],
): MasteryPoint[] {
  const rows = new Map<string, MasteryPoint>();
  const rowOf = (p: PointPart) => {
    const key = `${p.subjectName}\u0000${p.point}`;
    const row = rows.get(key) ?? {
      subjectName: p.subjectName,
      point: p.point,
      fullMarks: 0,
      scoreRate: null,
      exam: null,
      homework: null,
    };
    rows.set(key, row);
    return row;
  };
  for (const p of exams) rowOf(p).exam = { fullMarks: p.fullMarks, scoreRate: p.scoreRate };
  for (const p of homework)
    rowOf(p).homework = { fullMarks: p.fullMarks, scoreRate: p.scoreRate, count: p.count };
  for (const row of rows.values()) {
    const parts = [row.exam, row.homework].flatMap((x) => (x ? [x] : []));
    row.fullMarks = parts.reduce((s, x) => s + x.fullMarks, 0);
    const scored = parts.filter((x) => x.scoreRate !== null);
    const full = scored.reduce((s, x) => s + x.fullMarks, 0);
    row.scoreRate =
      scored.length === 0 || full === 0
        ? null
        : scored.reduce((s, x) => s + x.scoreRate! * x.fullMarks, 0) / full;
  }
  return [...rows.values()].sort(
    (a, b) =>
      (a.scoreRate ?? 2) - (b.scoreRate ?? 2) ||
      a.subjectName.localeCompare(b.subjectName) ||
      a.point.localeCompare(b.point),
  );
}

/**
 * The 校本作业 assigned to a class whose report the caller may open (the homework report's rule:
 * the Homework-SchoolBase key, the homework the caller sees and corrects), each with its report's
 * data over the class, oldest assignment first; others are left out, not refused.
 */
async function classReports(db: Db, access: Access, classId: number) {
  if (!(await access.has('Homework-SchoolBase'))) return [];
  const rows = await (
    await visibleHomeworks(db, access)
  )
    .where('state', '=', 'assigned')
    .where('paper_kind', '!=', 'composition')
    .where('id', 'in', (eb) =>
      eb.selectFrom('homework_assignments').select('homework_id').where('class_id', '=', classId),
    )
    .orderBy('id')
    .execute();
  const out: { d: ReportData; assignedAt: number }[] = [];
  for (const row of rows) {
    const d = await reportData(db, access, row.id, { classId, teachingClassId: null }).catch(
      (e: unknown) => {
        // the class is not the caller's to correct: not shown
        if (e instanceof ApiError) return null;
        throw e;
      },
    );
    if (!d) continue;
    const at = await db
      .selectFrom('homework_assignments')
      .select((eb) => eb.fn.min('assigned_at').as('at'))
      .where('homework_id', '=', row.id)
      .where('class_id', '=', classId)
      .executeTakeFirst();
    out.push({ d, assignedAt: Number(at?.at ?? row.created_at) });
  }
  return out.sort((a, b) => a.assignedAt - b.assignedAt || a.d.homework.id - b.d.homework.id);
}

const refOf = (d: ReportData, assignedAt: number) => ({
  homeworkId: d.homework.id,
  name: d.homework.name,
  subjectName: d.subjectName,
  assignedAt,
  fullMarks: d.fullMarks,
});

/**
 * 学生学情's homework: per homework of the student's class the caller may open, the student's
 * score and score rate and the class's score rate — the report's own `studentRows` and `basicOf`
 * over the class, nothing computed a second way — and the knowledge points of their hand-ins (the
 * report's `knowledgeOf` over the student's own hand-in).
 */
export async function studentHomework(
  db: Db,
  access: Access,
  student: { id: number; classId: number },
): Promise<{ homework: StudentHomework; points: HomeworkPart[] }> {
  const homework: StudentHomework = [];
  const mineOnly: ReportData[] = [];
  for (const { d, assignedAt } of await classReports(db, access, student.classId)) {
    const mine = studentRows(d, new Map()).find((s) => s.studentId === student.id);
    if (!mine) continue;
    const done = isDone(mine.status) && mine.score !== null;
    homework.push({
      ...refOf(d, assignedAt),
      status: mine.status,
      score: done ? mine.score : null,
      scoreRate: done ? rate(mine.score!, d.fullMarks) : null,
      classScoreRate: basicOf(d).scoreRate,
    });
    mineOnly.push({
      ...d,
      students: d.students.filter((s) => s.studentId === student.id),
      subs: d.subs.filter((s) => s.student_id === student.id),
    });
  }
  return { homework, points: await homeworkPoints(db, mineOnly) };
}

/**
 * 班级学情's homework: per homework of the class the caller may open, its report's 基本情况, and
 * the knowledge points of its 知识点统计 over the class.
 */
export async function classHomework(
  db: Db,
  access: Access,
  classId: number,
): Promise<{ homework: ClassHomework; points: HomeworkPart[] }> {
  const reports = await classReports(db, access, classId);
  const homework = reports.map(({ d, assignedAt }) => {
    const b = basicOf(d);
    return {
      ...refOf(d, assignedAt),
      expected: b.expected,
      submitted: b.submitted,
      corrected: b.corrected,
      average: b.average,
      scoreRate: b.scoreRate,
    };
  });
  return {
    homework,
    points: await homeworkPoints(
      db,
      reports.map((r) => r.d),
    ),
  };
}

/** Wrong homework questions shown in a student record (the newest first). */
const HOMEWORK_WRONG_SHOWN = 50;

/**
 * 学生学情's wrong homework questions: the 错题本's own rule (`homeworkWrongQuestions`: judged 错,
 * the homework's subject seen by the caller in the student's class, the session's year), newest
 * first.
 */
export async function studentHomeworkWrong(
  db: Db,
  scope: DataScope,
  studentId: number,
): Promise<HomeworkWrong> {
  const rows = await homeworkWrongQuestions(db, scope, studentId, {
    subjectName: '',
    dateFrom: '',
    dateTo: '',
  });
  return rows.slice(0, HOMEWORK_WRONG_SHOWN).map((r) => ({
    homeworkId: r.homeworkId,
    homeworkName: r.homeworkName,
    date: r.date,
    subjectName: r.subjectName,
    label: r.label,
    knowledgePoints: r.knowledgePoints,
    score: r.score,
    fullMarks: r.fullMarks,
  }));
}
