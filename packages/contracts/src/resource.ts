import { Type, type Static } from 'typebox';
import { Nullable, Obj, OneOf } from './builders';
import { QUESTION_TYPE_KEYS } from './questionKinds';

export * from './questionKinds';

/**
 * The question bank's shapes (issue #15), shared by the bank, the basket and papers, Word in and
 * out, homework and the error-question bank. The calls live beside them in `resource*.ts`.
 * @see docs/resources.md
 */

const t = (title: string) => ({ title });

/** A sub-question of a composite question, as written. */
export const BankSubQuestionInput = Obj({
  type: OneOf(['single', 'multiple', 'blank', 'judge', 'answer'] as const),
  stem: Type.String({ maxLength: 20_000, ...t('题干') }),
  options: Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 8, ...t('选项') }),
  answer: Type.String({ maxLength: 20_000, ...t('答案') }),
  analysis: Type.String({ maxLength: 20_000, ...t('解析') }),
});
export type BankSubQuestionInput = Static<typeof BankSubQuestionInput>;

/**
 * A question as a form or an import writes it. Text fields are rich text: paragraphs separated
 * by blank lines, LaTeX between `$…$` (inline) or `$$…$$` (display), images as `![](fileKey)`.
 */
export const BankQuestionInput = Obj({
  subjectCode: Type.String({ minLength: 1, maxLength: 20, ...t('学科') }),
  stage: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], t('学段')),
  gradeNum: Nullable(Type.Integer({ minimum: 1, maximum: 12, ...t('年级') })),
  type: OneOf(QUESTION_TYPE_KEYS),
  difficulty: Type.Integer({ minimum: 1, maximum: 5, ...t('难度') }),
  stem: Type.String({ minLength: 1, maxLength: 20_000, ...t('题干') }),
  options: Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 8, ...t('选项') }),
  answer: Type.String({ maxLength: 20_000, ...t('答案') }),
  analysis: Type.String({ maxLength: 20_000, ...t('解析') }),
  pointIds: Type.Array(Type.Integer({ minimum: 1 }), {
    maxItems: 20,
    uniqueItems: true,
    ...t('知识点'),
  }),
  source: Type.String({ maxLength: 100, ...t('来源') }),
  year: Nullable(Type.Integer({ minimum: 1990, maximum: 2100, ...t('年份') })),
  tags: Type.Array(Type.String({ minLength: 1, maxLength: 20 }), { maxItems: 10, ...t('标签') }),
  children: Type.Array(BankSubQuestionInput, { maxItems: 30, ...t('小题') }),
});
export type BankQuestionInput = Static<typeof BankQuestionInput>;

export const KnowledgePointRef = Type.Object({ id: Type.Integer(), name: Type.String() });
export type KnowledgePointRef = Static<typeof KnowledgePointRef>;

export const BankSubQuestionItem = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  stem: Type.String(),
  options: Type.Array(Type.String()),
  answer: Type.String(),
  analysis: Type.String(),
});
export type BankSubQuestionItem = Static<typeof BankSubQuestionItem>;

/**
 * How a bank question did in the school's exams made from papers (生成考试): the grade figures
 * of the exam reports' question statistics, weighted by the students counted.
 */
export const BankQuestionUsage = Type.Object({
  /** Exams (finished or published) whose report has figures for the question. */
  exams: Type.Integer(),
  /** Students counted over those exams. */
  students: Type.Integer(),
  /** 得分率 0–1. */
  scoreRate: Nullable(Type.Number()),
  /** 区分度 (upper − lower 27 % mean over full marks). */
  discrimination: Nullable(Type.Number()),
});
export type BankQuestionUsage = Static<typeof BankQuestionUsage>;

/** A question as every page shows it. */
export const BankQuestionItem = Type.Object({
  id: Type.Integer(),
  /** `school`: the caller's school's own; `cloud`: the shared bank (read-only for schools). */
  bank: OneOf(['school', 'cloud'] as const),
  subjectCode: Type.String(),
  stage: Type.Integer(),
  gradeNum: Nullable(Type.Integer()),
  type: OneOf(QUESTION_TYPE_KEYS),
  difficulty: Type.Integer(),
  stem: Type.String(),
  options: Type.Array(Type.String()),
  answer: Type.String(),
  analysis: Type.String(),
  points: Type.Array(KnowledgePointRef),
  source: Type.String(),
  year: Nullable(Type.Integer()),
  tags: Type.Array(Type.String()),
  children: Type.Array(BankSubQuestionItem),
  version: Type.Integer(),
  updatedAt: Type.Integer(),
  /** Figures from real use; left out where the question was never in a finished exam. */
  usage: Type.Optional(BankQuestionUsage),
});
export type BankQuestionItem = Static<typeof BankQuestionItem>;
