import { gradeNumOf } from '@examkit/contracts';
import { administrationRoutes as r } from '@examkit/contracts';
import type { Db } from '../core/database';
import { badRequest, forbidden, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import {
  accessOf,
  assertSchoolWide,
  inScopeClass,
  inScopeGrade,
  scopedClassIds,
  type DataScope,
} from '../core/scope';
import { finishImport } from '../user/imports';
import { listFileName, readSheet, schoolNameOf, writeSheet } from '../user/spreadsheet';
import type { DomainDeps } from '../core/deps';
import { classOf, contains, gradeOf, pageOf, subjectOf, subjectsOf, teacherOf } from './common';

const TAG = 'administration';

/** Whether the scope may change the classes of a grade: school-wide or its 年级主任. */
export function assertGradeWrite(scope: DataScope, gradeId: number): void {
  if (!scope.schoolWide && !scope.leadGradeIds.has(gradeId))
    throw forbidden('超出数据范围：无权管理该年级的班级');
}

/** Administrative classes in scope, with their 班主任 and student counts. */
export async function classesInScope(db: Db, scope: DataScope, gradeId?: number) {
  const ids = scopedClassIds(scope);
  if (ids !== null && ids.length === 0) return [];
  let q = db
    .selectFrom('classes as c')
    .innerJoin('grades as g', 'g.id', 'c.grade_id')
    .leftJoin('class_roles as cr', (j) =>
      j
        .onRef('cr.class_id', '=', 'c.id')
        .on('cr.role_type', '=', 1)
        .on('cr.academic_year', '=', scope.academicYear),
    )
    .leftJoin('users as u', 'u.id', 'cr.user_id')
    .select((eb) => [
      'c.id',
      'c.name',
      'g.id as gradeId',
      'g.name as gradeName',
      'u.id as headTeacherId',
      'u.nick_name as headTeacherName',
      eb
        .selectFrom('students as s')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('s.class_id', '=', 'c.id')
        .as('studentCount'),
    ])
    .where('g.school_id', '=', scope.schoolId)
    .where('g.academic_year', '=', scope.academicYear);
  if (gradeId !== undefined) q = q.where('g.id', '=', gradeId);
  if (ids !== null) q = q.where('c.id', 'in', ids);
  const rows = await q.orderBy('g.grade_num').orderBy('c.id').execute();
  return rows.map((row) => ({
    ...row,
    headTeacherId: row.headTeacherId ?? null,
    headTeacherName: row.headTeacherName ?? null,
    studentCount: Number(row.studentCount ?? 0),
  }));
}

async function gradesOf(db: Db, schoolId: number, academicYear: number) {
  const rows = await db
    .selectFrom('grades')
    .select(['id', 'name', 'grade_num', 'academic_year'])
    .where('school_id', '=', schoolId)
    .where('academic_year', '=', academicYear)
    .orderBy('grade_num')
    .execute();
  return rows.map((g) => ({
    id: g.id,
    name: g.name,
    gradeNum: g.grade_num,
    academicYear: g.academic_year,
  }));
}

/** Subjects the scope covers in the given classes (all of them where the scope is full). */
async function subjectsInScope(db: Db, scope: DataScope, classIds: number[]) {
  const all = await subjectsOf(db, scope.schoolId);
  if (scope.schoolWide || classIds.some((id) => scope.fullClassIds.has(id))) return all;
  const allowed = new Set(classIds.flatMap((id) => [...(scope.subjectsByClass.get(id) ?? [])]));
  return all.filter((s) => allowed.has(s.id));
}

/**
 * 教学班 with their grade, subject, teacher and student count (aliases tc, g, s, u): the one query
 * behind the class page's list and a student's 教学班.
 */
export function teachingClassQuery(db: Db) {
  return db
    .selectFrom('teaching_classes as tc')
    .innerJoin('grades as g', 'g.id', 'tc.grade_id')
    .innerJoin('subjects as s', 's.id', 'tc.subject_id')
    .leftJoin('users as u', 'u.id', 'tc.teacher_id')
    .select((eb) => [
      'tc.id',
      'tc.name',
      'g.id as gradeId',
      'g.name as gradeName',
      's.id as subjectId',
      's.name as subjectName',
      'u.id as teacherId',
      'u.nick_name as teacherName',
      eb
        .selectFrom('teaching_class_students as x')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('x.teaching_class_id', '=', 'tc.id')
        .as('studentCount'),
    ]);
}

/** A row of {@link teachingClassQuery} as the calls answer it. */
export function teachingClassRow<
  R extends { teacherId: number | null; teacherName: string | null; studentCount: unknown },
>(row: R) {
  return {
    ...row,
    teacherId: row.teacherId ?? null,
    teacherName: row.teacherName ?? null,
    studentCount: Number(row.studentCount ?? 0),
  };
}

export async function teachClassRows(
  db: Db,
  scope: DataScope,
  userId: number,
  filter: { id?: number; gradeId?: number; subjectId?: number; keyWord?: string },
) {
  let q = teachingClassQuery(db)
    .where('tc.school_id', '=', scope.schoolId)
    .where('g.academic_year', '=', scope.academicYear);
  if (!scope.schoolWide) {
    const grades = [...scope.leadGradeIds];
    q = q.where((eb) =>
      eb.or([
        eb('tc.teacher_id', '=', userId),
        ...(grades.length ? [eb('tc.grade_id', 'in', grades)] : []),
      ]),
    );
  }
  if (filter.id !== undefined) q = q.where('tc.id', '=', filter.id);
  if (filter.gradeId !== undefined) q = q.where('tc.grade_id', '=', filter.gradeId);
  if (filter.subjectId !== undefined) q = q.where('tc.subject_id', '=', filter.subjectId);
  if (filter.keyWord) q = q.where(contains('tc.name', filter.keyWord));
  const rows = await q.orderBy('g.grade_num').orderBy('s.sort').orderBy('tc.id').execute();
  return rows.map(teachingClassRow);
}

/** A teaching class of the school this year that the caller may change. */
async function writableTeachClass(db: Db, scope: DataScope, id: number) {
  const row = await db
    .selectFrom('teaching_classes as tc')
    .innerJoin('grades as g', 'g.id', 'tc.grade_id')
    .select(['tc.id', 'tc.grade_id', 'tc.subject_id'])
    .where('tc.id', '=', id)
    .where('tc.school_id', '=', scope.schoolId)
    .where('g.academic_year', '=', scope.academicYear)
    .executeTakeFirst();
  if (!row) throw notFound('教学班不存在');
  assertGradeWrite(scope, row.grade_id);
  return row;
}

/** School, grades, classes, class heads, permission-scoped lists, /sys/class and teaching classes. */
export function registerClassRoutes(router: Router, { db, clock }: DomainDeps): void {
  router.sessionRoute(r.queryClass, TAG, async ({ body, session }) =>
    classesInScope(db, await accessOf(db, session).scope(), body.gradeId),
  );
  router.sessionRoute(r.listClassByGrade, TAG, async ({ body, session }) => {
    await gradeOf(db, session.schoolId, session.academicYear, body.gradeId);
    return classesInScope(db, await accessOf(db, session).scope(), body.gradeId);
  });
  router.sessionRoute(r.queryGrade, TAG, async ({ session }) =>
    gradesOf(db, session.schoolId, session.academicYear),
  );
  router.sessionRoute(r.listGrade, TAG, async ({ session }) =>
    gradesOf(db, session.schoolId, session.academicYear),
  );
  router.sessionRoute(r.listGradeBySchool, TAG, async ({ session }) => {
    const grades = await gradesOf(db, session.schoolId, session.academicYear);
    const counts = await db
      .selectFrom('classes as c')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select(['g.id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('g.school_id', '=', session.schoolId)
      .where('g.academic_year', '=', session.academicYear)
      .groupBy('g.id')
      .execute();
    const byGrade = new Map(counts.map((c) => [c.id, Number(c.n)]));
    return grades.map((g) => ({ ...g, classCount: byGrade.get(g.id) ?? 0 }));
  });
  router.sessionRoute(r.getSchool, TAG, async ({ session }) => {
    const school = await db
      .selectFrom('schools')
      .select(['id', 'code', 'name'])
      .where('id', '=', session.schoolId)
      .executeTakeFirst();
    if (!school) throw notFound('学校不存在');
    return { ...school, academicYear: session.academicYear };
  });
  router.sessionRoute(r.updateSchoolConfig, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await access.require('System-Parm');
    assertSchoolWide(await access.scope());
    const name = body.schoolName.trim();
    if (!name) throw badRequest('学校名称不能为空');
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('schools').set({ name }).where('id', '=', session.schoolId).execute();
      await trx
        .insertInto('school_dictionary')
        .values({ school_id: session.schoolId, dic_code: '002005001', dic_value: name })
        .onConflict((oc) => oc.columns(['school_id', 'dic_code']).doUpdateSet({ dic_value: name }))
        .execute();
    });
    return null;
  });

  router.sessionRoute(r.queryClassRole, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await access.require('System-Class');
    const classes = await classesInScope(db, await access.scope(), body.gradeId);
    return classes
      .filter((c) => c.headTeacherId !== null)
      .filter((c) => body.classId === undefined || c.id === body.classId)
      .map((c) => ({
        classId: c.id,
        className: c.name,
        userId: c.headTeacherId ?? 0,
        teacherName: c.headTeacherName ?? '',
        roleType: 1,
      }));
  });
  router.sessionRoute(r.addClassRole, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await access.require('System-Class');
    const cls = await classOf(db, session.schoolId, session.academicYear, body.classId);
    assertGradeWrite(await access.scope(), cls.gradeId);
    const userId = body.userId;
    if (userId !== null) await teacherOf(db, session.schoolId, userId);
    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('class_roles')
        .where('class_id', '=', cls.id)
        .where('academic_year', '=', session.academicYear)
        .where('role_type', '=', 1)
        .execute();
      if (userId !== null) {
        await trx
          .insertInto('class_roles')
          .values({
            school_id: session.schoolId,
            academic_year: session.academicYear,
            class_id: cls.id,
            role_type: 1,
            user_id: userId,
          })
          .execute();
      }
    });
    return null;
  });
  router.sessionRoute(r.addClassNew, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await access.require('System-Class');
    const grade = await gradeOf(db, session.schoolId, session.academicYear, body.gradeId);
    assertGradeWrite(await access.scope(), grade.id);
    const name = body.name.trim();
    if (!name) throw badRequest('班级名称不能为空');
    const existing = await db
      .selectFrom('classes')
      .select('id')
      .where('grade_id', '=', grade.id)
      .where('name', '=', name)
      .executeTakeFirst();
    if (existing) throw badRequest('该年级已有同名班级');
    const row = await db
      .insertInto('classes')
      .values({ grade_id: grade.id, name })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
  router.sessionRoute(r.updateClassNew, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await access.require('System-Class');
    const cls = await classOf(db, session.schoolId, session.academicYear, body.id);
    assertGradeWrite(await access.scope(), cls.gradeId);
    const name = body.name.trim();
    if (!name) throw badRequest('班级名称不能为空');
    const clash = await db
      .selectFrom('classes')
      .select('id')
      .where('grade_id', '=', cls.gradeId)
      .where('name', '=', name)
      .where('id', '!=', cls.id)
      .executeTakeFirst();
    if (clash) throw badRequest('该年级已有同名班级');
    await db.updateTable('classes').set({ name }).where('id', '=', cls.id).execute();
    return null;
  });

  router.sessionRoute(r.getPermGrade, TAG, async ({ session }) => {
    const scope = await accessOf(db, session).scope();
    const grades = await gradesOf(db, session.schoolId, session.academicYear);
    return grades.filter((g) => inScopeGrade(scope, g.id));
  });
  const permClasses = async (session: Parameters<typeof accessOf>[1], gradeId?: number) => {
    const scope = await accessOf(db, session).scope();
    const classes = await classesInScope(db, scope, gradeId);
    return classes.map((c) => {
      const full = scope.schoolWide || scope.fullClassIds.has(c.id);
      return {
        classId: c.id,
        className: c.name,
        gradeId: c.gradeId,
        gradeName: c.gradeName,
        allSubjects: full,
        subjectIds: full ? [] : [...(scope.subjectsByClass.get(c.id) ?? [])].sort((a, b) => a - b),
      };
    });
  };
  router.sessionRoute(r.getPermClass, TAG, async ({ body, session }) =>
    permClasses(session, body.gradeId),
  );
  router.sessionRoute(r.listClassPermissions, TAG, async ({ session }) => permClasses(session));
  router.sessionRoute(r.getPermSubject, TAG, async ({ body, session }) => {
    const scope = await accessOf(db, session).scope();
    let classIds: number[];
    if (body.classId !== undefined) {
      await classOf(db, session.schoolId, session.academicYear, body.classId);
      if (!inScopeClass(scope, body.classId)) throw forbidden('超出数据范围');
      classIds = [body.classId];
    } else {
      const classes = await classesInScope(db, scope, body.gradeId);
      classIds = classes.map((c) => c.id);
      if (!scope.schoolWide && classIds.length === 0) return [];
    }
    return subjectsInScope(db, scope, classIds);
  });
  router.sessionRoute(r.listGradeSubject, TAG, async ({ session }) => {
    const scope = await accessOf(db, session).scope();
    const grades = (await gradesOf(db, session.schoolId, session.academicYear)).filter((g) =>
      inScopeGrade(scope, g.id),
    );
    const out = [];
    for (const g of grades) {
      const classes = await classesInScope(db, scope, g.id);
      const subjects = await subjectsInScope(
        db,
        scope,
        classes.map((c) => c.id),
      );
      out.push({ gradeId: g.id, gradeName: g.name, subjects });
    }
    return out;
  });
  router.sessionRoute(r.listSubjectByGrade, TAG, async ({ body, session }) => {
    await gradeOf(db, session.schoolId, session.academicYear, body.gradeId);
    const rows = await db
      .selectFrom('subjects as s')
      .select(['s.id', 's.name', 's.code'])
      .where('s.school_id', '=', session.schoolId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('teaching_assignments as ta')
            .innerJoin('classes as c', 'c.id', 'ta.class_id')
            .select('ta.id')
            .whereRef('ta.subject_id', '=', 's.id')
            .where('c.grade_id', '=', body.gradeId)
            .where('ta.academic_year', '=', session.academicYear),
        ),
      )
      .orderBy('s.sort')
      .execute();
    return rows.length > 0 ? rows : subjectsOf(db, session.schoolId);
  });

  router.sessionRoute(r.sysClassDelete, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await access.require('System-Class');
    const scope = await access.scope();
    const ids = [...new Set(body.ids)];
    const classes = await Promise.all(
      ids.map((id) => classOf(db, session.schoolId, session.academicYear, id)),
    );
    for (const c of classes) assertGradeWrite(scope, c.gradeId);
    const withStudents = await db
      .selectFrom('students')
      .select('class_id')
      .where('class_id', 'in', ids)
      .limit(1)
      .executeTakeFirst();
    if (withStudents) throw badRequest('班级中还有学生，不能删除');
    await db.deleteFrom('classes').where('id', 'in', ids).execute();
    return { count: ids.length };
  });
  router.sessionRoute(r.sysClassDownload, TAG, async ({ session }) => {
    const access = accessOf(db, session);
    await access.require('System-Class');
    const classes = await classesInScope(db, await access.scope());
    return writeSheet(
      listFileName([await schoolNameOf(db, session.schoolId), '班级名单']),
      '班级',
      ['年级', '班级', '班主任', '学生数'],
      classes.map((c) => [c.gradeName, c.name, c.headTeacherName, c.studentCount]),
    );
  });
  router.sessionRoute(r.sysClassImport, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await access.require('System-Class');
    const scope = await access.scope();
    const rows = await readSheet(body.fileName, body.contentBase64, ['年级', '班级']);
    const grades = await gradesOf(db, session.schoolId, session.academicYear);
    const gradeByName = new Map(grades.map((g) => [g.name, g.id]));
    const existing = await db
      .selectFrom('classes as c')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select(['g.name as grade', 'c.name'])
      .where('g.school_id', '=', session.schoolId)
      .where('g.academic_year', '=', session.academicYear)
      .execute();
    const have = new Set(existing.map((c) => `${c.grade}:${c.name}`));
    const errors: { row: number; column: string; reason: string }[] = [];
    const seen = new Set<string>();
    // A school sets itself up from this file, so a standard grade it does not have yet this
    // academic year is created with its classes (school-wide callers only).
    const newGrades = new Map<string, number>();
    const toInsert: { grade: string; name: string }[] = [];
    for (const { row, values } of rows) {
      const grade = values['年级'] ?? '';
      const name = values['班级'] ?? '';
      const gradeId = gradeByName.get(grade);
      const gradeNum = gradeNumOf(grade);
      let gradeOk = false;
      if (gradeId !== undefined) {
        gradeOk = scope.schoolWide || scope.leadGradeIds.has(gradeId);
        if (!gradeOk) errors.push({ row, column: '年级', reason: '超出数据范围' });
      } else if (gradeNum !== null && scope.schoolWide) {
        newGrades.set(grade, gradeNum);
        gradeOk = true;
      } else errors.push({ row, column: '年级', reason: '年级不存在' });
      if (!name) errors.push({ row, column: '班级', reason: '班级名称不能为空' });
      else if (name.length > 64) errors.push({ row, column: '班级', reason: '班级名称过长' });
      if (!gradeOk || !name) continue;
      const key = `${grade}:${name}`;
      if (seen.has(key)) errors.push({ row, column: '班级', reason: '文件中班级重复' });
      seen.add(key);
      if (!have.has(key)) toInsert.push({ grade, name });
    }
    return finishImport(db, clock, session, 'class', rows.length, errors, async (trx) => {
      const ids = new Map(gradeByName);
      for (const [name, gradeNum] of newGrades) {
        const created = await trx
          .insertInto('grades')
          .values({
            school_id: session.schoolId,
            academic_year: session.academicYear,
            name,
            grade_num: gradeNum,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.set(name, created.id);
      }
      if (toInsert.length > 0)
        await trx
          .insertInto('classes')
          .values(toInsert.map((c) => ({ grade_id: ids.get(c.grade)!, name: c.name })))
          .execute();
      return { inserted: toInsert.length, updated: 0, unchanged: rows.length - toInsert.length };
    });
  });

  // teaching classes (走班)
  router.sessionRoute(r.teachClassAdd, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await access.require('System-Class');
    const grade = await gradeOf(db, session.schoolId, session.academicYear, body.gradeId);
    assertGradeWrite(await access.scope(), grade.id);
    await subjectOf(db, session.schoolId, body.subjectId);
    if (body.teacherId !== undefined) await teacherOf(db, session.schoolId, body.teacherId);
    const name = body.name.trim();
    const clash = await db
      .selectFrom('teaching_classes')
      .select('id')
      .where('grade_id', '=', grade.id)
      .where('name', '=', name)
      .executeTakeFirst();
    if (clash) throw badRequest('该年级已有同名教学班');
    const row = await db
      .insertInto('teaching_classes')
      .values({
        school_id: session.schoolId,
        grade_id: grade.id,
        subject_id: body.subjectId,
        name,
        teacher_id: body.teacherId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
  router.sessionRoute(r.teachClassDelete, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await access.require('System-Class');
    const tc = await writableTeachClass(db, await access.scope(), body.id);
    await db.deleteFrom('teaching_classes').where('id', '=', tc.id).execute();
    return null;
  });
  router.sessionRoute(r.teachClassUpdate, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await access.require('System-Class');
    const tc = await writableTeachClass(db, await access.scope(), body.id);
    const patch: { name?: string; teacher_id?: number | null } = {};
    if (body.name !== undefined) {
      const name = body.name.trim();
      const clash = await db
        .selectFrom('teaching_classes')
        .select('id')
        .where('grade_id', '=', tc.grade_id)
        .where('name', '=', name)
        .where('id', '!=', tc.id)
        .executeTakeFirst();
      if (clash) throw badRequest('该年级已有同名教学班');
      patch.name = name;
    }
    if (body.teacherId !== undefined) {
      if (body.teacherId !== null) await teacherOf(db, session.schoolId, body.teacherId);
      patch.teacher_id = body.teacherId;
    }
    if (Object.keys(patch).length > 0)
      await db.updateTable('teaching_classes').set(patch).where('id', '=', tc.id).execute();
    return null;
  });
  router.sessionRoute(r.teachClassAllot, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await access.require('System-Class');
    const tc = await writableTeachClass(db, await access.scope(), body.id);
    const ids = [...new Set(body.studentIds)];
    if (ids.length > 0) {
      const found = await db
        .selectFrom('students as s')
        .innerJoin('classes as c', 'c.id', 's.class_id')
        .select('s.id')
        .where('s.school_id', '=', session.schoolId)
        .where('c.grade_id', '=', tc.grade_id)
        .where('s.id', 'in', ids)
        .execute();
      if (found.length !== ids.length) throw badRequest('学生不存在或不属于该年级');
    }
    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('teaching_class_students')
        .where('teaching_class_id', '=', tc.id)
        .execute();
      for (let i = 0; i < ids.length; i += 500) {
        await trx
          .insertInto('teaching_class_students')
          .values(
            ids.slice(i, i + 500).map((student_id) => ({ teaching_class_id: tc.id, student_id })),
          )
          .execute();
      }
    });
    return { count: ids.length };
  });
  router.sessionRoute(r.teachClassList, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const all = await teachClassRows(db, await access.scope(), session.userId, body);
    const { pageNum, pageSize, offset } = pageOf(body);
    return { list: all.slice(offset, offset + pageSize), total: all.length, pageNum, pageSize };
  });
  router.sessionRoute(r.teachClassAll, TAG, async ({ body, session }) =>
    teachClassRows(db, await accessOf(db, session).scope(), session.userId, body),
  );
  router.sessionRoute(r.teachClassInfo, TAG, async ({ body, session }) => {
    const [row] = await teachClassRows(db, await accessOf(db, session).scope(), session.userId, {
      id: body.id,
    });
    if (!row) throw notFound('教学班不存在');
    return row;
  });
  router.sessionRoute(r.teachClassTemplate, TAG, async ({ body, session }) => {
    const grade = await gradeOf(db, session.schoolId, session.academicYear, body.gradeId);
    const classes = await teachClassRows(db, await accessOf(db, session).scope(), session.userId, {
      gradeId: grade.id,
    });
    return writeSheet(
      `teaching-classes-${grade.name}.xlsx`,
      '教学班',
      ['学号', '姓名', '教学班', '学科'],
      classes.map((c) => ['', '', c.name, c.subjectName]),
    );
  });
}
