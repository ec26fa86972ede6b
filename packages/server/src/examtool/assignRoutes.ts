import {
  examToolRoutes,
  type AssignPlan,
  type AssignRecord,
  type AssignStudent,
  type AssignSummary,
} from '@examkit/contracts';
import { competitionRanks } from '@examkit/analysis';
import type { Selectable } from 'kysely';
import type { Db } from '../core/database';
import type { DomainDeps } from '../core/deps';
import { badRequest, forbidden, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import { loadScope, type DataScope } from '../core/scope';
import type { SessionInfo } from '../core/session';
import { requireAnyPermission } from '../exam/access';
import { balanceClasses, balanceOf } from './balanceClasses';
import { loadGradeClasses } from './sheets';
import { eachOf, emptyPage, pageOf } from './paging';
import { TAG } from './sheetRoutes';
import type { ClassAssignsTable } from './tables';

type AssignRow = Selectable<ClassAssignsTable>;
const ASSIGN_NOT_FOUND = '分班方案不存在';

interface AssignOptions {
  gradeId: number;
  examId?: number | undefined;
  classIds: number[];
  balanceSex: boolean;
  byCombination: boolean;
}

/** 分班 changes the roster: school-wide roles and the grade's 年级主任, with Exam-Tool. */
function assertGradeManager(scope: DataScope, gradeId: number): void {
  if (!scope.schoolWide && !scope.leadGradeIds.has(gradeId))
    throw forbidden('只有全校范围的角色或本年级的年级主任可以分班');
}

/** The grade's students with sex, 选科 and (from an exam) total, dealt into the classes. */
async function computePlan(db: Db, schoolId: number, o: AssignOptions): Promise<AssignPlan> {
  const grade = await loadGradeClasses(db, schoolId, o.gradeId, o.classIds);
  const className = grade.classes;
  if (o.classIds.length < 2) throw badRequest('至少选择两个班级');
  const rows = await db
    .selectFrom('students as s')
    .leftJoin('student_details as d', 'd.student_id', 's.id')
    .select(['s.id', 's.student_no', 's.name', 's.class_id', 'd.sex', 'd.electives'])
    .where('s.class_id', 'in', [...className.keys()])
    .orderBy('s.student_no')
    .execute();
  if (rows.length === 0) throw badRequest('该年级没有学生');
  const totals = new Map<number, number>();
  if (o.examId !== undefined) {
    const exam = await db
      .selectFrom('exams')
      .select(['id', 'grade_id'])
      .where('id', '=', o.examId)
      .where('school_id', '=', schoolId)
      .executeTakeFirst();
    if (!exam) throw notFound('考试不存在');
    if (exam.grade_id !== grade.id) throw badRequest('所选考试不是该年级的考试');
    const scored = await db
      .selectFrom('exam_subject_totals as t')
      .innerJoin('exam_subjects as es', 'es.id', 't.exam_subject_id')
      .select(['t.student_id', 't.score'])
      .where('es.exam_id', '=', exam.id)
      .where('t.absent', '=', 0)
      .execute();
    for (const r of scored)
      if (r.score !== null) totals.set(r.student_id, (totals.get(r.student_id) ?? 0) + r.score);
  }
  const students = rows.map((r) => ({
    id: r.id,
    score: totals.get(r.id) ?? null,
    sex: r.sex ?? 0,
    combination: r.electives ? r.electives.split(',').join('+') : null,
  }));
  const placement = balanceClasses(students, o.classIds, o);
  const balance = balanceOf(students, placement, o.classIds);
  const ranks = competitionRanks(Float64Array.from(students, (s) => s.score ?? Number.NaN));
  return {
    students: rows.map((r, i) => ({
      studentId: r.id,
      studentNo: r.student_no,
      name: r.name,
      sex: students[i]!.sex,
      combination: students[i]!.combination,
      score: students[i]!.score,
      rank: ranks[i] ?? null,
      fromClassId: r.class_id,
      toClassId: placement.get(r.id)!,
    })),
    classes: balance.classes.map((c) => ({ ...c, className: className.get(c.classId) ?? '' })),
    meanRange: balance.meanRange,
    sizeRange: balance.sizeRange,
  };
}

/** The stored plan's students with the balance figures recomputed from them. */
async function storedPlan(db: Db, row: AssignRow): Promise<AssignPlan> {
  const students = JSON.parse(row.plan) as AssignStudent[];
  const classIds = row.class_ids.split(',').map(Number);
  const names = new Map(
    (
      await db.selectFrom('classes').select(['id', 'name']).where('id', 'in', classIds).execute()
    ).map((c) => [c.id, c.name]),
  );
  const balance = balanceOf(
    students.map((s) => ({
      id: s.studentId,
      score: s.score,
      sex: s.sex,
      combination: s.combination,
    })),
    new Map(students.map((s) => [s.studentId, s.toClassId])),
    classIds,
  );
  return {
    students,
    classes: balance.classes.map((c) => ({ ...c, className: names.get(c.classId) ?? '' })),
    meanRange: balance.meanRange,
    sizeRange: balance.sizeRange,
  };
}

async function summaryOf(db: Db, row: AssignRow): Promise<AssignSummary> {
  const [grade, exam] = await Promise.all([
    db.selectFrom('grades').select('name').where('id', '=', row.grade_id).executeTakeFirst(),
    row.exam_id === null
      ? undefined
      : db.selectFrom('exams').select('name').where('id', '=', row.exam_id).executeTakeFirst(),
  ]);
  return {
    id: row.id,
    name: row.name,
    gradeId: row.grade_id,
    gradeName: grade?.name ?? '',
    examId: row.exam_id,
    examName: exam?.name ?? null,
    source: row.exam_id === null ? 'roster' : 'exam',
    balanceSex: row.balance_sex === 1,
    byCombination: row.by_combination === 1,
    classCount: row.class_ids.split(',').length,
    studentCount: (JSON.parse(row.plan) as unknown[]).length,
    state: row.state as AssignSummary['state'],
    createdAt: Number(row.created_at),
    appliedAt: row.applied_at === null ? null : Number(row.applied_at),
  };
}

export function registerAssignRoutes(
  router: Router,
  { db, clock }: Pick<DomainDeps, 'db' | 'clock'>,
) {
  const now = () => clock.now().getTime();
  const manager = async (session: SessionInfo) => {
    await requireAnyPermission(db, session, ['Exam-Tool']);
    return loadScope(db, session);
  };
  const load = async (session: SessionInfo, assignId: number) => {
    const scope = await manager(session);
    const row = await db
      .selectFrom('class_assigns')
      .selectAll()
      .where('id', '=', assignId)
      .where('school_id', '=', session.schoolId)
      .executeTakeFirst();
    if (!row || !(scope.schoolWide || scope.leadGradeIds.has(row.grade_id)))
      throw notFound(ASSIGN_NOT_FOUND);
    return row;
  };
  const recordOf = async (id: number): Promise<AssignRecord> =>
    toRecord(await recordsOf(db).where('r.id', '=', id).executeTakeFirstOrThrow());

  router.sessionRoute(examToolRoutes.assignPreview, TAG, async ({ body, session }) => {
    assertGradeManager(await manager(session), body.gradeId);
    return computePlan(db, session.schoolId, body);
  });

  router.sessionRoute(examToolRoutes.assignCreate, TAG, async ({ body, session }) => {
    assertGradeManager(await manager(session), body.gradeId);
    const plan = await computePlan(db, session.schoolId, body);
    const grade = await loadGradeClasses(db, session.schoolId, body.gradeId, body.classIds);
    const row = await db
      .insertInto('class_assigns')
      .values({
        school_id: session.schoolId,
        academic_year: grade.academicYear,
        grade_id: body.gradeId,
        name: body.name.trim(),
        exam_id: body.examId ?? null,
        balance_sex: body.balanceSex ? 1 : 0,
        by_combination: body.byCombination ? 1 : 0,
        class_ids: body.classIds.join(','),
        state: 'draft',
        plan: JSON.stringify(plan.students),
        created_by: session.userId,
        created_at: now(),
        applied_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  });

  router.sessionRoute(examToolRoutes.assignList, TAG, async ({ body, session }) => {
    const scope = await manager(session);
    const grades = managedGrades(scope);
    if (grades?.length === 0) return emptyPage(body);
    let query = db.selectFrom('class_assigns').where('school_id', '=', session.schoolId);
    if (grades) query = query.where('grade_id', 'in', grades);
    return pageOf(
      db,
      query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
      body,
      (rows) => eachOf(rows, (row) => summaryOf(db, row)),
    );
  });

  router.sessionRoute(examToolRoutes.assignDetail, TAG, async ({ body, session }) => {
    const row = await load(session, body.assignId);
    return { assign: await summaryOf(db, row), plan: await storedPlan(db, row) };
  });

  router.sessionRoute(examToolRoutes.assignApply, TAG, async ({ body, session }) => {
    const row = await load(session, body.assignId);
    if (row.state === 'applied') throw badRequest('该分班方案已应用');
    const planned = JSON.parse(row.plan) as AssignStudent[];
    const id = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('class_assigns')
        .set({ state: 'applied', applied_at: now() })
        .where('id', '=', row.id)
        .where('state', '=', row.state)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1)
        throw badRequest('分班方案状态已变化，请刷新后重试');
      const current = await currentClasses(
        trx,
        planned.map((s) => s.studentId),
        row.grade_id,
      );
      const moves: [number, number, number][] = [];
      let skipped = 0;
      for (const s of planned) {
        const from = current.get(s.studentId);
        if (from === undefined) skipped += 1;
        else if (from !== s.toClassId) moves.push([s.studentId, from, s.toClassId]);
      }
      await moveStudents(
        trx,
        moves.map(([studentId, , to]) => [studentId, to]),
      );
      return insertRecord(trx, row, 'apply', moves, skipped, session.userId, now());
    });
    return recordOf(id);
  });

  router.sessionRoute(examToolRoutes.assignUndo, TAG, async ({ body, session }) => {
    const row = await load(session, body.assignId);
    if (row.state !== 'applied') throw badRequest('该分班方案尚未应用，无需撤销');
    const id = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('class_assigns')
        .set({ state: 'undone' })
        .where('id', '=', row.id)
        .where('state', '=', 'applied')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1)
        throw badRequest('分班方案状态已变化，请刷新后重试');
      const last = await trx
        .selectFrom('class_assign_records')
        .select('moves')
        .where('assign_id', '=', row.id)
        .where('action', '=', 'apply')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const applied = JSON.parse(last.moves) as [number, number, number][];
      const current = await currentClasses(
        trx,
        applied.map(([id]) => id),
        row.grade_id,
      );
      const back: [number, number, number][] = [];
      let skipped = 0;
      for (const [studentId, from, to] of applied) {
        if (current.get(studentId) === to) back.push([studentId, to, from]);
        else skipped += 1;
      }
      await moveStudents(
        trx,
        back.map(([studentId, , to]) => [studentId, to]),
      );
      return insertRecord(trx, row, 'undo', back, skipped, session.userId, now());
    });
    return recordOf(id);
  });

  router.sessionRoute(examToolRoutes.assignRecords, TAG, async ({ body, session }) => {
    const scope = await manager(session);
    const grades = managedGrades(scope);
    if (grades?.length === 0) return emptyPage(body);
    let query = recordsOf(db).where('r.school_id', '=', session.schoolId);
    if (grades) query = query.where('a.grade_id', 'in', grades);
    return pageOf(db, query.orderBy('r.id', 'desc'), body, (rows) => rows.map(toRecord));
  });
}

