import type { Db } from '../core/database';
import type { DataScope } from '../core/scope';
import { contains, maskTel } from '../school/common';

/** Users with status 2 are deleted teachers: kept for history, hidden from lists. */
export const DELETED = 2;

export interface TeacherFilter {
  keyWord?: string | undefined;
  subjectId?: number | undefined;
  roleId?: number | undefined;
  classId?: number | undefined;
  gradeId?: number | undefined;
  /** Only teachers whose roles hold this permission key this year. */
  permCode?: string | undefined;
}

/**
 * Teachers of the school the scope may see: everyone for a school-wide scope,
 * else those who teach or head a class in scope, and the caller.
 */
export function teacherQuery(db: Db, scope: DataScope, userId: number, filter: TeacherFilter) {
  const year = scope.academicYear;
  let q = db
    .selectFrom('teachers as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .where('t.school_id', '=', scope.schoolId)
    .where('u.status', '!=', DELETED);
  if (!scope.schoolWide) {
    const classIds = [...scope.subjectsByClass.keys()];
    q = q.where((eb) =>
      eb.or([
        eb('u.id', '=', userId),
        ...(classIds.length
          ? [
              eb(
                'u.id',
                'in',
                eb
                  .selectFrom('teaching_assignments')
                  .select('user_id')
                  .where('class_id', 'in', classIds)
                  .where('academic_year', '=', year),
              ),
              eb(
                'u.id',
                'in',
                eb
                  .selectFrom('class_roles')
                  .select('user_id')
                  .where('class_id', 'in', classIds)
                  .where('academic_year', '=', year),
              ),
            ]
          : []),
      ]),
    );
  }
  if (filter.keyWord) {
    const kw = filter.keyWord;
    q = q.where((eb) => eb.or([contains('u.nick_name', kw), contains('u.login_name', kw)]));
  }
  if (filter.subjectId !== undefined) {
    const sid = filter.subjectId;
    q = q.where((eb) =>
      eb.or([
        eb('t.subject', '=', eb.selectFrom('subjects').select('name').where('id', '=', sid)),
        eb(
          'u.id',
          'in',
          eb
            .selectFrom('teaching_assignments')
            .select('user_id')
            .where('subject_id', '=', sid)
            .where('academic_year', '=', year),
        ),
      ]),
    );
  }
  if (filter.roleId !== undefined) {
    const rid = filter.roleId;
    q = q.where('u.id', 'in', (eb) =>
      eb
        .selectFrom('user_roles')
        .select('user_id')
        .where('role_id', '=', rid)
        .where('academic_year', '=', year),
    );
  }
  if (filter.classId !== undefined) {
    const cid = filter.classId;
    q = q.where((eb) =>
      eb.or([
        eb(
          'u.id',
          'in',
          eb
            .selectFrom('teaching_assignments')
            .select('user_id')
            .where('class_id', '=', cid)
            .where('academic_year', '=', year),
        ),
        eb(
          'u.id',
          'in',
          eb
            .selectFrom('class_roles')
            .select('user_id')
            .where('class_id', '=', cid)
            .where('academic_year', '=', year),
        ),
      ]),
    );
  }
  if (filter.gradeId !== undefined) {
    const gid = filter.gradeId;
    q = q.where((eb) =>
      eb.or([
        eb(
          'u.id',
          'in',
          eb
            .selectFrom('teaching_assignments as ta')
            .innerJoin('classes as c', 'c.id', 'ta.class_id')
            .select('ta.user_id')
            .where('c.grade_id', '=', gid)
            .where('ta.academic_year', '=', year),
        ),
        eb(
          'u.id',
          'in',
          eb
            .selectFrom('grade_roles')
            .select('user_id')
            .where('grade_id', '=', gid)
            .where('academic_year', '=', year),
        ),
      ]),
    );
  }
  if (filter.permCode !== undefined) {
    const code = filter.permCode;
    q = q.where('u.id', 'in', (eb) =>
      eb
        .selectFrom('user_roles as ur')
        .innerJoin('role_permissions as rp', 'rp.role_id', 'ur.role_id')
        .select('ur.user_id')
        .where('rp.perm_code', '=', code)
        .where('ur.academic_year', '=', year),
    );
  }
  return q;
}

/** Teacher rows for the wire: role names of this year, phone masked unless `canSeeTel`. */
export async function teacherRows(
  db: Db,
  scope: DataScope,
  userId: number,
  filter: TeacherFilter,
  canSeeTel: boolean,
  page?: { offset: number; limit: number },
) {
  let q = teacherQuery(db, scope, userId, filter)
    .select(['u.id', 'u.login_name', 'u.nick_name', 'u.tel', 'u.status', 't.subject'])
    .orderBy('u.id');
  if (page) q = q.offset(page.offset).limit(page.limit);
  else q = q.limit(20_000);
  const rows = await q.execute();
  const ids = rows.map((row) => row.id);
  const roles =
    ids.length === 0
      ? []
      : await db
          .selectFrom('user_roles as ur')
          .innerJoin('roles as r', 'r.id', 'ur.role_id')
          .select(['ur.user_id', 'r.role_name'])
          .where('ur.user_id', 'in', ids)
          .where('ur.academic_year', '=', scope.academicYear)
          .orderBy('r.id')
          .execute();
  const names = new Map<number, string[]>();
  for (const role of roles)
    names.set(role.user_id, [...(names.get(role.user_id) ?? []), role.role_name]);
  return rows.map((row) => ({
    id: row.id,
    loginName: row.login_name,
    name: row.nick_name,
    tel: maskTel(row.tel, canSeeTel),
    subjectName: row.subject,
    status: row.status,
    roleNames: names.get(row.id) ?? [],
  }));
}

export async function teacherCount(
  db: Db,
  scope: DataScope,
  userId: number,
  filter: TeacherFilter,
) {
  const row = await teacherQuery(db, scope, userId, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A teacher's assignments in one academic year. */
export async function assignmentsOf(db: Db, schoolId: number, userId: number, year?: number) {
  let q = db
    .selectFrom('teaching_assignments as ta')
    .innerJoin('classes as c', 'c.id', 'ta.class_id')
    .innerJoin('grades as g', 'g.id', 'c.grade_id')
    .innerJoin('subjects as s', 's.id', 'ta.subject_id')
    .select([
      'ta.academic_year',
      'c.id as classId',
      'c.name as className',
      'g.id as gradeId',
      'g.name as gradeName',
      's.id as subjectId',
      's.name as subjectName',
    ])
    .where('ta.user_id', '=', userId)
    .where('ta.school_id', '=', schoolId);
  if (year !== undefined) q = q.where('ta.academic_year', '=', year);
  return q
    .orderBy('ta.academic_year')
    .orderBy('g.grade_num')
    .orderBy('c.id')
    .orderBy('s.sort')
    .execute();
}
