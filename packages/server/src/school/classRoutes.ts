import { gradeNumOf } from '@examkit/contracts';
import { administrationRoutes as r } from '@examkit/contracts';
import type { DomainDeps } from '../core/deps';
import { badRequest } from '../core/envelope';
import { guardedRoutes } from '../core/guardedRoute';
import type { Router } from '../core/router';
import { finishImport } from '../user/imports';
import { listFileName, readSheet, schoolNameOf, writeSheet } from '../user/spreadsheet';
import { assertGradeWrite, assertNameFreeInGrade, classesInScope, gradesOf } from './classQueries';
import { classOf, gradeOf, teacherOf } from './common';
import { registerGradeRoutes } from './gradeRoutes';
import { registerTeachingClassRoutes } from './teachingClassRoutes';

const TAG = 'administration';

/** Administrative classes and their 班主任: list, create, rename, delete, import, export. */
export function registerClassRoutes(router: Router, deps: DomainDeps): void {
  const { db, clock } = deps;
  const route = guardedRoutes(router, db, TAG);
  const write = { permission: 'System-Class' };
  route(r.queryClass, {}, async ({ body, scope }) => classesInScope(db, scope, body.gradeId));
  route(r.listClassByGrade, {}, async ({ body, session, scope }) => {
    await gradeOf(db, session.schoolId, session.academicYear, body.gradeId);
    return classesInScope(db, scope, body.gradeId);
  });
  route(r.queryClassRole, write, async ({ body, scope }) => {
    const classes = await classesInScope(db, scope, body.gradeId);
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
  route(r.addClassRole, write, async ({ body, session, scope }) => {
    const cls = await classOf(db, session.schoolId, session.academicYear, body.classId);
    assertGradeWrite(scope, cls.gradeId);
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
  route(r.addClassNew, write, async ({ body, session, scope }) => {
    const grade = await gradeOf(db, session.schoolId, session.academicYear, body.gradeId);
    assertGradeWrite(scope, grade.id);
    const name = body.name.trim();
    if (!name) throw badRequest('班级名称不能为空');
    await assertNameFreeInGrade(db, 'classes', grade.id, name);
    const row = await db
      .insertInto('classes')
      .values({ grade_id: grade.id, name })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });
  route(r.updateClassNew, write, async ({ body, session, scope }) => {
    const cls = await classOf(db, session.schoolId, session.academicYear, body.id);
    assertGradeWrite(scope, cls.gradeId);
    const name = body.name.trim();
    if (!name) throw badRequest('班级名称不能为空');
    await assertNameFreeInGrade(db, 'classes', cls.gradeId, name, cls.id);
    await db.updateTable('classes').set({ name }).where('id', '=', cls.id).execute();
    return null;
  });

  route(r.sysClassDelete, write, async ({ body, session, scope }) => {
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
  route(r.sysClassDownload, write, async ({ session, scope }) => {
    const classes = await classesInScope(db, scope);
    return writeSheet(
      listFileName([await schoolNameOf(db, session.schoolId), '班级名单']),
      '班级',
      ['年级', '班级', '班主任', '学生数'],
      classes.map((c) => [c.gradeName, c.name, c.headTeacherName, c.studentCount]),
    );
  });
  route(r.sysClassImport, write, async ({ body, session, scope }) => {
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
  registerGradeRoutes(router, deps);
  registerTeachingClassRoutes(router, deps);
}
