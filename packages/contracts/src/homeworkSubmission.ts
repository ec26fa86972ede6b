import { Type, type Static } from 'typebox';
import { Nullable, Obj, OneOf, post, titled as t, studentFields } from './builders';
import { ByHomework, BySubmission, HomeworkId, SubmissionId } from './homeworkIds';
import {
  ANNOTATION_KINDS,
  JUDGEMENTS,
  SUBMISSION_SOURCES,
  SUBMISSION_STATUSES,
} from './homeworkStatus';

/**
 * Hand-ins of 校本作业: scanned sheets (`{id}/scan`) and the correction screen
 * (/homework/correct). Spec 000 §4 names the status icons (finished, modified, not submitted,
 * right, wrong); the calls are examkit's (docs/homework.md "Submissions").
 */

const QuestionNo = t('题目', Type.Integer({ minimum: 1, maximum: 200 }));
const Points = (title: string) =>
  t(title, Type.Number({ minimum: -200, maximum: 200, multipleOf: 0.5 }));

export * from './homeworkStatus';
export const SubmissionStatus = OneOf(SUBMISSION_STATUSES);
export type SubmissionStatus = Static<typeof SubmissionStatus>;
export const Judgement = OneOf(JUDGEMENTS);
export type Judgement = Static<typeof Judgement>;
export const AnnotationKind = OneOf(ANNOTATION_KINDS);
export type AnnotationKind = Static<typeof AnnotationKind>;

export const HomeworkScanPage = Type.Object({
  id: Type.Integer(),
  fileName: Type.String(),
  status: OneOf(['matched', 'exception', 'resolved'] as const),
  reason: Nullable(Type.String()),
  studentNoRead: Nullable(Type.String()),
  studentName: Nullable(Type.String()),
  submissionId: Nullable(Type.Integer()),
  createdAt: Type.Integer(),
  /** The sheet page (1-based) read from the page code. */
  page: Type.Integer(),
});
export type HomeworkScanPage = Static<typeof HomeworkScanPage>;

export const HomeworkScanOverview = Type.Object({
  /** Students the homework is assigned to (that the caller may correct). */
  expected: Type.Integer(),
  /** Hand-ins that are complete: every page of a scanned sheet arrived (or handed in otherwise). */
  submitted: Type.Integer(),
  openExceptions: Type.Integer(),
  /** Pages of the homework's answer sheet. */
  pageCount: Type.Integer(),
  /** Scanned hand-ins still missing pages (1-based), by student. */
  incomplete: Type.Array(
    Type.Object({
      studentName: Type.String(),
      studentNo: Type.String(),
      missingPages: Type.Array(Type.Integer()),
    }),
  ),
  pages: Type.Array(HomeworkScanPage),
});
export type HomeworkScanOverview = Static<typeof HomeworkScanOverview>;

export const RubricItem = Type.Object({
  id: Type.Integer(),
  questionNo: Type.Integer(),
  label: Type.String(),
  points: Type.Number(),
  /** Answers it is applied to. */
  usedBy: Type.Integer(),
});
export type RubricItem = Static<typeof RubricItem>;

export const SubmissionRow = Type.Object({
  ...studentFields(),
  status: SubmissionStatus,
  submissionId: Nullable(Type.Integer()),
  score: Nullable(Type.Number()),
  /** Questions scored / to score. */
  scored: Type.Integer(),
  source: Nullable(OneOf(SUBMISSION_SOURCES)),
});
export type SubmissionRow = Static<typeof SubmissionRow>;

export const CorrectionOverview = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  questions: Type.Array(
    Type.Object({
      no: Type.Integer(),
      label: Type.String(),
      type: OneOf(['objective', 'subjective'] as const),
      answer: Nullable(Type.String()),
      fullMarks: Type.Number(),
    }),
  ),
  students: Type.Array(SubmissionRow),
  rubric: Type.Array(RubricItem),
});
export type CorrectionOverview = Static<typeof CorrectionOverview>;

export const Annotation = Type.Object({
  id: Type.Integer(),
  questionNo: Type.Integer(),
  kind: AnnotationKind,
  x: Type.Number(),
  y: Type.Number(),
  size: Type.Number(),
  text: Nullable(Type.String()),
});
export type Annotation = Static<typeof Annotation>;

export const SubmissionAnswer = Type.Object({
  questionNo: Type.Integer(),
  answer: Nullable(Type.String()),
  score: Nullable(Type.Number()),
  judgement: Nullable(Judgement),
  adjustment: Nullable(Type.Number()),
  review: Type.Boolean(),
  rubricItemIds: Type.Array(Type.Integer()),
  hasImage: Type.Boolean(),
  /** Later parts of a written answer's image (continued on a later page): `part` 1…n of the image URL. */
  continuedParts: Type.Integer(),
  correctedAt: Nullable(Type.Integer()),
});
export type SubmissionAnswer = Static<typeof SubmissionAnswer>;

