import type { PreparedQuestion } from './prepare';
import type { AnswerFlag, BubbleReading, MarkThresholds, ObjectiveAnswer } from './types';

/** How far a nearly blank bubble must stand out from the question's next darkest to be reviewed. */
const STANDOUT = 0.05;

/** Reads one objective question from its bubbles' darkness `ms` (answer, flags, review). */
export function readQuestion(
  q: PreparedQuestion,
  ms: number[],
  stateOf: (m: number) => BubbleReading['state'],
  confOf: (m: number) => number,
  th: MarkThresholds,
  shapes: ('stroke' | 'circled' | null)[] = [],
): ObjectiveAnswer {
  const bubbles: BubbleReading[] = q.options.map((o, i) => {
    const shape = shapes[i];
    return {
      option: o.option,
      darkness: round3(ms[i]!),
      state: stateOf(ms[i]!),
      ...(shape ? { shape } : {}),
    };
  });
  const filled = bubbles.filter((b) => b.state === 'filled');
  const faint = bubbles.filter((b) => b.state === 'faint');
  const flags: AnswerFlag[] = [];
  let status: 'ok' | 'review' = 'ok';
  const single = q.questionType !== 'multiple';
  if (filled.length === 0 && faint.length === 0) {
    // Nothing reaches the faint level, but one bubble stands out from its neighbours: a light or
    // partly filled mark is likelier than paper noise, and a person decides.
    const dark = bubbles.map((b) => b.darkness).sort((a, b) => b - a);
    if (dark[0]! >= th.erasure && dark[0]! - (dark[1] ?? 0) >= STANDOUT) {
      flags.push('faint');
      status = 'review';
    } else flags.push('blank');
  }
  if (faint.length > 0 && filled.length === 0) {
    flags.push('faint');
    status = 'review';
  }
  if (single && filled.length > 1) {
    flags.push('multiple');
    status = 'review';
  }
  if (filled.length > 0 && faint.length > 0) {
    flags.push('erasure');
    // A leftover that is nearly a mark, or any doubt on a multiple choice, is for a person.
    const strongest = Math.max(...faint.map((b) => b.darkness));
    const weakestFilled = Math.min(...filled.map((b) => b.darkness));
    if (!single || strongest > th.filled - 0.1 || weakestFilled - strongest < 0.25)
      status = 'review';
  } else if (
    filled.length > 0 &&
    bubbles.some((b) => b.state === 'blank' && b.darkness >= th.erasure)
  ) {
    flags.push('erasure');
  }
  if (!single && filled.length > 1) flags.push('multiple');
  // A mark that is not a fill (a cross, tick, bar, dot, part fill or a circled bubble) is never
  // read silently as a fill nor dropped: a person decides.
  if (bubbles.some((b) => b.shape)) {
    flags.push('notFilled');
    status = 'review';
  }
  return {
    questionId: q.questionId,
    number: q.number,
    questionType: q.questionType,
    answer: filled.map((b) => b.option).join(''),
    status,
    flags,
    confidence: round3(Math.min(...ms.map(confOf))),
    bubbles,
  };
}

/** Marks of a read answer under its key: full, partial for a correct subset of a multiple choice, or 0. */
export function scoreOf(
  a: ObjectiveAnswer,
  key: { answer: string; marks: number; partialMarks?: number },
): number {
  if (a.answer === key.answer) return key.marks;
  if (
    a.questionType === 'multiple' &&
    a.answer !== '' &&
    [...a.answer].every((o) => key.answer.includes(o))
  )
    return key.partialMarks ?? 0;
  return 0;
}

export function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
