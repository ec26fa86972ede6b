import { Type, type Static } from 'typebox';
import { Nullable, Obj, OneOf, post, wrongQuestionFields, titled as t } from './builders';

/**
 * 作业分析 (spec 001 §2: /homework/teaching-assistant with summary, frequency and
 * frequency/export; §7: the teaching-assistant query and the statistics of errors). The spec
 * names the pages only; these calls read the hand-ins of 校本作业 and 作文 (docs/homework.md
 * "作业分析"). The 教辅 workbook pages (chapter, batch …) are not built yet.
 */

const M = '/marking-homework/homework/teaching-assistant';

/** How far back the analysis looks, by the day a homework was assigned. */
export const ASSISTANT_PERIODS = ['7', '30', '90', 'all'] as const;
export const ASSISTANT_PERIOD_LABELS: Record<(typeof ASSISTANT_PERIODS)[number], string> = {
  '7': '最近 7 天',
  '30': '最近 30 天',
  '90': '最近 90 天',
  all: '本学年全部',
};

const Filter = {
  gradeId: t('年级', Type.Integer({ minimum: 1 })),
  subjectId: t('科目', Type.Integer({ minimum: 1 })),
  period: t('时间范围', OneOf(ASSISTANT_PERIODS)),
};
export const AssistantFilter = Obj(Filter);
export type AssistantFilter = Static<typeof AssistantFilter>;

export const AssistantOption = Type.Object({
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  subjectId: Type.Integer(),
  subjectName: Type.String(),
});
export type AssistantOption = Static<typeof AssistantOption>;

/** One homework × class: how many handed in, how many are corrected, the average. */
export const AssistantSummaryRow = Type.Object({
  homeworkId: Type.Integer(),
  homeworkName: Type.String(),
  /** `paper`, `bank` or `composition`. */
  source: Type.String(),
  classId: Type.Integer(),
  className: Type.String(),
  assignedAt: Type.Integer(),
  expected: Type.Integer(),
  submitted: Type.Integer(),
  corrected: Type.Integer(),
  fullMarks: Type.Number(),
  average: Nullable(Type.Number()),
  /** Percent of the class that handed in. */
  submitRate: Type.Number(),
});
export type AssistantSummaryRow = Static<typeof AssistantSummaryRow>;

/** One question of a homework and how often the caller's students got it wrong. */
export const FrequencyRow = Type.Object({
  homeworkId: Type.Integer(),
  homeworkName: Type.String(),
  ...wrongQuestionFields(),
  averageScore: Type.Number(),
  /** The answer given most often by those who got an objective question wrong, if any. */
  commonWrongAnswer: Nullable(Type.String()),
});
export type FrequencyRow = Static<typeof FrequencyRow>;

/** The most questions the 高频错题 list holds. */
export const FREQUENCY_LIMIT = 100;

/** The calls of 作业分析 (docs/homework.md "作业分析"). */
export const homeworkAssistantRoutes = {
  assistantOptions: post(
    `${M}/options`,
    'the grades × subjects the caller may analyse',
    Obj({}),
    Type.Array(AssistantOption),
  ),
  assistantSummary: post(
    `${M}/summary`,
    'every assigned homework of a grade × subject in the period, per class of the caller: hand-ins, corrected, average',
    AssistantFilter,
    Type.Array(AssistantSummaryRow),
  ),
  assistantFrequency: post(
    `${M}/frequency`,
    'the questions most often wrong among the caller’s students in the period, most wrong first',
    AssistantFilter,
    Type.Array(FrequencyRow),
  ),
};

/** GET `?gradeId=&subjectId=&period=`: the 高频错题 list as an Excel workbook. */
export const ASSISTANT_FREQUENCY_EXPORT_URL = `${M}/frequency/export`;
/** The columns of that workbook, in order (the page names them before the download). */
export const ASSISTANT_FREQUENCY_COLUMNS = [
  '作业',
  '题号',
  '题型',
  '满分',
  '作答人数',
  '错误人数',
  '错误率(%)',
  '平均分',
  '常见错误答案',
] as const;
