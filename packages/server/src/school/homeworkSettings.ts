import { administrationRoutes as r } from '@examkit/contracts';
import type { Insertable, Selectable, Transaction } from 'kysely';
import type { Db } from '../core/database';
import type { DB } from '../core/schema';
import type { AdministrationTables as SchoolTables } from './tables';
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
  /** What homework did before the setting was read: objective-only hand-ins 已批改 at once. */
  correctionMode: 'auto',
} as const;

type CorrectionMode = 'auto' | 'teacher';
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

type GridTable = 'homework_settings' | 'homework_textbooks';
type GridRow<T extends GridTable> = Selectable<SchoolTables[T]>;

/** The saved rows of one of the two grids for the session's school and year, by grade × subject. */
async function savedByKey<T extends GridTable>(
  db: Db | Transaction<DB>,
  table: T,
  session: Pick<SessionInfo, 'schoolId' | 'academicYear'>,
  gradeIds?: number[],
): Promise<Map<string, GridRow<T>>> {
  let q = db
    .selectFrom(table as GridTable)
    .selectAll()
    .where('school_id', '=', session.schoolId)
    .where('academic_year', '=', session.academicYear);
  if (gradeIds) q = q.where('grade_id', 'in', gradeIds);
  const rows = await q.execute();
  return new Map(rows.map((s) => [`${s.grade_id}:${s.subject_id}`, s as GridRow<T>]));
}

/** Every grade × subject of the session with its saved row of `table`, if any. */
async function gridWithSaved<T extends GridTable>(db: Db, session: SessionInfo, table: T) {
  const [grid, saved] = await Promise.all([gridOf(db, session), savedByKey(db, table, session)]);
  return grid.map((cell) => ({ cell, saved: saved.get(keyOf(cell)) }));
}

/**
 * Saves the changed cells of one of the two grids in one transaction: `next` says per item what
 * its row should now hold (`null`: no row), or `undefined` when it is unchanged.
 */
async function saveGrid<T extends GridTable, I extends { gradeId: number; subjectId: number }>(
  db: Db,
  table: T,
  session: SessionInfo,
  items: readonly I[],
  now: number,
  next: (
    item: I,
    old: GridRow<T> | undefined,
  ) => Record<string, string | number> | null | undefined,
): Promise<{ changed: number; unchanged: number }> {
  const { schoolId, academicYear, userId } = session;
  return db.transaction().execute(async (trx) => {
    const gradeIds = [...new Set(items.map((i) => i.gradeId))];
    const byKey = await savedByKey(trx, table, session, gradeIds);
    let changed = 0;
    for (const item of items) {
      const old = byKey.get(keyOf(item));
      const values = next(item, old);
      if (values === undefined || (values === null && !old)) continue;
      changed++;
      const cell = {
        school_id: schoolId,
        academic_year: academicYear,
        grade_id: item.gradeId,
        subject_id: item.subjectId,
      };
      if (values === null) {
        await trx
          .deleteFrom(table as GridTable)
          .where('school_id', '=', schoolId)
          .where('academic_year', '=', academicYear)
          .where('grade_id', '=', item.gradeId)
          .where('subject_id', '=', item.subjectId)
          .execute();
        continue;
      }
      const stamp = { ...values, updated_by: userId, updated_at: now };
      await trx
        .insertInto(table as 'homework_textbooks')
        .values({ ...cell, ...stamp } as Insertable<SchoolTables['homework_textbooks']>)
        .onConflict((oc) =>
          oc.columns(['school_id', 'academic_year', 'grade_id', 'subject_id']).doUpdateSet(stamp),
        )
        .execute();
    }
    return { changed, unchanged: items.length - changed };
  });
}

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
    const grid = await gridWithSaved(db, session, 'homework_settings');
    return {
      academicYear: session.academicYear,
      rows: grid.map(({ cell, saved: s }) => {
        if (!s) return { ...cell, ...HOMEWORK_DEFAULTS, saved: false };
        return {
          ...cell,
          enabled: s.enabled === 1,
          deadlineTime: s.deadline_time,
          allowLate: s.allow_late === 1,
          correctionMode: s.correction_mode as CorrectionMode,
          saved: true,
        };
      }),
    };
  });

  router.sessionRoute(r.homeworkSettingsSave, TAG, async ({ body, session }) => {
    await checkItems(db, accessOf(db, session), body.items);
    return saveGrid(db, 'homework_settings', session, body.items, now(), (item, old) => {
      const values = {
        enabled: item.enabled ? 1 : 0,
        deadline_time: item.deadlineTime,
        allow_late: item.allowLate ? 1 : 0,
        correction_mode: item.correctionMode,
      };
      const same =
        old && (Object.keys(values) as (keyof typeof values)[]).every((k) => old[k] === values[k]);
      return same ? undefined : values;
    });
  });

  router.sessionRoute(r.homeworkCorrelationGet, TAG, async ({ session }) => {
    await requireRead(accessOf(db, session));
    const grid = await gridWithSaved(db, session, 'homework_textbooks');
    return {
      academicYear: session.academicYear,
      rows: grid.map(({ cell, saved: s }) => ({
        ...cell,
        edition: (s?.edition ?? null) as Edition | null,
        volume: s?.volume ?? '',
      })),
    };
  });

  router.sessionRoute(r.homeworkCorrelationSave, TAG, async ({ body, session }) => {
    await checkItems(db, accessOf(db, session), body.items);
    return saveGrid(db, 'homework_textbooks', session, body.items, now(), (item, old) => {
      // No edition: the row is cleared (the volume means nothing without one).
      if (item.edition === null) return null;
      const volume = item.volume.trim();
      if (old && old.edition === item.edition && old.volume === volume) return undefined;
      return { edition: item.edition, volume };
    });
  });
}
