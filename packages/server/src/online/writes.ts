import type {
  BankQuestionItem,
  BodyOf,
  OnlineQuestion,
  OnlineQuestionInput,
  QuestionInput,
  onlineRoutes,
} from '@examkit/contracts';
import type { Db } from '../core/database';
import { badRequest, notFound } from '../core/envelope';
import { createDraftExam } from '../exam/exams';
import { validateStructure } from '../exam/paper';
import { saveAnswers, saveStructure } from '../exam/paperWrites';
import { writeTransaction } from '../marking/transaction';
import { examKindOf, keyOf } from '../resource/paperToExam';
import { loadQuestions } from '../resource/questions';
import { chinaDate, newExamCode, onlineQuestions, rescoreFill, type OnlineExam } from './online';
import { isAutoScored } from './scoring';

/**
 * The writes of an online exam's set-up, shared by the staff calls and the demo seed, so that
 * both pass the same checks. Callers check the permissions.
 */

export const ALREADY_STARTED = '已有学生开始作答，不能修改试题';
const CHOICE = new Set(['single', 'multiple']);

/** Students who opened the exam; once one has, the questions are fixed. */
export const startedCount = async (from: Db, examId: number) =>
  Number(
    (
      await from
        .selectFrom('online_attempts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('exam_id', '=', examId)
        .executeTakeFirst()
    )?.n ?? 0,
  );

/** A draft online exam of one subject for whole classes, with a fresh code; returns its id. */
export async function createOnline(
  db: Db,
  input: {
    schoolId: number;
    userId: number;
    grade: { id: number; academic_year: number };
    participants: { studentId: number; classId: number; studentNo: string }[];
    name: string;
    examType: string;
    classIds: number[];
    subjectCode: string;
    subjectName: string;
    at: number;
  },
): Promise<number> {
  const { at, participants, grade } = input;
  const code = await newExamCode(db);
  return db.transaction().execute(async (trx) => {
    const examId = await createDraftExam(trx, {
      schoolId: input.schoolId,
      academicYear: grade.academic_year,
      gradeId: grade.id,
      examType: input.examType,
      name: input.name,
      examDate: chinaDate(at),
      createdBy: input.userId,
      at,
      subjects: [
        { subjectCode: input.subjectCode, subjectName: input.subjectName, fullMarks: 100 },
      ],
      classIds: input.classIds,
      participants,
    });
    await trx
      .insertInto('online_exams')
      .values({
        exam_id: examId,
        school_id: input.schoolId,
        code,
        starts_at: null,
        ends_at: null,
        duration_minutes: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return examId;
  });
}

/**
 * The bank items the questions name (`source: 'bank'`, `sourceRef` the item's id), by id: the
 * school's own bank or the cloud bank. An item of another school, or none, answers 404.
 */
async function bankItems(
  db: Db,
  schoolId: number,
  questions: readonly OnlineQuestionInput[],
): Promise<Map<string, BankQuestionItem>> {
  const refs = questions.flatMap((q, i) =>
    q.source === 'bank' ? [{ n: i + 1, ref: q.sourceRef }] : [],
  );
  for (const { n, ref } of refs)
    if (!ref || !/^[1-9]\d{0,15}$/.test(ref))
      throw badRequest(`第 ${n} 题来自题库，但缺少题库试题编号`);
  const items = await loadQuestions(
    db,
    schoolId,
    refs.map((r) => Number(r.ref)),
  );
  const byRef = new Map(items.map((item) => [String(item.id), item]));
  for (const { n, ref } of refs)
    if (!byRef.has(ref!)) throw notFound(`第 ${n} 题引用的题库试题不存在`);
  return byRef;
}

/**
 * The key a bank item gives a question newly taken from it: the choice key, the accepted
 * fill-in answer or the reference answer, when the teacher kept the item's type.
 */
function bankKeys(
  item: BankQuestionItem,
  kind: OnlineQuestionInput['kind'],
  optionCount: number,
  number: string,
): Pick<OnlineQuestion, 'answer' | 'accepted' | 'reference'> {
  const none = { answer: null, accepted: [], reference: '' };
  if (examKindOf(item.type) !== kind) return none;
  const answer = item.answer.trim();
  if (kind === 'fill')
    return {
      ...none,
      accepted: answer && answer.length <= 200 && !answer.includes('\n') ? [answer] : [],
    };
  if (kind === 'subjective') return { ...none, reference: answer.slice(0, 4000) };
  return {
    ...none,
    answer: keyOf(kind, answer, kind === 'judge' ? undefined : optionCount, number),
  };
}

/**
 * createSetQuestion: replaces the questions while nobody has started; keys of unchanged kinds
 * stay. A question newly taken from the bank (or from another bank item) takes the item's key.
 */
export async function replaceQuestions(
  db: Db,
  ctx: OnlineExam,
  questions: readonly OnlineQuestionInput[],
  at: number,
): Promise<void> {
  if (ctx.exam.state !== 'draft' || (await startedCount(db, ctx.exam.id)) > 0)
    throw badRequest(ALREADY_STARTED);
  const before = await onlineQuestions(db, ctx.subject.id);
  const bank = await bankItems(db, ctx.online.school_id, questions);
  /** The bank's keys for a question whose bank item is new at its number, else undefined. */
  const fromBank = (q: OnlineQuestionInput, number: string) => {
    const item = q.source === 'bank' ? bank.get(q.sourceRef!) : undefined;
    const old = before.find((b) => b.number === number && b.kind === q.kind);
    if (!item || (old?.source === 'bank' && old.sourceRef === q.sourceRef)) return undefined;
    return bankKeys(item, q.kind, q.options?.length ?? 0, number);
  };
  const inputs: QuestionInput[] = questions.map((q, i) => {
    const number = String(i + 1);
    const options = q.options ?? [];
    if (CHOICE.has(q.kind) && options.length < 2)
      throw badRequest(`第 ${number} 题是选择题，至少需要两个选项`);
    if (!CHOICE.has(q.kind) && options.length > 0)
      throw badRequest(`第 ${number} 题不是选择题，不能有选项`);
    const old = before.find((b) => b.number === number && b.kind === q.kind);
    const last = String.fromCharCode(64 + options.length);
    const keepKey =
      old?.answer != null && (q.kind === 'judge' || [...old.answer].every((l) => l <= last));
    const keepPartial =
      q.kind === 'multiple' && old?.partialMarks != null && old.partialMarks < q.fullMarks;
    const taken = fromBank(q, number);
    return {
      number,
      kind: q.kind,
      fullMarks: q.fullMarks,
      ...(CHOICE.has(q.kind) ? { optionCount: options.length } : {}),
      answer: taken ? taken.answer : keepKey ? old.answer : null,
      partialMarks: !taken && keepPartial ? old.partialMarks : null,
      ...(q.kind === 'fill' ? { blankCount: 1 } : {}),
    };
  });
  validateStructure(inputs);
  await writeTransaction(db, async (trx) => {
    if ((await startedCount(trx, ctx.exam.id)) > 0) throw badRequest(ALREADY_STARTED);
    await saveStructure(trx, ctx.subject.id, inputs, at);
    const rows = await trx
      .selectFrom('exam_questions')
      .select(['id', 'number'])
      .where('exam_subject_id', '=', ctx.subject.id)
      .execute();
    const idOf = new Map(rows.map((r) => [r.number, r.id]));
    await trx.deleteFrom('online_questions').where('exam_id', '=', ctx.exam.id).execute();
    await trx
      .insertInto('online_questions')
      .values(
        questions.map((q, i) => {
          const number = String(i + 1);
          const old = before.find((b) => b.number === number && b.kind === q.kind);
          const taken = fromBank(q, number);
          return {
            question_id: idOf.get(number)!,
            exam_id: ctx.exam.id,
            stem: q.stem,
            options: JSON.stringify(q.options ?? []),
            accepted: JSON.stringify(taken ? taken.accepted : (old?.accepted ?? [])),
            reference: taken ? taken.reference : (old?.reference ?? ''),
            source: q.source ?? 'typed',
            source_ref: q.sourceRef ?? null,
          };
        }),
      )
      .execute();
    await trx
      .updateTable('exam_subjects')
      .set({ full_marks: questions.reduce((s, q) => s + q.fullMarks, 0) })
      .where('id', '=', ctx.subject.id)
      .execute();
  });
}

/** setAnswer: choice keys (scored again), accepted fill-in answers (scored again), references. */
export async function setKeys(
  db: Db,
  ctx: OnlineExam,
  answers: BodyOf<typeof onlineRoutes.saveAnswers>['answers'],
  at: number,
): Promise<void> {
  if (ctx.exam.state === 'published') throw badRequest('成绩报告已发布，请先撤回报告再修改');
  const questions = await onlineQuestions(db, ctx.subject.id);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const keys: { questionId: number; answer: string | null; partialMarks?: number | null }[] = [];
  for (const a of answers) {
    const q = byId.get(a.questionId);
    if (!q) throw badRequest('题目不属于该考试');
    if (a.answer !== undefined || a.partialMarks !== undefined) {
      if (!isAutoScored(q.kind) || q.kind === 'fill')
        throw badRequest(`第 ${q.number} 题不是选择题或判断题，不能设置选项答案`);
      keys.push({
        questionId: q.id,
        answer: a.answer === undefined ? q.answer : a.answer,
        ...(a.partialMarks !== undefined ? { partialMarks: a.partialMarks } : {}),
      });
    }
    if (a.accepted !== undefined && q.kind !== 'fill')
      throw badRequest(`第 ${q.number} 题不是填空题，不能设置可接受答案`);
    if (a.reference !== undefined && q.kind !== 'subjective')
      throw badRequest(`第 ${q.number} 题不是解答题，不能设置参考答案`);
  }
  await writeTransaction(db, async (trx) => {
    if (keys.length > 0) await saveAnswers(trx, ctx.subject.id, keys, at);
    let fillChanged = false;
    for (const a of answers) {
      const accepted =
        a.accepted === undefined ? undefined : [...new Set(a.accepted.map((s) => s.trim()))];
      if (accepted === undefined && a.reference === undefined) continue;
      await trx
        .updateTable('online_questions')
        .set({
          ...(accepted !== undefined ? { accepted: JSON.stringify(accepted) } : {}),
          ...(a.reference !== undefined ? { reference: a.reference } : {}),
        })
        .where('question_id', '=', a.questionId)
        .execute();
      if (accepted !== undefined) fillChanged = true;
    }
    if (fillChanged)
      await rescoreFill(trx, ctx.subject, await onlineQuestions(trx, ctx.subject.id), at);
  });
}

/** createSetTime: the window and each student's time; the exam date follows the start. */
export async function setWindow(
  db: Db,
  ctx: OnlineExam,
  window: { startsAt: number; endsAt: number; durationMinutes: number },
  at: number,
): Promise<void> {
  if (ctx.exam.state === 'published' || ctx.exam.state === 'finished')
    throw badRequest('考试已结束，不能修改时间');
  if (window.endsAt <= window.startsAt) throw badRequest('结束时间必须晚于开始时间');
  if (window.durationMinutes * 60_000 > window.endsAt - window.startsAt)
    throw badRequest('考试时长不能超过开始到结束的时间段');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('online_exams')
      .set({
        starts_at: window.startsAt,
        ends_at: window.endsAt,
        duration_minutes: window.durationMinutes,
        updated_at: at,
      })
      .where('exam_id', '=', ctx.exam.id)
      .execute();
    await trx
      .updateTable('exams')
      .set({ exam_date: chinaDate(window.startsAt), updated_at: at })
      .where('id', '=', ctx.exam.id)
      .execute();
  });
}
