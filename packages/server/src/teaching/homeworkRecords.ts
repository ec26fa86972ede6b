import type { DataOf, teachingRoutes } from '@examkit/contracts';
import type { Db } from '../core/database';
import { ApiError } from '../core/envelope';
import type { Access } from '../core/scope';
import { visibleHomeworks } from '../homework/create';
import { isDone, rate, reportData, studentRows } from '../homework/report/data';
import { basicOf } from '../homework/report/figures';

type Homework = DataOf<(typeof teachingRoutes)['studentRecord']>['homework'];

/**
 * 学生学情's homework: each 校本作业 assigned to the student's class whose report the caller may
 * open (the homework report's rule: the Homework-SchoolBase key, the caller's students), oldest
 * first, with the student's score and the class's score rate — the report's own `studentRows`
 * and `basicOf` over the class, nothing computed a second way.
 */
export async function studentHomework(
  db: Db,
  access: Access,
  student: { id: number; classId: number },
): Promise<Homework> {
  if (!(await access.has('Homework-SchoolBase'))) return [];
  const rows = await (
    await visibleHomeworks(db, access)
  )
    .where('state', '=', 'assigned')
    .where('paper_kind', '!=', 'composition')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('homework_assignments')
        .select('homework_id')
        .where('class_id', '=', student.classId),
    )
    .orderBy('id')
    .execute();
  const out: Homework = [];
  for (const row of rows) {
    const d = await reportData(db, access, row.id, {
      classId: student.classId,
      teachingClassId: null,
    }).catch((e: unknown) => {
      // the class or the student is not the caller's to correct: not shown
      if (e instanceof ApiError) return null;
      throw e;
    });
    const mine = d ? studentRows(d, new Map()).find((s) => s.studentId === student.id) : undefined;
    if (!d || !mine) continue;
    const assignedAt = await db
      .selectFrom('homework_assignments')
      .select((eb) => eb.fn.min('assigned_at').as('at'))
      .where('homework_id', '=', row.id)
      .where('class_id', '=', student.classId)
      .executeTakeFirst();
    const done = isDone(mine.status) && mine.score !== null;
    out.push({
      homeworkId: row.id,
      name: row.name,
      subjectName: d.subjectName,
      assignedAt: Number(assignedAt?.at ?? row.created_at),
      fullMarks: d.fullMarks,
      status: mine.status,
      score: done ? mine.score : null,
      scoreRate: done ? rate(mine.score!, d.fullMarks) : null,
      classScoreRate: basicOf(d).scoreRate,
    });
  }
  return out.sort((a, b) => a.assignedAt - b.assignedAt || a.homeworkId - b.homeworkId);
}
