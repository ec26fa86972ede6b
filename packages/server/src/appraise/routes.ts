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
import { accessOf, inScopeClass, inScopeSubject, type DataScope } from '../core/scope';
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
  if (classId === null) return { ...out, classId, subjects: [], subjectId: null, ...empty };
  await scopedClass(db, scope, classId);
  const subjects = (await classSubjects(db, scope, classId, body.kind)).map((s) => ({
    subjectId: s.id,
    subjectName: s.name,
  }));
  const subjectId = body.subjectId ?? subjects[0]?.subjectId ?? null;
  if (subjectId === null) return { ...out, classId, subjects, subjectId, ...empty };
  await openSheet(db, scope, classId, subjectId);
  const [items, students] = await Promise.all([
    itemsOf(db, scope.schoolId, body.kind, subjectId),
    studentsOf(db, scope.schoolId, classId),
  ]);
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
    })),
  };
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
  return { saved: body.records.length };
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
  await openSheet(db, scope, body.classId, body.subjectId);
  const [items, students] = await Promise.all([
    itemsOf(db, scope.schoolId, body.kind, body.subjectId),
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
}

/**
 * Writes checked records as upserts on (school, year, term, student, item), so a retried save
 * writes the same rows again; the caller holds the transaction.
 */
export async function writeAppraisals(
  trx: Db,
  scope: DataScope,
  userId: number,
  now: number,
  body: BodyOf<typeof r.save>,
): Promise<void> {
  for (const rec of body.records) {
    const values = {
      level: rec.level,
      comment: rec.comment.trim(),
      recorded_by: userId,
      updated_at: now,
    };
    await trx
      .insertInto('appraisal_records')
      .values({
        school_id: scope.schoolId,
        academic_year: scope.academicYear,
        term: body.term,
        student_id: rec.studentId,
        item_id: rec.itemId,
        ...values,
      })
      .onConflict((oc) =>
        oc
          .columns(['school_id', 'academic_year', 'term', 'student_id', 'item_id'])
          .doUpdateSet(values),
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
  const student = await db
    .selectFrom('students as s')
    .innerJoin('classes as c', 'c.id', 's.class_id')
    .select(['s.id', 's.name', 's.student_no', 's.class_id', 'c.name as className'])
    .where('s.id', '=', studentId)
    .where('s.school_id', '=', scope.schoolId)
    .executeTakeFirst();
  if (!student || !inScopeClass(scope, student.class_id)) throw notFound('学生不存在');
  const rows = await db
    .selectFrom('appraisal_records as r')
    .innerJoin('ability_items as a', 'a.id', 'r.item_id')
    .innerJoin('subjects as s', 's.id', 'a.subject_id')
    .select([
      'r.academic_year',
      'r.term',
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
        kind: x.kind,
        subjectName: x.subjectName,
        itemName: x.itemName,
        level: x.level as 'A' | 'B' | 'C' | 'D',
        comment: x.comment,
      })),
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
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
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
  router.sessionRoute(r.student, TAG, async ({ body, session }) =>
    studentAppraisals(db, await scopeOf(deps, session), body.studentId),
  );
}
