import {
  homeworkWorkbookRoutes as r,
  type HomeworkState,
  type SubmissionStatus,
  type WorkbookBatch,
  type WorkbookChapter,
  type WorkbookStudentRow,
  type WorkbookWrongRow,
} from '@examkit/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../core/database';
import type { DomainDeps } from '../../core/deps';
import { badRequest, forbidden, notFound } from '../../core/envelope';
import type { Router } from '../../core/router';
import { accessOf, type Access } from '../../core/scope';
import { loadHomework, targetsOf } from '../access';
import { creatable, homeworkByKey, homeworkValues, reachable } from '../create';
import { normaliseQuestions } from '../questions';
import { studentsOf, type HomeworkStudent } from '../submissions/students';
import type { HomeworkWorkbooksTable } from './tables';

const TAG = 'homework';
const KEY = 'Homework-Analysis';
const round1 = (n: number) => Math.round(n * 10) / 10;

type WorkbookRow = Selectable<HomeworkWorkbooksTable>;

/** Names and titles are kept without surrounding spaces. */
const trimmed = (s: string) => s.trim();

/**
 * The batches of the session's school and year whose grade × subject the caller's scope reaches
 * (the homework rule, docs/homework.md "Who sees what").
 */
async function visibleBatches(db: Db, access: Access) {
  const { session } = access;
  const scope = await access.scope();
  const q = db
    .selectFrom('homework_workbooks')
    .selectAll()
    .where('school_id', '=', session.schoolId)
    .where('academic_year', '=', session.academicYear);
  if (scope.schoolWide) return q;
  const pairs = await reachable(db, scope);
  return q.where((eb) =>
    eb.or([
      eb('created_by', '=', session.userId),
      ...pairs.map((p) =>
        eb.and([eb('grade_id', '=', p.grade.id), eb('subject_id', '=', p.subject.id)]),
      ),
    ]),
  );
}

/** The batch's classes the caller may set its homework for (all for school-wide roles). */
async function myClassesOf(db: Db, access: Access, batch: WorkbookRow) {
  const scope = await access.scope();
  const [classes, targets] = await Promise.all([
    db
      .selectFrom('homework_workbook_classes as w')
      .innerJoin('classes as c', 'c.id', 'w.class_id')
      .select(['c.id', 'c.name'])
      .where('w.workbook_id', '=', batch.id)
      .orderBy('c.id')
      .execute(),
    targetsOf(db, scope, access.session.userId, batch.grade_id, batch.subject_id),
  ]);
  return classes.filter((c) => targets.some((t) => t.kind === 'class' && t.id === c.id));
}

/** The message of a change refused to one who may not change the batch. */
const NOT_EDITABLE = '只有教辅的创建人或任教它全部班级的老师可以修改';

/**
 * Whether the caller may change the batch (docs/homework.md "教辅", "Changing and deleting"):
 * its maker, a school-wide role, or one who may set homework for every class of it. A reader
 * (a bureau seat) never.
 */
async function editableBy(db: Db, access: Access, batch: WorkbookRow): Promise<boolean> {
  const scope = await access.scope();
  if (scope.wholeSchoolReader) return false;
  if (batch.created_by === access.session.userId || scope.schoolWide) return true;
  const [all, mine] = await Promise.all([
    db
      .selectFrom('homework_workbook_classes')
      .select('class_id')
      .where('workbook_id', '=', batch.id)
      .execute(),
    myClassesOf(db, access, batch),
  ]);
  return all.length > 0 && all.every((c) => mine.some((m) => m.id === c.class_id));
}

