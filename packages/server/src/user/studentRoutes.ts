import { administrationRoutes as r } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { badRequest, forbidden, notFound, tooManyRequests } from '../core/envelope';
import type { AttemptLimiter } from '../core/rateLimit';
import type { Router } from '../core/router';
import { accessOf, inScopeClass, scopedClassIds, type DataScope } from '../core/scope';
import type { SessionInfo } from '../core/session';
import type { DomainDeps } from '../core/deps';
import { teachClassRows, teachingClassQuery, teachingClassRow } from '../school/classRoutes';
import { classOf, contains, gradeOf, maskTel, pageOf, unique } from '../school/common';
import { auditExport, finishImport, importErrorsFile, importJob, type RowError } from './imports';
import { listFileName, readSheet, schoolNameOf, writeSheet } from './spreadsheet';

const TAG = 'administration';
const TEL = /^1[0-9]{10}$/;
const STUDENT_NO = /^[A-Za-z0-9-]{1,32}$/;
export const STUDENT_COLUMNS = ['学号', '姓名', '年级', '班级', '性别', '手机号', '选科'] as const;
const SEX: Record<string, number> = { '': 0, 男: 1, 女: 2 };

const FIRST = ['物理', '历史'];
const SECOND = ['化学', '生物', '政治', '地理'];
const SIX = [...FIRST, ...SECOND];

/** Checks a 选科 choice: 3+1+2 = 物理 or 历史, then two of 化学 生物 政治 地理; 3+3 = three of the six. */
export function electiveProblem(combo: string, subjects: readonly string[]): string | null {
  if (subjects.length !== 3 || new Set(subjects).size !== 3) return '须选择三门不同的科目';
  if (combo === '3+1+2') {
    if (!FIRST.includes(subjects[0] ?? '')) return '3+1+2 的首选科目须为物理或历史';
    if (!subjects.slice(1).every((s) => SECOND.includes(s)))
      return '3+1+2 的再选科目须为化学、生物、政治、地理中的两门';
    return null;
  }
  if (combo === '3+3')
    return subjects.every((s) => SIX.includes(s))
      ? null
      : '3+3 的科目须为物理、化学、生物、政治、历史、地理中的三门';
  return '选科类型须为 3+1+2 或 3+3';
}

interface StudentFilter {
  gradeId?: number | undefined;
  classId?: number | undefined;
  keyWord?: string | undefined;
  comboType?: string | undefined;
  ids?: number[];
}

/**
 * The students matching a filter, on the students table alone: the year's class
 * ids in scope are resolved first (a handful of rows), so neither the count nor
 * the page needs to join classes and grades over every student. At 20,000
 * students that join made PostgreSQL's count 50 ms and a deep page 60 ms.
 */
async function studentFilterQuery(db: Db, scope: DataScope, filter: StudentFilter) {
  let cq = db
    .selectFrom('classes as c')
    .innerJoin('grades as g', 'g.id', 'c.grade_id')
    .select('c.id')
    .where('g.school_id', '=', scope.schoolId)
    .where('g.academic_year', '=', scope.academicYear);
  if (filter.gradeId !== undefined) cq = cq.where('g.id', '=', filter.gradeId);
  if (filter.classId !== undefined) cq = cq.where('c.id', '=', filter.classId);
  const classIds = (await cq.execute()).map((c) => c.id).filter((id) => inScopeClass(scope, id));
  let q = db
    .selectFrom('students as s')
    .where('s.school_id', '=', scope.schoolId)
    .where('s.class_id', 'in', classIds.length ? classIds : [0]);
  const combo = filter.comboType;
  if (combo !== undefined)
    q = q.where('s.id', 'in', (eb) =>
      eb.selectFrom('student_details').select('student_id').where('combo_type', '=', combo),
    );
  if (filter.ids) q = q.where('s.id', 'in', filter.ids.length ? filter.ids : [0]);
  if (filter.keyWord) {
    const kw = filter.keyWord;
    q = q.where((eb) => eb.or([contains('s.name', kw), contains('s.student_no', kw)]));
  }
  return q;
}

