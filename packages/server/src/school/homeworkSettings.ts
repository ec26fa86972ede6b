import { administrationRoutes as r } from '@examkit/contracts';
import type { Db } from '../core/database';
import { badRequest, forbidden, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import { accessOf, type Access } from '../core/scope';
import type { SessionInfo } from '../core/session';
import type { DomainDeps } from '../core/deps';
import { subjectsOf } from './common';

const TAG = 'administration';

/** Settings of a grade × subject nobody has saved yet (docs/administration.md "Homework settings"). */
export const HOMEWORK_DEFAULTS = {
  enabled: true,
  deadlineTime: '22:00',
  allowLate: true,
  correctionMode: 'teacher',
  notifyParents: false,
} as const;

type CorrectionMode = 'teacher' | 'peer' | 'auto';
type Edition =
  '人教版' | '北师大版' | '苏教版' | '沪教版' | '外研版' | '湘教版' | '鲁科版' | '部编版' | '其他';

/** Reading needs System-Homework (the settings page) or Homework (the homework module uses them). */
async function requireRead(access: Access): Promise<void> {
  if ((await access.has('System-Homework')) || (await access.has('Homework'))) return;
  throw forbidden('没有该操作的权限');
}

/** The grades of the session's school and year, and the school's subjects: the rows of both pages. */
async function gridOf(db: Db, session: SessionInfo) {
  const [grades, subjects] = await Promise.all([
    db
      .selectFrom('grades')
      .select(['id', 'name'])
      .where('school_id', '=', session.schoolId)
      .where('academic_year', '=', session.academicYear)
      .orderBy('grade_num')
      .orderBy('id')
      .execute(),
    subjectsOf(db, session.schoolId),
  ]);
  return grades.flatMap((g) =>
    subjects.map((s) => ({
      gradeId: g.id,
      gradeName: g.name,
      subjectId: s.id,
      subjectName: s.name,
    })),
  );
}

const keyOf = (row: { gradeId: number; subjectId: number }) => `${row.gradeId}:${row.subjectId}`;

/**
 * Checks a save before anything is written: System-Homework, no grade × subject twice, every
 * grade of the session's school and year, every subject of the school, and every grade in the
 * caller's scope (school-wide, or 年级主任 of the grade).
 */
async function checkItems(
  db: Db,
  access: Access,
  items: readonly { gradeId: number; subjectId: number }[],
): Promise<void> {
  await access.require('System-Homework');
  const { session } = access;
  if (new Set(items.map(keyOf)).size !== items.length) throw badRequest('同一年级学科出现了多次');
  const gradeIds = [...new Set(items.map((i) => i.gradeId))];
  const subjectIds = [...new Set(items.map((i) => i.subjectId))];
  const grades = await db
    .selectFrom('grades')
    .select('id')
    .where('school_id', '=', session.schoolId)
    .where('academic_year', '=', session.academicYear)
    .where('id', 'in', gradeIds)
    .execute();
  if (grades.length !== gradeIds.length) throw notFound('年级不存在');
  const subjects = await db
    .selectFrom('subjects')
    .select('id')
    .where('school_id', '=', session.schoolId)
    .where('id', 'in', subjectIds)
    .execute();
  if (subjects.length !== subjectIds.length) throw notFound('学科不存在');
  const scope = await access.scope();
  if (!scope.schoolWide && gradeIds.some((id) => !scope.leadGradeIds.has(id)))
    throw forbidden('超出数据范围：仅限全校范围的角色或该年级的年级主任');
}

/** /system/homework (作业设置) and /system/homework/correlation (教材关联). */
export function registerHomeworkSettingsRoutes(router: Router, { db, clock }: DomainDeps): void {
  const now = () => clock.now().getTime();

  router.sessionRoute(r.homeworkSettingsGet, TAG, async ({ session }) => {
    await requireRead(accessOf(db, session));
    const [grid, saved] = await Promise.all([
      gridOf(db, session),
      db
        .selectFrom('homework_settings')
        .selectAll()
        .where('school_id', '=', session.schoolId)
        .where('academic_year', '=', session.academicYear)
        .execute(),
    ]);
    const byKey = new Map(saved.map((s) => [`${s.grade_id}:${s.subject_id}`, s]));
    return {
      academicYear: session.academicYear,
      rows: grid.map((cell) => {
        const s = byKey.get(keyOf(cell));
        if (!s) return { ...cell, ...HOMEWORK_DEFAULTS, saved: false };
        return {
          ...cell,
          enabled: s.enabled === 1,
          deadlineTime: s.deadline_time,
          allowLate: s.allow_late === 1,
          correctionMode: s.correction_mode as CorrectionMode,
          notifyParents: s.notify_parents === 1,
          saved: true,
        };
      }),
    };
  });

  router.sessionRoute(r.homeworkSettingsSave, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await checkItems(db, access, body.items);
    const { schoolId, academicYear, userId } = session;
    return db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('homework_settings')
        .selectAll()
        .where('school_id', '=', schoolId)
        .where('academic_year', '=', academicYear)
        .where('grade_id', 'in', [...new Set(body.items.map((i) => i.gradeId))])
        .execute();
      const byKey = new Map(existing.map((s) => [`${s.grade_id}:${s.subject_id}`, s]));
      let changed = 0;
      for (const item of body.items) {
        const values = {
          enabled: item.enabled ? 1 : 0,
          deadline_time: item.deadlineTime,
          allow_late: item.allowLate ? 1 : 0,
          correction_mode: item.correctionMode,
          notify_parents: item.notifyParents ? 1 : 0,
        };
        const old = byKey.get(keyOf(item));
        if (
          old &&
          (Object.keys(values) as (keyof typeof values)[]).every((k) => old[k] === values[k])
        )
          continue;
        changed++;
        const stamp = { ...values, updated_by: userId, updated_at: now() };
        await trx
          .insertInto('homework_settings')
          .values({
            school_id: schoolId,
            academic_year: academicYear,
            grade_id: item.gradeId,
            subject_id: item.subjectId,
            ...stamp,
          })
          .onConflict((oc) =>
            oc.columns(['school_id', 'academic_year', 'grade_id', 'subject_id']).doUpdateSet(stamp),
          )
          .execute();
      }
      return { changed, unchanged: body.items.length - changed };
    });
  });

  router.sessionRoute(r.homeworkCorrelationGet, TAG, async ({ session }) => {
    await requireRead(accessOf(db, session));
    const [grid, saved] = await Promise.all([
      gridOf(db, session),
      db
        .selectFrom('homework_textbooks')
        .selectAll()
        .where('school_id', '=', session.schoolId)
        .where('academic_year', '=', session.academicYear)
        .execute(),
    ]);
    const byKey = new Map(saved.map((s) => [`${s.grade_id}:${s.subject_id}`, s]));
    return {
      academicYear: session.academicYear,
      rows: grid.map((cell) => {
        const s = byKey.get(keyOf(cell));
        return {
          ...cell,
          edition: (s?.edition ?? null) as Edition | null,
          volume: s?.volume ?? '',
        };
      }),
    };
  });

  router.sessionRoute(r.homeworkCorrelationSave, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await checkItems(db, access, body.items);
    const { schoolId, academicYear, userId } = session;
    return db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('homework_textbooks')
        .selectAll()
        .where('school_id', '=', schoolId)
        .where('academic_year', '=', academicYear)
        .where('grade_id', 'in', [...new Set(body.items.map((i) => i.gradeId))])
        .execute();
      const byKey = new Map(existing.map((s) => [`${s.grade_id}:${s.subject_id}`, s]));
      let changed = 0;
      for (const item of body.items) {
        const old = byKey.get(keyOf(item));
        if (item.edition === null) {
          // No edition: the row is cleared (the volume means nothing without one).
          if (!old) continue;
          changed++;
          await trx
            .deleteFrom('homework_textbooks')
            .where('school_id', '=', schoolId)
            .where('academic_year', '=', academicYear)
            .where('grade_id', '=', item.gradeId)
            .where('subject_id', '=', item.subjectId)
            .execute();
          continue;
        }
        const volume = item.volume.trim();
        if (old && old.edition === item.edition && old.volume === volume) continue;
        changed++;
        const stamp = { edition: item.edition, volume, updated_by: userId, updated_at: now() };
        await trx
          .insertInto('homework_textbooks')
          .values({
            school_id: schoolId,
            academic_year: academicYear,
            grade_id: item.gradeId,
            subject_id: item.subjectId,
            ...stamp,
          })
          .onConflict((oc) =>
            oc.columns(['school_id', 'academic_year', 'grade_id', 'subject_id']).doUpdateSet(stamp),
          )
          .execute();
      }
      return { changed, unchanged: body.items.length - changed };
    });
  });
}
