import { onlineRoutes, type OnlineQuestion } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { badRequest, notFound } from '../core/envelope';
import type { FileStore } from '../core/files';
import type { Router } from '../core/router';
import { loadScope, scopedClassIds } from '../core/scope';
import { randomToken, sha256Hex } from '../core/secrets';
import type { SessionInfo } from '../core/session';
import {
  assertExamManager,
  assertExamVisible,
  assertSubjectEditor,
  EXAM_SINGLE,
  requireAnyPermission,
} from '../exam/access';
import {
  gradeOfSchool,
  resolveParticipants,
  writeParticipants,
  writeSubjects,
} from '../exam/exams';
import { changeBlockState, saveBlock } from '../marking/blocks';
import { writeTransaction } from '../marking/transaction';
import {
  chinaTime,
  closeExpired,
  deadlineOf,
  detailOf,
  handToMarking,
  loadOnline,
  loadParts,
  onlineQuestions,
  parseAnswers,
  submitAttempt,
  type AttemptRow,
  type OnlineExam,
} from './online';
import { isAutoScored } from './scoring';
import { statisticsOf } from './statistics';
import {
  ALREADY_STARTED,
  createOnline,
  replaceQuestions,
  setKeys,
  setWindow,
  startedCount,
} from './writes';

export { ALREADY_STARTED };

export interface OnlineRoutesDeps {
  db: Db;
  clock: Clock;
  files: FileStore;
}

const TAG = 'online-exam';
/** Wrong code or wrong number: one answer, so neither can be probed alone. */
export const ENTRY_REFUSED = '考试码或学号不正确';
export const TICKET_REFUSED = '答题已在其他页面继续或凭证已失效，请重新进入考试';
/** A submit sent a little after the deadline (network, a slow click) still counts. */
export const SUBMIT_GRACE_MS = 30_000;