async function studentRows(
  db: Db,
  scope: DataScope,
  filter: StudentFilter,
  canSeeTel: boolean,
  page?: { offset: number; limit: number },
) {
  // Student number alone orders the page, so that the (school_id, student_no) index serves it.
  let idq = (await studentFilterQuery(db, scope, filter)).select('s.id').orderBy('s.student_no');
  if (page) idq = idq.offset(page.offset).limit(page.limit);
  const ids = (await idq.execute()).map((row) => row.id);
  if (ids.length === 0) return [];
  const rows: {
    id: number;
    student_no: string;
    name: string;
    tel: string | null;
    classId: number;
    className: string;
    gradeId: number;
    gradeName: string;
    sex: number | null;
    statistics: number | null;
    combo_type: string | null;
    electives: string | null;
  }[] = [];
  for (let i = 0; i < ids.length; i += 1000) {
    rows.push(
      ...(await db
        .selectFrom('students as s')
        .innerJoin('classes as c', 'c.id', 's.class_id')
        .innerJoin('grades as g', 'g.id', 'c.grade_id')
        .leftJoin('student_details as d', 'd.student_id', 's.id')
        .select([
          's.id',
          's.student_no',
          's.name',
          's.tel',
          'c.id as classId',
          'c.name as className',
          'g.id as gradeId',
          'g.name as gradeName',
          'd.sex',
          'd.statistics',
          'd.combo_type',
          'd.electives',
        ])
        .where('s.id', 'in', ids.slice(i, i + 1000))
        .execute()),
    );
  }
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return rows.map((row) => ({
    id: row.id,
    studentNo: row.student_no,
    name: row.name,
    sex: row.sex ?? 0,
    tel: maskTel(row.tel, canSeeTel),
    classId: row.classId,
    className: row.className,
    gradeId: row.gradeId,
    gradeName: row.gradeName,
    statistics: row.statistics ?? 1,
    comboType: row.combo_type ?? null,
    electiveSubjects: row.electives ? row.electives.split(',') : [],
  }));
}

