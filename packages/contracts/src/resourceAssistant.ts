import { Type, type Static } from 'typebox';
import { Nullable, Obj, OneOf, post } from './builders';
import { Paged } from './envelope';
import { BankQuestionItem } from './resource';
import { QUESTION_TYPE_KEYS } from './questionKinds';
import { ASSISTANT_MIXES } from './assistantMixes';

export * from './assistantMixes';

/**
 * 组卷助手 (spec 001 §2 Resources, generate/assistants and assistants/detail): the teacher sets
 * subject, stage, grade, knowledge points, how many questions of each type with their scores and
 * the difficulty mix; the server picks bank questions into a **plan** kept as a record (组卷记录);
 * the plan is previewed, a question swapped (换一题), and saved as a school paper.
 * @see docs/resources.md "组卷助手"
 */

const A = '/marking-resources/assistant';
const t = (title: string) => ({ title });

/** How many questions of one type, each with what score. */
export const AssistantRow = Obj({
  type: OneOf(QUESTION_TYPE_KEYS),
  count: Type.Integer({ minimum: 1, maximum: 30, ...t('题数') }),
  score: Type.Number({ exclusiveMinimum: 0, maximum: 100, ...t('每题分值') }),
});

/** What the teacher asks for. */
export const AssistantSettings = Obj({
  title: Type.String({ minLength: 1, maxLength: 80, ...t('试卷标题') }),
  subjectCode: Type.String({ minLength: 1, maxLength: 20, ...t('学科') }),
  stage: Type.Integer({ minimum: 1, maximum: 3, ...t('学段') }),
  gradeNum: Nullable(Type.Integer({ minimum: 1, maximum: 12, ...t('年级') })),
  /** Knowledge points (each with the nodes below it); none = the whole subject. */
  pointIds: Type.Array(Type.Integer({ minimum: 1 }), {
    maxItems: 20,
    uniqueItems: true,
    ...t('知识点'),
  }),
  rows: Type.Array(AssistantRow, { minItems: 1, maxItems: 7, ...t('题型') }),
  mix: OneOf(ASSISTANT_MIXES),
});
export type AssistantSettings = Static<typeof AssistantSettings>;

/** One section of a plan: a question type, how many were asked and the questions found. */
export const AssistantSection = Type.Object({
  type: OneOf(QUESTION_TYPE_KEYS),
  title: Type.String(),
  wanted: Type.Integer(),
  score: Type.Number(),
  questions: Type.Array(BankQuestionItem),
});

/** A plan as the list (组卷记录) shows it. */
export const AssistantPlanSummary = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  subjectCode: Type.String(),
  questionCount: Type.Integer(),
  wantedCount: Type.Integer(),
  fullMarks: Type.Number(),
  /** The paper it was saved as, if it was. */
  paperId: Nullable(Type.Integer()),
  createdAt: Type.Integer(),
});

/** A plan with its settings and questions. */
export const AssistantPlan = Type.Object({
  ...AssistantPlanSummary.properties,
  settings: AssistantSettings,
  sections: Type.Array(AssistantSection),
});

const PlanId = Type.Integer({ minimum: 1, ...t('组卷方案') });
const RequestKey = Type.String({ minLength: 8, maxLength: 64, ...t('请求标识') });

export const assistantRoutes = {
  generate: post(
    `${A}/generate`,
    'picks bank questions by the settings into a new plan (a retried request answers the same plan)',
    Obj({ settings: AssistantSettings, requestKey: RequestKey }),
    Type.Object({ planId: Type.Integer() }),
  ),
  list: post(
    `${A}/list`,
    'the caller’s plans (组卷记录), newest first',
    Obj({
      pageNum: Type.Integer({ minimum: 1, ...t('页码') }),
      pageSize: Type.Integer({ minimum: 1, maximum: 100, ...t('每页条数') }),
    }),
    Paged(AssistantPlanSummary),
  ),
  detail: post(
    `${A}/detail`,
    'one plan with its questions',
    Obj({ planId: PlanId }),
    AssistantPlan,
  ),
  swap: post(
    `${A}/swap`,
    'swaps one question of a plan for another of the same type (换一题)',
    Obj({ planId: PlanId, questionId: Type.Integer({ minimum: 1, ...t('试题') }) }),
    AssistantPlan,
  ),
  save: post(
    `${A}/save`,
    'saves a plan as a school paper (once: saving again answers the same paper)',
    Obj({
      planId: PlanId,
      durationMinutes: Type.Integer({ minimum: 1, maximum: 600, ...t('考试时长') }),
      requestKey: RequestKey,
    }),
    Type.Object({ paperId: Type.Integer() }),
  ),
};