export const SubmissionDetail = Type.Object({
  id: Type.Integer(),
  homeworkId: Type.Integer(),
  studentId: Type.Integer(),
  studentName: Type.String(),
  className: Type.String(),
  status: SubmissionStatus,
  source: OneOf(SUBMISSION_SOURCES),
  score: Nullable(Type.Number()),
  hasImage: Type.Boolean(),
  correctedBy: Nullable(Type.String()),
  correctedAt: Nullable(Type.Integer()),
  answers: Type.Array(SubmissionAnswer),
  annotations: Type.Array(Annotation),
});
export type SubmissionDetail = Static<typeof SubmissionDetail>;

const M = '/marking-homework/homework';

/** The calls of hand-ins and correction (docs/homework.md "Submissions"). */
export const homeworkSubmissionRoutes = {
  scanUpload: post(
    `${M}/school-base/scan/upload`,
    'upload one scanned answer sheet (one page): recognised at once, matched by 学号, objective questions scored',
    Obj({
      id: HomeworkId,
      fileName: t('文件名', Type.String({ minLength: 1, maxLength: 128 })),
      contentBase64: t('文件内容', Type.String({ minLength: 1, maxLength: 1_000_000 })),
    }),
    HomeworkScanPage,
  ),
  scanList: post(
    `${M}/school-base/scan/list`,
    'the scans of a homework with their exceptions, and how many students handed in',
    ByHomework,
    HomeworkScanOverview,
  ),
  scanResolve: post(
    `${M}/school-base/scan/resolve`,
    'hand an exception scan to a student (its recognised answers become their submission)',
    Obj({
      pageId: t('扫描页', Type.Integer({ minimum: 1 })),
      studentId: t('学生', Type.Integer({ minimum: 1 })),
    }),
    HomeworkScanPage,
  ),
  correctOverview: post(
    `${M}/correct/overview`,
    'the correction screen of a homework: its questions, the caller’s students with their status, the rubric',
    ByHomework,
    CorrectionOverview,
  ),
  submission: post(
    `${M}/correct/submission`,
    'one hand-in with its answers, applied rubric items and annotations',
    BySubmission,
    SubmissionDetail,
  ),
  score: post(
    `${M}/correct/score`,
    'score one question of a hand-in (0 to full marks, half points); clears its applied rubric items',
    Obj({
      submissionId: SubmissionId,
      questionNo: QuestionNo,
      score: t('得分', Type.Number({ minimum: 0, maximum: 200, multipleOf: 0.5 })),
    }),
    SubmissionDetail,
  ),
  applyRubric: post(
    `${M}/correct/rubric/apply`,
    'score one question by rubric: full marks + Σ points of the items + adjustment, kept within 0…full marks',
    Obj({
      submissionId: SubmissionId,
      questionNo: QuestionNo,
      rubricItemIds: t(
        '评分项',
        Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 30, uniqueItems: true }),
      ),
      adjustment: Type.Optional(Points('加减分')),
    }),
    SubmissionDetail,
  ),
  saveRubricItem: post(
    `${M}/correct/rubric/save`,
    'add a rubric item to a question, or change one: every answer it was applied to is scored again',
    Obj({
      id: HomeworkId,
      questionNo: QuestionNo,
      itemId: Type.Optional(t('评分项', Type.Integer({ minimum: 1 }))),
      label: t('评分项名称', Type.String({ minLength: 1, maxLength: 40 })),
      points: Points('分值'),
    }),
    Type.Object({ items: Type.Array(RubricItem), rescored: Type.Integer() }),
  ),
  removeRubricItem: post(
    `${M}/correct/rubric/remove`,
    'delete a rubric item; the answers it was applied to are scored again without it',
    Obj({ itemId: t('评分项', Type.Integer({ minimum: 1 })) }),
    Type.Object({ items: Type.Array(RubricItem), rescored: Type.Integer() }),
  ),
  annotate: post(
    `${M}/correct/annotation/add`,
    'draw a mark (tick, cross, circle, text) on a question’s image of a hand-in',
    Obj({
      submissionId: SubmissionId,
      questionNo: QuestionNo,
      kind: t('批注类型', AnnotationKind),
      x: t('横坐标', Type.Number({ minimum: 0, maximum: 1 })),
      y: t('纵坐标', Type.Number({ minimum: 0, maximum: 1 })),
      size: t('大小', Type.Number({ exclusiveMinimum: 0, maximum: 1, default: 0.05 })),
      text: Type.Optional(t('批注文字', Type.String({ minLength: 1, maxLength: 60 }))),
    }),
    Type.Array(Annotation),
  ),
  removeAnnotation: post(
    `${M}/correct/annotation/remove`,
    'remove a mark drawn on a hand-in',
    Obj({ annotationId: t('批注', Type.Integer({ minimum: 1 })) }),
    Type.Array(Annotation),
  ),
};

/** A hand-in's scanned page, or one question's crop with `questionNo` (GET, PNG). */
export const HOMEWORK_SUBMISSION_IMAGE_URL = `${M}/correct/image`;