async function studentCount(db: Db, scope: DataScope, filter: StudentFilter) {
  const row = await (
    await studentFilterQuery(db, scope, filter)
  )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Students of the school this year, all in scope; another school's, an unknown or an
 * out-of-scope id answers the same 404 (docs/scope.md).
 */
async function studentsInScope(db: Db, scope: DataScope, ids: number[]) {
  const rows = await db
    .selectFrom('students as s')
    .innerJoin('classes as c', 'c.id', 's.class_id')
    .innerJoin('grades as g', 'g.id', 'c.grade_id')
    .select(['s.id', 's.class_id', 'g.id as gradeId'])
    .where('s.school_id', '=', scope.schoolId)
    .where('g.academic_year', '=', scope.academicYear)
    .where('s.id', 'in', ids)
    .execute();
  if (rows.length !== ids.length || rows.some((s) => !inScopeClass(scope, s.class_id)))
    throw notFound('学生不存在');
  return rows;
}

async function writeAccess(db: Db, session: SessionInfo) {
  const access = accessOf(db, session);
  await access.require('System-Student');
  return access.scope();
}

export interface StudentImportRow {
  studentNo: string;
  name: string;
  classId: number;
  sex: number;
  tel: string | null;
  comboType: string | null;
  electives: string | null;
}

/**
 * Validates and applies a student sheet: every bad row is reported and then
 * nothing is written; otherwise students upsert by student number in one transaction.
 */
export async function importStudentRows(
  db: Db,
  clock: Clock,
  session: SessionInfo,
  scope: DataScope,
  rows: { row: number; values: Record<string, string> }[],
) {
  const classes = await db
    .selectFrom('classes as c')
    .innerJoin('grades as g', 'g.id', 'c.grade_id')
    .select(['c.id', 'c.name', 'g.name as gradeName'])
    .where('g.school_id', '=', session.schoolId)
    .where('g.academic_year', '=', session.academicYear)
    .execute();
  const classByName = new Map(classes.map((c) => [`${c.gradeName}|${c.name}`, c.id]));
  const existing = await db
    .selectFrom('students as s')
    .leftJoin('student_details as d', 'd.student_id', 's.id')
    .select([
      's.id',
      's.student_no',
      's.name',
      's.class_id',
      's.tel',
      'd.sex',
      'd.combo_type',
      'd.electives',
      'd.student_id',
    ])
    .where('s.school_id', '=', session.schoolId)
    .execute();
  const byNo = new Map(existing.map((s) => [s.student_no, s]));
  const errors: RowError[] = [];
  const seen = new Set<string>();
  const plan: StudentImportRow[] = [];
  for (const { row, values } of rows) {
    let bad = false;
    const fail = (column: string, reason: string) => {
      errors.push({ row, column, reason });
      bad = true;
    };
    const studentNo = values['学号'] ?? '';
    const name = values['姓名'] ?? '';
    const tel = values['手机号'] ?? '';
    const sexText = values['性别'] ?? '';
    const electiveText = values['选科'] ?? '';
    if (!studentNo) fail('学号', '学号不能为空');
    else if (!STUDENT_NO.test(studentNo)) fail('学号', '学号只能包含字母、数字和 -，最长 32 位');
    else if (seen.has(studentNo)) fail('学号', '文件中学号重复');
    seen.add(studentNo);
    if (!name) fail('姓名', '姓名不能为空');
    else if (name.length > 64) fail('姓名', '姓名过长');
    const classId = classByName.get(`${values['年级'] ?? ''}|${values['班级'] ?? ''}`);
    if (classId === undefined) fail('班级', '班级不存在');
    else if (!inScopeClass(scope, classId)) fail('班级', '超出数据范围');
    const found = byNo.get(studentNo);
    if (found && !inScopeClass(scope, found.class_id)) fail('学号', '学号已被范围外的学生使用');
    if (!(sexText in SEX)) fail('性别', '性别须为 男 或 女');
    if (tel && !TEL.test(tel)) fail('手机号', '手机号格式不正确');
    let comboType: string | null = null;
    let electives: string | null = null;
    if (electiveText) {
      const subjects = electiveText.split(/[,，、\s]+/).filter(Boolean);
      comboType =
        FIRST.includes(subjects[0] ?? '') && subjects.slice(1).every((s) => SECOND.includes(s))
          ? '3+1+2'
          : '3+3';
      const problem = electiveProblem(comboType, subjects);
      if (problem) fail('选科', problem);
      electives = subjects.join(',');
    }
    if (!bad && classId !== undefined)
      plan.push({
        studentNo,
        name,
        classId,
        sex: SEX[sexText] ?? 0,
        tel: tel || null,
        comboType,
        electives,
      });
  }
  return finishImport(db, clock, session, 'student', rows.length, errors, async (trx) => {
    const inserts: StudentImportRow[] = [];
    const updates: (StudentImportRow & { id: number; hasDetails: boolean })[] = [];
    let unchanged = 0;
    for (const p of plan) {
      const found = byNo.get(p.studentNo);
      if (!found) inserts.push(p);
      else if (
        found.name !== p.name ||
        found.class_id !== p.classId ||
        found.tel !== p.tel ||
        (found.sex ?? 0) !== p.sex ||
        (found.combo_type ?? null) !== p.comboType ||
        (found.electives ?? null) !== p.electives ||
        found.student_id === null
      )
        updates.push({ ...p, id: found.id, hasDetails: found.student_id !== null });
      else unchanged++;
    }
    for (let i = 0; i < inserts.length; i += 400) {
      const chunk = inserts.slice(i, i + 400);
      // Upserts, so that an import racing another of the same file updates instead of failing.
      const ids = await trx
        .insertInto('students')
        .values(
          chunk.map((p) => ({
            school_id: session.schoolId,
            class_id: p.classId,
            student_no: p.studentNo,
            name: p.name,
            tel: p.tel,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['school_id', 'student_no']).doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            class_id: eb.ref('excluded.class_id'),
            tel: eb.ref('excluded.tel'),
          })),
        )
        .returning(['id', 'student_no'])
        .execute();
      const idByNo = new Map(ids.map((x) => [x.student_no, x.id]));
      await trx
        .insertInto('student_details')
        .values(
          chunk.map((p) => ({
            student_id: idByNo.get(p.studentNo) ?? 0,
            sex: p.sex,
            statistics: 1,
            combo_type: p.comboType,
            electives: p.electives,
          })),
        )
        .onConflict((oc) =>
          oc.column('student_id').doUpdateSet((eb) => ({
            sex: eb.ref('excluded.sex'),
            combo_type: eb.ref('excluded.combo_type'),
            electives: eb.ref('excluded.electives'),
          })),
        )
        .execute();
    }
    for (const u of updates) {
      await trx
        .updateTable('students')
        .set({ name: u.name, class_id: u.classId, tel: u.tel })
        .where('id', '=', u.id)
        .execute();
      await trx
        .insertInto('student_details')
        .values({
          student_id: u.id,
          sex: u.sex,
          statistics: 1,
          combo_type: u.comboType,
          electives: u.electives,
        })
        .onConflict((oc) =>
          oc
            .column('student_id')
            .doUpdateSet({ sex: u.sex, combo_type: u.comboType, electives: u.electives }),
        )
        .execute();
    }
    return { inserted: inserts.length, updated: updates.length, unchanged };
  });
}

