import { administrationRoutes as r } from '@examkit/contracts';
import type { Db } from '../core/database';
import { badRequest, forbidden, notFound, tooManyRequests } from '../core/envelope';
import { hashPassword, isAcceptablePassword, PASSWORD_RULE_MESSAGE } from '../core/password';
import type { AttemptLimiter } from '../core/rateLimit';
import { guardedRoutes } from '../core/guardedRoute';
import { pagedList } from '../core/listing';
import type { Router } from '../core/router';
import { accessOf, type DataScope } from '../core/scope';
import { revokeUserSessions, type SessionInfo } from '../core/session';
import type { DomainDeps } from '../core/deps';
import {
  classOf,
  gradeOf,
  NO_PASSWORD,
  pageOf,
  subjectOf,
  teacherOf,
  unique,
} from '../school/common';
import { auditExport, finishImport, importErrorsFile, importJob, type RowError } from './imports';
import { listFileName, readSheet, schoolNameOf, writeSheet } from './spreadsheet';
import {
  assignmentsOf,
  DELETED,
  insertTeacher,
  teacherCount,
  teacherQuery,
  teacherRows,
} from './teachers';

const TAG = 'administration';
const TEL = /^1[0-9]{10}$/;
const LOGIN = /^[A-Za-z0-9_.@-]{2,64}$/;
export const TEACHER_COLUMNS = ['姓名', '手机号', '登录名', '学科'] as const;

async function assertVisible(db: Db, scope: DataScope, userId: number, id: number) {
  const row = await teacherQuery(db, scope, userId, {})
    .select('u.id')
    .where('u.id', '=', id)
    .executeTakeFirst();
  // Out of scope answers as an unknown teacher (docs/scope.md).
  if (!row) throw notFound('教师不存在');
}

async function assertTelFree(db: Db, schoolId: number, tel: string, except?: number) {
  let q = db
    .selectFrom('users')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('tel', '=', tel)
    .where('status', '!=', DELETED);
  if (except !== undefined) q = q.where('id', '!=', except);
  if (await q.executeTakeFirst()) throw badRequest('手机号已被其他教师使用');
}

