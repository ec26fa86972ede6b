import type { SheetSettings } from './types';

/** The settings of spec 001 §3 with their defaults; the four texts the spec leaves open are examkit's choice. */
export const DEFAULT_SHEET_SETTINGS: Readonly<SheetSettings> = Object.freeze({
  answerSheetTitle: '答题卡',
  attentionContent: [
    '1．答题前，考生先将自己的姓名、考号等信息填写清楚，并认真核对。',
    '2．选择题使用2B铅笔填涂，非选择题使用0.5毫米黑色签字笔书写。',
    '3．请按题号顺序在各题的答题区域内作答，超出答题区域书写的答案无效。',
    '4．保持卡面清洁，不要折叠，不要弄破。',
  ].join('\n'),
  studentInfoContent: '姓名,考场,座位号',
  sealLineStudentInfoContent: '学校,班级,姓名,考号',
  isTemplate: true,
  isHen: 0,
  column: 1,
  hasSealLine: false,
  examNoType: 1,
  isClassAndExamNo: true,
  isObjectiveVertical: false,
  hasCareTip: false,
  hasMissTag: true,
  isHiddenQrcode: true,
  examNumCount: 8,
  showPagination: true,
  isJudgeSymbol: 1,
  isShowCorrectStand: false,
  isShowHalfPoint: true,
});

/** Smallest and largest exam-number digit counts the layout accepts. */
export const EXAM_NUM_COUNT_RANGE = { min: 4, max: 20 } as const;

/**
 * Fills in defaults and makes the settings consistent: A4 portrait always has one column,
 * A3 landscape two or three; the exam-number digit count is clamped to 4–20.
 */
export function resolveSettings(settings: Partial<SheetSettings> = {}): SheetSettings {
  const merged: SheetSettings = { ...DEFAULT_SHEET_SETTINGS };
  for (const [key, value] of Object.entries(settings)) {
    if (value !== undefined) (merged as unknown as Record<string, unknown>)[key] = value;
  }
  const column: SheetSettings['column'] = merged.isHen === 1 ? (merged.column === 3 ? 3 : 2) : 1;
  const digits = Math.round(Number.isFinite(merged.examNumCount) ? merged.examNumCount : 8);
  return {
    ...merged,
    column,
    examNumCount: Math.min(EXAM_NUM_COUNT_RANGE.max, Math.max(EXAM_NUM_COUNT_RANGE.min, digits)),
  };
}

/** Splits a field list such as `'姓名,考场，座位号'` into its labels. */
export function splitFields(text: string): string[] {
  return text
    .split(/[,，、\n]/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