/** Registers the online-exam calls: staff pages and the public student page (docs/online-exams.md). */
export function registerOnlineRoutes(router: Router, deps: OnlineRoutesDeps): void {
  const { db, clock, files } = deps;
  const now = () => clock.now().getTime();

  const visible = async (session: SessionInfo, id: number) => {
    await requireAnyPermission(db, session, EXAM_SINGLE);
    const ctx = await loadOnline(db, session.schoolId, id);
    const scope = await loadScope(db, session);
    assertExamVisible(scope, ctx.exam);
    return { ctx, scope };
  };
  const managed = async (session: SessionInfo, id: number) => {
    const { ctx, scope } = await visible(session, id);
    assertExamManager(scope, ctx.exam.grade_id);
    return ctx;
  };
  const edited = async (session: SessionInfo, id: number) => {
    const { ctx, scope } = await visible(session, id);
    await assertSubjectEditor(db, scope, ctx.exam, ctx.subject);
    return ctx;
  };
  /** The detail with what the caller may change, so the pages show only the buttons allowed. */
  const detailFor = async (session: SessionInfo, examId: number) => {
    const ctx = await loadOnline(db, session.schoolId, examId);
    const scope = await loadScope(db, session);
    const canManage = scope.schoolWide || scope.leadGradeIds.has(ctx.exam.grade_id);
    const canEdit =
      canManage ||
      (await assertSubjectEditor(db, scope, ctx.exam, ctx.subject).then(
        () => true,
        () => false,
      ));
    return detailOf(db, ctx, { canManage, canEdit });
  };

  router.sessionRoute(onlineRoutes.save, TAG, async ({ body, session }) => {
    await requireAnyPermission(db, session, EXAM_SINGLE);
    const grade = await gradeOfSchool(db, session.schoolId, body.gradeId);
    const participants = await resolveParticipants(db, session.schoolId, {
      gradeId: grade.id,
      classIds: body.classIds,
      studentIds: undefined,
    });
    const at = now();
    if (body.id === undefined) {
      assertExamManager(await loadScope(db, session), grade.id);
      const id = await createOnline(db, {
        schoolId: session.schoolId,
        userId: session.userId,
        grade,
        participants,
        name: body.name,
        examType: body.examType ?? '其它',
        classIds: body.classIds,
        subjectCode: body.subjectCode,
        subjectName: body.subjectName,
        at,
      });
      return detailFor(session, id);
    }
    const ctx = await managed(session, body.id);
    if (ctx.exam.state === 'published') throw badRequest('成绩报告已发布，请先撤回报告再修改');
    if (grade.id !== ctx.exam.grade_id) throw badRequest('在线考试创建后不能更换年级');
    const started = await startedCount(db, ctx.exam.id);
    const sameClasses = async () => {
      const had = await db
        .selectFrom('exam_classes')
        .select('class_id')
        .where('exam_id', '=', ctx.exam.id)
        .execute();
      const wanted = new Set(body.classIds);
      return had.length === wanted.size && had.every((c) => wanted.has(c.class_id));
    };
    if (started > 0 && !(await sameClasses()))
      throw badRequest('已有学生开始作答，不能修改参加班级');
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('exams')
        .set({
          name: body.name.trim(),
          exam_type: body.examType ?? ctx.exam.exam_type,
          updated_at: at,
        })
        .where('id', '=', ctx.exam.id)
        .execute();
      await writeSubjects(trx, ctx.exam.id, [
        {
          id: ctx.subject.id,
          subjectCode: body.subjectCode,
          subjectName: body.subjectName,
          fullMarks: ctx.subject.full_marks,
        },
      ]);
      if (started === 0) await writeParticipants(trx, ctx.exam.id, body.classIds, participants);
    });
    return detailFor(session, ctx.exam.id);
  });

  router.sessionRoute(onlineRoutes.get, TAG, async ({ body, session }) => {
    const { ctx } = await visible(session, body.id);
    return detailFor(session, ctx.exam.id);
  });

  router.sessionRoute(onlineRoutes.saveQuestions, TAG, async ({ body, session }) => {
    const ctx = await edited(session, body.id);
    await replaceQuestions(db, ctx, body.questions, now());
    return detailFor(session, ctx.exam.id);
  });

  router.sessionRoute(onlineRoutes.saveAnswers, TAG, async ({ body, session }) => {
    const ctx = await edited(session, body.id);
    await setKeys(db, ctx, body.answers, now());
    return detailFor(session, ctx.exam.id);
  });

  router.sessionRoute(onlineRoutes.saveTime, TAG, async ({ body, session }) => {
    const ctx = await managed(session, body.id);
    await setWindow(db, ctx, body, now());
    return detailFor(session, ctx.exam.id);
  });

  router.sessionRoute(onlineRoutes.statistics, TAG, async ({ body, session }) => {
    const { ctx, scope } = await visible(session, body.id);
    await closeExpired(db, clock, files, ctx);
    const questions = await onlineQuestions(db, ctx.subject.id);
    let classIds = scopedClassIds(scope);
    if (body.classId !== undefined)
      classIds = (classIds ?? [body.classId]).filter((c) => c === body.classId);
    const stats = await statisticsOf(db, ctx, questions, classIds);
    const manager = scope.schoolWide || scope.leadGradeIds.has(ctx.exam.grade_id);
    return {
      ...stats,
      canHandToMarking:
        manager &&
        stats.submittedCount > 0 &&
        questions.some((q) => q.kind === 'subjective') &&
        (ctx.exam.state === 'draft' || ctx.exam.state === 'marking'),
    };
  });

  router.sessionRoute(onlineRoutes.toMarking, TAG, async ({ body, session }) => {
    const ctx = await managed(session, body.id);
    if (ctx.exam.state !== 'draft' && ctx.exam.state !== 'marking')
      throw badRequest('考试已结束阅卷，不能再交给阅卷');
    await closeExpired(db, clock, files, ctx);
    const free = (await onlineQuestions(db, ctx.subject.id)).filter((q) => q.kind === 'subjective');
    if (free.length === 0) throw badRequest('本场考试没有解答题，无需阅卷');
    const blocks = await db
      .selectFrom('marking_blocks')
      .select('id')
      .where('exam_subject_id', '=', ctx.subject.id)
      .execute();
    const created: number[] = [];
    if (blocks.length === 0)
      for (const q of free) {
        const blockId = await saveBlock(db, clock, session.schoolId, {
          examSubjectId: ctx.subject.id,
          name: `第${q.number}题`,
          questionIds: [q.id],
          mode: 'single',
          tolerance: 0,
          scoreStep: Number.isInteger(q.fullMarks) ? 1 : 0.5,
          distribution: 'pool',
          anonymous: true,
          guide: '',
          answer: q.reference,
          recheckPercent: 0,
          leaseMinutes: 5,
          markers: [{ userId: session.userId }],
          arbitrators: [],
          leaders: [session.userId],
        });
        created.push(blockId);
      }
    if (ctx.exam.state === 'draft')
      await db
        .updateTable('exams')
        .set({ state: 'marking', updated_at: now() })
        .where('id', '=', ctx.exam.id)
        .where('state', '=', 'draft')
        .execute();
    const handed = await handToMarking(db, clock, files, ctx);
    // New blocks open at once with the papers in them; the leader may change markers later.
    for (const h of handed)
      if (created.includes(h.blockId) && h.registered > 0)
        await changeBlockState(db, clock, h.blockId, 'start');
    return { blocks: handed };
  });

  // ---- the student page (public: the exam code and the student number, no account) ----

  const byTicket = async (ticket: string) => {
    const attempt = await db
      .selectFrom('online_attempts')
      .selectAll()
      .where('ticket_hash', '=', sha256Hex(ticket))
      .executeTakeFirst();
    if (!attempt) throw notFound(TICKET_REFUSED);
    const online = await db
      .selectFrom('online_exams')
      .selectAll()
      .where('exam_id', '=', attempt.exam_id)
      .executeTakeFirstOrThrow();
    return { attempt, ctx: await loadParts(db, online) };
  };
  const checkAnswers = (
    answers: readonly { questionId: number; answer: string }[],
    questions: readonly OnlineQuestion[],
  ): Record<string, string> => {
    const ids = new Set(questions.map((q) => q.id));
    const out: Record<string, string> = {};
    for (const a of answers) {
      if (!ids.has(a.questionId)) throw badRequest('题目不属于该考试');
      out[String(a.questionId)] = a.answer;
    }
    return out;
  };
  const resultOf = async (ctx: OnlineExam, attempt: AttemptRow) => {
    const questions = await onlineQuestions(db, ctx.subject.id);
    const scores = await db
      .selectFrom('exam_scores')
      .select(['question_id', 'score'])
      .where('exam_subject_id', '=', ctx.subject.id)
      .where('student_id', '=', attempt.student_id)
      .execute();
    const scored = new Map(scores.map((s) => [s.question_id, s.score]));
    const auto = questions.filter((q) => isAutoScored(q.kind));
    return {
      submittedAt: Number(attempt.submitted_at),
      objectiveScore: auto.reduce((s, q) => s + (scored.get(q.id) ?? 0), 0),
      objectiveFull: auto.reduce((s, q) => s + q.fullMarks, 0),
      pendingMarks: questions
        .filter((q) => q.kind === 'subjective' && !scored.has(q.id))
        .reduce((s, q) => s + q.fullMarks, 0),
    };
  };
  /** Hands in with what was saved when the time ran out; true when the attempt is now closed. */
  const closeIfLate = async (ctx: OnlineExam, attempt: AttemptRow, grace = 0) => {
    if (attempt.submitted_at !== null) return true;
    if (now() <= deadlineOf(ctx.online, attempt) + grace) return false;
    await closeExpired(db, clock, files, ctx);
    return true;
  };

  router.publicRoute(onlineRoutes.enter, TAG, async ({ body }) => {
    const code = body.code.trim().toUpperCase();
    const online = await db
      .selectFrom('online_exams')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirst();
    if (!online) throw notFound(ENTRY_REFUSED);
    const ctx = await loadParts(db, online);
    const number = body.studentNo.trim();
    const student = await db
      .selectFrom('exam_students as es')
      .innerJoin('students as s', 's.id', 'es.student_id')
      .innerJoin('classes as c', 'c.id', 'es.class_id')
      .select(['s.id', 's.name', 'c.name as className'])
      .where('es.exam_id', '=', ctx.exam.id)
      .where((eb) => eb.or([eb('s.student_no', '=', number), eb('es.exam_no', '=', number)]))
      .executeTakeFirst();
    if (!student) throw notFound(ENTRY_REFUSED);
    const questions = await onlineQuestions(db, ctx.subject.id);
    if (online.starts_at === null || online.ends_at === null || questions.length === 0)
      throw badRequest('考试还没有准备好，请联系老师');
    const at = now();
    let attempt = await db
      .selectFrom('online_attempts')
      .selectAll()
      .where('exam_id', '=', ctx.exam.id)
      .where('student_id', '=', student.id)
      .executeTakeFirst();
    if (!attempt) {
      if (at < online.starts_at)
        throw badRequest(`考试尚未开始，开始时间：${chinaTime(online.starts_at)}`);
      if (at >= online.ends_at || (ctx.exam.state !== 'draft' && ctx.exam.state !== 'marking'))
        throw badRequest('考试已结束');
    }
    const ticket = randomToken(24);
    await db
      .insertInto('online_attempts')
      .values({
        exam_id: ctx.exam.id,
        student_id: student.id,
        ticket_hash: sha256Hex(ticket),
        started_at: at,
        saved_at: null,
        submitted_at: null,
        answers: '{}',
      })
      .onConflict((oc) =>
        oc.columns(['exam_id', 'student_id']).doUpdateSet({ ticket_hash: sha256Hex(ticket) }),
      )
      .execute();
    attempt = await db
      .selectFrom('online_attempts')
      .selectAll()
      .where('exam_id', '=', ctx.exam.id)
      .where('student_id', '=', student.id)
      .executeTakeFirstOrThrow();
    if (await closeIfLate(ctx, attempt))
      attempt = await db
        .selectFrom('online_attempts')
        .selectAll()
        .where('id', '=', attempt.id)
        .executeTakeFirstOrThrow();
    const answers = parseAnswers(attempt.answers);
    return {
      ticket,
      examName: ctx.exam.name,
      subjectName: ctx.subject.subject_name,
      studentName: student.name,
      className: student.className,
      endsAt: Number(online.ends_at),
      deadlineAt: deadlineOf(online, attempt),
      durationMinutes: online.duration_minutes ?? 0,
      questions: questions.map((q) => ({
        id: q.id,
        number: q.number,
        kind: q.kind,
        stem: q.stem,
        options: q.options,
        fullMarks: q.fullMarks,
      })),
      answers: Object.entries(answers).map(([id, answer]) => ({ questionId: Number(id), answer })),
      submittedAt: attempt.submitted_at === null ? null : Number(attempt.submitted_at),
    };
  });

  router.publicRoute(onlineRoutes.autosave, TAG, async ({ body }) => {
    const { attempt, ctx } = await byTicket(body.ticket);
    if (attempt.submitted_at !== null) throw badRequest('已经交卷，不能再修改答案');
    if (await closeIfLate(ctx, attempt)) throw badRequest('考试时间已到，已按最后保存的答案交卷');
    const answers = checkAnswers(body.answers, await onlineQuestions(db, ctx.subject.id));
    const at = now();
    await db
      .updateTable('online_attempts')
      .set({ answers: JSON.stringify(answers), saved_at: at })
      .where('id', '=', attempt.id)
      .where('submitted_at', 'is', null)
      .execute();
    return { savedAt: at };
  });

  router.publicRoute(onlineRoutes.submit, TAG, async ({ body }) => {
    const { attempt, ctx } = await byTicket(body.ticket);
    if (attempt.submitted_at !== null) return resultOf(ctx, attempt);
    if (await closeIfLate(ctx, attempt, SUBMIT_GRACE_MS))
      throw badRequest('考试时间已到，已按最后保存的答案交卷');
    const questions = await onlineQuestions(db, ctx.subject.id);
    const answers = checkAnswers(body.answers, questions);
    const first = await writeTransaction(db, (trx) =>
      submitAttempt(trx, now(), ctx.subject, questions, attempt, answers),
    );
    if (first) await handToMarking(db, clock, files, ctx, [attempt.student_id]);
    const done = await db
      .selectFrom('online_attempts')
      .selectAll()
      .where('id', '=', attempt.id)
      .executeTakeFirstOrThrow();
    return resultOf(ctx, done);
  });
}
