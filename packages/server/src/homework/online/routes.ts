import {
  homeworkOnlineRoutes as r,
  type OnlineHomeworkResult,
  type StudentHomework,
} from '@examkit/contracts';
import type { Clock } from '../../core/clock';
import { chinaTime } from '../../core/chinaTime';
import type { Db } from '../../core/database';
import { badRequest, notFound } from '../../core/envelope';
import type { FileStore } from '../../core/files';
import type { Router } from '../../core/router';
import { accessOf } from '../../core/scope';
import { randomToken, sha256Hex } from '../../core/secrets';
import { loadQuestions } from '../../resource/questions';
import { newExamCode } from '../../online/online';
import { loadHomework, requireSchoolBase, type HomeworkRow } from '../access';
import { contentTypeOf, decodePaper, paperKindOf } from '../paper';
import { lateUntilOf } from '../settings';
import {
  judgementOf,
  keyKind,
  newHandIn,
  scoreKey,
  settle,
  storedChoice,
} from '../submissions/scoring';

const TAG = 'homework';

/** Wrong code, unknown 学号 or a student the homework is not assigned to: one answer, so none can be probed alone. */
export const HOMEWORK_ENTRY_REFUSED =
  '作业码或学号不正确（只有布置了这份作业的班级的学生可以进入）';
export const HOMEWORK_TICKET_REFUSED =
  '作答凭证已失效（在其他页面重新进入过，或老师已关闭在线作答），请重新进入';
export const HOMEWORK_CORRECTED = '老师已开始批改你的作业，不能再修改提交';
export const pastDue = (dueAt: number) => `已过截止时间（${chinaTime(dueAt)}），不能再提交作业`;
/** 作业设置 允许迟交 is off for the homework's grade × subject. */
export const pastDueNoLate = (dueAt: number) =>
  `已过截止时间（${chinaTime(dueAt)}），本科目作业不允许迟交，不能再提交作业`;
/** 允许迟交 is on, but the 允许补交天数 after the due time are over too. */
export const pastLate = (lateUntil: number) =>
  `已过补交期限（${chinaTime(lateUntil)}），不能再提交作业`;

export interface HomeworkOnlineDeps {
  db: Db;
  clock: Clock;
  files: FileStore;
}

type QuestionRow = {
  no: number;
  label: string;
  type: string;
  answer: string | null;
  full_marks: number;
};

/** A fresh 作业码, unique among homework and online exams (students type both on public pages). */
export async function newHomeworkCode(db: Db): Promise<string> {
  for (;;) {
    const code = await newExamCode(db);
    const taken = await db
      .selectFrom('homework_online')
      .select('homework_id')
      .where('code', '=', code)
      .executeTakeFirst();
    if (!taken) return code;
  }
}

const LETTERS = 'ABCDEFGH';

/** How the page asks a question: a choice (from its key) with its option count, or written. */
function shapeOf(q: QuestionRow, bankOptions: readonly string[] | undefined) {
  if (q.type !== 'objective' || q.answer === null) return { choice: null, optionCount: 0 };
  const choice = keyKind(q.answer);
  if (choice === 'judge') return { choice, optionCount: 2 };
  const highest = Math.max(...[...q.answer].map((c) => LETTERS.indexOf(c) + 1));
  return { choice, optionCount: bankOptions?.length || Math.max(4, highest) };
}

/** The latest due time of the assignments that reach a student (their class or a teaching class). */
async function dueOf(db: Db, homeworkId: number, student: { id: number; class_id: number }) {
  const rows = await db
    .selectFrom('homework_assignments')
    .select('due_at')
    .where('homework_id', '=', homeworkId)
    .where((eb) =>
      eb.or([
        eb('class_id', '=', student.class_id),
        eb(
          'teaching_class_id',
          'in',
          eb
            .selectFrom('teaching_class_students')
            .select('teaching_class_id')
            .where('student_id', '=', student.id),
        ),
      ]),
    )
    .execute();
  return rows.length === 0 ? null : Math.max(...rows.map((x) => Number(x.due_at)));
}

