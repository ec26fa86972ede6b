import type { PaperQuestion, PaperStructure, SheetOverrides } from '../types';

/** A question as laid out: a leaf of the paper with its printed number resolved. */
export interface LeafQuestion extends Omit<PaperQuestion, 'subQuestions'> {
  /** Stem of the parent, printed before the first sub-question when the sheet shows stems. */
  parentStem?: string;
}

/** The answerable questions of a paper in paper order; sub-questions replace their parent. */
export function leafQuestions(paper: PaperStructure): LeafQuestion[] {
  const leaves: LeafQuestion[] = [];
  const visit = (question: PaperQuestion, prefix: string, parentStem: string | undefined) => {
    const { subQuestions, ...own } = question;
    const number = prefix + question.number;
    if (subQuestions && subQuestions.length > 0) {
      subQuestions.forEach((sub, i) => visit(sub, number, i === 0 ? question.stem : undefined));
      return;
    }
    leaves.push(parentStem === undefined ? { ...own, number } : { ...own, number, parentStem });
  };
  for (const question of paper.questions) visit(question, '', undefined);
  return leaves;
}

/** Leaves in display order: the override's order first, then the rest in paper order. */
export function orderedLeaves(
  paper: PaperStructure,
  overrides: SheetOverrides = {},
): LeafQuestion[] {
  const leaves = leafQuestions(paper);
  const order = overrides.questionOrder;
  if (!order || order.length === 0) return leaves;
  const byId = new Map(leaves.map((q) => [q.id, q]));
  const seen = new Set<string>();
  const result: LeafQuestion[] = [];
  for (const id of order) {
    const q = byId.get(id);
    if (q && !seen.has(id)) {
      seen.add(id);
      result.push(q);
    }
  }
  for (const q of leaves) if (!seen.has(q.id)) result.push(q);
  return result;
}
