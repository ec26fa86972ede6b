import type { BankQuestionItem, BodyOf, QuestionInput, paperRoutes } from '@examkit/contracts';
import type { Db } from '../core/database';
import { badRequest } from '../core/envelope';
import { assertExamManager } from '../exam/access';
import { createDraftExam, gradeOfSchool, requestedDraft, resolveParticipants } from '../exam/exams';
import { checkAnswer, isObjective } from '../exam/paper';
import { saveStructure } from '../exam/paperWrites';
import type { DataScope } from '../core/scope';
import { paperDetail } from './papers';

/**
 * 生成考试: a saved paper becomes a draft exam of one subject whose paper structure (numbers,
 * kinds, full marks, objective key, knowledge points) comes from the paper, so the exam pipeline
 * (answer sheet, scanning, marking, reports) takes it from there. Each exam question remembers
 * the bank question it came from (`paper_exam_questions`).
 */

type ExamKind = QuestionInput['kind'];

/** The exam question kind of a bank question type. */
export function examKindOf(type: string): ExamKind {
  switch (type) {
    case 'single':
    case 'multiple':
    case 'judge':
      return type;
    case 'blank':
      return 'fill';
    default:
      return 'subjective';
  }
}

/** Blanks of a fill question: runs of three or more underscores in the stem, at least one. */
const blanksOf = (stem: string) => Math.min(20, Math.max(1, stem.match(/_{3,}/g)?.length ?? 0));

/** The objective key of a bank answer, or null when it reads as no key (then it is set later). */
export function keyOf(
  kind: ExamKind,
  answer: string,
  optionCount: number | undefined,
  full: string,
) {
  if (!isObjective(kind) || answer.trim() === '') return null;
  try {
    return checkAnswer(kind, answer, optionCount, full);
  } catch {
    return null;
  }
}

function fieldsOf(
  q: { type: string; stem: string; options: string[]; answer: string },
  score: number,
  number: string,
  points: string[],
): Omit<QuestionInput, 'children'> {
  const kind = examKindOf(q.type);
  const optionCount =
    kind === 'single' || kind === 'multiple' ? Math.max(2, q.options.length) : undefined;
  const steps = Number.isInteger(score) ? 1 : 0.5;
  return {
    number,
    kind,
    fullMarks: score,
    ...(optionCount !== undefined ? { optionCount } : {}),
    answer: keyOf(kind, q.answer, optionCount, number),
    ...(kind === 'multiple' ? { partialMarks: null } : {}),
    scoreStep: steps,
    ...(kind === 'fill' ? { blankCount: blanksOf(q.stem) } : {}),
    knowledgePoints: points.slice(0, 20).map((p) => p.slice(0, 64)),
  };
}

/** Splits a composite question's score over its sub-questions in halves, the rest to the last. */
export function splitScore(score: number, parts: number): number[] {
  const each = Math.floor((score / parts) * 2) / 2;
  const rest = Math.round((score - each * (parts - 1)) * 100) / 100;
  return Array.from({ length: parts }, (_, i) => (i === parts - 1 ? rest : each));
}

/** The exam structure of a paper's questions, numbered 1, 2, … in paper order. */
export function structureOf(
  items: readonly { number: number; score: number; question: BankQuestionItem }[],
): QuestionInput[] {
  return items.map(({ number, score, question }) => {
    const points = question.points.map((p) => p.name);
    const full = String(number);
    if (question.type !== 'composite' || question.children.length === 0)
      return fieldsOf(question, score, full, points);
    const scores = splitScore(score, question.children.length);
    if (scores.some((s) => s <= 0)) throw badRequest(`第 ${full} 题的分值不够分给每个小题`);
    return {
      number: full,
      kind: 'subjective',
      fullMarks: score,
      knowledgePoints: points.slice(0, 20),
      children: question.children.map((c, i) => fieldsOf(c, scores[i]!, `(${i + 1})`, points)),
    };
  });
}

/** Makes the exam; returns its id and its subject's id. Callers check the permission. */
export async function paperToExam(
  db: Db,
  ctx: { schoolId: number; userId: number; scope: DataScope; at: number },
  body: BodyOf<typeof paperRoutes.toExam>,
): Promise<{ examId: number; examSubjectId: number }> {
  const done = await db
    .selectFrom('paper_exams')
    .select(['exam_id', 'exam_subject_id'])
    .where('school_id', '=', ctx.schoolId)
    .where('request_key', '=', body.requestKey)
    .executeTakeFirst();
  if (done) return { examId: done.exam_id, examSubjectId: done.exam_subject_id };
  const paper = await paperDetail(db, ctx.schoolId, body.id);
  if (paper.bank !== 'school') throw badRequest('云试卷请先复制到校本后再生成考试');
  const items = paper.sections.flatMap((s) => s.questions);
  if (items.length === 0) throw badRequest('试卷中没有试题');
  const structure = structureOf(items);
  const grade = await gradeOfSchool(db, ctx.schoolId, body.gradeId);
  assertExamManager(ctx.scope, grade.id);
  const participants = await resolveParticipants(db, ctx.schoolId, {
    gradeId: grade.id,
    classIds: body.classIds,
    studentIds: undefined,
  });
  const examSubject = await examSubjectOf(db, ctx.schoolId, paper.subjectCode);
  return db.transaction().execute(async (trx) => {
    const examId = await createDraftExam(trx, {
      ...requestedDraft(ctx, grade, body, ctx.at),
      subjects: [
        {
          subjectCode: examSubject.code,
          subjectName: examSubject.name,
          fullMarks: paper.fullMarks,
        },
      ],
      classIds: body.classIds,
      participants,
    });
    const subject = await trx
      .selectFrom('exam_subjects')
      .select('id')
      .where('exam_id', '=', examId)
      .executeTakeFirstOrThrow();
    await saveStructure(trx, subject.id, structure, ctx.at);
    const rows = await trx
      .selectFrom('exam_questions')
      .select(['id', 'number'])
      .where('exam_subject_id', '=', subject.id)
      .where('parent_id', 'is', null)
      .execute();
    const idOf = new Map(rows.map((r) => [r.number, r.id]));
    await trx
      .insertInto('paper_exam_questions')
      .values(
        items.map((i) => ({
          exam_subject_id: subject.id,
          exam_question_id: idOf.get(String(i.number))!,
          question_id: i.question.id,
        })),
      )
      .execute();
    await trx
      .insertInto('paper_exams')
      .values({
        paper_id: paper.id,
        exam_id: examId,
        exam_subject_id: subject.id,
        school_id: ctx.schoolId,
        request_key: body.requestKey,
        created_at: ctx.at,
      })
      .execute();
    return { examId, examSubjectId: subject.id };
  });
}

/** Bank subject codes and the names exams use for them (the demo school's subjects are named). */
const SUBJECT_NAMES: Record<string, string> = {
  chinese: '语文',
  math: '数学',
  english: '英语',
  physics: '物理',
  chemistry: '化学',
  biology: '生物',
  history: '历史',
  geography: '地理',
  politics: '政治',
};

/**
 * The exam subject of a bank subject: the school's subject list entry (by code or name) as the
 * exam module names it, else the known name.
 */
async function examSubjectOf(db: Db, schoolId: number, code: string) {
  const row = await db
    .selectFrom('subjects')
    .select(['code', 'name'])
    .where('school_id', '=', schoolId)
    .where((eb) => eb.or([eb('code', '=', code), eb('name', '=', SUBJECT_NAMES[code] ?? code)]))
    .executeTakeFirst();
  const name = row?.name ?? SUBJECT_NAMES[code] ?? code;
  return { code: row?.code ?? name, name };
}
