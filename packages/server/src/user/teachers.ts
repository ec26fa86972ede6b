import type { Db } from '../core/database';
import type { DataScope } from '../core/scope';
import { contains, maskLoginName, maskTel } from '../school/common';

/** Users with status 2 are deleted teachers: kept for history, hidden from lists. */
export const DELETED = 2;

/** Filters of the teacher lists; each one narrows to teachers matching it this academic year. */
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
 * Sub-queries of the users who hold something in one academic year: a teaching assignment,
 * the head of a class, the lead of a grade, a role. Each selects `user_id`, ready for
 * `u.id in (…)` and for one more `where` of the caller.
 */
function membersOfYear(db: Db, year: number) {
  return {
    teaching: () =>
      db
        .selectFrom('teaching_assignments as ta')
        .select('ta.user_id')
        .where('ta.academic_year', '=', year),
    headingClass: () =>
      db.selectFrom('class_roles as cr').select('cr.user_id').where('cr.academic_year', '=', year),
    leadingGrade: () =>
      db.selectFrom('grade_roles as gr').select('gr.user_id').where('gr.academic_year', '=', year),
    holdingRole: () =>
      db.selectFrom('user_roles as ur').select('ur.user_id').where('ur.academic_year', '=', year),
  };
}

/**
 * Teachers of the school the scope may see: everyone for a school-wide scope,
 * else those who teach or head a class in scope, and the caller.
 */
export function teacherQuery(db: Db, scope: DataScope, userId: number, filter: TeacherFilter) {
  const members = membersOfYear(db, scope.academicYear);
  const teachingOrHeading = (classIds: number[]) => [
    members.teaching().where('ta.class_id', 'in', classIds),
    members.headingClass().where('cr.class_id', 'in', classIds),
  ];
  let q = db
    .selectFrom('teachers as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .where('t.school_id', '=', scope.schoolId)
    .where('u.status', '!=', DELETED);
  if (!scope.schoolWide) {
    const classIds = [...scope.subjectsByClass.keys()];
    const inScope = classIds.length ? teachingOrHeading(classIds) : [];
    q = q.where((eb) =>
      eb.or([eb('u.id', '=', userId), ...inScope.map((ids) => eb('u.id', 'in', ids))]),
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
        eb('u.id', 'in', members.teaching().where('ta.subject_id', '=', sid)),
      ]),
    );
  }
  if (filter.roleId !== undefined)
    q = q.where('u.id', 'in', members.holdingRole().where('ur.role_id', '=', filter.roleId));
  if (filter.classId !== undefined) {
    const byClass = teachingOrHeading([filter.classId]);
    q = q.where((eb) => eb.or(byClass.map((ids) => eb('u.id', 'in', ids))));
  }
  if (filter.gradeId !== undefined) {
    const gid = filter.gradeId;
    q = q.where((eb) =>
      eb.or([
        eb(
          'u.id',
          'in',
          members
            .teaching()
            .innerJoin('classes as c', 'c.id', 'ta.class_id')
            .where('c.grade_id', '=', gid),
        ),
        eb('u.id', 'in', members.leadingGrade().where('gr.grade_id', '=', gid)),
      ]),
    );
  }
  if (filter.permCode !== undefined)
    q = q.where(
      'u.id',
      'in',
      members
        .holdingRole()
        .innerJoin('role_permissions as rp', 'rp.role_id', 'ur.role_id')
        .where('rp.perm_code', '=', filter.permCode),
    );
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
    loginName: maskLoginName(row.login_name, canSeeTel),
    name: row.nick_name,
    tel: maskTel(row.tel, canSeeTel),
    subjectName: row.subject,
    status: row.status,
    roleNames: names.get(row.id) ?? [],
  }));
}

/** How many teachers {@link teacherQuery} finds for the scope and filter. */
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

/**
 * Adds a teacher: an active user of the school and its teacher row with the subject name.
 * Returns the new user id.
 */
export async function insertTeacher(
  trx: Db,
  schoolId: number,
  now: number,
  teacher: {
    loginName: string;
    passwordHash: string;
    name: string;
    tel: string;
    subject: string | null;
  },
): Promise<number> {
  const { id } = await trx
    .insertInto('users')
    .values({
      school_id: schoolId,
      login_name: teacher.loginName,
      password_hash: teacher.passwordHash,
      nick_name: teacher.name,
      tel: teacher.tel,
      status: 1,
      wx_openid: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('teachers')
    .values({ user_id: id, school_id: schoolId, subject: teacher.subject })
    .execute();
  return id;
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