/** Registers 教辅: batches, chapters, and the per-student and wrong-question views. */
export function registerHomeworkWorkbookRoutes(router: Router, { db, clock }: DomainDeps): void {
  const now = () => clock.now().getTime();

  const batchView = async (access: Access, row: WorkbookRow): Promise<WorkbookBatch> => {
    const [grade, subject, chapters, classes, editable] = await Promise.all([
      db.selectFrom('grades').select('name').where('id', '=', row.grade_id).executeTakeFirst(),
      db.selectFrom('subjects').select('name').where('id', '=', row.subject_id).executeTakeFirst(),
      db
        .selectFrom('homework_workbook_chapters')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('workbook_id', '=', row.id)
        .executeTakeFirst(),
      myClassesOf(db, access, row),
      editableBy(db, access, row),
    ]);
    return {
      id: row.id,
      name: row.name,
      publisher: row.publisher,
      gradeId: row.grade_id,
      gradeName: grade?.name ?? '',
      subjectId: row.subject_id,
      subjectName: subject?.name ?? '',
      classes,
      chapterCount: Number(chapters?.n ?? 0),
      createdAt: Number(row.created_at),
      editable,
    };
  };

  /** A batch the caller sees; another school's, another year's or one out of scope 404. */
  const openBatch = async (access: Access, id: number) => {
    await access.require(KEY);
    const row = await (await visibleBatches(db, access)).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('教辅不存在');
    return row;
  };

  /** The batch's chapters in book order, each with its homework. */
  const chaptersOf = async (access: Access, batch: WorkbookRow) => {
    const rows = await db
      .selectFrom('homework_workbook_chapters')
      .select(['homework_id', 'position', 'title'])
      .where('workbook_id', '=', batch.id)
      .orderBy('position')
      .execute();
    const out = [];
    for (const c of rows) {
      // A chapter the caller may not see (another's, outside their scope) is left out.
      const homework = await loadHomework(db, access, c.homework_id).catch(() => null);
      if (!homework) continue;
      const [questions, students] = await Promise.all([
        db
          .selectFrom('homework_questions')
          .selectAll()
          .where('homework_id', '=', homework.id)
          .orderBy('no')
          .execute(),
        homework.state === 'assigned' ? studentsOf(db, access, homework) : [],
      ]);
      const subs = await db
        .selectFrom('homework_submissions')
        .select(['id', 'student_id', 'status', 'score'])
        .where('homework_id', '=', homework.id)
        .where('student_id', 'in', [0, ...students.map((s) => s.studentId)])
        .execute();
      out.push({ chapter: c, homework, questions, students, subs });
    }
    return out;
  };

  /** The classes a view is narrowed to: one of the caller's classes of the batch, or all. */
  const narrowTo = async (access: Access, batch: WorkbookRow, classId?: number | null) => {
    const mine = await myClassesOf(db, access, batch);
    if (classId === undefined || classId === null) return mine.map((c) => c.id);
    if (!mine.some((c) => c.id === classId)) throw notFound('班级不存在');
    return [classId];
  };

  const inClasses = (classIds: number[]) => (s: HomeworkStudent) => classIds.includes(s.classId);

  router.sessionRoute(r.workbookBatches, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await access.require(KEY);
    let q = await visibleBatches(db, access);
    if (body.gradeId) q = q.where('grade_id', '=', body.gradeId);
    if (body.subjectId) q = q.where('subject_id', '=', body.subjectId);
    const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    const out = [];
    for (const row of rows) out.push(await batchView(access, row));
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
    const earlier = await findEarlier();
    if (earlier) return { id: earlier.id };
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
    for (const classId of body.classIds)
      if (!targets.some((t) => t.kind === 'class' && t.id === classId))
        throw notFound('班级不存在');
    try {
      const id = await db.transaction().execute(async (trx) => {
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
        await trx
          .insertInto('homework_workbook_classes')
          .values(body.classIds.map((class_id) => ({ workbook_id: id, class_id })))
          .execute();
        return id;
      });
      return { id };
    } catch (error) {
      const winner = await findEarlier();
      if (winner) return { id: winner.id };
      throw error;
    }
  });

  router.sessionRoute(r.workbookBatchDetail, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const batch = await openBatch(access, body.id);
    const chapters: WorkbookChapter[] = (await chaptersOf(access, batch)).map((c) => {
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
    return { batch: await batchView(access, batch), chapters };
  });

  router.sessionRoute(r.workbookChapterCreate, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const batch = await openBatch(access, body.workbookId);
    const earlier = await homeworkByKey(db, session, body.idempotencyKey);
    if (earlier) return { id: earlier.id };
    const title = trimmed(body.title);
    if (title === '') throw badRequest('章节名称不能为空');
    const questions = normaliseQuestions(body.questions);
    const { pair } = await creatable(db, access, {
      name: `${batch.name} · ${title}`,
      gradeId: batch.grade_id,
      subjectId: batch.subject_id,
    });
    const at = now();
    try {
      const id = await db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom('homework_workbook_chapters')
          .select((eb) => eb.fn.max('position').as('p'))
          .where('workbook_id', '=', batch.id)
          .executeTakeFirst();
        const { id } = await trx
          .insertInto('homeworks')
          .values({
            ...homeworkValues(session, {
              name: `${batch.name} · ${title}`,
              pair,
              key: body.idempotencyKey,
              at,
            }),
            state: 'ready',
            // No paper: the workbook is in the students' hands; the key names nothing stored.
            paper_key: `homework/${session.schoolId}/workbook-${at}-${body.idempotencyKey}`,
            paper_name: '',
            paper_kind: 'workbook',
            estimated_minutes: body.estimatedMinutes,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('homework_questions')
          .values(
            questions.map((q) => ({
              homework_id: id,
              no: q.no,
              label: q.label,
              type: q.type,
              answer: q.answer,
              full_marks: q.fullMarks,
              bank_question_id: null,
            })),
          )
          .execute();
        await trx
          .insertInto('homework_workbook_chapters')
          .values({
            homework_id: id,
            workbook_id: batch.id,
            position: Number(last?.p ?? 0) + 1,
            title,
          })
          .execute();
        return id;
      });
      return { id };
    } catch (error) {
      const winner = await homeworkByKey(db, session, body.idempotencyKey);
      if (winner) return { id: winner.id };
      throw error;
    }
  });

  router.sessionRoute(r.workbookChapter, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await access.require(KEY);
    const chapter = await db
      .selectFrom('homework_workbook_chapters')
      .selectAll()
      .where('homework_id', '=', body.id)
      .executeTakeFirst();
    if (!chapter) throw notFound('章节不存在');
    const batch = await openBatch(access, chapter.workbook_id).catch(() => {
      throw notFound('章节不存在');
    });
    const homework = await loadHomework(db, access, chapter.homework_id);
    return {
      homeworkId: chapter.homework_id,
      workbookId: batch.id,
      workbookName: batch.name,
      position: chapter.position,
      title: chapter.title,
      estimatedMinutes: homework.estimated_minutes,
    };
  });

  router.sessionRoute(r.workbookStudents, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const batch = await openBatch(access, body.workbookId);
    const classIds = await narrowTo(access, batch, body.classId);
    const chapters = await chaptersOf(access, batch);
    const students = await db
      .selectFrom('students as s')
      .innerJoin('classes as c', 'c.id', 's.class_id')
      .select(['s.id', 's.student_no', 's.name', 'c.name as className'])
      .where('s.school_id', '=', session.schoolId)
      .where('s.class_id', 'in', [0, ...classIds])
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
    const batch = await openBatch(access, body.workbookId);
    const classIds = await narrowTo(access, batch, null);
    const student = await db
      .selectFrom('students as s')
      .innerJoin('classes as c', 'c.id', 's.class_id')
      .select(['s.id', 's.student_no', 's.name', 'c.name as className'])
      .where('s.id', '=', body.studentId)
      .where('s.school_id', '=', session.schoolId)
      .where('s.class_id', 'in', [0, ...classIds])
      .executeTakeFirst();
    if (!student) throw notFound('学生不存在');
    const chapters = [];
    for (const c of await chaptersOf(access, batch)) {
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
      batch: await batchView(access, batch),
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
    const batch = await openBatch(access, body.workbookId);
    const classIds = await narrowTo(access, batch, body.classId);
    const rows: WorkbookWrongRow[] = [];
    for (const c of await chaptersOf(access, batch)) {
      const students = c.students.filter(inClasses(classIds));
      const subs = c.subs.filter((s) => students.some((x) => x.studentId === s.student_id));
      if (subs.length === 0) continue;
      const answers = await db
        .selectFrom('homework_answers')
        .select(['submission_id', 'question_no', 'answer', 'score'])
        .where(
          'submission_id',
          'in',
          subs.map((s) => s.id),
        )
        .where('score', 'is not', null)
        .execute();
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

  /** A batch the caller sees and may change; one they only see answers 403. */
  const editBatch = async (access: Access, id: number) => {
    const batch = await openBatch(access, id);
    if (!(await editableBy(db, access, batch))) throw forbidden(NOT_EDITABLE);
    return batch;
  };

  /** A chapter of a batch the caller sees (else 章节不存在) and may change (else 403). */
  const editChapter = async (access: Access, homeworkId: number) => {
    await access.require(KEY);
    const chapter = await db
      .selectFrom('homework_workbook_chapters')
      .selectAll()
      .where('homework_id', '=', homeworkId)
      .executeTakeFirst();
    if (!chapter) throw notFound('章节不存在');
    const batch = await openBatch(access, chapter.workbook_id).catch(() => {
      throw notFound('章节不存在');
    });
    await loadHomework(db, access, chapter.homework_id).catch(() => {
      throw notFound('章节不存在');
    });
    if (!(await editableBy(db, access, batch))) throw forbidden(NOT_EDITABLE);
    return { chapter, batch };
  };

  router.sessionRoute(r.workbookBatchUpdate, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const batch = await editBatch(access, body.id);
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
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('homework_workbooks')
        .set({ name, publisher: trimmed(body.publisher) })
        .where('id', '=', batch.id)
        .execute();
      await trx
        .deleteFrom('homework_workbook_classes')
        .where('workbook_id', '=', batch.id)
        .where('class_id', 'not in', body.classIds)
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
    const row = await openBatch(access, batch.id);
    return batchView(access, row);
  });

  /**
   * Deletes the chapters' homework (and with them the chapter rows, their questions and
   * assignments) in one statement that skips any with a hand-in, so a hand-in arriving meanwhile
   * keeps its chapter; answers how many were deleted.
   */
  const deleteWithoutHandIns = async (trx: Db, schoolId: number, ids: number[]) => {
    const result = await trx
      .deleteFrom('homeworks')
      .where('id', 'in', [0, ...ids])
      .where('school_id', '=', schoolId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('homework_submissions as s')
              .select('s.id')
              .whereRef('s.homework_id', '=', 'homeworks.id'),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  };

  /** Closes the gap a deleted chapter leaves: positions 1..n in book order again. */
  const renumber = async (trx: Db, workbookId: number) => {
    const rows = await trx
      .selectFrom('homework_workbook_chapters')
      .select(['homework_id', 'position'])
      .where('workbook_id', '=', workbookId)
      .orderBy('position')
      .execute();
    // Negative first, so the unique (workbook, position) never meets two rows mid-way.
    for (const [i, c] of rows.entries())
      if (c.position !== i + 1)
        await trx
          .updateTable('homework_workbook_chapters')
          .set({ position: -(i + 1) })
          .where('homework_id', '=', c.homework_id)
          .execute();
    await trx
      .updateTable('homework_workbook_chapters')
      .set((eb) => ({ position: eb.neg(eb.ref('position')) }))
      .where('workbook_id', '=', workbookId)
      .where('position', '<', 0)
      .execute();
  };

  const HAS_HAND_INS = '该章节已有学生提交，不能删除；可以重命名';

  router.sessionRoute(r.workbookBatchRemove, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const batch = await editBatch(access, body.id);
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

  router.sessionRoute(r.workbookChapterUpdate, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const { chapter, batch } = await editChapter(access, body.id);
    const title = trimmed(body.title);
    if (title === '') throw badRequest('章节名称不能为空');
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('homework_workbook_chapters')
        .set({ title })
        .where('homework_id', '=', chapter.homework_id)
        .execute();
      await trx
        .updateTable('homeworks')
        .set({ name: `${batch.name} · ${title}`, updated_at: now() })
        .where('id', '=', chapter.homework_id)
        .execute();
    });
    const homework = await loadHomework(db, access, chapter.homework_id);
    return {
      homeworkId: chapter.homework_id,
      workbookId: batch.id,
      workbookName: batch.name,
      position: chapter.position,
      title,
      estimatedMinutes: homework.estimated_minutes,
    };
  });

  router.sessionRoute(r.workbookChapterRemove, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const { chapter, batch } = await editChapter(access, body.id);
    await db.transaction().execute(async (trx) => {
      const deleted = await deleteWithoutHandIns(trx, session.schoolId, [chapter.homework_id]);
      if (deleted !== 1) throw badRequest(HAS_HAND_INS);
      await renumber(trx, batch.id);
    });
    return null;
  });
}
