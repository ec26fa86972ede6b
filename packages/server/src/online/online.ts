import { randomInt } from 'node:crypto';
import type { OnlineDetail, OnlineQuestion, OnlineQuestionKind } from '@examkit/contracts';
import type { Selectable } from 'kysely';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { notFound } from '../core/envelope';
import type { FileStore } from '../core/files';
import type { ExamRow, SubjectRow } from '../exam/access';
import { recomputeTotals, writeRescored } from '../exam/scores';
import { registerPapers, type PaperInput } from '../marking/blocks';
import { renderAnswerImage } from './answerImage';
import { isAutoScored, scoreOnline, storedAnswer } from './scoring';
import type { OnlineAttemptsTable, OnlineExamsTable } from './tables';

export type OnlineRow = Selectable<OnlineExamsTable>;
export type AttemptRow = Selectable<OnlineAttemptsTable>;

/** An online exam of the school with its exam row and its one subject. */
export interface OnlineExam {
  exam: ExamRow;
  online: OnlineRow;
  subject: SubjectRow;
}

export const ONLINE_NOT_FOUND = '在线考试不存在';

/** The school's online exam, or 404 (another school's answers as missing). */
export async function loadOnline(db: Db, schoolId: number, examId: number): Promise<OnlineExam> {
  const online = await db
    .selectFrom('online_exams')
    .selectAll()
    .where('exam_id', '=', examId)
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  if (!online) throw notFound(ONLINE_NOT_FOUND);
  return loadParts(db, online);
}

export async function loadParts(db: Db, online: OnlineRow): Promise<OnlineExam> {
  const exam = await db
    .selectFrom('exams')
    .selectAll()
    .where('id', '=', online.exam_id)
    .executeTakeFirstOrThrow();
  const subject = await db
    .selectFrom('exam_subjects')
    .selectAll()
    .where('exam_id', '=', exam.id)
    .orderBy('sort_order')
    .executeTakeFirstOrThrow();
  return { exam, online, subject };
}

const CODE_LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A fresh exam code: 8 characters without look-alikes (0/O, 1/I/L), unused by any school. */
export async function newExamCode(db: Db): Promise<string> {
  for (;;) {
    const code = Array.from({ length: 8 }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join(
      '',
    );
    const taken = await db
      .selectFrom('online_exams')
      .select('exam_id')
      .where('code', '=', code)
      .executeTakeFirst();
    if (!taken) return code;
  }
}

export { chinaDate, chinaTime } from '../core/chinaTime';

const list = (json: string): string[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.map(String) : [];
};

/** The questions of an online exam in paper order, keys included. */
export async function onlineQuestions(db: Db, examSubjectId: number): Promise<OnlineQuestion[]> {
  const rows = await db
    .selectFrom('exam_questions as q')
    .leftJoin('online_questions as o', 'o.question_id', 'q.id')
    .select([
      'q.id',
      'q.number',
      'q.kind',
      'q.full_marks',
      'q.answer',
      'q.partial_marks',
      'o.stem',
      'o.options',
      'o.accepted',
      'o.reference',
      'o.source',
      'o.source_ref',
    ])
    .where('q.exam_subject_id', '=', examSubjectId)
    .where('q.parent_id', 'is', null)
    .orderBy('q.sort_order')
    .orderBy('q.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    kind: r.kind as OnlineQuestionKind,
    stem: r.stem ?? '',
    options: list(r.options ?? '[]'),
    fullMarks: r.full_marks,
    answer: r.answer,
    partialMarks: r.partial_marks,
    accepted: list(r.accepted ?? '[]'),
    reference: r.reference ?? '',
    source: r.source === 'bank' ? 'bank' : 'typed',
    sourceRef: r.source_ref ?? null,
  }));
}