/** Students, 选科, their teaching classes; import and export. */
export function registerStudentRoutes(
  router: Router,
  { db, clock }: DomainDeps,
  exportLimiter: AttemptLimiter,
): void {
  const readContext = async (session: SessionInfo) => {
    const access = accessOf(db, session);
    await access.require('System-Student');
    return { scope: await access.scope(), canSeeTel: await access.has('System-Tel') };
  };

  router.sessionRoute(r.addStudent, TAG, async ({ body, session }) => {
    const scope = await writeAccess(db, session);
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

  router.sessionRoute(r.deleteStudents, TAG, async ({ body, session }) => {
    const scope = await writeAccess(db, session);
    const ids = unique(body.ids);
    await studentsInScope(db, scope, ids);
    await db
      .deleteFrom('students')
      .where('id', 'in', ids)
      .where('school_id', '=', session.schoolId)
      .execute();
    return { count: ids.length };
  });

  router.sessionRoute(r.updateStudent, TAG, async ({ body, session }) => {
    const scope = await writeAccess(db, session);
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

  router.sessionRoute(r.setStudentStatistics, TAG, async ({ body, session }) => {
    const scope = await writeAccess(db, session);
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

  router.sessionRoute(r.getStudents, TAG, async ({ body, session }) => {
    const { scope, canSeeTel } = await readContext(session);
    const { pageNum, pageSize, offset } = pageOf(body);
    const [list, total] = await Promise.all([
      studentRows(db, scope, body, canSeeTel, { offset, limit: pageSize }),
      studentCount(db, scope, body),
    ]);
    return { list, total, pageNum, pageSize };
  });

  router.sessionRoute(r.getStudent, TAG, async ({ body, session }) => {
    const { scope, canSeeTel } = await readContext(session);
    await studentsInScope(db, scope, [body.id]);
    const [row] = await studentRows(db, scope, { ids: [body.id] }, canSeeTel);
    if (!row) throw notFound('学生不存在');
    return row;
  });

  router.sessionRoute(r.studentTemplate, TAG, async ({ session }) => {
    await accessOf(db, session).require('System-Student');
    return writeSheet(
      '学生导入模板.xlsx',
      '学生',
      [...STUDENT_COLUMNS],
      [['2026100101', '张三', '高一', '高一(1)班', '男', '', '']],
    );
  });
  router.sessionRoute(r.studentImportResult, TAG, async ({ body, session }) => {
    await accessOf(db, session).require('System-Student');
    return importJob(db, session, 'student', body.jobId);
  });
  router.sessionRoute(r.studentImportErrors, TAG, async ({ body, session }) => {
    await accessOf(db, session).require('System-Student');
    return importErrorsFile(db, session, 'student', body.id);
  });
  router.sessionRoute(r.importStudents, TAG, async ({ body, session }) => {
    const scope = await writeAccess(db, session);
    const rows = await readSheet(body.fileName, body.contentBase64, [
      '学号',
      '姓名',
      '年级',
      '班级',
    ]);
    return importStudentRows(db, clock, session, scope, rows);
  });
  router.sessionRoute(r.exportStudents, TAG, async ({ body, session }) => {
    const { scope, canSeeTel } = await readContext(session);
    await accessOf(db, session).require('System-Export');
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

  router.sessionRoute(r.queryStudentTeachClass, TAG, async ({ body, session }) => {
    const { scope } = await readContext(session);
    await studentsInScope(db, scope, [body.studentId]);
    const rows = await teachingClassQuery(db)
      .innerJoin('teaching_class_students as tcs', 'tcs.teaching_class_id', 'tc.id')
      .where('tcs.student_id', '=', body.studentId)
      .where('tc.school_id', '=', session.schoolId)
      .orderBy('s.sort')
      .execute();
    return rows.map(teachingClassRow);
  });

  router.sessionRoute(r.listStudentTeachClass, TAG, async ({ body, session }) => {
    const { scope } = await readContext(session);
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

  router.sessionRoute(r.teachClassStudents, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const scope = await access.scope();
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

  router.sessionRoute(r.getGradeInfo, TAG, async ({ body, session }) => {
    const { scope } = await readContext(session);
    const grade = await gradeOf(db, session.schoolId, session.academicYear, body.gradeId);
    if (!scope.schoolWide && !scope.gradeIds.has(grade.id)) throw forbidden('超出数据范围');
    const ids = scopedClassIds(scope);
    let q = db
      .selectFrom('classes as c')
      .select((eb) => [
        'c.id',
        'c.name',
        eb
          .selectFrom('students as s')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('s.class_id', '=', 'c.id')
          .as('n'),
      ])
      .where('c.grade_id', '=', grade.id);
    if (ids !== null) q = q.where('c.id', 'in', ids.length ? ids : [0]);
    const classes = (await q.orderBy('c.id').execute()).map((c) => ({
      id: c.id,
      name: c.name,
      studentCount: Number(c.n ?? 0),
    }));
    return {
      gradeId: grade.id,
      gradeName: grade.name,
      studentCount: classes.reduce((sum, c) => sum + c.studentCount, 0),
      classes,
    };
  });

  router.sessionRoute(r.getStudentNo, TAG, async ({ body, session }) => {
    const scope = await writeAccess(db, session);
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

  router.sessionRoute(r.electiveStudents, TAG, async ({ body, session }) => {
    const { scope, canSeeTel } = await readContext(session);
    await gradeOf(db, session.schoolId, session.academicYear, body.gradeId);
    const { pageNum, pageSize, offset } = pageOf(body);
    const [list, total] = await Promise.all([
      studentRows(db, scope, body, canSeeTel, { offset, limit: pageSize }),
      studentCount(db, scope, body),
    ]);
    return { list, total, pageNum, pageSize };
  });

  router.sessionRoute(r.setElective, TAG, async ({ body, session }) => {
    const scope = await writeAccess(db, session);
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