/** Records with their plan, grade and operator. */
const recordsOf = (db: Db) =>
  db
    .selectFrom('class_assign_records as r')
    .innerJoin('class_assigns as a', 'a.id', 'r.assign_id')
    .innerJoin('grades as g', 'g.id', 'a.grade_id')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.assign_id',
      'a.name',
      'g.name as gradeName',
      'r.action',
      'r.moves',
      'r.skipped',
      'u.nick_name',
      'r.at',
    ]);

/** Grades whose plans the caller sees: null for every grade (school-wide roles). */
const managedGrades = (scope: DataScope): number[] | null =>
  scope.schoolWide ? null : [...scope.leadGradeIds];

function toRecord(r: {
  id: number;
  assign_id: number;
  name: string;
  gradeName: string;
  action: string;
  moves: string;
  skipped: number;
  nick_name: string | null;
  at: number;
}): AssignRecord {
  return {
    id: r.id,
    assignId: r.assign_id,
    assignName: r.name,
    gradeName: r.gradeName,
    action: r.action === 'undo' ? 'undo' : 'apply',
    moved: (JSON.parse(r.moves) as unknown[]).length,
    skipped: r.skipped,
    operator: r.nick_name ?? '',
    at: Number(r.at),
  };
}

/** Current class of each student still in one of the grade's classes. */
async function currentClasses(
  db: Db,
  ids: number[],
  gradeId: number,
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('students as s')
      .innerJoin('classes as c', 'c.id', 's.class_id')
      .select(['s.id', 's.class_id'])
      .where('s.id', 'in', ids.slice(i, i + 500))
      .where('c.grade_id', '=', gradeId)
      .execute();
    for (const r of rows) out.set(r.id, r.class_id);
  }
  return out;
}

async function moveStudents(db: Db, moves: [number, number][]): Promise<void> {
  const byClass = new Map<number, number[]>();
  for (const [studentId, to] of moves) byClass.set(to, [...(byClass.get(to) ?? []), studentId]);
  for (const [classId, ids] of byClass)
    for (let i = 0; i < ids.length; i += 500)
      await db
        .updateTable('students')
        .set({ class_id: classId })
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
}

async function insertRecord(
  db: Db,
  row: AssignRow,
  action: 'apply' | 'undo',
  moves: [number, number, number][],
  skipped: number,
  userId: number,
  at: number,
): Promise<number> {
  const r = await db
    .insertInto('class_assign_records')
    .values({
      school_id: row.school_id,
      assign_id: row.id,
      action,
      moves: JSON.stringify(moves),
      skipped,
      user_id: userId,
      at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}
