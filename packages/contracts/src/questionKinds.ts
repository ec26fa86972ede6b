/**
 * The question bank's constants, free of the schema library (exported through `/rules` for
 * browser packages as well as from the entry).
 */
/** Question types, in the order forms list them. `composite` holds sub-questions. */
export const QUESTION_TYPE_KEYS = [
  'single',
  'multiple',
  'blank',
  'judge',
  'answer',
  'essay',
  'composite',
] as const;
export type BankQuestionType = (typeof QUESTION_TYPE_KEYS)[number];

/** The name teachers see for each question type. */
export const QUESTION_TYPES: Record<BankQuestionType, string> = {
  single: '单选题',
  multiple: '多选题',
  blank: '填空题',
  judge: '判断题',
  answer: '解答题',
  essay: '作文',
  composite: '综合题',
};

/** The default score of a question type in a new paper (teachers change it per question). */
export const DEFAULT_SCORES: Record<BankQuestionType, number> = {
  single: 5,
  multiple: 5,
  blank: 5,
  judge: 2,
  answer: 12,
  essay: 40,
  composite: 12,
};

/** Objective types: scored from the key alone. */
export const OBJECTIVE_TYPES: readonly BankQuestionType[] = ['single', 'multiple', 'judge'];

/** Difficulty 1–5 → its name. */
export const DIFFICULTIES = ['容易', '较易', '中等', '较难', '困难'] as const;

/** School stages: 1 小学 (grades 1–6), 2 初中 (7–9), 3 高中 (10–12). */
export const STAGES = { 1: '小学', 2: '初中', 3: '高中' } as const;
export type Stage = 1 | 2 | 3;

/** The stage of a grade number (1–12). */
export function stageOfGrade(gradeNum: number): Stage {
  return gradeNum <= 6 ? 1 : gradeNum <= 9 ? 2 : 3;
}
