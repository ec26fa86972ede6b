import type { DataOf, teachResearchRoutes } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { DataScope } from '../core/scope';
import { gradePercentiles, refOf, scopedGrade, studentHead } from './researchGrade';

type Routes = typeof teachResearchRoutes;

/**
 * 师生学情·学生: the students of a grade whose total's percentile (the engine's, per exam) fell by
 * at least `drop` points from the exam before, or is under `line` in the newest exam they sat.
 * Only classes whose total the caller sees (a 任课教师 sees no total, so no one here).
 */
export async function studyStudents(
  db: Db,
  clock: Clock,
  scope: DataScope,
  body: { gradeId: number | null; drop: number; line: number },
): Promise<Omit<DataOf<Routes['studyStudents']>, 'homework'>> {
  const head = await scopedGrade(db, scope, body.gradeId, true);
  if (head.gradeId === null) return { ...head, exams: [], students: [] };
  const { contexts, byId } = await gradePercentiles(db, clock, scope, head.gradeId);
  const students: DataOf<Routes['studyStudents']>['students'] = [];
  for (const [studentId, row] of byId) {
    const sat = row.p.filter((v): v is number => v !== null);
    const latest = sat.at(-1) ?? null;
    const before = sat.length >= 2 ? sat.at(-2)! : null;
    const change = latest !== null && before !== null ? latest - before : null;
    const falling = change !== null && change <= -body.drop;
    const below = latest !== null && latest < body.line;
    if (!falling && !below) continue;
    students.push({
      ...studentHead(studentId, row),
      change,
      falling,
      below,
    });
  }
  students.sort(
    (a, b) =>
      (a.change ?? 0) - (b.change ?? 0) ||
      (a.percentiles.at(-1) ?? 0) - (b.percentiles.at(-1) ?? 0) ||
      a.studentNo.localeCompare(b.studentNo),
  );
  return { ...head, exams: contexts.map(({ exam }) => refOf(exam)), students };
}
