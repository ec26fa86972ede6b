import { administrationRoutes as r } from '@examkit/contracts';
import type { Db } from '../core/database';
import type { DomainDeps } from '../core/deps';
import { badRequest, notFound } from '../core/envelope';
import { guardedRoutes } from '../core/guardedRoute';
import { pageSlice } from '../core/listing';
import type { Router } from '../core/router';
import type { DataScope } from '../core/scope';
import { writeSheet } from '../user/spreadsheet';
import { assertGradeWrite, assertNameFreeInGrade } from './classQueries';
import { contains, gradeOf, subjectOf, teacherOf } from './common';

const TAG = 'administration';

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

/** Teaching classes (走班): create, rename, re-teach, fill with students, list, template. */
export function registerTeachingClassRoutes(router: Router, { db }: DomainDeps): void {
  const route = guardedRoutes(router, db, TAG);
  const write = { permission: 'System-Class' };
  route(r.teachClassAdd, write, async ({ body, session, scope }) => {
    const grade = await gradeOf(db, session.schoolId, session.academicYear, body.gradeId);
    assertGradeWrite(scope, grade.id);
    await subjectOf(db, session.schoolId, body.subjectId);
    if (body.teacherId !== undefined) await teacherOf(db, session.schoolId, body.teacherId);
    const name = body.name.trim();
    await assertNameFreeInGrade(db, 'teaching_classes', grade.id, name);
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
  route(r.teachClassDelete, write, async ({ body, scope }) => {
    const tc = await writableTeachClass(db, scope, body.id);
    await db.deleteFrom('teaching_classes').where('id', '=', tc.id).execute();
    return null;
  });
  route(r.teachClassUpdate, write, async ({ body, session, scope }) => {
    const tc = await writableTeachClass(db, scope, body.id);
    const patch: { name?: string; teacher_id?: number | null } = {};
    if (body.name !== undefined) {
      const name = body.name.trim();
      await assertNameFreeInGrade(db, 'teaching_classes', tc.grade_id, name, tc.id);
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
  route(r.teachClassAllot, write, async ({ body, session, scope }) => {
    const tc = await writableTeachClass(db, scope, body.id);
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
  route(r.teachClassList, {}, async ({ body, session, scope }) =>
    pageSlice(await teachClassRows(db, scope, session.userId, body), body),
  );
  route(r.teachClassAll, {}, async ({ body, session, scope }) =>
    teachClassRows(db, scope, session.userId, body),
  );
  route(r.teachClassInfo, {}, async ({ body, session, scope }) => {
    const [row] = await teachClassRows(db, scope, session.userId, { id: body.id });
    if (!row) throw notFound('教学班不存在');
    return row;
  });
  route(r.teachClassTemplate, {}, async ({ body, session, scope }) => {
    const grade = await gradeOf(db, session.schoolId, session.academicYear, body.gradeId);
    const classes = await teachClassRows(db, scope, session.userId, { gradeId: grade.id });
    return writeSheet(
      `teaching-classes-${grade.name}.xlsx`,
      '教学班',
      ['学号', '姓名', '教学班', '学科'],
      classes.map((c) => ['', '', c.name, c.subjectName]),
    );
  });
}
