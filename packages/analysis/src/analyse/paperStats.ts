import { alphaFromVariances, populationVariance } from '../stats/cronbachAlpha';
import { extremeGroups, groupDiscrimination } from '../stats/discrimination';
import { optionDistributionOf } from '../stats/optionDistribution';
import { pearson } from '../stats/pearson';
import { tagScoreRates } from '../stats/tagScoreRates';
import type { QuestionStats, SubjectInput, SubjectScores, TagStats } from '../types';

export interface PaperStats {
  readonly questions: QuestionStats[];
  readonly cronbachAlpha: number | null;
  readonly knowledgePoints: TagStats[];
  readonly abilities: TagStats[];
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
): PaperStats {
  if (scores === undefined || scores.questions.length === 0 || subject.questions.length === 0)
    return EMPTY;
  const n = present.length;
  // `present` is in student-id order, so ties broken by position are broken by student id.
  const groups = extremeGroups(totals, groupFraction, undefined, lowerGroupFraction);
  const item = new Float64Array(n);
  const itemSum = new Float64Array(n);
  let itemVarianceSum = 0;
  const questions = subject.questions.map((question, q): QuestionStats => {
    const column = scores.questions[q]!;
    const full = question.fullMarks;
    let sum = 0;
    let fullCount = 0;
    let zeroCount = 0;
    for (let k = 0; k < n; k++) {
      const raw = column[present[k] as number] as number;
      const v = Number.isNaN(raw) ? 0 : raw;
      item[k] = v;
      itemSum[k]! += v;
      sum += v;
      if (v >= full) fullCount++;
      if (v === 0) zeroCount++;
    }
    itemVarianceSum += populationVariance(item) ?? 0;
    const rated = n > 0 && full > 0;
    const responses = scores.responses?.[q];
    const distribution =
      question.kind === 'objective' && question.options !== undefined && responses !== undefined
        ? optionDistributionOf(responses, present, question.options)
        : null;
    const mean = n > 0 ? sum / n : null;
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
      itemTotalCorrelation: pearson(item, totals),
      options: distribution?.options ?? null,
      blankRate: distribution?.blankRate ?? null,
    };
  });
  const tagged = (pick: (index: number) => readonly string[]) =>
    questions.map((stats, q) => ({
      id: stats.questionId,
      fullMarks: stats.fullMarks,
      mean: stats.mean,
      tags: pick(q),
    }));
  return {
    questions,
    cronbachAlpha:
      n >= 2
        ? alphaFromVariances(questions.length, itemVarianceSum, populationVariance(itemSum) ?? 0)
        : null,
    knowledgePoints: tagScoreRates(tagged((q) => subject.questions[q]?.tags ?? [])),
    abilities: tagScoreRates(tagged((q) => subject.questions[q]?.abilities ?? [])),
  };
}
