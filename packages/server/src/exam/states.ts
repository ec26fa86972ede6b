import type { ExamState } from '@examkit/contracts';

/**
 * Allowed transitions: the forward path draft → sheet_ready → scanning → marking → finished →
 * published; the import shortcut draft | sheet_ready → finished (scores imported, no
 * scanning); and the backward steps an administrator needs.
 * @see docs/exams.md
 */
export const TRANSITIONS: Readonly<Record<ExamState, readonly ExamState[]>> = {
  draft: ['sheet_ready', 'finished'],
  sheet_ready: ['scanning', 'draft', 'finished'],
  scanning: ['marking', 'sheet_ready'],
  marking: ['finished', 'scanning'],
  finished: ['published', 'marking'],
  published: ['finished'],
};

/** What each state allows. */
export interface StateRules {
  basics: boolean;
  participants: boolean;
  paper: boolean;
  answerKey: boolean;
  sheet: boolean;
  scoreImport: boolean;
  delete: boolean;
}

/** While the sheets are scanned and marked: the basics and the answer key only. */
const UNDER_WAY: Readonly<StateRules> = {
  basics: true,
  participants: false,
  paper: false,
  answerKey: true,
  sheet: false,
  scoreImport: false,
  delete: false,
};

const RULES: Record<ExamState, StateRules> = {
  draft: {
    basics: true,
    participants: true,
    paper: true,
    answerKey: true,
    sheet: true,
    scoreImport: true,
    delete: true,
  },
  sheet_ready: {
    basics: true,
    participants: true,
    paper: false,
    answerKey: true,
    sheet: true,
    scoreImport: true,
    delete: true,
  },
  scanning: UNDER_WAY,
  marking: UNDER_WAY,
  finished: {
    basics: true,
    participants: false,
    paper: false,
    answerKey: true,
    sheet: false,
    scoreImport: true,
    delete: true,
  },
  published: {
    basics: false,
    participants: false,
    paper: false,
    answerKey: false,
    sheet: false,
    scoreImport: false,
    delete: false,
  },
};

export const rulesOf = (state: ExamState): StateRules => RULES[state];

/** Why an edit is refused in a state, in the words the user sees. */
export function refusal(state: ExamState, edit: keyof StateRules): string {
  if (state === 'published') return '成绩报告已发布，请先撤回报告再修改';
  const started = state === 'scanning' || state === 'marking' || state === 'finished';
  switch (edit) {
    case 'paper':
      return started
        ? '考试已开始扫描，不能修改试卷结构'
        : '答题卡已制作完成，请先退回草稿再修改试卷结构';
    case 'sheet':
      return '考试已开始扫描，不能修改答题卡';
    case 'participants':
      return '考试已开始扫描，不能修改科目、班级和考生';
    case 'scoreImport':
      return '考试正在扫描或阅卷，不能导入成绩';
    case 'delete':
      return '考试正在扫描或阅卷，不能删除';
    default:
      return '当前考试状态不允许此操作';
  }
}

export const STATE_NAMES: Record<ExamState, string> = {
  draft: '草稿',
  sheet_ready: '答题卡已就绪',
  scanning: '扫描中',
  marking: '阅卷中',
  finished: '已完成',
  published: '报告已发布',
};
