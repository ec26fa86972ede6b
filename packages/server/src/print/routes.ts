import { renderSheetPdf } from '@examkit/answer-sheet/pdf';
import { examPrintDownloads, examPrintRoutes } from '@examkit/contracts';
import { Type } from 'typebox';
import type { Db } from '../core/database';
import type { DomainDeps } from '../core/deps';
import { badRequest, forbidden, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import { loadScope } from '../core/scope';
import type { SessionInfo } from '../core/session';
import { assertExamVisible, loadExam, requireAnyPermission, type ExamRow } from '../exam/access';
import { layoutSubjectSheet, parseDesign } from '../exam/sheets';
import { pageOfExams, whereNameHas } from '../exam/exams';
import { informTeachers } from './informTeachers';
import {
  allTasks,
  isPrintManager,
  planOf,
  printExamOf,
  visibleTasks,
  type TaskInfo,
  type Viewer,
} from './plan';

const TAG = 'exam';
/** 试卷印刷 (/exam/print). */
const EXAM_PRINT = ['Exam-Print'] as const;
const TaskQuery = Type.Object(
  {
    examId: Type.Integer({ minimum: 1 }),
    examSubjectId: Type.Integer({ minimum: 1 }),
    classId: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
const key = (t: { examSubjectId: number; classId: number }) => `${t.examSubjectId}:${t.classId}`;

/** Registers 试卷印刷: examprint list/get/save/mark/notices and inform_tea_finish (docs/exams.md). */
export function registerPrintRoutes(router: Router, deps: DomainDeps): void {
  const { db, clock } = deps;
  const now = () => clock.now().getTime();

  /** The exam and the viewer; an exam outside the grades in scope is refused unless they print for it. */
  const open = async (session: SessionInfo, examId: number) => {
    await requireAnyPermission(db, session, EXAM_PRINT);
    const exam = await loadExam(db, session.schoolId, examId);
    const scope = await loadScope(db, session);
    const viewer: Viewer = { scope, userId: session.userId, manager: isPrintManager(scope, exam) };
    if (!viewer.manager && !(await printsFor(db, exam.id, session.userId)))
      assertExamVisible(scope, exam);
    return { exam, viewer };
  };

  router.sessionRoute(examPrintRoutes.printList, TAG, async ({ body, session }) => {
    await requireAnyPermission(db, session, EXAM_PRINT);
    const pageNum = body.currentPage ?? 1;
    const pageSize = body.pageSize ?? 20;
    const scope = await loadScope(db, session);
    let query = db
      .selectFrom('exams')
      .where('school_id', '=', session.schoolId)
      .where('academic_year', '=', session.academicYear);
    if (!scope.schoolWide) {
      const gradeIds = [...scope.gradeIds];
      query = query.where((eb) =>
        eb.or([
          ...(gradeIds.length > 0 ? [eb('grade_id', 'in', gradeIds)] : []),
          eb(
            'id',
            'in',
            eb
              .selectFrom('exam_print_tasks as t')
              .innerJoin('exam_subjects as s', 's.id', 't.exam_subject_id')
              .select('s.exam_id')
              .where('t.printer_user_id', '=', session.userId),
          ),
        ]),
      );
    }
    const keyword = body.keyWord?.trim();
    if (keyword) query = whereNameHas(query, keyword);
    const { rows: exams, total } = await pageOfExams(query, pageNum, pageSize);
    const grades = new Map(
      exams.length === 0
        ? []
        : (
            await db
              .selectFrom('grades')
              .select(['id', 'name'])
              .where('id', 'in', [...new Set(exams.map((e) => e.grade_id))])
              .execute()
          ).map((g) => [g.id, g.name]),
    );
    const list = [];
    for (const exam of exams) {
      const viewer = { scope, userId: session.userId, manager: isPrintManager(scope, exam) };
      const tasks = await visibleTasks(db, exam, viewer);
      list.push(printExamOf(exam, grades.get(exam.grade_id) ?? '', tasks));
    }
    return { list, total, pageNum, pageSize };
  });

  router.sessionRoute(examPrintRoutes.printGet, TAG, async ({ body, session }) => {
    const { exam, viewer } = await open(session, body.examId);
    return planOf(db, exam, viewer);
  });

  router.sessionRoute(examPrintRoutes.printSave, TAG, async ({ body, session }) => {
    const { exam, viewer } = await open(session, body.examId);
    if (!viewer.manager) throw forbidden('只有考试管理者可以安排印刷');
    const at = now();
    const tasks = new Map((await allTasks(db, exam, session.userId)).map((t) => [key(t), t]));
    const printerIds = [...new Set((body.printers ?? []).flatMap((p) => p.printerId ?? []))];
    if (printerIds.length > 0) {
      const found = await db
        .selectFrom('teachers as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select('u.id')
        .where('t.school_id', '=', session.schoolId)
        .where('u.status', '=', 1)
        .where('u.id', 'in', printerIds)
        .execute();
      if (found.length !== printerIds.length) throw badRequest('印刷老师不存在');
    }
    for (const p of body.printers ?? []) if (!tasks.has(key(p))) throw badRequest('印刷任务不存在');
    await db.transaction().execute(async (trx) => {
      if (body.spare !== undefined)
        await trx
          .insertInto('exam_print_plans')
          .values({ exam_id: exam.id, spare: body.spare, updated_at: at })
          .onConflict((oc) =>
            oc.column('exam_id').doUpdateSet({ spare: body.spare, updated_at: at }),
          )
          .execute();
      for (const p of body.printers ?? [])
        await trx
          .insertInto('exam_print_tasks')
          .values({
            exam_subject_id: p.examSubjectId,
            class_id: p.classId,
            printer_user_id: p.printerId,
            printed_at: null,
            printed_by: null,
            informed_at: null,
            updated_at: at,
          })
          .onConflict((oc) =>
            oc
              .columns(['exam_subject_id', 'class_id'])
              .doUpdateSet({ printer_user_id: p.printerId, updated_at: at }),
          )
          .execute();
    });
    return planOf(db, exam, viewer);
  });

  router.sessionRoute(examPrintRoutes.printMark, TAG, async ({ body, session }) => {
    const { exam, viewer } = await open(session, body.examId);
    const tasks = new Map((await visibleTasks(db, exam, viewer)).map((t) => [key(t), t]));
    for (const ref of body.tasks) {
      const task = tasks.get(key(ref));
      if (!task) throw badRequest('印刷任务不存在');
      if (!task.canMark) throw forbidden('只有该任务的印刷老师或考试管理者可以标记');
    }
    const at = now();
    await db.transaction().execute(async (trx) => {
      for (const ref of body.tasks) {
        const printed = body.printed
          ? { printed_at: at, printed_by: session.userId }
          : { printed_at: null, printed_by: null, informed_at: null };
        await trx
          .insertInto('exam_print_tasks')
          .values({
            exam_subject_id: ref.examSubjectId,
            class_id: ref.classId,
            printer_user_id: null,
            informed_at: null,
            updated_at: at,
            ...printed,
          })
          .onConflict((oc) => {
            const update = oc
              .columns(['exam_subject_id', 'class_id'])
              .doUpdateSet({ ...printed, updated_at: at });
            // Marking a printed task again keeps when it was printed.
            return body.printed ? update.where('exam_print_tasks.printed_at', 'is', null) : update;
          })
          .execute();
      }
    });
    return planOf(db, exam, viewer);
  });

  router.sessionRoute(examPrintRoutes.informTeaFinish, TAG, async ({ body, session }) => {
    const { exam, viewer } = await open(session, body.examId);
    const due = (await visibleTasks(db, exam, viewer)).filter(
      (t) => t.state === 'printed' && t.informedAt === null && (viewer.manager || t.canMark),
    );
    if (due.length === 0) throw badRequest('没有已打印且未通知的印刷任务');
    const at = now();
    return db.transaction().execute(async (trx) => {
      // Claim each task once: a concurrent call tells nobody twice.
      const claimed: TaskInfo[] = [];
      for (const t of due) {
        const r = await trx
          .updateTable('exam_print_tasks')
          .set({ informed_at: at, updated_at: at })
          .where('exam_subject_id', '=', t.examSubjectId)
          .where('class_id', '=', t.classId)
          .where('informed_at', 'is', null)
          .where('printed_at', 'is not', null)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 1) claimed.push(t);
      }
      const lines = await recipientsOf(trx, exam, claimed);
      const teachers = await informTeachers(
        trx,
        at,
        exam,
        [...lines.keys()],
        (userId) => `${(lines.get(userId) ?? []).join('；')}。请到文印室领取。`,
      );
      return { teachers, tasks: claimed.length };
    });
  });

  router.sessionDownload(
    {
      url: examPrintDownloads.sheetPdf,
      summary: 'the answer sheet PDF of one print task (its printer, its teachers, exam managers)',
      query: TaskQuery,
    },
    TAG,
    async ({ query, session }) => {
      const { exam, viewer } = await open(session, query.examId);
      const task = (await visibleTasks(db, exam, viewer)).find((t) => key(t) === key(query));
      if (!task) throw notFound('印刷任务不存在');
      const subject = await db
        .selectFrom('exam_subjects')
        .selectAll()
        .where('id', '=', task.examSubjectId)
        .executeTakeFirstOrThrow();
      if (subject.sheet_saved_at === null) throw badRequest('该科目还没有保存答题卡');
      const document = await layoutSubjectSheet(db, subject, parseDesign(subject.sheet_design));
      return {
        fileName: `${exam.name}-${task.subjectName}-${task.className}-答题卡.pdf`,
        contentType: 'application/pdf',
        body: await renderSheetPdf(document, {}),
      };
    },
  );

  router.sessionRoute(examPrintRoutes.printNotices, TAG, async ({ session }) => {
    await requireAnyPermission(db, session, EXAM_PRINT);
    // The caller's 试卷印好 messages (docs/messages.md): the messages domain keeps them.
    const rows = await db
      .selectFrom('message_receipts as mr')
      .innerJoin('messages as m', 'm.id', 'mr.message_id')
      .select(['m.id', 'm.title', 'm.content', 'm.link', 'm.created_at', 'mr.read_at'])
      .where('mr.school_id', '=', session.schoolId)
      .where('mr.user_id', '=', session.userId)
      .where('m.kind', '=', 'print_ready')
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(50)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      body: r.content,
      link: r.link ?? '',
      createdAt: Number(r.created_at),
      read: r.read_at !== null,
    }));
  });
}

