import ExcelJS from 'exceljs';
import {
  APPRAISAL_COMMENT_MAX,
  APPRAISAL_KIND_NAMES,
  APPRAISAL_LEVEL_NAMES,
  APPRAISAL_TERM_NAMES,
  type AppraisalLevel,
  appraiseRoutes,
  type BodyOf,
  type DataOf,
} from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { DomainDeps } from '../core/deps';
import { badRequest, forbidden, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import { accessOf, inScopeSubject, scopedStudent, type DataScope } from '../core/scope';
import type { SessionInfo } from '../core/session';
import type { DownloadFile, DownloadJobs } from '../download/jobs';
import { listFileName, schoolNameOf } from '../user/spreadsheet';
import { scopedClass, scopedYearClasses } from '../teaching/records';

const TAG = 'appraise';
const r = appraiseRoutes;
type Deps = Pick<DomainDeps, 'db' | 'clock'> & { downloads: DownloadJobs };

/**
 * The subjects of a class the scope records in, with items of the kind: a 班主任 every subject
 * of their class, a 任课教师 the subjects they teach there.
 */
async function classSubjects(db: Db, scope: DataScope, classId: number, kind: number) {
  const rows = await db
    .selectFrom('subjects as s')
    .select(['s.id', 's.name'])
    .where('s.school_id', '=', scope.schoolId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('ability_items as a')
          .select('a.id')
          .whereRef('a.subject_id', '=', 's.id')
          .where('a.kind', '=', kind),
      ),
    )
    .orderBy('s.sort')
    .orderBy('s.id')
    .execute();
  return rows.filter((s) => inScopeSubject(scope, classId, s.id));
}

