import {
  homeworkWorkbookRoutes as r,
  type HomeworkState,
  type SubmissionStatus,
  type WorkbookChapter,
  type WorkbookStudentRow,
  type WorkbookWrongRow,
} from '@examkit/contracts';
import type { DomainDeps } from '../../core/deps';
import { badRequest, notFound } from '../../core/envelope';
import type { Router } from '../../core/router';
import { accessOf } from '../../core/scope';
import { targetsOf } from '../access';
import { scoredAnswersOf } from '../submissions/students';
import { creatable, onceByKey } from '../create';
import {
  batchView,
  chaptersOf,
  deleteWithoutHandIns,
  editBatch,
  inClasses,
  KEY,
  narrowTo,
  openBatch,
  reachedStudents,
  TAG,
  trimmed,
  visibleBatches,
} from './shared';
import { round1 } from '../rounding';

/** 教辅 batches: list, create, detail, change, delete, and the per-student and wrong-question views. */
export function registerWorkbookBatchRoutes(router: Router, { db, clock }: DomainDeps): void {
  const now = () => clock.now().getTime();

  router.sessionRoute(r.workbookBatches, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await access.require(KEY);
    let q = await visibleBatches(db, access);
    if (body.gradeId) q = q.where('grade_id', '=', body.gradeId);
    if (body.subjectId) q = q.where('subject_id', '=', body.subjectId);
    const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    const out = [];
    for (const row of rows) out.push(await batchView(db, access, row));
    return out;
  });

  router.sessionRoute(r.workbookBatchCreate, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await access.require(KEY);
    const findEarlier = () =>
      db
        .selectFrom('homework_workbooks')
        .select('id')
        .where('school_id', '=', session.schoolId)
        .where('created_by', '=', session.userId)
        .where('idempotency_key', '=', body.idempotencyKey)
        .executeTakeFirst();
    return onceByKey(findEarlier, async () => {
      const name = trimmed(body.name);
      if (name === '') throw badRequest('教辅名称不能为空');
      // The chapters are written homework: the same grade × subject and 双减 checks as a homework.
      const { pair } = await creatable(db, access, { ...body, name });
      const targets = await targetsOf(
        db,
        await access.scope(),
        session.userId,
        pair.grade.id,
        pair.subject.id,
      );
      const teachingClassIds = body.teachingClassIds ?? [];
      if (body.classIds.length + teachingClassIds.length === 0)
        throw badRequest('请选择使用这本教辅的班级或教学班');
      for (const classId of body.classIds)
        if (!targets.some((t) => t.kind === 'class' && t.id === classId))
          throw notFound('班级不存在');
      for (const id of teachingClassIds)
        if (!targets.some((t) => t.kind === 'teachingClass' && t.id === id))
          throw notFound('教学班不存在');
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('homework_workbooks')
          .values({
            school_id: session.schoolId,
            academic_year: session.academicYear,
            grade_id: pair.grade.id,
            subject_id: pair.subject.id,
            name,
            publisher: trimmed(body.publisher),
            created_by: session.userId,
            idempotency_key: body.idempotencyKey,
            created_at: now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (body.classIds.length)
          await trx
            .insertInto('homework_workbook_classes')
            .values(body.classIds.map((class_id) => ({ workbook_id: id, class_id })))
            .execute();
        if (teachingClassIds.length)
          await trx
            .insertInto('homework_workbook_teaching_classes')
            .values(teachingClassIds.map((t) => ({ workbook_id: id, teaching_class_id: t })))
            .execute();
        return id;
      });
    });
  });

  router.sessionRoute(r.workbookBatchDetail, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const batch = await openBatch(db, access, body.id);
    const chapters: WorkbookChapter[] = (await chaptersOf(db, access, batch)).map((c) => {
      const done = c.subs.filter((s) => s.status === 'finished' || s.status === 'modified');
      return {
        homeworkId: c.homework.id,
        position: c.chapter.position,
        title: c.chapter.title,
        state: c.homework.state as HomeworkState,
        questionCount: c.questions.length,
        fullMarks: c.questions.reduce((s, q) => s + Number(q.full_marks), 0),
        expected: c.students.length,
        submitted: c.subs.length,
        corrected: done.length,
        average: done.length
          ? round1(done.reduce((s, x) => s + Number(x.score ?? 0), 0) / done.length)
          : null,
      };
    });
    return { batch: await batchView(db, access, batch), chapters };
  });

  router.sessionRoute(r.workbookStudents, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const batch = await openBatch(db, access, body.workbookId);
    const reach = await narrowTo(db, access, batch, body);
    const chapters = await chaptersOf(db, access, batch);
    const students = await reachedStudents(db, session.schoolId, reach)
      .orderBy('s.student_no')
      .execute();
    const rows: WorkbookStudentRow[] = students.map((s) => {
      let assigned = 0;
      let got = 0;
      let full = 0;
      const cells = chapters.map((c) => {
        const mine = c.students.some((x) => x.studentId === s.id);
        if (mine) assigned += 1;
        const sub = c.subs.find((x) => x.student_id === s.id);
        const corrected = sub?.status === 'finished' || sub?.status === 'modified';
        if (sub && corrected) {
          got += Number(sub.score ?? 0);
          full += c.questions.reduce((n, q) => n + Number(q.full_marks), 0);
        }
        return {
          homeworkId: c.homework.id,
          assigned: mine,
          status: (sub?.status ?? 'not_submitted') as SubmissionStatus,
          score: sub && corrected ? Number(sub.score ?? 0) : null,
        };
      });
      return {
        studentId: s.id,
        studentNo: s.student_no,
        name: s.name,
        className: s.className,
        cells,
        submitted: cells.filter((x) => x.status !== 'not_submitted').length,
        assigned,
        scoreRate: full > 0 ? round1((got / full) * 100) : null,
      };
    });
    return {
      chapters: chapters.map((c) => ({
        homeworkId: c.homework.id,
        title: c.chapter.title,
        fullMarks: c.questions.reduce((n, q) => n + Number(q.full_marks), 0),
      })),
      students: rows,
    };
  });

  router.sessionRoute(r.workbookStudentHomework, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const batch = await openBatch(db, access, body.workbookId);
    const reach = await narrowTo(db, access, batch);
    const student = await reachedStudents(db, session.schoolId, reach)
      .where('s.id', '=', body.studentId)
      .executeTakeFirst();
    if (!student) throw notFound('学生不存在');
    const chapters = [];
    for (const c of await chaptersOf(db, access, batch)) {
      const sub = c.subs.find((x) => x.student_id === student.id);
      const wrong = sub
        ? await db
            .selectFrom('homework_answers')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('submission_id', '=', sub.id)
            .where('judgement', '=', 'wrong')
            .executeTakeFirst()
        : undefined;
      const corrected = sub?.status === 'finished' || sub?.status === 'modified';
      chapters.push({
        homeworkId: c.homework.id,
        position: c.chapter.position,
        title: c.chapter.title,
        assigned: c.students.some((x) => x.studentId === student.id),
        status: (sub?.status ?? 'not_submitted') as SubmissionStatus,
        score: sub && corrected ? Number(sub.score ?? 0) : null,
        fullMarks: c.questions.reduce((n, q) => n + Number(q.full_marks), 0),
        wrong: Number(wrong?.n ?? 0),
      });
    }
    return {
      batch: await batchView(db, access, batch),
      student: {
        studentId: student.id,
        studentNo: student.student_no,
        name: student.name,
        className: student.className,
      },
      chapters,
    };
  });

  router.sessionRoute(r.workbookWrong, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const batch = await openBatch(db, access, body.workbookId);
    const reach = await narrowTo(db, access, batch, body);
    const rows: WorkbookWrongRow[] = [];
    for (const c of await chaptersOf(db, access, batch)) {
      const students = c.students.filter(inClasses(reach));
      const subs = c.subs.filter((s) => students.some((x) => x.studentId === s.student_id));
      if (subs.length === 0) continue;
      const answers = await scoredAnswersOf(
        db,
        subs.map((s) => s.id),
      );
      for (const q of c.questions) {
        const scored = answers.filter((a) => a.question_no === q.no);
        const full = Number(q.full_marks);
        const wrong = scored.filter((a) => Number(a.score) < full);
        if (wrong.length === 0) continue;
        const given = new Map<string, number>();
        for (const a of wrong)
          if (q.type === 'objective' && a.answer)
            given.set(a.answer, (given.get(a.answer) ?? 0) + 1);
        const common = [...given.entries()].sort((x, y) => y[1] - x[1])[0];
        const who = new Set(
          wrong.map((a) => subs.find((s) => s.id === a.submission_id)!.student_id),
        );
        rows.push({
          homeworkId: c.homework.id,
          chapterTitle: c.chapter.title,
          questionNo: q.no,
          label: q.label,
          type: q.type as WorkbookWrongRow['type'],
          fullMarks: full,
          answered: scored.length,
          wrong: wrong.length,
          wrongRate: round1((wrong.length / scored.length) * 100),
          commonWrongAnswer: common?.[0] ?? null,
          students: students
            .filter((s) => who.has(s.studentId))
            .map((s) => ({ studentId: s.studentId, name: s.name })),
        });
      }
    }
    return rows.sort(
      (a, b) => b.wrongRate - a.wrongRate || b.wrong - a.wrong || a.homeworkId - b.homeworkId,
    );
  });

  router.sessionRoute(r.workbookBatchUpdate, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const batch = await editBatch(db, access, body.id);
    const name = trimmed(body.name);
    if (name === '') throw badRequest('教辅名称不能为空');
    const targets = await targetsOf(
      db,
      await access.scope(),
      session.userId,
      batch.grade_id,
      batch.subject_id,
    );
    const current = await db
      .selectFrom('homework_workbook_classes')
      .select('class_id')
      .where('workbook_id', '=', batch.id)
      .execute();
    // A class kept may be any of the batch's; one added must be the caller's to set homework for.
    for (const classId of body.classIds)
      if (
        !current.some((c) => c.class_id === classId) &&
        !targets.some((t) => t.kind === 'class' && t.id === classId)
      )
        throw notFound('班级不存在');
    const currentTeaching = await db
      .selectFrom('homework_workbook_teaching_classes')
      .select('teaching_class_id')
      .where('workbook_id', '=', batch.id)
      .execute();
    // Without teachingClassIds the batch keeps its teaching classes.
    const teachingClassIds =
      body.teachingClassIds ?? currentTeaching.map((c) => c.teaching_class_id);
    for (const id of teachingClassIds)
      if (
        !currentTeaching.some((c) => c.teaching_class_id === id) &&
        !targets.some((t) => t.kind === 'teachingClass' && t.id === id)
      )
        throw notFound('教学班不存在');
    if (body.classIds.length + teachingClassIds.length === 0)
      throw badRequest('请选择使用这本教辅的班级或教学班');
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('homework_workbooks')
        .set({ name, publisher: trimmed(body.publisher) })
        .where('id', '=', batch.id)
        .execute();
      await trx
        .deleteFrom('homework_workbook_classes')
        .where('workbook_id', '=', batch.id)
        .where('class_id', 'not in', [0, ...body.classIds])
        .execute();
      await trx
        .deleteFrom('homework_workbook_teaching_classes')
        .where('workbook_id', '=', batch.id)
        .where('teaching_class_id', 'not in', [0, ...teachingClassIds])
        .execute();
      const addedTeaching = teachingClassIds.filter(
        (id) => !currentTeaching.some((c) => c.teaching_class_id === id),
      );
      if (addedTeaching.length)
        await trx
          .insertInto('homework_workbook_teaching_classes')
          .values(addedTeaching.map((t) => ({ workbook_id: batch.id, teaching_class_id: t })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      const added = body.classIds.filter((id) => !current.some((c) => c.class_id === id));
      if (added.length)
        await trx
          .insertInto('homework_workbook_classes')
          .values(added.map((class_id) => ({ workbook_id: batch.id, class_id })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      if (name !== batch.name) {
        // Each chapter's homework is named `<教辅名称> · <章节名称>`.
        const chapters = await trx
          .selectFrom('homework_workbook_chapters')
          .select(['homework_id', 'title'])
          .where('workbook_id', '=', batch.id)
          .execute();
        for (const c of chapters)
          await trx
            .updateTable('homeworks')
            .set({ name: `${name} · ${c.title}`, updated_at: now() })
            .where('id', '=', c.homework_id)
            .execute();
      }
    });
    const row = await openBatch(db, access, batch.id);
    return batchView(db, access, row);
  });

  router.sessionRoute(r.workbookBatchRemove, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const batch = await editBatch(db, access, body.id);
    await db.transaction().execute(async (trx) => {
      const chapters = await trx
        .selectFrom('homework_workbook_chapters')
        .select('homework_id')
        .where('workbook_id', '=', batch.id)
        .execute();
      const ids = chapters.map((c) => c.homework_id);
      const deleted = await deleteWithoutHandIns(trx, session.schoolId, ids);
      // Rolled back: nothing of the batch is deleted while one chapter has hand-ins.
      if (deleted !== ids.length) throw badRequest('教辅中有章节已有学生提交，不能删除');
      await trx.deleteFrom('homework_workbooks').where('id', '=', batch.id).execute();
    });
    return null;
  });
}
