import type { PaperQuestion, PaperStructure } from '@examkit/answer-sheet';
import type { Question, QuestionInput, QuestionKind } from '@examkit/contracts';
import type { Selectable } from 'kysely';
import { badRequest } from '../core/envelope';
import type { Db } from '../core/database';
import { normalizeChoice } from './objectiveScoring';
import type { ExamQuestionsTable } from './tables';

type QuestionRow = Selectable<ExamQuestionsTable>;

const OBJECTIVE = new Set<string>(['single', 'multiple', 'judge']);
export const isObjective = (kind: string): kind is 'single' | 'multiple' | 'judge' =>
  OBJECTIVE.has(kind);

const parseList = (json: string): string[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.map(String) : [];
};

/** Question rows of a subject in paper order. */
export function loadQuestionRows(db: Db, examSubjectId: number): Promise<QuestionRow[]> {
  return db
    .selectFrom('exam_questions')
    .selectAll()
    .where('exam_subject_id', '=', examSubjectId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** Rows as the wire's question tree (one level of sub-questions). */
export function toQuestionTree(rows: readonly QuestionRow[]): Question[] {
  const toWire = (row: QuestionRow, parentNumber: string) => ({
    id: row.id,
    number: row.number,
    fullNumber: parentNumber + row.number,
    kind: row.kind as QuestionKind,
    fullMarks: row.full_marks,
    optionCount: row.option_count,
    answer: row.answer,
    partialMarks: row.partial_marks,
    scoreStep: row.score_step,
    blankCount: row.blank_count,
    knowledgePoints: parseList(row.knowledge_points),
    abilities: parseList(row.abilities),
  });
  const tops = rows.filter((r) => r.parent_id === null);
  return tops.map((top) => ({
    ...toWire(top, ''),
    children: rows.filter((r) => r.parent_id === top.id).map((c) => toWire(c, top.number)),
  }));
}

/** Leaf questions (the scored ones) with their full numbers, in paper order. */
export function leavesOf(tree: readonly Question[]): Omit<Question, 'children'>[] {
  return tree.flatMap((q) => (q.children.length > 0 ? q.children : [q]));
}

/**
 * The exam's paper structure as `PaperStructure` of `@examkit/answer-sheet`: question ids are
 * the database ids as strings (`"42"`), so the recognition template reports them directly.
 */
export function toPaperStructure(subjectName: string, tree: readonly Question[]): PaperStructure {
  const map = (q: Omit<Question, 'children'>): PaperQuestion => ({
    id: String(q.id),
    number: q.number,
    type: q.kind,
    fullMarks: q.fullMarks,
    ...(q.optionCount !== null && (q.kind === 'single' || q.kind === 'multiple')
      ? { optionCount: q.optionCount }
      : {}),
    scoreStep: q.scoreStep,
    ...(q.blankCount !== null && q.kind === 'fill' ? { blankCount: q.blankCount } : {}),
  });
  return {
    subject: subjectName,
    questions: tree.map((q) =>
      q.children.length > 0 ? { ...map(q), subQuestions: q.children.map(map) } : map(q),
    ),
  };
}

type AnyQuestionInput = Omit<QuestionInput, 'children'>;

/** Checks a structure before it is stored; throws 400 with the first problem, in Chinese. */
export function validateStructure(questions: readonly QuestionInput[]): void {
  const seen = new Set<string>();
  const check = (q: AnyQuestionInput, full: string) => {
    if (seen.has(full)) throw badRequest(`题号 ${full} 重复`);
    seen.add(full);
    if (q.fullMarks <= 0) throw badRequest(`第 ${full} 题的满分必须大于 0`);
    if (q.kind === 'judge' && q.optionCount !== undefined && q.optionCount !== 2)
      throw badRequest(`第 ${full} 题是判断题，只能有 2 个选项`);
    if (q.answer !== undefined && q.answer !== null && q.answer.trim() !== '') {
      if (!isObjective(q.kind)) throw badRequest(`第 ${full} 题不是客观题，不能设置答案`);
      checkAnswer(q.kind, q.answer, q.optionCount, full);
    }
    if (q.partialMarks !== undefined && q.partialMarks !== null) {
      if (q.kind !== 'multiple') throw badRequest(`第 ${full} 题不是多选题，不能设置部分得分`);
      if (q.partialMarks <= 0 || q.partialMarks >= q.fullMarks)
        throw badRequest(`第 ${full} 题的部分得分必须大于 0 且小于满分`);
    }
  };
  for (const q of questions) {
    check(q, q.number);
    const children = q.children ?? [];
    if (children.length > 0) {
      const sum = children.reduce((s, c) => s + c.fullMarks, 0);
      if (Math.abs(sum - q.fullMarks) > 1e-9)
        throw badRequest(`第 ${q.number} 题的满分 ${q.fullMarks} 与小题满分之和 ${sum} 不一致`);
      for (const c of children) check(c, q.number + c.number);
    }
  }
}

/** Normalises and checks an answer key against the question; throws 400 when it cannot be right. */
export function checkAnswer(
  kind: 'single' | 'multiple' | 'judge',
  raw: string,
  optionCount: number | null | undefined,
  full: string,
): string {
  const answer = normalizeChoice(kind, raw);
  if (answer === null) throw badRequest(`第 ${full} 题的答案“${raw}”无法识别`);
  if (kind === 'single' && answer.length !== 1)
    throw badRequest(`第 ${full} 题是单选题，答案只能有一个选项`);
  if (kind !== 'judge') {
    const options = optionCount ?? 4;
    const last = String.fromCharCode(64 + options);
    if ([...answer].some((letter) => letter > last))
      throw badRequest(`第 ${full} 题只有 ${options} 个选项（A–${last}），答案“${raw}”超出范围`);
  }
  return answer;
}
