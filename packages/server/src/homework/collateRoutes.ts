import { homeworkCollateRoutes as r, type CollateRow } from '@examkit/contracts';
import type { DomainDeps } from '../core/deps';
import type { Router } from '../core/router';
import { accessOf } from '../core/scope';
import { visibleHomeworks } from './create';
import { studentsOf } from './submissions/students';

const TAG = 'homework';
const KEY = 'Homework-Collate';
/** The most recent assigned homework collated at once. */
const LIMIT = 60;

/**
 * Registers 作业整理 (/homework/collate): the caller's assigned homework — those the list shows —
 * over the students they correct (the correction screen's rule), per administrative class.
 */
export function registerHomeworkCollateRoutes(router: Router, { db, clock }: DomainDeps): void {
  router.sessionRoute(r.collateList, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await access.require(KEY);
    const homeworks = await (
      await visibleHomeworks(db, access)
    )
      .where('state', '=', 'assigned')
      .where('paper_kind', '!=', 'composition')
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(LIMIT)
      .execute();
    const now = clock.now().getTime();
    const rows: CollateRow[] = [];
    for (const homework of homeworks) {
      const students = await studentsOf(db, access, homework);
      if (students.length === 0) continue;
      const [subs, dues, grade, subject] = await Promise.all([
        db
          .selectFrom('homework_submissions')
          .select(['student_id', 'status'])
          .where('homework_id', '=', homework.id)
          .where(
            'student_id',
            'in',
            students.map((s) => s.studentId),
          )
          .execute(),
        db
          .selectFrom('homework_assignments')
          .select('due_at')
          .where('homework_id', '=', homework.id)
          .execute(),
        db
          .selectFrom('grades')
          .select('name')
          .where('id', '=', homework.grade_id)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('subjects')
          .select('name')
          .where('id', '=', homework.subject_id)
          .executeTakeFirstOrThrow(),
      ]);
      const status = new Map(subs.map((s) => [s.student_id, s.status]));
      const dueAt = dues.length ? Math.min(...dues.map((d) => Number(d.due_at))) : null;
      const classes = new Map<number, string>();
      for (const s of students) classes.set(s.classId, s.className);
      for (const [classId, className] of classes) {
        const mine = students.filter((s) => s.classId === classId);
        const handed = mine.filter((s) => status.has(s.studentId));
        const done = handed.filter((s) => {
          const st = status.get(s.studentId);
          return st === 'finished' || st === 'modified';
        });
        const row: CollateRow = {
          homeworkId: homework.id,
          homeworkName: homework.name,
          gradeName: grade.name,
          subjectName: subject.name,
          classId,
          className,
          dueAt,
          overdue: dueAt !== null && dueAt < now,
          expected: mine.length,
          submitted: handed.length,
          toCorrect: handed.length - done.length,
          corrected: done.length,
          missing: mine
            .filter((s) => !status.has(s.studentId))
            .map((s) => ({ studentNo: s.studentNo, name: s.name })),
        };
        if (body.show === 'all' || row.toCorrect > 0 || row.missing.length > 0) rows.push(row);
      }
    }
    return rows;
  });
}
