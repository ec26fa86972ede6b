import { examToolRoutes, type TaskItem, type TaskSummary } from '@examkit/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../core/database';
import type { DomainDeps } from '../core/deps';
import { badRequest, forbidden, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import { loadScope } from '../core/scope';
import type { SessionInfo } from '../core/session';
import { requireAnyPermission, SHEET_TOOL } from '../exam/access';
import { loadSheetAccess, sheetParts } from './sheets';
import { eachOf, pageOf } from './paging';
import { TAG } from './sheetRoutes';
import type { ToolTasksTable } from './tables';

type TaskRow = Selectable<ToolTasksTable>;
const TASK_NOT_FOUND = '任务不存在';

/** Parts of a task with students and scores entered per class and subject. */
async function itemsOf(db: Db, task: TaskRow, onlyTeacher: number | null): Promise<TaskItem[]> {
  let query = db
    .selectFrom('tool_task_items as i')
    .innerJoin('classes as c', 'c.id', 'i.class_id')
    .innerJoin('tool_sheet_subjects as s', 's.id', 'i.subject_id')
    .leftJoin('users as u', 'u.id', 'i.teacher_id')
    .select([
      'i.class_id',
      'c.name as className',
      'i.subject_id',
      's.name as subjectName',
      's.ord',
      'i.teacher_id',
      'u.nick_name',
    ])
    .where('i.task_id', '=', task.id);
  if (onlyTeacher !== null) query = query.where('i.teacher_id', '=', onlyTeacher);
  const rows = await query.orderBy('c.name').orderBy('s.ord').execute();
  const classIds = [...new Set(rows.map((r) => r.class_id))];
  if (classIds.length === 0) return [];
  const [sizes, entered] = await Promise.all([
    db
      .selectFrom('students')
      .select(['class_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('class_id', 'in', classIds)
      .groupBy('class_id')
      .execute(),
    db
      .selectFrom('tool_sheet_scores as sc')
      .innerJoin('students as st', 'st.id', 'sc.student_id')
      .select(['st.class_id', 'sc.subject_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('sc.sheet_id', '=', task.sheet_id)
      .where('st.class_id', 'in', classIds)
      .groupBy(['st.class_id', 'sc.subject_id'])
      .execute(),
  ]);
  const size = new Map(sizes.map((s) => [s.class_id, Number(s.n)]));
  const done = new Map(entered.map((e) => [`${e.class_id}:${e.subject_id}`, Number(e.n)]));
  return rows.map((r) => ({
    classId: r.class_id,
    className: r.className,
    subjectId: r.subject_id,
    subjectName: r.subjectName,
    teacherId: r.teacher_id,
    teacherName: r.nick_name ?? '',
    total: size.get(r.class_id) ?? 0,
    entered: done.get(`${r.class_id}:${r.subject_id}`) ?? 0,
  }));
}

async function summaryOf(db: Db, task: TaskRow, items: TaskItem[]): Promise<TaskSummary> {
  const sheet = await db
    .selectFrom('tool_sheets as s')
    .innerJoin('grades as g', 'g.id', 's.grade_id')
    .select(['s.name', 's.grade_id', 'g.name as gradeName'])
    .where('s.id', '=', task.sheet_id)
    .executeTakeFirstOrThrow();
  return {
    id: task.id,
    name: task.name,
    sheetId: task.sheet_id,
    sheetName: sheet.name,
    gradeId: sheet.grade_id,
    gradeName: sheet.gradeName,
    deadline: task.deadline,
    note: task.note,
    itemCount: items.length,
    doneCount: items.filter((i) => i.total > 0 && i.entered >= i.total).length,
    createdAt: Number(task.created_at),
  };
}

/** Score-entry tasks (录入任务) on quick score sheets. */
export function registerTaskRoutes(
  router: Router,
  { db, clock }: Pick<DomainDeps, 'db' | 'clock'>,
) {
  /** The task and whether the caller sees all of it (creator, school-wide) or only their parts. */
  const load = async (session: SessionInfo, taskId: number) => {
    await requireAnyPermission(db, session, SHEET_TOOL);
    const scope = await loadScope(db, session);
    const task = await db
      .selectFrom('tool_tasks')
      .selectAll()
      .where('id', '=', taskId)
      .where('school_id', '=', session.schoolId)
      .executeTakeFirst();
    if (!task) throw notFound(TASK_NOT_FOUND);
    const whole = scope.schoolWide || task.created_by === session.userId;
    const items = await itemsOf(db, task, whole ? null : session.userId);
    if (!whole && items.length === 0) throw notFound(TASK_NOT_FOUND);
    return { task, items };
  };

  router.sessionRoute(examToolRoutes.taskTeachers, TAG, async ({ body, session }) => {
    await requireAnyPermission(db, session, ['Exam-Tool']);
    const scope = await loadScope(db, session);
    const access = await loadSheetAccess(db, scope, session.userId, body.sheetId);
    const [taught, teachers] = await Promise.all([
      db
        .selectFrom('teaching_assignments as ta')
        .innerJoin('subjects as s', 's.id', 'ta.subject_id')
        .select(['ta.class_id', 's.name', 'ta.user_id'])
        .where('ta.school_id', '=', session.schoolId)
        .where('ta.academic_year', '=', access.sheet.academic_year)
        .where('ta.class_id', 'in', access.classIds)
        .orderBy('ta.id')
        .execute(),
      db
        .selectFrom('teachers as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select(['u.id', 'u.nick_name'])
        .where('t.school_id', '=', session.schoolId)
        .where('u.status', '=', 1)
        .orderBy('u.nick_name')
        .execute(),
    ]);
    const who = new Map<string, number>();
    for (const t of taught)
      if (!who.has(`${t.class_id}:${t.name}`)) who.set(`${t.class_id}:${t.name}`, t.user_id);
    return {
      suggested: access.classIds.flatMap((classId) =>
        access.subjects.map((s) => ({
          classId,
          subjectId: s.id,
          teacherId: who.get(`${classId}:${s.name}`) ?? null,
        })),
      ),
      teachers: teachers.map((t) => ({ id: t.id, name: t.nick_name })),
    };
  });

  router.sessionRoute(examToolRoutes.taskCreate, TAG, async ({ body, session }) => {
    await requireAnyPermission(db, session, ['Exam-Tool']);
    const scope = await loadScope(db, session);
    const access = await loadSheetAccess(db, scope, session.userId, body.sheetId);
    if (!access.owner) throw forbidden('只有成绩表的创建者可以布置录入任务');
    const parts = await sheetParts(db, access.sheet.id);
    const classIds = new Set(parts.classes.map((c) => c.classId));
    const subjectIds = new Set(parts.subjects.map((s) => s.id));
    const teacherIds = [...new Set(body.items.map((i) => i.teacherId))];
    const teachers = await db
      .selectFrom('teachers')
      .select('user_id')
      .where('school_id', '=', session.schoolId)
      .where('user_id', 'in', teacherIds)
      .execute();
    if (teachers.length !== teacherIds.length) throw badRequest('教师不存在');
    const seen = new Set<string>();
    for (const item of body.items) {
      if (!classIds.has(item.classId)) throw badRequest('班级不在成绩表中');
      if (!subjectIds.has(item.subjectId)) throw badRequest('学科不在成绩表中');
      const key = `${item.classId}:${item.subjectId}`;
      if (seen.has(key)) throw badRequest('同一班级同一学科只能安排一位教师');
      seen.add(key);
    }
    const id = await db.transaction().execute(async (trx) => {
      const task = await trx
        .insertInto('tool_tasks')
        .values({
          school_id: session.schoolId,
          sheet_id: access.sheet.id,
          name: body.name.trim(),
          deadline: body.deadline,
          note: body.note?.trim() ?? '',
          created_by: session.userId,
          created_at: clock.now().getTime(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('tool_task_items')
        .values(
          body.items.map((i) => ({
            task_id: task.id,
            class_id: i.classId,
            subject_id: i.subjectId,
            teacher_id: i.teacherId,
          })),
        )
        .execute();
      return task.id;
    });
    return { id };
  });

  router.sessionRoute(examToolRoutes.taskList, TAG, async ({ body, session }) => {
    await requireAnyPermission(db, session, SHEET_TOOL);
    const scope = await loadScope(db, session);
    let query = db.selectFrom('tool_tasks as t').where('t.school_id', '=', session.schoolId);
    if (!scope.schoolWide)
      query = query.where((eb) =>
        eb.or([
          eb('t.created_by', '=', session.userId),
          eb.exists(
            eb
              .selectFrom('tool_task_items as i')
              .select('i.task_id')
              .whereRef('i.task_id', '=', 't.id')
              .where('i.teacher_id', '=', session.userId),
          ),
        ]),
      );
    return pageOf(
      db,
      query.selectAll('t').orderBy('t.created_at', 'desc').orderBy('t.id', 'desc'),
      body,
      (rows) =>
        eachOf(rows, async (task) => {
          const whole = scope.schoolWide || task.created_by === session.userId;
          return summaryOf(db, task, await itemsOf(db, task, whole ? null : session.userId));
        }),
    );
  });

  router.sessionRoute(examToolRoutes.taskDetail, TAG, async ({ body, session }) => {
    const { task, items } = await load(session, body.taskId);
    const summary = await summaryOf(db, task, items);
    if (summary.gradeId !== body.gradeId) throw notFound(TASK_NOT_FOUND);
    return { ...summary, items };
  });
}