/** Teachers: writes (school-wide scope), scoped reads, import and export. */
export function registerTeacherRoutes(
  router: Router,
  { db, clock }: DomainDeps,
  exportLimiter: AttemptLimiter,
): void {
  const now = () => clock.now().getTime();
  const route = guardedRoutes(router, db, TAG);
  const teacher = { permission: 'System-Teacher' };
  const write = { permission: 'System-Teacher', schoolWide: true };

  route(r.addTeacher, write, async ({ body, session }) => {
    const name = body.name.trim();
    if (!name) throw badRequest('姓名不能为空');
    const loginName = body.loginName ?? body.tel;
    const subject = body.subjectId ? await subjectOf(db, session.schoolId, body.subjectId) : null;
    if (body.password !== undefined && !isAcceptablePassword(body.password))
      throw badRequest(PASSWORD_RULE_MESSAGE);
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where('school_id', '=', session.schoolId)
      .where('login_name', '=', loginName)
      .executeTakeFirst();
    if (taken) throw badRequest('登录名已存在');
    await assertTelFree(db, session.schoolId, body.tel);
    const roleIds = unique(body.roleIds ?? []);
    if (roleIds.length > 0) {
      const found = await db
        .selectFrom('roles')
        .select('id')
        .where('school_id', '=', session.schoolId)
        .where('id', 'in', roleIds)
        .execute();
      if (found.length !== roleIds.length) throw notFound('角色不存在');
    }
    const passwordHash = body.password ? await hashPassword(body.password) : NO_PASSWORD;
    return db.transaction().execute(async (trx) => {
      const id = await insertTeacher(trx, session.schoolId, now(), {
        loginName,
        passwordHash,
        name,
        tel: body.tel,
        subject: subject?.name ?? null,
      });
      if (roleIds.length > 0)
        await trx
          .insertInto('user_roles')
          .values(
            roleIds.map((role_id) => ({
              user_id: id,
              role_id,
              academic_year: session.academicYear,
            })),
          )
          .execute();
      return { id };
    });
  });

  route(r.deleteTeacher, write, async ({ body, session }) => {
    const ids = unique(body.ids);
    if (ids.includes(session.userId)) throw badRequest('不能删除自己');
    const found = await db
      .selectFrom('teachers')
      .select('user_id')
      .where('school_id', '=', session.schoolId)
      .where('user_id', 'in', ids)
      .execute();
    if (found.length !== ids.length) throw notFound('教师不存在');
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ status: DELETED }).where('id', 'in', ids).execute();
      await trx
        .updateTable('sessions')
        .set({ revoked_at: now() })
        .where('user_id', 'in', ids)
        .where('revoked_at', 'is', null)
        .execute();
      for (const table of ['teaching_assignments', 'class_roles', 'grade_roles'] as const) {
        await trx
          .deleteFrom(table)
          .where('user_id', 'in', ids)
          .where('academic_year', '=', session.academicYear)
          .execute();
      }
    });
    return { count: ids.length };
  });

  route(r.updateTeacher, write, async ({ body, session }) => {
    const teacher = await teacherOf(db, session.schoolId, body.id);
    const user: { nick_name?: string; tel?: string; status?: number } = {};
    if (body.name !== undefined) {
      if (!body.name.trim()) throw badRequest('姓名不能为空');
      user.nick_name = body.name.trim();
    }
    if (body.tel !== undefined) {
      await assertTelFree(db, session.schoolId, body.tel, teacher.id);
      user.tel = body.tel;
    }
    if (body.status !== undefined) {
      if (teacher.id === session.userId && body.status === 0) throw badRequest('不能停用自己');
      user.status = body.status;
    }
    let subject: string | null | undefined;
    if (body.subjectId !== undefined)
      subject =
        body.subjectId === null
          ? null
          : (await subjectOf(db, session.schoolId, body.subjectId)).name;
    await db.transaction().execute(async (trx) => {
      if (Object.keys(user).length > 0)
        await trx.updateTable('users').set(user).where('id', '=', teacher.id).execute();
      if (subject !== undefined)
        await trx
          .updateTable('teachers')
          .set({ subject })
          .where('user_id', '=', teacher.id)
          .execute();
      if (user.status === 0) await revokeUserSessions(trx, clock, teacher.id);
    });
    return null;
  });

  route(r.updateTeacherPassword, write, async ({ body, session }) => {
    if (!isAcceptablePassword(body.password)) throw badRequest(PASSWORD_RULE_MESSAGE);
    const teacher = await teacherOf(db, session.schoolId, body.id);
    const passwordHash = await hashPassword(body.password);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', teacher.id)
        .execute();
      await revokeUserSessions(trx, clock, teacher.id);
    });
    return null;
  });

  route(r.saveTeachClass, write, async ({ body, session }) => {
    const teacher = await teacherOf(db, session.schoolId, body.id);
    const pairs = new Map<string, { classId: number; subjectId: number }>();
    for (const a of body.assignments) pairs.set(`${a.classId}:${a.subjectId}`, a);
    for (const a of pairs.values()) {
      await classOf(db, session.schoolId, session.academicYear, a.classId);
      await subjectOf(db, session.schoolId, a.subjectId);
    }
    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('teaching_assignments')
        .where('user_id', '=', teacher.id)
        .where('academic_year', '=', session.academicYear)
        .execute();
      if (pairs.size > 0)
        await trx
          .insertInto('teaching_assignments')
          .values(
            [...pairs.values()].map((a) => ({
              school_id: session.schoolId,
              academic_year: session.academicYear,
              user_id: teacher.id,
              class_id: a.classId,
              subject_id: a.subjectId,
            })),
          )
          .execute();
    });
    return null;
  });

  route(r.queryTeachers, teacher, async ({ body, session, scope, access }) => {
    const canSeeTel = await access.has('System-Tel');
    return pagedList(
      body,
      (window) => teacherRows(db, scope, session.userId, body, canSeeTel, window),
      () => teacherCount(db, scope, session.userId, body),
    );
  });

  route(r.queryTeacher, teacher, async ({ body, session, scope, access }) => {
    const canSeeTel = await access.has('System-Tel');
    const teacher = await teacherOf(db, session.schoolId, body.id);
    await assertVisible(db, scope, session.userId, teacher.id);
    const [row] = await teacherRows(db, scope, session.userId, {}, canSeeTel).then((rows) =>
      rows.filter((t) => t.id === teacher.id),
    );
    if (!row) throw notFound('教师不存在');
    const roles = await db
      .selectFrom('user_roles as ur')
      .innerJoin('roles as ro', 'ro.id', 'ur.role_id')
      .select(['ro.id', 'ro.role_name'])
      .where('ur.user_id', '=', teacher.id)
      .where('ur.academic_year', '=', session.academicYear)
      .execute();
    const heads = await db
      .selectFrom('class_roles')
      .select('class_id')
      .where('user_id', '=', teacher.id)
      .where('academic_year', '=', session.academicYear)
      .execute();
    const leads = await db
      .selectFrom('grade_roles')
      .select('grade_id')
      .where('user_id', '=', teacher.id)
      .where('academic_year', '=', session.academicYear)
      .execute();
    const assignments = await assignmentsOf(db, session.schoolId, teacher.id, session.academicYear);
    return {
      ...row,
      roles: roles.map((x) => ({ id: x.id, roleName: x.role_name })),
      assignments: assignments.map(({ academic_year: _, ...a }) => a),
      headOfClassIds: heads.map((h) => h.class_id),
      gradeLeadOfGradeIds: leads.map((l) => l.grade_id),
    };
  });

  route(r.queryTeacherByClass, teacher, async ({ body, session, scope, access }) => {
    const canSeeTel = await access.has('System-Tel');
    await classOf(db, session.schoolId, session.academicYear, body.classId);
    if (!scope.schoolWide && !scope.subjectsByClass.has(body.classId))
      throw forbidden('超出数据范围');
    return teacherRows(db, scope, session.userId, { classId: body.classId }, canSeeTel);
  });
  route(r.queryTeacherByGrade, teacher, async ({ body, session, scope, access }) => {
    const canSeeTel = await access.has('System-Tel');
    await gradeOf(db, session.schoolId, session.academicYear, body.gradeId);
    if (!scope.schoolWide && !scope.gradeIds.has(body.gradeId)) throw forbidden('超出数据范围');
    return teacherRows(db, scope, session.userId, { gradeId: body.gradeId }, canSeeTel);
  });
  route(r.queryTeacherByRole, teacher, async ({ body, session, scope, access }) => {
    const canSeeTel = await access.has('System-Tel');
    const role = await db
      .selectFrom('roles')
      .select('id')
      .where('id', '=', body.roleId)
      .where('school_id', '=', session.schoolId)
      .executeTakeFirst();
    if (!role) throw notFound('角色不存在');
    return teacherRows(db, scope, session.userId, { roleId: role.id }, canSeeTel);
  });
  route(r.queryTeacherBySubject, teacher, async ({ body, session, scope, access }) => {
    const canSeeTel = await access.has('System-Tel');
    await subjectOf(db, session.schoolId, body.subjectId);
    return teacherRows(db, scope, session.userId, { subjectId: body.subjectId }, canSeeTel);
  });
  route(r.listTeacher, teacher, async ({ body, session, scope, access }) => {
    const canSeeTel = await access.has('System-Tel');
    return teacherRows(db, scope, session.userId, { keyWord: body.keyWord }, canSeeTel, {
      offset: 0,
      limit: 1000,
    });
  });
  router.sessionRoute(r.listGradingTeacher, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    if (!(await access.has('System-Teacher')) && !(await access.has('Exam-Wuhen')))
      throw forbidden('没有该操作的权限');
    if (body.subjectId !== undefined) await subjectOf(db, session.schoolId, body.subjectId);
    return teacherRows(
      db,
      await access.scope(),
      session.userId,
      { subjectId: body.subjectId, permCode: 'Exam-Wuhen' },
      await access.has('System-Tel'),
    );
  });
  route(r.listTeacherProfile, teacher, async ({ body, session, scope }) => {
    const { pageNum, pageSize, offset } = pageOf(body);
    const [rows, total] = await Promise.all([
      teacherQuery(db, scope, session.userId, body)
        .select((eb) => [
          'u.id',
          'u.nick_name',
          't.subject',
          eb
            .selectFrom('teaching_assignments as ta')
            .select((e) => e.fn.count<number>('ta.class_id').distinct().as('n'))
            .whereRef('ta.user_id', '=', 'u.id')
            .where('ta.academic_year', '=', session.academicYear)
            .as('classCount'),
          eb
            .selectFrom('teaching_assignments as ta')
            .select((e) => e.fn.count<number>('ta.subject_id').distinct().as('n'))
            .whereRef('ta.user_id', '=', 'u.id')
            .where('ta.academic_year', '=', session.academicYear)
            .as('subjectCount'),
        ])
        .orderBy('u.id')
        .offset(offset)
        .limit(pageSize)
        .execute(),
      teacherCount(db, scope, session.userId, body),
    ]);
    return {
      list: rows.map((row) => ({
        id: row.id,
        name: row.nick_name,
        subjectName: row.subject,
        classCount: Number(row.classCount ?? 0),
        subjectCount: Number(row.subjectCount ?? 0),
      })),
      total,
      pageNum,
      pageSize,
    };
  });
  router.sessionRoute(r.getCourseTeacher, TAG, async ({ body, session }) => {
    const scope = await accessOf(db, session).scope();
    await classOf(db, session.schoolId, session.academicYear, body.classId);
    if (!scope.schoolWide && !scope.subjectsByClass.has(body.classId))
      throw forbidden('超出数据范围');
    const rows = await db
      .selectFrom('teaching_assignments as ta')
      .innerJoin('subjects as s', 's.id', 'ta.subject_id')
      .innerJoin('users as u', 'u.id', 'ta.user_id')
      .select([
        's.id as subjectId',
        's.name as subjectName',
        'u.id as teacherId',
        'u.nick_name as teacherName',
      ])
      .where('ta.class_id', '=', body.classId)
      .where('ta.academic_year', '=', session.academicYear)
      .where('u.status', '!=', DELETED)
      .orderBy('s.sort')
      .execute();
    return rows;
  });

  const history = async (session: SessionInfo, id: number) => {
    const access = accessOf(db, session);
    await access.require('System-Teacher');
    const scope = await access.scope();
    await teacherOf(db, session.schoolId, id);
    await assertVisible(db, scope, session.userId, id);
    return assignmentsOf(db, session.schoolId, id);
  };
  router.sessionRoute(r.userHistory, TAG, async ({ body, session }) => {
    const assignments = await history(session, body.id);
    const roles = await db
      .selectFrom('user_roles as ur')
      .innerJoin('roles as ro', 'ro.id', 'ur.role_id')
      .select(['ur.academic_year', 'ro.role_name'])
      .where('ur.user_id', '=', body.id)
      .where('ro.school_id', '=', session.schoolId)
      .execute();
    const years = unique([
      ...roles.map((x) => x.academic_year),
      ...assignments.map((a) => a.academic_year),
    ]).sort((a, b) => b - a);
    return years.map((year) => ({
      academicYear: year,
      roleNames: roles.filter((x) => x.academic_year === year).map((x) => x.role_name),
      assignments: assignments
        .filter((a) => a.academic_year === year)
        .map(({ academic_year: _, ...a }) => a),
    }));
  });
  router.sessionRoute(r.teachTimeAxis, TAG, async ({ body, session }) => {
    const assignments = await history(session, body.id);
    return assignments.map((a) => ({
      academicYear: a.academic_year,
      gradeName: a.gradeName,
      className: a.className,
      subjectName: a.subjectName,
    }));
  });

  route(r.teacherTemplate, teacher, async () => {
    return writeSheet(
      '教师导入模板.xlsx',
      '教师',
      [...TEACHER_COLUMNS],
      [['张三', '13900000000', 'zhangsan', '数学']],
    );
  });
  route(r.teacherImportMessage, teacher, async ({ body, session }) => {
    return importJob(db, session, 'teacher', body.jobId);
  });
  route(r.teacherImportErrors, teacher, async ({ body, session }) => {
    return importErrorsFile(db, session, 'teacher', body.id);
  });

  route(r.importTeachers, write, async ({ body, session }) => {
    const rows = await readSheet(body.fileName, body.contentBase64, ['姓名', '手机号']);
    const subjects = new Map(
      (
        await db
          .selectFrom('subjects')
          .select(['name'])
          .where('school_id', '=', session.schoolId)
          .execute()
      ).map((s) => [s.name, s.name]),
    );
    const existing = await db
      .selectFrom('teachers as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['u.id', 'u.login_name', 'u.nick_name', 'u.tel', 'u.status', 't.subject'])
      .where('t.school_id', '=', session.schoolId)
      .execute();
    const byLogin = new Map(existing.map((t) => [t.login_name, t]));
    const otherUsers = await db
      .selectFrom('users')
      .select(['id', 'login_name', 'tel'])
      .where('school_id', '=', session.schoolId)
      .where('status', '!=', DELETED)
      .execute();
    const telOwner = new Map(
      otherUsers.filter((u) => u.tel).map((u) => [u.tel ?? '', u.login_name]),
    );
    const errors: RowError[] = [];
    const seenLogin = new Set<string>();
    const seenTel = new Set<string>();
    const plan: { loginName: string; name: string; tel: string; subject: string | null }[] = [];
    for (const { row, values } of rows) {
      const name = values['姓名'] ?? '';
      const tel = values['手机号'] ?? '';
      const loginName = values['登录名'] || tel;
      const subject = values['学科'] ?? '';
      let bad = false;
      const fail = (column: string, reason: string) => {
        errors.push({ row, column, reason });
        bad = true;
      };
      if (!name) fail('姓名', '姓名不能为空');
      else if (name.length > 64) fail('姓名', '姓名过长');
      if (!TEL.test(tel)) fail('手机号', '手机号格式不正确');
      else if (seenTel.has(tel)) fail('手机号', '文件中手机号重复');
      else {
        const owner = telOwner.get(tel);
        if (owner !== undefined && owner !== loginName) fail('手机号', '手机号已被其他账号使用');
      }
      if (!LOGIN.test(loginName)) fail('登录名', '登录名格式不正确');
      else if (seenLogin.has(loginName)) fail('登录名', '文件中登录名重复');
      if (subject && !subjects.has(subject)) fail('学科', '学科不存在');
      seenTel.add(tel);
      seenLogin.add(loginName);
      if (!bad) plan.push({ loginName, name, tel, subject: subject || null });
    }
    return finishImport(db, clock, session, 'teacher', rows.length, errors, async (trx) => {
      let inserted = 0;
      let updated = 0;
      let unchanged = 0;
      for (const p of plan) {
        const found = byLogin.get(p.loginName);
        if (!found) {
          await insertTeacher(trx, session.schoolId, now(), {
            loginName: p.loginName,
            passwordHash: NO_PASSWORD,
            name: p.name,
            tel: p.tel,
            subject: p.subject,
          });
          inserted++;
        } else if (
          found.nick_name !== p.name ||
          found.tel !== p.tel ||
          found.subject !== p.subject ||
          found.status === DELETED
        ) {
          await trx
            .updateTable('users')
            .set({
              nick_name: p.name,
              tel: p.tel,
              status: found.status === DELETED ? 1 : found.status,
            })
            .where('id', '=', found.id)
            .execute();
          await trx
            .updateTable('teachers')
            .set({ subject: p.subject })
            .where('user_id', '=', found.id)
            .execute();
          updated++;
        } else unchanged++;
      }
      return { inserted, updated, unchanged };
    });
  });

  route(r.exportTeachers, teacher, async ({ body, session, access }) => {
    await access.require('System-Export');
    if (exportLimiter.hit(`export:${session.userId}`) > 0)
      throw tooManyRequests('导出过于频繁，请稍后再试');
    const rows = await teacherRows(
      db,
      await access.scope(),
      session.userId,
      body,
      await access.has('System-Tel'),
    );
    await auditExport(db, clock, session, 'export:teacher', rows.length);
    return writeSheet(
      listFileName([await schoolNameOf(db, session.schoolId), '教师名单']),
      '教师',
      ['姓名', '手机号', '登录名', '学科', '角色'],
      rows.map((t) => [t.name, t.tel, t.loginName, t.subjectName, t.roleNames.join('、')]),
    );
  });
}
