import {
  defaultAnswerHeight,
  EXAM_NUM_COUNT_RANGE,
  layoutSheet,
  type PaperQuestion,
  type PaperStructure,
  type SheetDocument,
} from '@examkit/answer-sheet';
import type { Db } from '../core/database';
import { badRequest } from '../core/envelope';

export interface SheetQuestionRow {
  no: number;
  label: string;
  type: string;
  answer: string | null;
  full_marks: number;
  /** The full marks the answer box was printed with (question/edit after assignment). */
  sheet_full_marks?: number | null | undefined;
}

const LETTERS = 'ABCDEFGH';

/**
 * A homework question as the answer-sheet engine lays it out: 对/错 a 判断题, one letter a 单选题,
 * several a 多选题 (at least 4 options, more when the key needs them), the rest a 主观题 box.
 */
export function sheetQuestionOf(q: SheetQuestionRow): PaperQuestion {
  const base = { id: `h${q.no}`, number: q.label, fullMarks: Number(q.full_marks) };
  if (q.type !== 'objective' || q.answer === null)
    return {
      ...base,
      type: 'subjective',
      // The box keeps the height it was printed with when the full marks changed later.
      ...(q.sheet_full_marks == null
        ? {}
        : { answerHeightMm: defaultAnswerHeight(Number(q.sheet_full_marks)) }),
    };
  if (q.answer === '对' || q.answer === '错') return { ...base, type: 'judge' };
  const highest = Math.max(...[...q.answer].map((c) => LETTERS.indexOf(c) + 1));
  return {
    ...base,
    type: q.answer.length > 1 ? 'multiple' : 'single',
    optionCount: Math.max(4, highest),
  };
}

/**
 * The homework's answer sheet laid out by the answer-sheet engine (the exams' sheet, titled with
 * the homework's name); its QR code holds `EKH|<homeworkId>` for the scanning still to come.
 */
export function layoutHomeworkSheet(
  homework: { id: number; name: string },
  subjectName: string,
  questions: readonly SheetQuestionRow[],
  /** Digits of the 学号 boxes (the longest 学号 of the grade); the engine's default otherwise. */
  examNumCount?: number,
  /** A 作文's 字数要求: its essay question is answered in a 作文格 of that many squares and more. */
  essayCharacters?: number,
): SheetDocument {
  if (questions.length === 0) throw badRequest('请先确认拆题，再打印答题卡');
  const paper: PaperStructure = {
    subject: subjectName,
    questions: questions.map((q) => {
      const question = sheetQuestionOf(q);
      return essayCharacters !== undefined && question.type === 'subjective'
        ? { ...question, essayGrid: { characters: essayCharacters } }
        : question;
    }),
  };
  try {
    return layoutSheet(
      paper,
      {
        answerSheetTitle: homework.name.slice(0, 40),
        ...(examNumCount === undefined ? {} : { examNumCount }),
      },
      {},
      { identity: `EKH|${homework.id}` },
    );
  } catch (error) {
    throw badRequest(`答题卡无法排版：${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Digits of the 学号 boxes of a grade's sheets: its longest 学号 within the engine's range
 * (undefined: no students, the engine's default), so that a scan matches students by 学号.
 */
export async function examNumCountOf(db: Db, gradeId: number): Promise<number | undefined> {
  const longest = await db
    .selectFrom('students as s')
    .innerJoin('classes as c', 'c.id', 's.class_id')
    .select((eb) => eb.fn.max(eb.fn('length', ['s.student_no'])).as('n'))
    .where('c.grade_id', '=', gradeId)
    .executeTakeFirst();
  const digits = Number(longest?.n ?? 0);
  return digits > 0
    ? Math.min(EXAM_NUM_COUNT_RANGE.max, Math.max(EXAM_NUM_COUNT_RANGE.min, digits))
    : undefined;
}

/**
 * The answer sheet of a stored homework: its questions, its subject's name, and 学号 boxes as
 * long as the longest 学号 of its grade (so `{id}/scan` matches students by 学号).
 */
export async function homeworkSheetDocument(
  db: Db,
  row: { id: number; name: string; subject_id: number; grade_id: number },
): Promise<SheetDocument> {
  const [questions, subject, count, composition] = await Promise.all([
    db
      .selectFrom('homework_questions')
      .selectAll()
      .where('homework_id', '=', row.id)
      .orderBy('no')
      .execute(),
    db.selectFrom('subjects').select('name').where('id', '=', row.subject_id).executeTakeFirst(),
    examNumCountOf(db, row.grade_id),
    db
      .selectFrom('homework_compositions')
      .select('min_words')
      .where('homework_id', '=', row.id)
      .executeTakeFirst(),
  ]);
  return layoutHomeworkSheet(
    row,
    subject?.name ?? '',
    questions,
    count,
    composition && composition.min_words > 0 ? Number(composition.min_words) : undefined,
  );
}
