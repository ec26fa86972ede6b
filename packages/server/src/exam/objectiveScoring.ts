/** What scoring an objective item needs to know about its question. */
export interface ObjectiveKey {
  kind: 'single' | 'multiple' | 'judge';
  fullMarks: number;
  /** The key: `A`, `ABD`, `T` or `F`; null scores every response 0. */
  answer: string | null;
  /** Multiple choice: marks for a non-empty strict subset of the key with no wrong option; null = none. */
  partialMarks?: number | null;
}

const JUDGE_ALIASES: Record<string, string> = {
  T: 'T',
  F: 'F',
  '√': 'T',
  '✓': 'T',
  '×': 'F',
  X: 'F',
  对: 'T',
  错: 'F',
  正确: 'T',
  错误: 'F',
};

/**
 * Normalises a choice as written or recognised: upper-case letters, sorted, without
 * separators or repeats (`"d, a b"` → `"ABD"`); true/false as `T`/`F` (√ × 对 错 accepted).
 * Returns null for an empty or unreadable response.
 */
export function normalizeChoice(kind: ObjectiveKey['kind'], raw: string | null): string | null {
  if (raw === null) return null;
  const text = raw.trim().toUpperCase();
  if (text === '') return null;
  if (kind === 'judge') return JUDGE_ALIASES[text] ?? null;
  const letters = text.replace(/[\s,，、;；]/g, '');
  if (!/^[A-Z]+$/.test(letters)) return null;
  return [...new Set(letters)].sort().join('');
}

/**
 * Scores one objective response. Single choice and true/false: full marks when equal to the
 * key, else 0. Multiple choice: full marks when exact; `partialMarks` when the response is a
 * non-empty strict subset of the key (no wrong option); 0 otherwise (any wrong option, or empty).
 */
export function scoreObjective(key: ObjectiveKey, response: string | null): number {
  const answer = normalizeChoice(key.kind, key.answer);
  const given = normalizeChoice(key.kind, response);
  if (answer === null || given === null) return 0;
  if (given === answer) return key.fullMarks;
  if (key.kind !== 'multiple' || key.partialMarks === null || key.partialMarks === undefined)
    return 0;
  const keySet = new Set(answer);
  const subset = [...given].every((option) => keySet.has(option));
  return subset && given.length < answer.length ? key.partialMarks : 0;
}
