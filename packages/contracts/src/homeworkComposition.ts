import { Type, type Static } from 'typebox';
import { gradeSubjectRow, Nullable, Obj, OneOf, post } from './builders';
import { titled as t, studentFields, titledPageFields } from './builders';
import { BySubmission, SubmissionId } from './homeworkIds';
import { Paged } from './envelope';
import { HomeworkState } from './homework';
import { SubmissionStatus } from './homeworkSubmission';

/**
 * 作文 (spec 001 §2 Homework: composition with create, edit, {id}/scan, {id}/report (basic,
 * student), composition/correct). A composition is a 校本作业 with one essay question: it is
 * assigned, scanned and handed in through the homework calls; these calls add its 作文要求, the
 * four-part rubric (内容, 结构, 语言, 书写), the teacher's 评语 and 范文. The calls are examkit's
 * (docs/homework.md "作文").
 */

const M = '/marking-homework/homework/composition';
const HId = t('作文', Type.Integer({ minimum: 1 }));
/** A body naming one composition. */
const ByComposition = Obj({ id: HId });

/** The rubric's parts, in order, with their labels. */
export const COMPOSITION_DIMENSIONS = ['content', 'structure', 'language', 'writing'] as const;
export type CompositionDimension = (typeof COMPOSITION_DIMENSIONS)[number];
export const COMPOSITION_DIMENSION_LABELS: Record<CompositionDimension, string> = {
  content: '内容',
  structure: '结构',
  language: '语言',
  writing: '书写',
};
/** The rubric a new composition starts with (60 分, like the 高考作文). */
export const DEFAULT_COMPOSITION_RUBRIC: Record<CompositionDimension, number> = {
  content: 25,
  structure: 15,
  language: 15,
  writing: 5,
};

export const COMPOSITION_GENRES = [
  '不限',
  '记叙文',
  '议论文',
  '说明文',
  '应用文',
  '英语作文',
] as const;

const dimensionPoints = (label: string) =>
  t(`${label}满分`, Type.Integer({ minimum: 0, maximum: 100 }));
/** Points of each part of the rubric; the composition's full marks are their sum. */
export const CompositionRubric = Obj({
  content: dimensionPoints('内容'),
  structure: dimensionPoints('结构'),
  language: dimensionPoints('语言'),
  writing: dimensionPoints('书写'),
});
export type CompositionRubric = Static<typeof CompositionRubric>;

const dimensionScore = (label: string) =>
  t(`${label}得分`, Type.Number({ minimum: 0, maximum: 100, multipleOf: 0.5 }));

const EditFields = {
  name: t('作文名称', Type.String({ minLength: 1, maxLength: 60 })),
  prompt: t('作文要求', Type.String({ minLength: 1, maxLength: 2000 })),
  genre: t('文体', OneOf(COMPOSITION_GENRES)),
  minWords: t('字数要求', Type.Integer({ minimum: 0, maximum: 5000 })),
  rubric: t('评分标准', CompositionRubric),
};

export const CompositionSummary = Type.Object({
  ...gradeSubjectRow(),
  state: HomeworkState,
  genre: Type.String(),
  minWords: Type.Integer(),
  fullMarks: Type.Number(),
  /** Hand-ins the caller may see, and how many of them are corrected. */
  submitted: Type.Integer(),
  corrected: Type.Integer(),
  exemplary: Type.Integer(),
  createdAt: Type.Integer(),
});
export type CompositionSummary = Static<typeof CompositionSummary>;

export const CompositionDetail = Type.Object({
  ...CompositionSummary.properties,
  prompt: Type.String(),
  rubric: Type.Object({
    content: Type.Integer(),
    structure: Type.Integer(),
    language: Type.Integer(),
    writing: Type.Integer(),
  }),
  estimatedMinutes: Nullable(Type.Integer()),
  /**
   * Why AI批改建议 cannot be asked now (学校尚未配置AI模型, the school's AI switched off), or null
   * when it can.
   */
  aiSuggestion: Nullable(Type.String()),
});
export type CompositionDetail = Static<typeof CompositionDetail>;

/** The teacher's review of one essay: a score per part of the rubric, 评语, 范文. */
export const CompositionReview = Type.Object({
  submissionId: Type.Integer(),
  scores: Type.Object({
    content: Type.Number(),
    structure: Type.Number(),
    language: Type.Number(),
    writing: Type.Number(),
  }),
  total: Type.Number(),
  comment: Type.String(),
  exemplary: Type.Boolean(),
  reviewedBy: Nullable(Type.String()),
  reviewedAt: Type.Integer(),
});
export type CompositionReview = Static<typeof CompositionReview>;

/**
 * The school's AI model's suggestion for one essay: a score per part (within its points, in half
 * points) and a 评语. It fills the correction form; only the teacher's 保存 stores a review.
 */
export const CompositionSuggestion = Type.Object({
  submissionId: Type.Integer(),
  scores: CompositionReview.properties.scores,
  comment: Type.String(),
});
export type CompositionSuggestion = Static<typeof CompositionSuggestion>;

