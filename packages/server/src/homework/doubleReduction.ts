import { DAILY_MINUTES_LIMIT, type AssignCheck, type DailyLoad } from '@examkit/contracts';
import type { Db } from '../core/database';
import { badRequest } from '../core/envelope';

/**
 * 双减 (docs/homework.md "双减"): no written homework in 一、二年级; the estimated minutes of a
 * day's homework per administrative class, every subject together, warned past 60 minutes in
 * 三至六年级 and 90 minutes in 七至九年级. High-school grades have no limit.
 */

/** China's date of a moment, `YYYY-MM-DD`: the day an assignment counts in. */
export const chinaDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

export const WRITTEN_REFUSED_MESSAGE = '根据“双减”规定，一、二年级不布置书面作业，不能布置该作业';

/** Grade 1 and 2 (小学一、二年级) get no written homework. */
export const writtenRefused = (gradeNum: number) => gradeNum === 1 || gradeNum === 2;

/** The grade's daily limit in minutes, or null where 双减 sets none. */
export function dailyLimitOf(gradeNum: number): number | null {
  if (gradeNum >= 3 && gradeNum <= 6) return DAILY_MINUTES_LIMIT.primary;
  if (gradeNum >= 7 && gradeNum <= 9) return DAILY_MINUTES_LIMIT.junior;
  return null;
}

export function assertWrittenAllowed(gradeNum: number): void {
  if (writtenRefused(gradeNum)) throw badRequest(WRITTEN_REFUSED_MESSAGE);
}

export interface PlannedAssignment {
  schoolId: number;
  homeworkId: number;
  gradeNum: number;
  classIds: readonly number[];
  teachingClassIds: readonly number[];
  estimatedMinutes: number;
  day: string;
}

/**
 * The administrative classes an assignment reaches (its classes, and the classes of the
 * students of its teaching classes) with each class's minutes that day before and with it.
 */
export async function dailyLoads(db: Db, plan: PlannedAssignment): Promise<AssignCheck> {
  const reached = new Set(plan.classIds);
  if (plan.teachingClassIds.length > 0) {
    const rows = await db
      .selectFrom('teaching_class_students as x')
      .innerJoin('students as s', 's.id', 'x.student_id')
      .select('s.class_id')
      .distinct()
      .where('x.teaching_class_id', 'in', [...plan.teachingClassIds])
      .execute();
    for (const r of rows) reached.add(r.class_id);
  }
  const classIds = [...reached];
  const limit = dailyLimitOf(plan.gradeNum);
  if (classIds.length === 0) return { day: plan.day, loads: [], warning: null };
  const [classes, taught, assigned] = await Promise.all([
    db.selectFrom('classes').select(['id', 'name']).where('id', 'in', classIds).execute(),
    // Which teaching classes hold students of each reached class.
    db
      .selectFrom('teaching_class_students as x')
      .innerJoin('students as s', 's.id', 'x.student_id')
      .select(['s.class_id', 'x.teaching_class_id'])
      .distinct()
      .where('s.class_id', 'in', classIds)
      .execute(),
    db
      .selectFrom('homework_assignments as a')
      .innerJoin('homeworks as h', 'h.id', 'a.homework_id')
      .innerJoin('subjects as sub', 'sub.id', 'h.subject_id')
      .select([
        'a.homework_id',
        'a.class_id',
        'a.teaching_class_id',
        'a.estimated_minutes',
        'h.name',
        'sub.name as subjectName',
      ])
      .where('a.school_id', '=', plan.schoolId)
      .where('a.day', '=', plan.day)
      .where('a.homework_id', '!=', plan.homeworkId)
      .execute(),
  ]);
  const teachingOf = new Map<number, Set<number>>();
  for (const t of taught) {
    const set = teachingOf.get(t.class_id) ?? new Set<number>();
    set.add(t.teaching_class_id);
    teachingOf.set(t.class_id, set);
  }
  const loads: DailyLoad[] = classes
    .sort((a, b) => a.id - b.id)
    .map((c) => {
      const mine = teachingOf.get(c.id) ?? new Set<number>();
      // A homework counts once per class, however many of its assignments reach the class.
      const byHomework = new Map<number, { name: string; subjectName: string; minutes: number }>();
      for (const a of assigned) {
        const reaches =
          a.class_id === c.id || (a.teaching_class_id !== null && mine.has(a.teaching_class_id));
        if (!reaches) continue;
        const prev = byHomework.get(a.homework_id);
        const minutes = Math.max(prev?.minutes ?? 0, a.estimated_minutes);
        byHomework.set(a.homework_id, { name: a.name, subjectName: a.subjectName, minutes });
      }
      const items = [...byHomework.values()];
      const assignedMinutes = items.reduce((sum, i) => sum + i.minutes, 0);
      const totalMinutes = assignedMinutes + plan.estimatedMinutes;
      return {
        classId: c.id,
        className: c.name,
        assignedMinutes,
        totalMinutes,
        limit,
        over: limit !== null && totalMinutes > limit,
        items,
      };
    });
  const over = loads.filter((l) => l.over);
  const warning =
    over.length === 0
      ? null
      : `根据“双减”规定，该年级每天书面作业总时长不超过 ${limit} 分钟。布置后 ${over
          .map((l) => `${l.className}当天作业预计 ${l.totalMinutes} 分钟`)
          .join('，')}，已超过上限，请确认是否仍要布置。`;
  return { day: plan.day, loads, warning };
}
