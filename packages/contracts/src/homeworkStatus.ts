/**
 * Hand-in statuses of 校本作业 (spec 000 §4: the icons finished, modified, not submitted, right,
 * wrong), free of the schema library so browser packages take them from `rules`.
 */

/** A student's hand-in: 未提交, 待批改, 已批改, 已修改. */
export const SUBMISSION_STATUSES = ['not_submitted', 'submitted', 'finished', 'modified'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  not_submitted: '未提交',
  submitted: '待批改',
  finished: '已批改',
  modified: '已修改',
};
/** A scored question: 对 (full marks) or 错. */
export const JUDGEMENTS = ['right', 'wrong'] as const;
export type Judgement = (typeof JUDGEMENTS)[number];
export const JUDGEMENT_LABELS: Record<Judgement, string> = { right: '对', wrong: '错' };
export const SUBMISSION_SOURCES = ['scan', 'online', 'manual'] as const;
export const SUBMISSION_SOURCE_LABELS = { scan: '扫描', online: '在线', manual: '录入' } as const;
/** Marks a teacher draws on a question's image. */
export const ANNOTATION_KINDS = ['tick', 'cross', 'circle', 'text'] as const;
export type AnnotationKind = (typeof ANNOTATION_KINDS)[number];
export const ANNOTATION_KIND_LABELS: Record<AnnotationKind, string> = {
  tick: '对勾',
  cross: '叉',
  circle: '圈',
  text: '文字',
};