async function printsFor(db: Db, examId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('exam_print_tasks as t')
    .innerJoin('exam_subjects as s', 's.id', 't.exam_subject_id')
    .select('t.class_id')
    .where('s.exam_id', '=', examId)
    .where('t.printer_user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The teachers to tell of some tasks, each with the lines of their own classes: who teaches
 * the subject in the class that year, and the class's 班主任.
 */
async function recipientsOf(
  db: Db,
  exam: ExamRow,
  tasks: readonly TaskInfo[],
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (tasks.length === 0) return out;
  const classIds = [...new Set(tasks.map((t) => t.classId))];
  const [taught, heads] = await Promise.all([
    db
      .selectFrom('teaching_assignments')
      .select(['user_id', 'class_id', 'subject_id'])
      .where('school_id', '=', exam.school_id)
      .where('academic_year', '=', exam.academic_year)
      .where('class_id', 'in', classIds)
      .execute(),
    db
      .selectFrom('class_roles')
      .select(['user_id', 'class_id'])
      .where('school_id', '=', exam.school_id)
      .where('academic_year', '=', exam.academic_year)
      .where('class_id', 'in', classIds)
      .execute(),
  ]);
  for (const t of tasks) {
    const line = `${t.className} ${t.subjectName}：试卷 ${t.paperCopies} 份${
      t.sheetCopies > 0 ? `，答题卡 ${t.sheetCopies} 份` : ''
    }`;
    const users = [
      ...taught
        .filter((a) => a.class_id === t.classId && a.subject_id === t.schoolSubjectId)
        .map((a) => a.user_id),
      ...heads.filter((h) => h.class_id === t.classId).map((h) => h.user_id),
    ];
    for (const u of new Set(users)) out.set(u, [...(out.get(u) ?? []), line]);
  }
  return out;
}
