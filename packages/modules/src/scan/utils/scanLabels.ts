import type {
  ScanBatchProgress,
  ScanExceptionKind,
  ScanFixAction,
  ScanObjectiveAnswer,
  ScanObjectiveStatus,
  ScanObjectiveStudent,
} from '@examkit/contracts';
import type { DataOf, examRoutes } from '@examkit/contracts';

export const KIND_LABELS: Record<ScanExceptionKind, string> = {
  unreadable: '无法识别',
  wrong_exam: '非本科目答题卡',
  exam_no_uncertain: '考号填涂不清',
  unknown_exam_no: '考号不在名单中',
  duplicate: '重复答题卡',
  bubble_review: '客观题待确认',
  page_owner: '无法确定考生',
  no_sheet: '无答题卡',
};

export const ACTION_LABELS: Record<ScanFixAction, string> = {
  assign: '指定考生',
  answer: '修改填涂',
  accept: '按识别结果确认',
  absent: '确认缺考',
  replace: '以本张为准',
  discard: '作废',
  rescan: '需重新扫描',
};

/** The fixes the server takes for each kind (docs/scanning.md "Matching and exceptions"). */
export const FIXES: Record<ScanExceptionKind, readonly ScanFixAction[]> = {
  unreadable: ['discard', 'rescan'],
  wrong_exam: ['discard', 'rescan'],
  exam_no_uncertain: ['assign', 'absent', 'discard', 'rescan'],
  unknown_exam_no: ['assign', 'absent', 'discard', 'rescan'],
  page_owner: ['assign', 'absent', 'discard', 'rescan'],
  duplicate: ['replace', 'discard', 'rescan'],
  bubble_review: ['answer', 'accept', 'absent', 'discard', 'rescan'],
  no_sheet: [],
};

export const BATCH_STATE_LABELS: Record<ScanBatchProgress['state'], string> = {
  uploading: '上传中',
  queued: '排队中',
  recognizing: '识别中',
  done: '已完成',
};

export const OBJECTIVE_STATUS_LABELS: Record<ScanObjectiveStatus, string> = {
  scored: '已计分',
  review: '待确认',
  missing_pages: '缺页',
  absent: '缺考',
  no_sheet: '无答题卡',
};

/** A student's standing in the objective scores: `待确认 2 题` names how many wait. */
export function objectiveStatusText(s: ScanObjectiveStudent): string {
  const label = OBJECTIVE_STATUS_LABELS[s.status];
  return s.status === 'review' ? `${label} ${s.reviewCount} 题` : label;
}

export const QUESTION_KIND_LABELS: Record<ScanObjectiveAnswer['kind'], string> = {
  single: '单选题',
  multiple: '多选题',
  judge: '判断题',
};

export const READ_STATUS_LABELS: Record<string, string> = {
  ok: '已识别',
  review: '待确认',
  fixed: '已更正',
};

/** Marked options as a person reads them: true/false as 对/错, nothing as 未填涂. */
export function choiceText(kind: ScanObjectiveAnswer['kind'], choice: string): string {
  if (choice === '') return '未填涂';
  if (kind === 'judge') return choice === 'T' ? '对' : choice === 'F' ? '错' : choice;
  return choice;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch milliseconds as local `YYYY-MM-DD HH:mm`. */
export function formatTime(ms: number | null): string {
  if (ms == null) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A participant of the exam, as `examRoutes.students` answers it. */
export type Participant = DataOf<typeof examRoutes.students>[number];
