import type { TagStats } from '../types';

/** A question's contribution to its tags. */
export interface TaggedQuestion {
  readonly id: string;
  readonly fullMarks: number;
  /** Mean score of the question over the present students; null when none. */
  readonly mean: number | null;
  readonly tags: readonly string[];
}

/**
 * Score rate per tag: Σ question means / Σ question full marks over the questions carrying the tag.
 * A question with several tags counts fully toward each. Sorted by tag.
 */
export function tagScoreRates(questions: readonly TaggedQuestion[]): TagStats[] {
  const byTag = new Map<
    string,
    { questionIds: string[]; fullMarks: number; mean: number | null }
  >();
  for (const q of questions) {
    for (const tag of new Set(q.tags)) {
      const entry = byTag.get(tag) ?? { questionIds: [], fullMarks: 0, mean: 0 };
      entry.questionIds.push(q.id);
      entry.fullMarks += q.fullMarks;
      entry.mean = entry.mean === null || q.mean === null ? null : entry.mean + q.mean;
      byTag.set(tag, entry);
    }
  }
  return [...byTag.keys()]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((tag) => {
      const { questionIds, fullMarks, mean } = byTag.get(tag)!;
      return {
        tag,
        questionIds,
        fullMarks,
        mean,
        scoreRate: mean !== null && fullMarks > 0 ? mean / fullMarks : null,
      };
    });
}
