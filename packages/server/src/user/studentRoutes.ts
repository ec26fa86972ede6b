import { administrationRoutes as r } from '@examkit/contracts';
import type { DomainDeps } from '../core/deps';
import { badRequest, forbidden, notFound, tooManyRequests } from '../core/envelope';
import { guardedRoutes } from '../core/guardedRoute';
import { pagedList } from '../core/listing';
import type { AttemptLimiter } from '../core/rateLimit';
import type { Router } from '../core/router';
import { inScopeClass, scopedClassIds } from '../core/scope';
import { classCountsOfGrade } from '../school/classQueries';
import { classOf, gradeOf, unique } from '../school/common';
import {
  teachClassRows,
  teachingClassQuery,
  teachingClassRow,
} from '../school/teachingClassRoutes';
import { auditExport, importErrorsFile, importJob } from './imports';
import { listFileName, readSheet, schoolNameOf, writeSheet } from './spreadsheet';
import { electiveProblem, importStudentRows, STUDENT_COLUMNS } from './studentImport';
import { studentCount, studentRows, studentsInScope } from './studentQueries';

export { electiveProblem, importStudentRows, STUDENT_COLUMNS } from './studentImport';

const TAG = 'administration';

/** Students, 选科, their teaching classes; import and export. */
export function registerStudentRoutes(
  router: Router,
  { db, clock }: DomainDeps,
  exportLimiter: AttemptLimiter,
): void {
  const route = guardedRoutes(router, db, TAG);
  const student = { permission: 'System-Student' };

  route(r.addStudent, student, async ({ body, session, scope }) => {
    const cls = await classOf(db, session.schoolId, session.academicYear, body.classId);
    if (!inScopeClass(scope, cls.id)) throw forbidden('超出数据范围');
    const name = body.name.trim();
    if (!name) throw badRequest('姓名不能为空');
    const taken = await db
      .selectFrom('students')
      .select('id')
      .where('school_id', '=', session.schoolId)
      .where('student_no', '=', body.studentNo)
      .executeTakeFirst();
    if (taken) throw badRequest('学号已存在');
    return db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('students')
        .values({
          school_id: session.schoolId,
          class_id: cls.id,
          student_no: body.studentNo,
          name,
          tel: body.tel ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('student_details')
        .values({
          student_id: id,
          sex: body.sex ?? 0,
          statistics: 1,
          combo_type: null,
          electives: null,
        })
        .execute();
      return { id };
    });
  });

  route(r.deleteStudents, student, async ({ body, session, scope }) => {
    const ids = unique(body.ids);
    await studentsInScope(db, scope, ids);
    await db
      .deleteFrom('students')
      .where('id', 'in', ids)
      .where('school_id', '=', session.schoolId)
      .execute();
    return { count: ids.length };
  });

  route(r.updateStudent, student, async ({ body, session, scope }) => {
    const [student] = await studentsInScope(db, scope, [body.id]);
    if (!student) throw notFound('学生不存在');
    const patch: { student_no?: string; name?: string; class_id?: number; tel?: string | null } =
      {};
    if (body.studentNo !== undefined) {
      const clash = await db
        .selectFrom('students')
        .select('id')
        .where('school_id', '=', session.schoolId)
        .where('student_no', '=', body.studentNo)
        .where('id', '!=', body.id)
        .executeTakeFirst();
      if (clash) throw badRequest('学号已存在');
      patch.student_no = body.studentNo;
    }
    if (body.name !== undefined) {
      if (!body.name.trim()) throw badRequest('姓名不能为空');
      patch.name = body.name.trim();
    }
    if (body.classId !== undefined) {
      const cls = await classOf(db, session.schoolId, session.academicYear, body.classId);
      if (!inScopeClass(scope, cls.id)) throw forbidden('超出数据范围');
      patch.class_id = cls.id;
    }
    if (body.tel !== undefined) patch.tel = body.tel;
    await db.transaction().execute(async (trx) => {
      if (Object.keys(patch).length > 0)
        await trx.updateTable('students').set(patch).where('id', '=', body.id).execute();
      if (body.sex !== undefined) {
        const sex = body.sex;
        await trx
          .insertInto('student_details')
          .values({ student_id: body.id, sex, statistics: 1, combo_type: null, electives: null })
          .onConflict((oc) => oc.column('student_id').doUpdateSet({ sex }))
          .execute();
      }
    });
    return null;
  });

  route(r.setStudentStatistics, student, async ({ body, scope }) => {
    const ids = unique(body.ids);
    await studentsInScope(db, scope, ids);
    await db.transaction().execute(async (trx) => {
      for (const id of ids) {
        await trx
          .insertInto('student_details')
          .values({
            student_id: id,
            sex: 0,
            statistics: body.statistics,
            combo_type: null,
            electives: null,
          })
          .onConflict((oc) => oc.column('student_id').doUpdateSet({ statistics: body.statistics }))
          .execute();
      }
    });
    return { count: ids.length };
  });

  route(r.getStudents, student, async ({ body, scope, access }) => {
    const canSeeTel = await access.has('System-Tel');
    return pagedList(
      body,
      (window) => studentRows(db, scope, body, canSeeTel, window),
      () => studentCount(db, scope, body),
    );
  });

  route(r.getStudent, student, async ({ body, scope, access }) => {
    const canSeeTel = await access.has('System-Tel');
    await studentsInScope(db, scope, [body.id]);
    const [row] = await studentRows(db, scope, { ids: [body.id] }, canSeeTel);
    if (!row) throw notFound('学生不存在');
    return row;
  });

  route(r.studentTemplate, student, async () => {
    return writeSheet(
      '学生导入模板.xlsx',
      '学生',
      [...STUDENT_COLUMNS],
      [['2026100101', '张三', '高一', '高一(1)班', '男', '', '']],
    );
  });
  route(r.studentImportResult, student, async ({ body, session }) => {
    return importJob(db, session, 'student', body.jobId);
  });
  route(r.studentImportErrors, student, async ({ body, session }) => {
    return importErrorsFile(db, session, 'student', body.id);
  });
  route(r.importStudents, student, async ({ body, session, scope }) => {
    const rows = await readSheet(body.fileName, body.contentBase64, [
      '学号',
      '姓名',
      '年级',
      '班级',
    ]);
    return importStudentRows(db, clock, session, scope, rows);
  });
  route(r.exportStudents, student, async ({ body, session, scope, access }) => {
    const canSeeTel = await access.has('System-Tel');
    await access.require('System-Export');
    if (exportLimiter.hit(`export:${session.userId}`) > 0)
      throw tooManyRequests('导出过于频繁，请稍后再试');
    const rows = await studentRows(db, scope, body, canSeeTel);
    await auditExport(db, clock, session, 'export:student', rows.length);
    const only = (pick: (s: (typeof rows)[number]) => string) =>
      rows.length > 0 && rows.every((s) => pick(s) === pick(rows[0]!)) ? pick(rows[0]!) : null;
    return writeSheet(
      listFileName([
        await schoolNameOf(db, session.schoolId),
        body.classId ? only((s) => s.className) : body.gradeId ? only((s) => s.gradeName) : null,
        '学生名单',
      ]),
      '学生',
      [...STUDENT_COLUMNS],
      rows.map((s) => [
        s.studentNo,
        s.name,
        s.gradeName,
        s.className,
        ['', '男', '女'][s.sex] ?? '',
        s.tel,
        s.electiveSubjects.join(','),
      ]),
    );
  });

  route(r.queryStudentTeachClass, student, async ({ body, session, scope }) => {
    await studentsInScope(db, scope, [body.studentId]);
    const rows = await teachingClassQuery(db)
      .innerJoin('teaching_class_students as tcs', 'tcs.teaching_class_id', 'tc.id')
      .where('tcs.student_id', '=', body.studentId)
      .where('tc.school_id', '=', session.schoolId)
      .orderBy('s.sort')
      .execute();
    return rows.map(teachingClassRow);
  });

  route(r.listStudentTeachClass, student, async ({ body, session, scope }) => {
    await gradeOf(db, session.schoolId, session.academicYear, body.gradeId);
    const students = await studentRows(db, scope, { gradeId: body.gradeId }, false);
    const ids = students.map((s) => s.id);
    const links =
      ids.length === 0
        ? []
        : await db
            .selectFrom('teaching_class_students as tcs')
            .innerJoin('teaching_classes as tc', 'tc.id', 'tcs.teaching_class_id')
            .innerJoin('subjects as s', 's.id', 'tc.subject_id')
            .select(['tcs.student_id', 'tc.id', 'tc.name', 's.name as subjectName'])
            .where('tc.grade_id', '=', body.gradeId)
            .where('tc.school_id', '=', session.schoolId)
            .execute();
    const byStudent = new Map<number, { id: number; name: string; subjectName: string }[]>();
    for (const l of links)
      byStudent.set(l.student_id, [
        ...(byStudent.get(l.student_id) ?? []),
        { id: l.id, name: l.name, subjectName: l.subjectName },
      ]);
    return students.map((s) => ({
      studentId: s.id,
      studentNo: s.studentNo,
      name: s.name,
      className: s.className,
      teachClasses: byStudent.get(s.id) ?? [],
    }));
  });

  route(r.teachClassStudents, {}, async ({ body, session, scope, access }) => {
    const [tc] = await teachClassRows(db, scope, session.userId, { id: body.id });
    if (!tc) throw notFound('教学班不存在');
    const members = await db
      .selectFrom('teaching_class_students')
      .select('student_id')
      .where('teaching_class_id', '=', tc.id)
      .execute();
    // Whoever may see the teaching class sees all its members, whatever their administrative class.
    return studentRows(
      db,
      { ...scope, schoolWide: true },
      { ids: members.map((m) => m.student_id) },
      await access.has('System-Tel'),
    );
  });

  route(r.getGradeInfo, student, async ({ body, session, scope }) => {
    const grade = await gradeOf(db, session.schoolId, session.academicYear, body.gradeId);
    if (!scope.schoolWide && !scope.gradeIds.has(grade.id)) throw forbidden('超出数据范围');
    const classes = await classCountsOfGrade(db, grade.id, scopedClassIds(scope));
    return {
      gradeId: grade.id,
      gradeName: grade.name,
      studentCount: classes.reduce((sum, c) => sum + c.studentCount, 0),
      classes,
    };
  });

  route(r.getStudentNo, student, async ({ body, session, scope }) => {
    const cls = await classOf(db, session.schoolId, session.academicYear, body.classId);
    if (!inScopeClass(scope, cls.id)) throw forbidden('超出数据范围');
    const rows = await db
      .selectFrom('students')
      .select('student_no')
      .where('class_id', '=', cls.id)
      .execute();
    const numeric = rows
      .map((x) => x.student_no)
      .filter((n) => /^[0-9]{1,15}$/.test(n))
      .map(Number);
    if (numeric.length > 0) return { studentNo: String(Math.max(...numeric) + 1) };
    const grade = await gradeOf(db, session.schoolId, session.academicYear, cls.gradeId);
    const classNo = /\((\d+)\)/.exec(cls.name)?.[1] ?? String(cls.id);
    return { studentNo: `${session.academicYear}${grade.grade_num}${classNo.padStart(2, '0')}01` };
  });

  route(r.electiveStudents, student, async ({ body, session, scope, access }) => {
    const canSeeTel = await access.has('System-Tel');
    await gradeOf(db, session.schoolId, session.academicYear, body.gradeId);
    return pagedList(
      body,
      (window) => studentRows(db, scope, body, canSeeTel, window),
      () => studentCount(db, scope, body),
    );
  });

  route(r.setElective, student, async ({ body, scope }) => {
    const problem = electiveProblem(body.comboType, body.subjects);
    if (problem) throw badRequest(problem);
    const ids = unique(body.studentIds);
    await studentsInScope(db, scope, ids);
    const electives = body.subjects.join(',');
    await db.transaction().execute(async (trx) => {
      for (const id of ids) {
        await trx
          .insertInto('student_details')
          .values({ student_id: id, sex: 0, statistics: 1, combo_type: body.comboType, electives })
          .onConflict((oc) =>
            oc.column('student_id').doUpdateSet({ combo_type: body.comboType, electives }),
          )
          .execute();
      }
    });
    return { count: ids.length };
  });
}