/** Registers hand-ins on screen: the teacher's 作业码 and the public student page's calls. */
export function registerHomeworkOnlineRoutes(
  router: Router,
  { db, clock, files }: HomeworkOnlineDeps,
) {
  const now = () => clock.now().getTime();

  const stateOf = async (row: HomeworkRow) => {
    const online = await db
      .selectFrom('homework_online')
      .select('code')
      .where('homework_id', '=', row.id)
      .executeTakeFirst();
    return { id: row.id, code: online?.code ?? null };
  };

  router.sessionRoute(r.onlineState, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await requireSchoolBase(access);
    return stateOf(await loadHomework(db, access, body.id));
  });

  router.sessionRoute(r.onlineOpen, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await requireSchoolBase(access);
    const row = await loadHomework(db, access, body.id);
    if (body.open) {
      if (row.state === 'draft') throw badRequest('请先确认作业的题目，再发布在线作答');
      const code = await newHomeworkCode(db);
      await db
        .insertInto('homework_online')
        .values({
          homework_id: row.id,
          school_id: row.school_id,
          code,
          opened_by: session.userId,
          opened_at: now(),
        })
        .onConflict((oc) => oc.column('homework_id').doNothing())
        .execute();
    } else
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('homework_online_tickets').where('homework_id', '=', row.id).execute();
        await trx.deleteFrom('homework_online').where('homework_id', '=', row.id).execute();
      });
    return stateOf(row);
  });

  // ---- the student page (public: the 作业码 and the 学号, no account, like /online-exam) ----

  const questionsOf = (homeworkId: number) =>
    db
      .selectFrom('homework_questions')
      .select(['no', 'label', 'type', 'answer', 'full_marks', 'bank_question_id'])
      .where('homework_id', '=', homeworkId)
      .orderBy('no')
      .execute();

  const byTicket = async (ticket: string) => {
    const row = await db
      .selectFrom('homework_online_tickets as t')
      .innerJoin('homework_online as o', 'o.homework_id', 't.homework_id')
      .innerJoin('homeworks as h', 'h.id', 't.homework_id')
      .innerJoin('students as s', 's.id', 't.student_id')
      .select(['h.id as homeworkId', 'h.school_id', 'h.paper_key', 'h.paper_name', 'h.paper_kind'])
      .select(['h.academic_year', 'h.grade_id', 'h.subject_id'])
      .select(['s.id as studentId', 's.class_id'])
      .where('t.ticket_hash', '=', sha256Hex(ticket))
      .executeTakeFirst();
    if (!row) throw notFound(HOMEWORK_TICKET_REFUSED);
    return row;
  };

  /** The student's hand-in as the page shows it, or null before the first. */
  const resultOf = async (
    homeworkId: number,
    studentId: number,
    deadline: number,
    questions: readonly QuestionRow[],
  ): Promise<OnlineHomeworkResult | null> => {
    const sub = await db
      .selectFrom('homework_submissions')
      .selectAll()
      .where('homework_id', '=', homeworkId)
      .where('student_id', '=', studentId)
      .executeTakeFirst();
    if (!sub) return null;
    const [answers, annotations] = await Promise.all([
      db.selectFrom('homework_answers').selectAll().where('submission_id', '=', sub.id).execute(),
      db
        .selectFrom('homework_annotations')
        .select('id')
        .where('submission_id', '=', sub.id)
        .execute(),
    ]);
    const scoreOf = (no: number) => answers.find((a) => a.question_no === no)?.score ?? null;
    const objective = questions.filter((q) => q.type === 'objective');
    const corrected =
      sub.corrected_by !== null ||
      annotations.length > 0 ||
      answers.some((a) => a.corrected_by !== null);
    return {
      submittedAt: Number(sub.submitted_at),
      status: sub.status as OnlineHomeworkResult['status'],
      objectiveScore: objective.reduce((s, q) => s + Number(scoreOf(q.no) ?? 0), 0),
      objectiveFull: objective.reduce((s, q) => s + Number(q.full_marks), 0),
      pendingMarks: questions
        .filter((q) => scoreOf(q.no) === null)
        .reduce((s, q) => s + Number(q.full_marks), 0),
      answers: answers
        .map((a) => ({ questionNo: a.question_no, answer: a.answer, photo: a.crop_key !== null }))
        .sort((a, b) => a.questionNo - b.questionNo),
      late: sub.late === 1,
      replaceable: sub.source === 'online' && !corrected && now() <= deadline,
    };
  };

  router.publicRoute(r.onlineEnter, TAG, async ({ body }) => {
    const code = body.code.trim().toUpperCase();
    const online = await db
      .selectFrom('homework_online as o')
      .innerJoin('homeworks as h', 'h.id', 'o.homework_id')
      .innerJoin('subjects as sj', 'sj.id', 'h.subject_id')
      .select([
        'h.id',
        'h.school_id',
        'h.name',
        'h.state',
        'h.paper_kind',
        'h.academic_year',
        'h.grade_id',
        'h.subject_id',
        'sj.name as subjectName',
      ])
      .where('o.code', '=', code)
      .executeTakeFirst();
    if (!online) throw notFound(HOMEWORK_ENTRY_REFUSED);
    const student = await db
      .selectFrom('students as s')
      .innerJoin('classes as c', 'c.id', 's.class_id')
      .select(['s.id', 's.name', 's.class_id', 'c.name as className'])
      .where('s.school_id', '=', online.school_id)
      .where('s.student_no', '=', body.studentNo.trim())
      .executeTakeFirst();
    const dueAt = student ? await dueOf(db, online.id, student) : null;
    if (!student || dueAt === null) throw notFound(HOMEWORK_ENTRY_REFUSED);
    if (online.state !== 'assigned') throw badRequest('作业还没有布置，请联系老师');
    const lateUntil = await lateUntilOf(db, online, dueAt);
    const ticket = randomToken(24);
    const at = now();
    await db
      .insertInto('homework_online_tickets')
      .values({
        homework_id: online.id,
        student_id: student.id,
        ticket_hash: sha256Hex(ticket),
        entered_at: at,
      })
      .onConflict((oc) =>
        oc
          .columns(['homework_id', 'student_id'])
          .doUpdateSet({ ticket_hash: sha256Hex(ticket), entered_at: at }),
      )
      .execute();
    const questions = await questionsOf(online.id);
    const bank = await loadQuestions(
      db,
      online.school_id,
      questions.flatMap((q) => (q.bank_question_id === null ? [] : [q.bank_question_id])),
    );
    const result: StudentHomework = {
      ticket,
      name: online.name,
      subjectName: online.subjectName,
      studentName: student.name,
      className: student.className,
      dueAt,
      lateUntil,
      source: online.paper_kind === 'bank' ? 'bank' : 'paper',
      questions: questions.map((q) => {
        const item = bank.find((b) => b.id === q.bank_question_id);
        return {
          no: q.no,
          label: q.label,
          type: q.type === 'objective' ? 'objective' : 'subjective',
          fullMarks: Number(q.full_marks),
          ...shapeOf(q, item?.options),
          stem: item?.stem ?? null,
          options: item?.options ?? [],
        };
      }),
      submission: await resultOf(online.id, student.id, lateUntil ?? dueAt, questions),
    };
    return result;
  });

  router.publicRoute(r.onlinePaper, TAG, async ({ body }) => {
    const row = await byTicket(body.ticket);
    if (row.paper_kind === 'bank') throw notFound('这份作业没有原卷，题目在本页列出');
    const file = await files.get(row.paper_key);
    if (!file) throw notFound('作业原卷不存在');
    return {
      fileName: row.paper_name,
      contentType: contentTypeOf(row.paper_kind, row.paper_name),
      contentBase64: file.toString('base64'),
    };
  });

  router.publicRoute(r.onlineSubmit, TAG, async ({ body }) => {
    const who = await byTicket(body.ticket);
    const student = { id: who.studentId, class_id: who.class_id };
    const dueAt = await dueOf(db, who.homeworkId, student);
    if (dueAt === null) throw notFound(HOMEWORK_ENTRY_REFUSED);
    const lateUntil = await lateUntilOf(db, who, dueAt);
    const deadline = lateUntil ?? dueAt;
    const questions = await questionsOf(who.homeworkId);
    const before = await resultOf(who.homeworkId, who.studentId, deadline, questions);
    const existing = await db
      .selectFrom('homework_submissions')
      .select(['id', 'source'])
      .where('homework_id', '=', who.homeworkId)
      .where('student_id', '=', who.studentId)
      .executeTakeFirst();
    if (existing && existing.source !== 'online')
      throw badRequest(
        `老师已${existing.source === 'scan' ? '扫描' : '录入'}你的作业，不能再在线提交`,
      );
    if (now() > deadline)
      throw badRequest(lateUntil === null ? pastDueNoLate(dueAt) : pastLate(lateUntil));
    if (before && !before.replaceable) throw badRequest(HOMEWORK_CORRECTED);

    const bank = await loadQuestions(
      db,
      who.school_id,
      questions.flatMap((q) => (q.bank_question_id === null ? [] : [q.bank_question_id])),
    );
    const optionsOf = new Map(
      questions.map((q) => [q.no, bank.find((b) => b.id === q.bank_question_id)?.options]),
    );
    const seen = new Set<number>();
    const rows = body.answers.map((a) => {
      const q = questions.find((x) => x.no === a.questionNo);
      if (!q) throw badRequest(`题目 ${a.questionNo} 不存在`);
      if (seen.has(q.no)) throw badRequest(`第 ${q.label} 题重复提交`);
      seen.add(q.no);
      const raw = a.answer?.trim() ?? '';
      const shape = shapeOf(q, optionsOf.get(q.no));
      if (shape.choice !== null) {
        if (a.photoBase64 !== undefined) throw badRequest(`第 ${q.label} 题是客观题，请选择选项`);
        const answer = raw === '' ? null : storedChoice(q, raw);
        const allowed = LETTERS.slice(0, shape.optionCount);
        if (
          answer === '' ||
          (shape.choice !== 'judge' &&
            answer !== null &&
            [...answer].some((c) => !allowed.includes(c))) ||
          (shape.choice === 'single' && answer !== null && answer.length > 1)
        )
          throw badRequest(`第 ${q.label} 题的选项不正确`);
        return { q, answer, photo: null, score: answer === null ? null : scoreKey(q, answer) };
      }
      let photo: { bytes: Buffer; ext: string } | null = null;
      if (a.photoBase64 !== undefined) {
        const bytes = decodePaper(a.photoBase64);
        const kind = (() => {
          try {
            return paperKindOf(bytes);
          } catch {
            return null;
          }
        })();
        if (kind?.kind !== 'image')
          throw badRequest(`第 ${q.label} 题的照片只能是 PNG 或 JPG 图片`);
        photo = { bytes, ext: kind.contentType === 'image/png' ? 'png' : 'jpg' };
      }
      return { q, answer: raw === '' ? null : raw, photo, score: null };
    });

    const at = now();
    const late = at > dueAt ? 1 : 0;
    const stored = await Promise.all(
      rows.map(async (x) => {
        if (!x.photo) return null;
        const key = `homework/${who.school_id}/${who.homeworkId}/online/${who.studentId}-${x.q.no}-${randomToken(8)}.${x.photo.ext}`;
        await files.put(key, x.photo.bytes);
        return key;
      }),
    );
    const oldKeys = await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('homework_submissions')
        .values({
          ...newHandIn({
            homeworkId: who.homeworkId,
            schoolId: who.school_id,
            studentId: who.studentId,
            classId: who.class_id,
            source: 'online',
            at,
          }),
          late,
        })
        .onConflict((oc) => oc.columns(['homework_id', 'student_id']).doNothing())
        .execute();
      const sub = await trx
        .selectFrom('homework_submissions')
        .select(['id', 'source', 'corrected_by'])
        .where('homework_id', '=', who.homeworkId)
        .where('student_id', '=', who.studentId)
        .executeTakeFirstOrThrow();
      // A teacher's scan, 录入 or correction may have come in between the checks and here.
      const touched = await trx
        .selectFrom('homework_answers')
        .select('question_no')
        .where('submission_id', '=', sub.id)
        .where('corrected_by', 'is not', null)
        .executeTakeFirst();
      if (sub.source !== 'online' || sub.corrected_by !== null || touched)
        throw badRequest(HOMEWORK_CORRECTED);
      const old = await trx
        .selectFrom('homework_answers')
        .select('crop_key')
        .where('submission_id', '=', sub.id)
        .execute();
      await trx.deleteFrom('homework_answer_rubrics').where('submission_id', '=', sub.id).execute();
      await trx.deleteFrom('homework_answers').where('submission_id', '=', sub.id).execute();
      await trx
        .updateTable('homework_submissions')
        .set({ status: 'submitted', score: null, submitted_at: at, late, updated_at: at })
        .where('id', '=', sub.id)
        .execute();
      if (rows.length > 0)
        await trx
          .insertInto('homework_answers')
          .values(
            rows.map((x, i) => ({
              submission_id: sub.id,
              question_no: x.q.no,
              answer: x.answer,
              crop_key: stored[i] ?? null,
              score: x.score,
              judgement: x.score === null ? null : judgementOf(x.score, x.q.full_marks),
              adjustment: null,
              review: 0,
              corrected_by: null,
              corrected_at: x.score === null ? null : at,
            })),
          )
          .execute();
      await settle(trx, sub.id, null, at);
      return old.flatMap((o) => (o.crop_key === null ? [] : [o.crop_key]));
    });
    await Promise.all(oldKeys.map((k) => files.delete(k).catch(() => undefined)));
    return (await resultOf(who.homeworkId, who.studentId, deadline, questions))!;
  });
}
