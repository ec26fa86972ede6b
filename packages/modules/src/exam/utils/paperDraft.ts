import type { Question, QuestionInput, QuestionKind } from '@examkit/contracts';

/** One editable row of the paper structure: every value as typed. */
export interface QuestionDraft {
  key: string;
  number: string;
  kind: QuestionKind;
  fullMarks: string;
  optionCount: string;
  answer: string;
  partialMarks: string;
  knowledgePoints: string;
  abilities: string;
  children: QuestionDraft[];
}

let seq = 0;
const nextKey = () => `q${++seq}`;

const TAG_SPLIT = /[,，、;；]/;
const tags = (text: string) =>
  text
    .split(TAG_SPLIT)
    .map((t) => t.trim())
    .filter(Boolean);

export function emptyDraft(number: string, kind: QuestionKind = 'single'): QuestionDraft {
  return {
    key: nextKey(),
    number,
    kind,
    fullMarks: kind === 'subjective' ? '10' : '5',
    optionCount: kind === 'single' || kind === 'multiple' ? '4' : '',
    answer: '',
    partialMarks: '',
    knowledgePoints: '',
    abilities: '',
    children: [],
  };
}

type Source = Omit<QuestionInput, 'children'> & {
  children?: readonly Omit<QuestionInput, 'children'>[] | undefined;
};

/** Rows from stored questions or from a parsed spreadsheet. */
export function toDrafts(questions: readonly (Question | QuestionInput)[]): QuestionDraft[] {
  const one = (q: Source): QuestionDraft => ({
    key: nextKey(),
    number: q.number,
    kind: q.kind,
    fullMarks: String(q.fullMarks),
    optionCount: q.optionCount != null ? String(q.optionCount) : '',
    answer: q.answer ?? '',
    partialMarks: q.partialMarks != null ? String(q.partialMarks) : '',
    knowledgePoints: (q.knowledgePoints ?? []).join('、'),
    abilities: (q.abilities ?? []).join('、'),
    children: (q.children ?? []).map((c) => one(c)),
  });
  return questions.map((q) => one(q as Source));
}

const isChoice = (kind: QuestionKind) => kind === 'single' || kind === 'multiple';

/** Sum of a heading's sub-questions, or the row's own full marks. */
export function marksOf(draft: QuestionDraft): number {
  if (draft.children.length > 0) return draft.children.reduce((sum, c) => sum + marksOf(c), 0);
  return Number(draft.fullMarks) || 0;
}

export const paperTotal = (drafts: readonly QuestionDraft[]) =>
  drafts.reduce((sum, d) => sum + marksOf(d), 0);

/** Normalises a judge key (√ × 对 错 accepted) to `T`/`F`; other kinds upper-cased. */
export function normaliseAnswer(kind: QuestionKind, answer: string): string {
  const a = answer.trim().toUpperCase();
  if (kind === 'judge') {
    if (['T', '√', '对', '正确'].includes(a)) return 'T';
    if (['F', '×', 'X', '错', '错误'].includes(a)) return 'F';
  }
  if (kind === 'multiple') return [...new Set(a.replace(/[^A-Z]/g, ''))].sort().join('');
  return a;
}

/** The problem with one row's key, or null. */
export function answerProblem(
  kind: QuestionKind,
  answer: string,
  optionCount: number,
): string | null {
  const a = answer.trim();
  if (!a || kind === 'fill' || kind === 'subjective') return null;
  const letters = String.fromCharCode(...Array.from({ length: optionCount }, (_, i) => 65 + i));
  const raw = a.toUpperCase();
  if (kind === 'judge')
    return normaliseAnswer(kind, a).length === 1 && /^[TF]$/.test(normaliseAnswer(kind, a))
      ? null
      : '判断题答案须为 T 或 F（√ ×）';
  if (kind === 'single')
    return raw.length === 1 && letters.includes(raw)
      ? null
      : `单选题答案须为 A-${letters.at(-1)} 中的一个字母`;
  return /^[A-Z]+$/.test(raw) && [...raw].every((c) => letters.includes(c))
    ? null
    : `多选题答案须为 A-${letters.at(-1)} 中的字母`;
}

/** One problem of the structure: the row's full number (or null for the whole paper) and the message. */
export interface PaperProblem {
  key: string | null;
  number: string | null;
  message: string;
}

/** The checks run before the structure is saved. */
export function validatePaper(
  drafts: readonly QuestionDraft[],
  subjectFullMarks: number,
): PaperProblem[] {
  const problems: PaperProblem[] = [];
  const seen = new Set<string>();
  if (drafts.length === 0) problems.push({ key: null, number: null, message: '请至少添加一道题' });
  const check = (d: QuestionDraft, parent: QuestionDraft | null) => {
    const full = `${parent ? parent.number.trim() : ''}${d.number.trim()}`;
    const add = (message: string) =>
      problems.push({ key: d.key, number: full || '（未编号）', message });
    if (!d.number.trim()) add('请填写题号');
    else if (seen.has(full)) add('题号重复');
    seen.add(full);
    if (d.children.length === 0) {
      const marks = Number(d.fullMarks);
      if (!d.fullMarks.trim() || !Number.isFinite(marks) || marks <= 0 || marks > 1000)
        add('满分须为大于 0 的数');
      const options = Number(d.optionCount || (d.kind === 'judge' ? 2 : 4));
      if (isChoice(d.kind) && (!Number.isInteger(options) || options < 2 || options > 26))
        add('选项数须为 2 到 26 的整数');
      const bad = answerProblem(d.kind, d.answer, options);
      if (bad) add(bad);
      if (d.partialMarks.trim()) {
        const partial = Number(d.partialMarks);
        if (d.kind !== 'multiple') add('只有多选题可以设置部分得分');
        else if (!Number.isFinite(partial) || partial <= 0 || partial >= marks)
          add('部分得分须大于 0 且小于满分');
      }
    }
    d.children.forEach((c) => check(c, d));
  };
  drafts.forEach((d) => check(d, null));
  const total = paperTotal(drafts);
  if (drafts.length > 0 && Math.abs(total - subjectFullMarks) > 1e-9)
    problems.push({
      key: null,
      number: null,
      message: `试卷总分 ${total} 分与科目满分 ${subjectFullMarks} 分不一致`,
    });
  return problems;
}

/** The rows as the save call takes them. */
export function toQuestionInputs(drafts: readonly QuestionDraft[]): QuestionInput[] {
  const leaf = (d: QuestionDraft) => {
    const optionCount = isChoice(d.kind) ? Number(d.optionCount || 4) : undefined;
    const answer = d.answer.trim() ? normaliseAnswer(d.kind, d.answer) : null;
    return {
      number: d.number.trim(),
      kind: d.kind,
      fullMarks: marksOf(d),
      ...(optionCount ? { optionCount } : {}),
      answer,
      partialMarks: d.kind === 'multiple' && d.partialMarks.trim() ? Number(d.partialMarks) : null,
      knowledgePoints: tags(d.knowledgePoints),
      abilities: tags(d.abilities),
    };
  };
  return drafts.map((d) =>
    d.children.length > 0
      ? {
          number: d.number.trim(),
          kind: d.kind,
          fullMarks: marksOf(d),
          knowledgePoints: tags(d.knowledgePoints),
          abilities: tags(d.abilities),
          children: d.children.map(leaf),
        }
      : leaf(d),
  );
}
