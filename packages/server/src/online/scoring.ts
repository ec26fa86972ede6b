import { normalizeChoice, scoreObjective } from '../exam/objectiveScoring';
import { isObjective } from '../exam/paper';

/** What scoring one online answer needs to know about its question. */
export interface OnlineKey {
  kind: string;
  fullMarks: number;
  /** Choice key (`A`, `ABD`, `T`/`F`); null scores 0. */
  answer: string | null;
  partialMarks: number | null;
  /** Fill-in: accepted answers. */
  accepted: readonly string[];
}

/** Questions scored at once on submit: choice, true/false and fill-in. Free answers are marked. */
export const isAutoScored = (kind: string): boolean => isObjective(kind) || kind === 'fill';

/**
 * Normalises a typed fill-in answer for comparison: full-width letters, digits and punctuation
 * as half-width (NFKC), spaces removed, letters lower-case. `１／２` and `1/2`, `Ｈ２Ｏ` and `h2o`
 * compare equal; anything else must match an accepted answer exactly.
 */
export function normalizeFill(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
}

/** The answer as stored with the score (`exam_scores.answer`): the normalised choice or the typed text. */
export function storedAnswer(kind: string, response: string): string | null {
  if (kind === 'single' || kind === 'multiple' || kind === 'judge')
    return normalizeChoice(kind, response);
  const text = response.trim();
  return text === '' ? null : text.slice(0, 200);
}

/** Scores one auto-scored answer; free answers are not scored here (0). */
export function scoreOnline(key: OnlineKey, response: string | null): number {
  if (key.kind === 'single' || key.kind === 'multiple' || key.kind === 'judge')
    return scoreObjective(
      {
        kind: key.kind,
        fullMarks: key.fullMarks,
        answer: key.answer,
        partialMarks: key.partialMarks,
      },
      response,
    );
  if (key.kind !== 'fill' || response === null) return 0;
  const given = normalizeFill(response);
  if (given === '') return 0;
  return key.accepted.some((a) => normalizeFill(a) === given) ? key.fullMarks : 0;
}
