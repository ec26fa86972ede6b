/**
 * The score rules of double and triple marking, on integers of half-points.
 * @see docs/marking.md
 */

/** Marking mode of a block. */
export type Mode = 'single' | 'double' | 'triple';

export type MarkSlot = 1 | 2 | 3 | 'arbitration';

/** What a paper needs next, given the marks it has. */
export type Outcome =
  | {
      kind: 'final';
      scoreHalf: number;
      source: 'single' | 'mean' | 'third' | 'arbitration';
      /** The marks the final score comes from. */
      from: MarkSlot[];
    }
  | { kind: 'wait' }
  | { kind: 'third' }
  | { kind: 'arbitration' };

/**
 * The mean of two scores rounded half up to the step: (a + b) / 2 taken to the
 * nearest multiple of `stepHalf`, ties upwards. 7 and 8 with step 1 give 8; with step 0.5 give 7.5.
 */
export function roundedMean(aHalf: number, bHalf: number, stepHalf: number): number {
  return Math.floor((aHalf + bHalf + stepHalf) / (2 * stepHalf)) * stepHalf;
}

/** Whether a score in half-points is allowed: 0..full, on the step. */
export function validScore(scoreHalf: number, fullHalf: number, stepHalf: number): boolean {
  return (
    Number.isInteger(scoreHalf) &&
    scoreHalf >= 0 &&
    scoreHalf <= fullHalf &&
    scoreHalf % stepHalf === 0
  );
}

/**
 * Decides a paper from its marks (slot 1-3 scores, arbitration score):
 * single mode takes the one mark; double takes the rounded mean of two marks
 * within the tolerance (|a − b| ≤ tolerance), else arbitration; triple asks a third
 * marker first, then takes the rounded mean of the closest pair within the
 * tolerance (ties: the pair with the higher mean), else arbitration. An arbitration score is final.
 */
export function decide(
  mode: Mode,
  toleranceHalf: number,
  stepHalf: number,
  marks: { 1?: number; 2?: number; 3?: number; arbitration?: number },
): Outcome {
  if (marks.arbitration !== undefined)
    return {
      kind: 'final',
      scoreHalf: marks.arbitration,
      source: 'arbitration',
      from: ['arbitration'],
    };
  const a = marks[1];
  if (mode === 'single')
    return a === undefined
      ? { kind: 'wait' }
      : { kind: 'final', scoreHalf: a, source: 'single', from: [1] };
  const b = marks[2];
  if (a === undefined || b === undefined) return { kind: 'wait' };
  if (Math.abs(a - b) <= toleranceHalf)
    return { kind: 'final', scoreHalf: roundedMean(a, b, stepHalf), source: 'mean', from: [1, 2] };
  if (mode === 'double') return { kind: 'arbitration' };
  const c = marks[3];
  if (c === undefined) return { kind: 'third' };
  const pairs = (
    [
      { x: a, y: c, from: [1, 3] as MarkSlot[] },
      { x: b, y: c, from: [2, 3] as MarkSlot[] },
    ] as const
  ).filter((p) => Math.abs(p.x - p.y) <= toleranceHalf);
  const best = [...pairs].sort(
    (p, q) => Math.abs(p.x - p.y) - Math.abs(q.x - q.y) || q.x + q.y - (p.x + p.y),
  )[0];
  if (!best) return { kind: 'arbitration' };
  return {
    kind: 'final',
    scoreHalf: roundedMean(best.x, best.y, stepHalf),
    source: 'third',
    from: best.from,
  };
}

/** Half-points to points (15 → 7.5). */
export const toPoints = (half: number) => half / 2;
/** Points to half-points, or NaN when not a multiple of 0.5. */
export const toHalf = (points: number) => {
  const half = points * 2;
  return Number.isInteger(half) ? half : Number.NaN;
};

/** The sum of scores (half-points or parts). */
export const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** How many independent marks a mode needs before any third mark. */
export const marksOf = (mode: Mode) => (mode === 'single' ? 1 : 2);

/**
 * The final score of each question from the deciding marks: one mark's parts as they are,
 * or, for a pair, each question's rounded mean ({@link roundedMean}). The block score is their sum.
 */
export function finalParts(deciding: number[][], stepHalf: number): number[] {
  const [first, second] = deciding;
  if (!first) return [];
  if (!second) return [...first];
  return first.map((x, i) => roundedMean(x, second[i] ?? 0, stepHalf));
}

/**
 * Checks per-question scores against each question's full marks and the step; returns the
 * parts in half-points, or null when invalid.
 */
export function partsOf(
  points: number[],
  questionFullHalf: number[],
  stepHalf: number,
): number[] | null {
  if (points.length !== questionFullHalf.length) return null;
  const parts = points.map(toHalf);
  return parts.every((p, i) => validScore(p, questionFullHalf[i] ?? 0, stepHalf)) ? parts : null;
}
