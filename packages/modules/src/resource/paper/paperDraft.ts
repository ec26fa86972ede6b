import type { BankQuestionItem, BankQuestionType } from '@examkit/contracts';
import { DEFAULT_SCORES, QUESTION_TYPES } from '@examkit/contracts/rules';

/**
 * The paper 组卷 edits before it is saved: pure functions over sections of questions, so the
 * page's buttons, keyboard and drag all move questions the same way (and tests need no DOM).
 */

export interface DraftItem {
  question: BankQuestionItem;
  score: number;
}

export interface DraftSection {
  key: string;
  title: string;
  items: DraftItem[];
}

export { DEFAULT_SCORES };

let next = 0;
/** A key for a new section. */
export const sectionKey = () => `s${++next}`;

/** One section per basket group, in the basket's order, with the default scores. */
export function draftFromGroups(
  groups: readonly { type: string; questions: BankQuestionItem[] }[],
): DraftSection[] {
  return groups.map((g) => ({
    key: sectionKey(),
    title: QUESTION_TYPES[g.type as BankQuestionType] ?? g.type,
    items: g.questions.map((question) => ({ question, score: DEFAULT_SCORES[question.type] })),
  }));
}

/** Where a question is: its section and its place in it. */
export interface Place {
  section: number;
  index: number;
}

/**
 * Moves a question one place up (-1) or down (+1); at the edge of its section it goes to the end
 * of the previous section or the start of the next. Returns the new sections and its new place.
 */
export function moveByStep(
  sections: readonly DraftSection[],
  from: Place,
  step: -1 | 1,
): { sections: DraftSection[]; place: Place } {
  const current = sections[from.section]!;
  const target = from.index + step;
  if (target >= 0 && target < current.items.length)
    return {
      sections: moveTo(sections, from, { section: from.section, index: target }),
      place: { section: from.section, index: target },
    };
  const other = from.section + step;
  if (other < 0 || other >= sections.length) return { sections: [...sections], place: from };
  const index = step < 0 ? sections[other]!.items.length : 0;
  return {
    sections: moveTo(sections, from, { section: other, index }),
    place: { section: other, index },
  };
}

/** Moves a question to a place (the index counted after taking it out). */
export function moveTo(sections: readonly DraftSection[], from: Place, to: Place): DraftSection[] {
  const out = sections.map((s) => ({ ...s, items: [...s.items] }));
  const [item] = out[from.section]!.items.splice(from.index, 1);
  if (!item) return out;
  const target = out[to.section]!.items;
  target.splice(Math.min(to.index, target.length), 0, item);
  return out;
}

/** Deletes a section; its questions join the section before it (or after, for the first). */
export function deleteSection(sections: readonly DraftSection[], index: number): DraftSection[] {
  if (sections.length <= 1) return [...sections];
  const heir = index === 0 ? 1 : index - 1;
  const out = sections.map((s) => ({ ...s, items: [...s.items] }));
  const moved = out[index]!.items;
  if (heir < index) out[heir]!.items.push(...moved);
  else out[heir]!.items.unshift(...moved);
  out.splice(index, 1);
  return out;
}

/** The paper's full marks: the sum of its scores. */
export const fullMarksOf = (sections: readonly DraftSection[]) =>
  Math.round(sections.reduce((s, sec) => s + sec.items.reduce((t, i) => t + i.score, 0), 0) * 100) /
  100;

/** What stops saving, in Chinese, or null. */
export function draftProblem(title: string, sections: readonly DraftSection[]): string | null {
  if (!title.trim()) return '请填写试卷标题';
  for (const [i, s] of sections.entries()) {
    if (!s.title.trim()) return `请填写第 ${i + 1} 大题的标题`;
    if (s.items.length === 0)
      return `第 ${i + 1} 大题“${s.title}”还没有试题，请删除该大题或移入试题`;
    if (s.items.some((it) => !(it.score > 0) || it.score > 200))
      return `第 ${i + 1} 大题中有试题的分值不在 0 到 200 之间`;
  }
  return null;
}
