import type { Db } from '../core/database';
import { readParam } from '../school/params';
import { HOMEWORK_DEFAULTS } from '../school/homeworkSettings';

const DAY = 24 * 60 * 60 * 1000;

/** The homework a setting is looked up for: its school, year, grade and subject. */
export interface SettingKey {
  school_id: number;
  academic_year: number;
  grade_id: number;
  subject_id: number;
}

/**
 * The 作业设置 (/system/homework) of a homework's grade × subject, defaults filled in for a row
 * nobody saved (docs/administration.md "Homework settings").
 */
export async function homeworkSettingOf(db: Db, row: SettingKey) {
  const saved = await db
    .selectFrom('homework_settings')
    .select(['enabled', 'allow_late', 'correction_mode'])
    .where('school_id', '=', row.school_id)
    .where('academic_year', '=', row.academic_year)
    .where('grade_id', '=', row.grade_id)
    .where('subject_id', '=', row.subject_id)
    .executeTakeFirst();
  return {
    enabled: saved ? saved.enabled === 1 : HOMEWORK_DEFAULTS.enabled,
    allowLate: saved ? saved.allow_late === 1 : HOMEWORK_DEFAULTS.allowLate,
    /** 批改方式: `auto` or `teacher` (docs/homework.md "Submissions", "Who finishes a hand-in"). */
    correctionMode: (saved?.correction_mode ?? HOMEWORK_DEFAULTS.correctionMode) as
      'auto' | 'teacher',
  };
}

/**
 * The last moment an on-screen hand-in is taken (docs/homework.md "Late hand-ins"): the due time
 * when 允许迟交 is off, else the due time plus 允许补交天数 (`lateSubmitDays` of the homework
 * parameters) days.
 */
export async function lateUntilOf(db: Db, row: SettingKey, dueAt: number): Promise<number | null> {
  const { allowLate } = await homeworkSettingOf(db, row);
  if (!allowLate) return null;
  const days = Number((await readParam(db, row.school_id, 'homework')).lateSubmitDays ?? 0);
  return days > 0 ? dueAt + days * DAY : null;
}
