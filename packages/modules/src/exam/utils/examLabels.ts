import type { ExamState, QuestionKind } from '@examkit/contracts';

/** Chinese names of the exam states (docs/exams.md "States"). */
export const STATE_LABELS: Record<ExamState, string> = {
  draft: '草稿',
  sheet_ready: '答题卡已就绪',
  scanning: '扫描中',
  marking: '阅卷中',
  finished: '已完成',
  published: '报告已发布',
};

const FORWARD: Record<ExamState, string> = {
  draft: '退回草稿',
  sheet_ready: '答题卡就绪',
  scanning: '开始扫描',
  marking: '开始阅卷',
  finished: '完成考试',
  published: '发布报告',
};
const BACKWARD: Partial<Record<`${ExamState}>${ExamState}`, string>> = {
  'scanning>sheet_ready': '退回答题卡就绪',
  'marking>scanning': '继续扫描',
  'finished>marking': '重新阅卷',
  'published>finished': '撤回报告',
};

/** Button text of a transition between two states. */
export function transitionLabel(from: ExamState, to: ExamState): string {
  return BACKWARD[`${from}>${to}`] ?? FORWARD[to];
}

export const KIND_LABELS: Record<QuestionKind, string> = {
  single: '单选',
  multiple: '多选',
  judge: '判断',
  fill: '填空',
  subjective: '主观',
};

export const OBJECTIVE_KINDS: readonly QuestionKind[] = ['single', 'multiple', 'judge'];