/** The items of a subject and kind, in the order of the settings page. */
async function itemsOf(db: Db, schoolId: number, kind: number, subjectId: number) {
  return db
    .selectFrom('ability_items')
    .select(['id', 'name'])
    .where('school_id', '=', schoolId)
    .where('kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .orderBy('id')
    .execute();
}

async function studentsOf(db: Db, schoolId: number, classId: number) {
  return db
    .selectFrom('students')
    .select(['id', 'name', 'student_no'])
    .where('school_id', '=', schoolId)
    .where('class_id', '=', classId)
    .orderBy('student_no')
    .execute();
}

/** The class and subject of a sheet: another school's class 404, outside the scope 403. */
async function openSheet(db: Db, scope: DataScope, classId: number, subjectId: number) {
  const cls = await scopedClass(db, scope, classId);
  const subject = await db
    .selectFrom('subjects')
    .select(['id', 'name'])
    .where('id', '=', subjectId)
    .where('school_id', '=', scope.schoolId)
    .executeTakeFirst();
  if (!subject) throw notFound('科目不存在');
  if (!inScopeSubject(scope, classId, subjectId))
    throw forbidden('超出数据范围：无权评价该班级的这个科目');
  return cls;
}

export async function appraisalSheet(
  db: Db,
  scope: DataScope,
  body: BodyOf<typeof r.sheet>,
): Promise<DataOf<typeof r.sheet>> {
  const classes = await scopedYearClasses(db, scope);
  const empty = { items: [], students: [] };
  const out = {
    academicYear: scope.academicYear,
    classes: classes.map((c) => ({ classId: c.id, className: c.name, gradeName: c.gradeName })),
  };
  const classId = body.classId ?? classes[0]?.id ?? null;
  if (classId === null)
    return { ...out, classId, subjects: [], subjectId: null, canComment: false, ...empty };
  await scopedClass(db, scope, classId);
  const subjects = (await classSubjects(db, scope, classId, body.kind)).map((s) => ({
    subjectId: s.id,
    subjectName: s.name,
  }));
  const subjectId = body.subjectId ?? subjects[0]?.subjectId ?? null;
  if (subjectId !== null) await openSheet(db, scope, classId, subjectId);
  const [items, students] = await Promise.all([
    subjectId === null ? [] : itemsOf(db, scope.schoolId, body.kind, subjectId),
    studentsOf(db, scope.schoolId, classId),
  ]);
  const comments = await termComments(
    db,
    scope,
    body.term,
    students.map((s) => s.id),
  );
  const recorded =
    items.length === 0 || students.length === 0
      ? []
      : await db
          .selectFrom('appraisal_records')
          .select(['student_id', 'item_id', 'level', 'comment'])
          .where('school_id', '=', scope.schoolId)
          .where('academic_year', '=', scope.academicYear)
          .where('term', '=', body.term)
          .where(
            'item_id',
            'in',
            items.map((i) => i.id),
          )
          .where(
            'student_id',
            'in',
            students.map((s) => s.id),
          )
          .orderBy('item_id')
          .execute();
  return {
    ...out,
    classId,
    subjects,
    subjectId,
    canComment: mayComment(scope, classId),
    items: items.map((i) => ({ itemId: i.id, name: i.name })),
    students: students.map((s) => ({
      studentId: s.id,
      name: s.name,
      studentNo: s.student_no,
      records: recorded
        .filter((x) => x.student_id === s.id)
        .map((x) => ({
          itemId: x.item_id,
          level: x.level as 'A' | 'B' | 'C' | 'D',
          comment: x.comment,
        })),
      termComment: comments.get(s.id) ?? '',
    })),
  };
}

/**
 * Whether the scope writes the term 评语 of a class: its 班主任 (or a grade or school role, who
 * sees every subject there), never a 任课教师 nor a bureau seat.
 */
function mayComment(scope: DataScope, classId: number): boolean {
  if (scope.wholeSchoolReader) return false;
  return scope.schoolWide || scope.fullClassIds.has(classId);
}

/** The term 评语 of the students in the session's year, by student. */
async function termComments(db: Db, scope: DataScope, term: number, studentIds: number[]) {
  if (studentIds.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('appraisal_comments')
    .select(['student_id', 'comment'])
    .where('school_id', '=', scope.schoolId)
    .where('academic_year', '=', scope.academicYear)
    .where('term', '=', term)
    .where('student_id', 'in', studentIds)
    .execute();
  return new Map(rows.map((x) => [x.student_id, x.comment]));
}

/** Records levels in one transaction: checked first, then written as upserts. */
export async function saveAppraisals(
  db: Db,
  clock: Clock,
  scope: DataScope,
  userId: number,
  body: BodyOf<typeof r.save>,
): Promise<DataOf<typeof r.save>> {
  await checkAppraisals(db, scope, body);
  const now = clock.now().getTime();
  await db.transaction().execute((trx) => writeAppraisals(trx, scope, userId, now, body));
  const cleared = body.records.filter((x) => x.level === null).length;
  return { saved: body.records.length - cleared, cleared, comments: body.comments.length };
}

/**
 * The rules of a save beyond its schema (the demo seed passes through them too): the class and
 * subject in scope, every student of the class, every item of the subject and kind, one record
 * per student and item.
 */
export async function checkAppraisals(
  db: Db,
  scope: DataScope,
  body: BodyOf<typeof r.save>,
): Promise<void> {
  if (scope.wholeSchoolReader) throw forbidden('教育局账号只能查看评价');
  // without a subject only the term 评语 is written (a class whose subjects have no items)
  if (body.subjectId === null && body.records.length > 0) throw badRequest('请选择科目');
  if (body.subjectId === null) await scopedClass(db, scope, body.classId);
  else await openSheet(db, scope, body.classId, body.subjectId);
  const [items, students] = await Promise.all([
    body.subjectId === null ? [] : itemsOf(db, scope.schoolId, body.kind, body.subjectId),
    studentsOf(db, scope.schoolId, body.classId),
  ]);
  const itemIds = new Set(items.map((i) => i.id));
  const studentIds = new Set(students.map((s) => s.id));
  const seen = new Set<string>();
  for (const rec of body.records) {
    if (!studentIds.has(rec.studentId)) throw badRequest('学生不属于该班级');
    if (!itemIds.has(rec.itemId)) throw badRequest('评价项目不属于该科目');
    if (rec.comment.length > APPRAISAL_COMMENT_MAX)
      throw badRequest(`评语不能超过${APPRAISAL_COMMENT_MAX}个字`);
    const key = `${rec.studentId}-${rec.itemId}`;
    if (seen.has(key)) throw badRequest('同一学生的同一项目只能评价一次');
    seen.add(key);
  }
  if (body.comments.length > 0 && !mayComment(scope, body.classId))
    throw forbidden('只有班主任可以填写学期评语');
  const commented = new Set<number>();
  for (const c of body.comments) {
    if (!studentIds.has(c.studentId)) throw badRequest('学生不属于该班级');
    if (c.comment.trim().length > APPRAISAL_COMMENT_MAX)
      throw badRequest(`评语不能超过${APPRAISAL_COMMENT_MAX}个字`);
    if (commented.has(c.studentId)) throw badRequest('同一学生每学期只能有一条评语');
    commented.add(c.studentId);
  }
}

/**
 * Writes checked records as upserts on (school, year, term, student, item), so a retried save
 * writes the same rows again, and deletes those whose level is null (cleared); the term 评语 the
 * same way on (school, year, term, student), an empty one deleted. The caller holds the
 * transaction.
 */
export async function writeAppraisals(
  trx: Db,
  scope: DataScope,
  userId: number,
  now: number,
  body: BodyOf<typeof r.save>,
): Promise<void> {
  const key = {
    school_id: scope.schoolId,
    academic_year: scope.academicYear,
    term: body.term,
  };
  /** A student's rows of the term in a table, to delete. */
  const termRows = (table: 'appraisal_records' | 'appraisal_comments', studentId: number) =>
    trx
      .deleteFrom(table)
      .where('school_id', '=', key.school_id)
      .where('academic_year', '=', key.academic_year)
      .where('term', '=', key.term)
      .where('student_id', '=', studentId);
  for (const rec of body.records) {
    if (rec.level === null) {
      await termRows('appraisal_records', rec.studentId)
        .where('item_id', '=', rec.itemId)
        .execute();
      continue;
    }
    // the class it is given in: the students of a save are the class's (`checkAppraisals`)
    const values = {
      class_id: body.classId,
      level: rec.level,
      comment: rec.comment.trim(),
      recorded_by: userId,
      updated_at: now,
    };
    await trx
      .insertInto('appraisal_records')
      .values({ ...key, student_id: rec.studentId, item_id: rec.itemId, ...values })
      .onConflict((oc) =>
        oc
          .columns(['school_id', 'academic_year', 'term', 'student_id', 'item_id'])
          .doUpdateSet(values),
      )
      .execute();
  }
  for (const c of body.comments) {
    const comment = c.comment.trim();
    if (!comment) {
      await termRows('appraisal_comments', c.studentId).execute();
      continue;
    }
    const values = { class_id: body.classId, comment, written_by: userId, updated_at: now };
    await trx
      .insertInto('appraisal_comments')
      .values({ ...key, student_id: c.studentId, ...values })
      .onConflict((oc) =>
        oc.columns(['school_id', 'academic_year', 'term', 'student_id']).doUpdateSet(values),
      )
      .execute();
  }
}

/** One student's records over every term; a student outside the scope answers as a missing one. */
export async function studentAppraisals(
  db: Db,
  scope: DataScope,
  studentId: number,
): Promise<DataOf<typeof r.student>> {
  const student = await scopedStudent(db, scope, studentId);
  const rows = await db
    .selectFrom('appraisal_records as r')
    .innerJoin('ability_items as a', 'a.id', 'r.item_id')
    .innerJoin('subjects as s', 's.id', 'a.subject_id')
    .leftJoin('classes as c', 'c.id', 'r.class_id')
    .select([
      'r.academic_year',
      'r.term',
      'c.name as className',
      'a.kind',
      'a.subject_id',
      's.name as subjectName',
      'a.name as itemName',
      'r.level',
      'r.comment',
    ])
    .where('r.school_id', '=', scope.schoolId)
    .where('r.student_id', '=', studentId)
    .orderBy('r.academic_year', 'desc')
    .orderBy('r.term', 'desc')
    .orderBy('a.kind')
    .orderBy('s.sort')
    .orderBy('a.id')
    .execute();
  const comments = await db
    .selectFrom('appraisal_comments as m')
    .leftJoin('classes as c', 'c.id', 'm.class_id')
    .select(['m.academic_year', 'm.term', 'm.comment', 'c.name as className'])
    .where('m.school_id', '=', scope.schoolId)
    .where('m.student_id', '=', studentId)
    .orderBy('m.academic_year', 'desc')
    .orderBy('m.term', 'desc')
    .execute();
  return {
    student: {
      studentId: student.id,
      name: student.name,
      studentNo: student.student_no,
      className: student.className,
      classId: student.class_id,
    },
    records: rows
      .filter((x) => inScopeSubject(scope, student.class_id, x.subject_id))
      .map((x) => ({
        academicYear: x.academic_year,
        term: x.term,
        className: x.className,
        kind: x.kind,
        subjectName: x.subjectName,
        itemName: x.itemName,
        level: x.level as 'A' | 'B' | 'C' | 'D',
        comment: x.comment,
      })),
    comments: comments.map((x) => ({
      academicYear: x.academic_year,
      term: x.term,
      className: x.className,
      comment: x.comment,
    })),
  };
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const yearName = (year: number) => `${year}-${year + 1}学年`;

/**
 * One student's records as xlsx, the same rows as 学生评价 (`studentAppraisals`: the subjects the
 * caller sees): a sheet 评价记录 (学年, 学期, 类别, 学科, 项目, 等级, 评语) and a sheet 学期评语.
 */
export async function studentAppraisalWorkbook(
  db: Db,
  scope: DataScope,
  studentId: number,
): Promise<DownloadFile> {
  const data = await studentAppraisals(db, scope, studentId);
  const workbook = new ExcelJS.Workbook();
  const records = workbook.addWorksheet('评价记录');
  records.addRow(['学年', '学期', '班级', '类别', '学科', '项目', '等级', '评语']).font = {
    bold: true,
  };
  for (const x of data.records)
    records.addRow([
      yearName(x.academicYear),
      APPRAISAL_TERM_NAMES[x.term as 1 | 2],
      x.className ?? '',
      APPRAISAL_KIND_NAMES[x.kind as 1 | 2],
      x.subjectName,
      x.itemName,
      APPRAISAL_LEVEL_NAMES[x.level],
      x.comment,
    ]);
  records.columns.forEach((c) => (c.width = 14));
  records.getColumn(8).width = 40;
  const comments = workbook.addWorksheet('学期评语');
  comments.addRow(['学年', '学期', '班级', '评语']).font = { bold: true };
  for (const x of data.comments)
    comments.addRow([
      yearName(x.academicYear),
      APPRAISAL_TERM_NAMES[x.term as 1 | 2],
      x.className ?? '',
      x.comment,
    ]);
  comments.columns.forEach((c) => (c.width = 14));
  comments.getColumn(4).width = 60;
  const school = await schoolNameOf(db, scope.schoolId);
  const { student } = data;
  return {
    fileName: listFileName([school, student.className, `${student.name}综合评价`]),
    contentType: XLSX,
    body: new Uint8Array(await workbook.xlsx.writeBuffer()),
  };
}

/**
 * A class's records of a term as xlsx: a sheet per kind, the students down, the subjects the
 * caller records there × their items across, the 等级 in the cells.
 */
export async function appraisalWorkbook(
  db: Db,
  scope: DataScope,
  classId: number,
  term: 1 | 2,
): Promise<DownloadFile> {
  const cls = await scopedClass(db, scope, classId);
  const students = await studentsOf(db, scope.schoolId, classId);
  const workbook = new ExcelJS.Workbook();
  for (const kind of [1, 2] as const) {
    const subjects = await classSubjects(db, scope, classId, kind);
    const columns = [];
    for (const s of subjects)
      for (const item of await itemsOf(db, scope.schoolId, kind, s.id))
        columns.push({ itemId: item.id, title: `${s.name}·${item.name}` });
    const recorded =
      columns.length === 0 || students.length === 0
        ? []
        : await db
            .selectFrom('appraisal_records')
            .select(['student_id', 'item_id', 'level'])
            .where('school_id', '=', scope.schoolId)
            .where('academic_year', '=', scope.academicYear)
            .where('term', '=', term)
            .where(
              'item_id',
              'in',
              columns.map((c) => c.itemId),
            )
            .where(
              'student_id',
              'in',
              students.map((s) => s.id),
            )
            .execute();
    const levels = new Map(recorded.map((x) => [`${x.student_id}-${x.item_id}`, x.level]));
    const sheet = workbook.addWorksheet(APPRAISAL_KIND_NAMES[kind]);
    sheet.addRow(['学号', '姓名', ...columns.map((c) => c.title)]).font = { bold: true };
    for (const s of students)
      sheet.addRow([
        s.student_no,
        s.name,
        ...columns.map((c) => {
          const level = levels.get(`${s.id}-${c.itemId}`) as AppraisalLevel | undefined;
          return level ? APPRAISAL_LEVEL_NAMES[level] : '';
        }),
      ]);
    sheet.columns.forEach((c) => (c.width = 16));
  }
  const school = await schoolNameOf(db, scope.schoolId);
  return {
    fileName: listFileName([
      school,
      cls.name,
      `${scope.academicYear}学年${APPRAISAL_TERM_NAMES[term]}综合评价`,
    ]),
    contentType: XLSX,
    body: new Uint8Array(await workbook.xlsx.writeBuffer()),
  };
}

const scopeOf = (deps: Deps, session: SessionInfo) => accessOf(deps.db, session).scope();

/** Registers 综合评价's calls (docs/appraise.md). */
export function registerAppraiseRoutes(router: Router, deps: Deps): void {
  const { db, clock } = deps;
  router.sessionRoute(r.sheet, TAG, async ({ body, session }) =>
    appraisalSheet(db, await scopeOf(deps, session), body),
  );
  router.sessionRoute(r.save, TAG, async ({ body, session }) =>
    saveAppraisals(db, clock, await scopeOf(deps, session), session.userId, body),
  );
  router.sessionRoute(r.exportJob, TAG, async ({ body, session }) => {
    const scope = await scopeOf(deps, session);
    const cls = await scopedClass(db, scope, body.classId);
    const { jobId } = await deps.downloads.start(session, {
      kind: 'appraisal',
      title: `${cls.name}${APPRAISAL_TERM_NAMES[body.term]}综合评价`,
      params: { classId: cls.id, term: body.term, academicYear: scope.academicYear },
      async run(progress) {
        progress(0, '正在导出综合评价');
        return appraisalWorkbook(db, scope, cls.id, body.term);
      },
    });
    return { jobId };
  });
  router.sessionRoute(r.studentExportJob, TAG, async ({ body, session }) => {
    const scope = await scopeOf(deps, session);
    // the student in scope, or 404 学生不存在 before a job is queued
    const { student } = await studentAppraisals(db, scope, body.studentId);
    const { jobId } = await deps.downloads.start(session, {
      kind: 'appraisal',
      title: `${student.className}${student.name}综合评价`,
      params: { studentId: student.studentId, academicYear: scope.academicYear },
      async run(progress) {
        progress(0, '正在导出学生评价');
        return studentAppraisalWorkbook(db, scope, student.studentId);
      },
    });
    return { jobId };
  });
  router.sessionRoute(r.student, TAG, async ({ body, session }) =>
    studentAppraisals(db, await scopeOf(deps, session), body.studentId),
  );
}
