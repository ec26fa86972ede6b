import { alphaFromVariances, populationVariance } from '../stats/cronbachAlpha';
import { extremeGroups, groupDiscrimination } from '../stats/discrimination';
import { optionDistributionOf } from '../stats/optionDistribution';
import type { QuestionStats, SubjectInput, SubjectScores, TagStats } from '../types';

export interface PaperStats {
  readonly questions: QuestionStats[];
  readonly cronbachAlpha: number | null;
  readonly knowledgePoints: TagStats[];
  readonly abilities: TagStats[];
}

/** Mean and Σ(y − mean)² of a column without NaN, as pearson() computes them. */
function centredSquares(values: Float64Array): { mean: number; syy: number } {
  const n = values.length;
  let sy = 0;
  for (let k = 0; k < n; k++) sy += values[k] as number;
  const my = sy / n;
  let syy = 0;
  for (let k = 0; k < n; k++) syy += ((values[k] as number) - my) ** 2;
  return { mean: my, syy };
}

/** pearson(item, totals) from its sums, for columns without NaN (every pair present). */
function correlation(
  n: number,
  mx: number,
  sxx: number,
  sxy: number,
  totals: { mean: number; syy: number },
): number | null {
  if (n < 2) return null;
  const my = totals.mean;
  const syy = totals.syy;
  // Relative guard: sums of squares of equal values can be a rounding residue, not real spread.
  if (sxx <= 1e-12 * n * (mx * mx + 1) || syy <= 1e-12 * n * (my * my + 1)) return null;
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

interface TagLayout {
  readonly tag: string;
  readonly questions: readonly number[];
  readonly questionIds: readonly string[];
  readonly fullMarks: number;
}

/** The tags of a paper, sorted, each with its questions in paper order (as tagScoreRates groups them). */
function tagLayout(
  subject: SubjectInput,
  pick: (q: SubjectInput['questions'][number]) => readonly string[] | undefined,
): TagLayout[] {
  const byTag = new Map<
    string,
    { questions: number[]; questionIds: string[]; fullMarks: number }
  >();
  subject.questions.forEach((question, q) => {
    for (const tag of new Set(pick(question) ?? [])) {
      const entry = byTag.get(tag) ?? { questions: [], questionIds: [], fullMarks: 0 };
      entry.questions.push(q);
      entry.questionIds.push(question.id);
      entry.fullMarks += question.fullMarks;
      byTag.set(tag, entry);
    }
  });
  return [...byTag.keys()]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((tag) => ({ tag, ...byTag.get(tag)! }));
}

export interface PaperLayout {
  readonly knowledgePoints: readonly TagLayout[];
  readonly abilities: readonly TagLayout[];
}

/** What paperStats needs of a paper that is the same for every group: computed once per analysis. */
export function paperLayout(subject: SubjectInput): PaperLayout {
  return {
    knowledgePoints: tagLayout(subject, (q) => q.tags),
    abilities: tagLayout(subject, (q) => q.abilities),
  };
}

/** tagScoreRates over a paper's question statistics, with the tag grouping computed once per paper. */
function tagRates(layout: readonly TagLayout[], questions: readonly QuestionStats[]): TagStats[] {
  return layout.map(({ tag, questions: members, questionIds, fullMarks }) => {
    let mean: number | null = 0;
    for (const q of members) {
      const m = questions[q]!.mean;
      mean = mean === null || m === null ? null : mean + m;
    }
    return {
      tag,
      questionIds: questionIds.slice(),
      fullMarks,
      mean,
      scoreRate: mean !== null && fullMarks > 0 ? mean / fullMarks : null,
    };
  });
}

const EMPTY: PaperStats = {
  questions: [],
  cronbachAlpha: null,
  knowledgePoints: [],
  abilities: [],
};

/**
 * Question, reliability and tag statistics of one paper over the present students of a group.
 * `present` are indices into the exam's students in student-id order, `totals` aligned with them.
 */
export function paperStats(
  subject: SubjectInput,
  scores: SubjectScores | undefined,
  present: Int32Array,
  totals: Float64Array,
  groupFraction: number,
  lowerGroupFraction = groupFraction,
  layout: PaperLayout = paperLayout(subject),
): PaperStats {
  if (scores === undefined || scores.questions.length === 0 || subject.questions.length === 0)
    return EMPTY;
  const n = present.length;
  // `present` is in student-id order, so ties broken by position are broken by student id.
  const groups = extremeGroups(totals, groupFraction, undefined, lowerGroupFraction);
  const item = new Float64Array(n);
  const itemSum = new Float64Array(n);
  let itemVarianceSum = 0;
  // The paper totals' half of every item-total correlation (the same for every question).
  const totalMoments = centredSquares(totals);
  const questions = subject.questions.map((question, q): QuestionStats => {
    const column = scores.questions[q]!;
    const full = question.fullMarks;
    let sum = 0;
    let fullCount = 0;
    let zeroCount = 0;
    for (let k = 0; k < n; k++) {
      const raw = column[present[k] as number] as number;
      const v = raw === raw ? raw : 0;
      item[k] = v;
      itemSum[k]! += v;
      sum += v;
      if (v >= full) fullCount++;
      if (v === 0) zeroCount++;
    }
    // One pass for the item variance and the item-total correlation, with the same sums in the
    // same order as populationVariance(item) and pearson(item, totals).
    const mean = n > 0 ? sum / n : null;
    let squares = 0;
    let sxy = 0;
    let sxx = 0;
    if (n > 0) {
      const mx = sum / n;
      const my = totalMoments.mean;
      for (let k = 0; k < n; k++) {
        const a = item[k] as number;
        const d = a - mx;
        squares += d * d;
        sxy += (a - mx) * ((totals[k] as number) - my);
        sxx += (a - mx) ** 2;
      }
      itemVarianceSum += squares / n;
    }
    const rated = n > 0 && full > 0;
    const responses = scores.responses?.[q];
    const distribution =
      question.kind === 'objective' && question.options !== undefined && responses !== undefined
        ? optionDistributionOf(responses, present, question.options)
        : null;
    return {
      questionId: question.id,
      kind: question.kind,
      fullMarks: full,
      count: n,
      mean,
      scoreRate: rated ? sum / n / full : null,
      fullMarkRate: rated ? fullCount / n : null,
      zeroRate: rated ? zeroCount / n : null,
      discrimination: groupDiscrimination(item, full, groups),
      itemTotalCorrelation: correlation(n, sum / n, sxx, sxy, totalMoments),
      options: distribution?.options ?? null,
      blankRate: distribution?.blankRate ?? null,
    };
  });
  return {
    questions,
    cronbachAlpha:
      n >= 2
        ? alphaFromVariances(questions.length, itemVarianceSum, populationVariance(itemSum) ?? 0)
        : null,
    knowledgePoints: tagRates(layout.knowledgePoints, questions),
    abilities: tagRates(layout.abilities, questions),
  };
}
