import type { SheetResult } from '../types';
import type { QuestionTruth, SheetTruth } from './truth';

/** Figures of a recognised corpus against the generator's ground truth. */
export interface CorpusScore {
  sheets: number;
  aligned: number;
  failures: { seed: number; reason: string }[];
  wrongPage: number;
  wrongOrientation: number;
  /** Exam numbers given (not null) that differ from the truth. */
  silentExamNumberErrors: number;
  examNumbersRead: number;
  examNumbersClear: number;
  /** Sheets whose exam number was made faint or doubled on purpose, and how many went to review. */
  examNumbersUnclear: number;
  examNumbersUnclearReviewed: number;
  /** Clear exam numbers sent to review. */
  examNumberReviews: number;
  /** Bubbles of clear questions (clear, blank, stray dot): checked and wrong. */
  clearBubbles: number;
  clearBubbleErrors: number;
  /** Clear-question bubbles read wrong without a review. */
  clearBubbleSilentErrors: number;
  /** Questions answered with status ok whose answer is not the truth. */
  silentWrongAnswers: number;
  silentWrongByKind: Record<string, number>;
  questionsByKind: Record<string, number>;
  reviewsByKind: Record<string, number>;
  /** Marks that are not fills (cross, tick, bar, dot, circle) read with status ok, by kind: must be 0. */
  nonFillUnflagged: Record<string, number>;
  absentTrue: number;
  absentFound: number;
  absentFalseAlarms: number;
  absentReviews: number;
  examples: string[];
}

export function emptyScore(): CorpusScore {
  return {
    sheets: 0,
    aligned: 0,
    failures: [],
    wrongPage: 0,
    wrongOrientation: 0,
    silentExamNumberErrors: 0,
    examNumbersRead: 0,
    examNumbersClear: 0,
    examNumbersUnclear: 0,
    examNumbersUnclearReviewed: 0,
    examNumberReviews: 0,
    clearBubbles: 0,
    clearBubbleErrors: 0,
    clearBubbleSilentErrors: 0,
    silentWrongAnswers: 0,
    silentWrongByKind: {},
    questionsByKind: {},
    reviewsByKind: {},
    nonFillUnflagged: {},
    absentTrue: 0,
    absentFound: 0,
    absentFalseAlarms: 0,
    absentReviews: 0,
    examples: [],
  };
}

const CLEAR: QuestionTruth['kind'][] = ['clear', 'blank', 'stray'];
export const NON_FILL: QuestionTruth['kind'][] = ['cross', 'tick', 'bar', 'dot', 'circle'];

/** Adds one sheet's result to the score. */
export function scoreSheet(score: CorpusScore, truth: SheetTruth, result: SheetResult): void {
  score.sheets++;
  const note = (s: string): void => {
    if (score.examples.length < 40) score.examples.push(`seed ${truth.seed}: ${s}`);
  };
  if (result.status === 'failed') {
    score.failures.push({ seed: truth.seed, reason: result.reason });
    return;
  }
  score.aligned++;
  if (result.page !== truth.page) score.wrongPage++;
  if (result.alignment.upsideDown !== truth.upsideDown) score.wrongOrientation++;
  if (truth.examNumber) {
    if (truth.examNumberClear) score.examNumbersClear++;
    else {
      score.examNumbersUnclear++;
      if (result.examNumber === null && result.status === 'review')
        score.examNumbersUnclearReviewed++;
    }
    if (result.examNumber !== null) {
      score.examNumbersRead++;
      if (result.examNumber !== truth.examNumber || !truth.examNumberClear) {
        score.silentExamNumberErrors++;
        note(`exam number ${result.examNumber} ≠ ${truth.examNumber}`);
      }
    } else if (truth.examNumberClear) {
      score.examNumberReviews++;
      note(`clear exam number to review: ${result.reviewReasons.join('；')}`);
    }
  }
  const byId = new Map(result.answers.map((a) => [a.questionId, a]));
  for (const q of truth.questions) {
    score.questionsByKind[q.kind] = (score.questionsByKind[q.kind] ?? 0) + 1;
    const a = byId.get(q.questionId);
    if (!a) continue;
    if (a.status === 'review') score.reviewsByKind[q.kind] = (score.reviewsByKind[q.kind] ?? 0) + 1;
    else {
      if (NON_FILL.includes(q.kind)) {
        score.nonFillUnflagged[q.kind] = (score.nonFillUnflagged[q.kind] ?? 0) + 1;
        note(`q ${q.questionId} (${q.kind}) read ${a.answer || '∅'} without review`);
      }
      const single = a.questionType !== 'multiple';
      const wrong = a.answer !== q.answer || (q.kind === 'double' && single);
      // A faint or partial mark read as a clear answer is right only when it is the intended one.
      if (wrong) {
        score.silentWrongAnswers++;
        score.silentWrongByKind[q.kind] = (score.silentWrongByKind[q.kind] ?? 0) + 1;
        note(
          `q ${q.questionId} (${q.kind}) read ${a.answer || '∅'} ≠ ${q.answer || '∅'} [${a.bubbles.map((b) => `${b.option}:${b.darkness}`).join(' ')}]`,
        );
      }
    }
    if (CLEAR.includes(q.kind)) {
      for (const b of a.bubbles) {
        const t = truth.bubbles.find((x) => x.questionId === q.questionId && x.option === b.option);
        if (!t) continue;
        score.clearBubbles++;
        const ok =
          (t.intended === 'filled' && b.state === 'filled') ||
          (t.intended === 'blank' && b.state === 'blank');
        if (!ok) {
          score.clearBubbleErrors++;
          if (a.status === 'ok') score.clearBubbleSilentErrors++;
          note(`bubble ${q.questionId}${b.option} (${t.intended}) read ${b.state} ${b.darkness}`);
        }
      }
    }
  }
  if (truth.page === 0) {
    if (truth.absent) score.absentTrue++;
    if (result.absent === true && truth.absent) score.absentFound++;
    if (result.absent === true && !truth.absent) score.absentFalseAlarms++;
    if (result.absent === null) score.absentReviews++;
  }
}

/** Adds `b` into `a` (scores of corpus shards). */
export function mergeScores(a: CorpusScore, b: CorpusScore): CorpusScore {
  const out = a as unknown as Record<string, unknown>;
  for (const [k, v] of Object.entries(b)) {
    const cur = out[k];
    if (typeof v === 'number') out[k] = ((cur as number) ?? 0) + v;
    else if (Array.isArray(v)) out[k] = [...((cur as unknown[]) ?? []), ...v];
    else if (v && typeof v === 'object') {
      const rec = { ...((cur as Record<string, number>) ?? {}) };
      for (const [kk, vv] of Object.entries(v as Record<string, number>))
        rec[kk] = (rec[kk] ?? 0) + vv;
      out[k] = rec;
    }
  }
  return a;
}