/** An essay marked 范文, shown to the class. */
export const ExemplaryEssay = Type.Object({
  submissionId: Type.Integer(),
  studentName: Type.String(),
  className: Type.String(),
  score: Nullable(Type.Number()),
  comment: Type.String(),
  hasImage: Type.Boolean(),
});
export type ExemplaryEssay = Static<typeof ExemplaryEssay>;

export const CompositionReportBasic = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  fullMarks: Type.Number(),
  /** The caller's students it is assigned to, handed in, corrected. */
  expected: Type.Integer(),
  submitted: Type.Integer(),
  corrected: Type.Integer(),
  average: Nullable(Type.Number()),
  highest: Nullable(Type.Number()),
  lowest: Nullable(Type.Number()),
  /** Per part of the rubric: its points, the average of the reviewed essays, that as a share. */
  dimensions: Type.Array(
    Type.Object({
      key: OneOf(COMPOSITION_DIMENSIONS),
      label: Type.String(),
      points: Type.Integer(),
      average: Nullable(Type.Number()),
      rate: Nullable(Type.Number()),
    }),
  ),
  /** Corrected essays by share of full marks: 优秀 ≥ 85%, 良好 ≥ 70%, 合格 ≥ 60%, 待提高. */
  bands: Type.Array(Type.Object({ label: Type.String(), count: Type.Integer() })),
  exemplary: Type.Array(ExemplaryEssay),
});
export type CompositionReportBasic = Static<typeof CompositionReportBasic>;

export const CompositionStudentRow = Type.Object({
  ...studentFields(),
  status: SubmissionStatus,
  submissionId: Nullable(Type.Integer()),
  score: Nullable(Type.Number()),
  scores: Nullable(CompositionReview.properties.scores),
  comment: Type.String(),
  exemplary: Type.Boolean(),
});
export type CompositionStudentRow = Static<typeof CompositionStudentRow>;

/** The calls of 作文 (docs/homework.md "作文"). */
export const homeworkCompositionRoutes = {
  compositionPage: post(
    `${M}/pageInfo`,
    'paged compositions the caller may see, newest first',
    Obj({
      ...titledPageFields(100, 20),
      keyWord: Type.Optional(t('关键字', Type.String({ maxLength: 60 }))),
    }),
    Paged(CompositionSummary),
  ),
  compositionCreate: post(
    `${M}/create`,
    'a composition (待布置): one essay question whose full marks are the rubric’s sum',
    Obj({
      ...EditFields,
      gradeId: t('年级', Type.Integer({ minimum: 1 })),
      subjectId: t('科目', Type.Integer({ minimum: 1 })),
      estimatedMinutes: t('预计用时', Type.Integer({ minimum: 1, maximum: 240 })),
      idempotencyKey: t('请求标识', Type.String({ minLength: 8, maxLength: 64 })),
    }),
    Type.Object({ id: Type.Integer() }),
  ),
  compositionDetail: post(`${M}/detail`, 'one composition', ByComposition, CompositionDetail),
  compositionEdit: post(
    `${M}/edit`,
    'change a composition’s name, 要求, 文体, 字数; its rubric only before it is assigned',
    Obj({ id: HId, ...EditFields }),
    CompositionDetail,
  ),
  compositionReview: post(
    `${M}/correct/review`,
    'the review of one essay, or null before it is reviewed',
    BySubmission,
    Nullable(CompositionReview),
  ),
  compositionCorrect: post(
    `${M}/correct`,
    'score an essay by the rubric (each part 0…its points), with 评语 and 范文; the essay’s score is the sum',
    Obj({
      submissionId: SubmissionId,
      scores: t(
        '各项得分',
        Obj({
          content: dimensionScore('内容'),
          structure: dimensionScore('结构'),
          language: dimensionScore('语言'),
          writing: dimensionScore('书写'),
        }),
      ),
      comment: t('评语', Type.String({ maxLength: 500 })),
      exemplary: t('范文', Type.Boolean()),
    }),
    CompositionReview,
  ),
  compositionSuggest: post(
    `${M}/correct/ai-suggest`,
    'the school’s AI model reads the essay’s scanned pages and suggests a score per part and a 评语 (nothing is saved)',
    BySubmission,
    CompositionSuggestion,
  ),
  exemplary: post(
    `${M}/exemplary`,
    'the essays marked 范文 of the caller’s students, best first',
    ByComposition,
    Type.Array(ExemplaryEssay),
  ),
  reportBasic: post(
    `${M}/report/basic`,
    'a composition’s class report: hand-ins, scores, each part of the rubric, bands, 范文',
    ByComposition,
    CompositionReportBasic,
  ),
  reportStudent: post(
    `${M}/report/student`,
    'every student of the caller with their essay’s score per part, 评语 and 范文',
    ByComposition,
    Type.Array(CompositionStudentRow),
  ),
};