/** The student's own deadline: the window's end, or the start + the duration when earlier. */
export const deadlineOf = (online: OnlineRow, attempt: Pick<AttemptRow, 'started_at'>): number =>
  Math.min(online.ends_at ?? 0, attempt.started_at + (online.duration_minutes ?? 0) * 60_000);

export const parseAnswers = (json: string): Record<string, string> => {
  const value: unknown = JSON.parse(json);
  return value && typeof value === 'object' ? (value as Record<string, string>) : {};
};

/**
 * Hands an attempt in once: marks it submitted, scores the auto-scored questions into
 * `exam_scores` (source `objective`, the answer beside the score) and the subject total.
 * Returns false when it was already submitted (a retry, or two pages at once): nothing changes.
 */
export async function submitAttempt(
  trx: Db,
  now: number,
  subject: SubjectRow,
  questions: readonly OnlineQuestion[],
  attempt: AttemptRow,
  answers: Record<string, string>,
): Promise<boolean> {
  const done = await trx
    .updateTable('online_attempts')
    .set({ submitted_at: now, saved_at: now, answers: JSON.stringify(answers) })
    .where('id', '=', attempt.id)
    .where('submitted_at', 'is', null)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) return false;
  const rows = questions
    .filter((q) => isAutoScored(q.kind))
    .map((q) => {
      const response = answers[String(q.id)] ?? '';
      return {
        exam_subject_id: subject.id,
        question_id: q.id,
        student_id: attempt.student_id,
        score: scoreOnline(q, response),
        source: 'objective' as const,
        answer: storedAnswer(q.kind, response),
        updated_at: now,
      };
    });
  if (rows.length > 0)
    await trx
      .insertInto('exam_scores')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['question_id', 'student_id']).doUpdateSet((eb) => ({
          score: eb.ref('excluded.score'),
          answer: eb.ref('excluded.answer'),
          source: eb.ref('excluded.source'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  await recomputeTotals(trx, subject.id, now, [attempt.student_id]);
  return true;
}

/** Scores fill-in answers again from what the students typed (after the accepted answers changed). */
export async function rescoreFill(
  trx: Db,
  subject: SubjectRow,
  questions: readonly OnlineQuestion[],
  now: number,
): Promise<void> {
  const fill = new Map(questions.filter((q) => q.kind === 'fill').map((q) => [q.id, q]));
  if (fill.size === 0) return;
  const scores = await trx
    .selectFrom('exam_scores')
    .select(['question_id', 'student_id', 'score', 'answer'])
    .where('exam_subject_id', '=', subject.id)
    .where('question_id', 'in', [...fill.keys()])
    .execute();
  await writeRescored(trx, subject.id, now, scores, (s) =>
    scoreOnline(fill.get(s.question_id)!, s.answer),
  );
}

/** Hands in, with what they saved, the attempts whose time ran out without a submit. */
export async function closeExpired(db: Db, clock: Clock, files: FileStore, ctx: OnlineExam) {
  const now = clock.now().getTime();
  const open = await db
    .selectFrom('online_attempts')
    .selectAll()
    .where('exam_id', '=', ctx.exam.id)
    .where('submitted_at', 'is', null)
    .execute();
  const expired = open.filter((a) => deadlineOf(ctx.online, a) <= now);
  if (expired.length === 0) return;
  const questions = await onlineQuestions(db, ctx.subject.id);
  const closed: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (const a of expired)
      if (await submitAttempt(trx, now, ctx.subject, questions, a, parseAnswers(a.answers)))
        closed.push(a.student_id);
  });
  await handToMarking(db, clock, files, ctx, closed);
}

/**
 * Registers the submitted free answers as papers of the subject's unfinished marking blocks:
 * each student's typed answers to the block's questions rendered as one PNG
 * (`online/<subject>/<block>/<student>.png`), the same kind of image as a scanned crop.
 * @param studentIds only these students; @default every submitted student
 */
export async function handToMarking(
  db: Db,
  clock: Clock,
  files: FileStore,
  ctx: OnlineExam,
  studentIds?: readonly number[],
): Promise<{ blockId: number; registered: number }[]> {
  if (studentIds !== undefined && studentIds.length === 0) return [];
  const blocks = await db
    .selectFrom('marking_blocks')
    .select(['id', 'question_ids'])
    .where('exam_subject_id', '=', ctx.subject.id)
    .where('joint_exam_id', 'is', null)
    .where('state', '!=', 'finished')
    .orderBy('id')
    .execute();
  if (blocks.length === 0) return [];
  let query = db
    .selectFrom('online_attempts')
    .select(['student_id', 'answers'])
    .where('exam_id', '=', ctx.exam.id)
    .where('submitted_at', 'is not', null);
  if (studentIds !== undefined) query = query.where('student_id', 'in', [...studentIds]);
  const attempts = await query.execute();
  const numbers = new Map(
    (await onlineQuestions(db, ctx.subject.id)).map((q) => [q.id, q.number] as const),
  );
  const out: { blockId: number; registered: number }[] = [];
  for (const block of blocks) {
    const ids = JSON.parse(block.question_ids) as number[];
    const papers: PaperInput[] = [];
    for (const a of attempts) {
      const answers = parseAnswers(a.answers);
      const text = ids
        .map((id) => {
          const answer = answers[String(id)] ?? '';
          return ids.length > 1 ? `第${numbers.get(id) ?? ''}题：${answer}` : answer;
        })
        .join('\n\n');
      const key = `online/${ctx.subject.id}/${block.id}/${a.student_id}.png`;
      await files.put(key, await renderAnswerImage(text));
      papers.push({ studentId: a.student_id, cropKey: key });
    }
    const { registered } =
      papers.length > 0 ? await registerPapers(db, clock, block.id, papers) : { registered: 0 };
    out.push({ blockId: block.id, registered });
  }
  return out;
}

/** The staff's view of an online exam. */
export async function detailOf(
  db: Db,
  ctx: OnlineExam,
  access: { canManage: boolean; canEdit: boolean },
): Promise<OnlineDetail> {
  const { exam, online, subject } = ctx;
  const [grade, classes, questions, students, attempts] = await Promise.all([
    db.selectFrom('grades').select('name').where('id', '=', exam.grade_id).executeTakeFirst(),
    db
      .selectFrom('exam_classes as ec')
      .innerJoin('classes as c', 'c.id', 'ec.class_id')
      .select(['c.id as classId', 'c.name as className'])
      .where('ec.exam_id', '=', exam.id)
      .orderBy('c.id')
      .execute(),
    onlineQuestions(db, subject.id),
    db
      .selectFrom('exam_students')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('exam_id', '=', exam.id)
      .executeTakeFirst(),
    db
      .selectFrom('online_attempts')
      .select((eb) => [
        eb.fn.countAll<number>().as('started'),
        eb.fn.count<number>('submitted_at').as('submitted'),
      ])
      .where('exam_id', '=', exam.id)
      .executeTakeFirst(),
  ]);
  const startedCount = Number(attempts?.started ?? 0);
  return {
    id: exam.id,
    name: exam.name,
    examType: exam.exam_type,
    gradeId: exam.grade_id,
    gradeName: grade?.name ?? '',
    state: exam.state,
    classes,
    examSubjectId: subject.id,
    subjectCode: subject.subject_code,
    subjectName: subject.subject_name,
    fullMarks: questions.reduce((s, q) => s + q.fullMarks, 0),
    code: online.code,
    startsAt: online.starts_at === null ? null : Number(online.starts_at),
    endsAt: online.ends_at === null ? null : Number(online.ends_at),
    durationMinutes: online.duration_minutes,
    questions,
    studentCount: Number(students?.n ?? 0),
    startedCount,
    submittedCount: Number(attempts?.submitted ?? 0),
    questionsEditable: startedCount === 0 && exam.state === 'draft',
    ...access,
  };
}
