import type { DataOf, teachingRoutes } from '@examkit/contracts';
import type { Db } from '../core/database';
import { ApiError } from '../core/envelope';
import type { Access, DataScope } from '../core/scope';
import { visibleHomeworks } from '../homework/create';
import { isDone, rate, reportData, studentRows, type ReportData } from '../homework/report/data';
import { basicOf } from '../homework/report/figures';
import { homeworkWrongQuestions } from '../homework/report/wrongBook';

type StudentHomework = DataOf<(typeof teachingRoutes)['studentRecord']>['homework'];
type HomeworkWrong = DataOf<(typeof teachingRoutes)['studentRecord']>['homeworkWrong'];
type ClassHomework = DataOf<(typeof teachingRoutes)['classRecord']>['homework'];

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
 * over the class, nothing computed a second way.
 */
export async function studentHomework(
  db: Db,
  access: Access,
  student: { id: number; classId: number },
): Promise<StudentHomework> {
  const out: StudentHomework = [];
  for (const { d, assignedAt } of await classReports(db, access, student.classId)) {
    const mine = studentRows(d, new Map()).find((s) => s.studentId === student.id);
    if (!mine) continue;
    const done = isDone(mine.status) && mine.score !== null;
    out.push({
      ...refOf(d, assignedAt),
      status: mine.status,
      score: done ? mine.score : null,
      scoreRate: done ? rate(mine.score!, d.fullMarks) : null,
      classScoreRate: basicOf(d).scoreRate,
    });
  }
  return out;
}

/** 班级学情's homework: per homework of the class the caller may open, its report's 基本情况. */
export async function classHomework(
  db: Db,
  access: Access,
  classId: number,
): Promise<ClassHomework> {
  return (await classReports(db, access, classId)).map(({ d, assignedAt }) => {
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
