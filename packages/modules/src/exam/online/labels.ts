import type { OnlineQuestionKind } from '@examkit/contracts';

/** The question kinds of an online exam as the pages name them. */
export const KIND_LABELS: Record<OnlineQuestionKind, string> = {
  single: '单选题',
  multiple: '多选题',
  judge: '判断题',
  fill: '填空题',
  subjective: '解答题',
};

/** Options of a choice question: A, B, C, …; true/false as 对 and 错. */
export const letterOf = (index: number) => String.fromCharCode(65 + index);
export const JUDGE_LABELS: Record<string, string> = { T: '对', F: '错' };

/** `2026-11-21 09:00` in the browser's time zone. */
export function formatTime(ms: number | null): string {
  if (ms === null) return '未设置';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
