import type { BankQuestionInput } from '@examkit/contracts';

/** A demo question before its knowledge-point names are turned into ids. */
export type DemoQuestion = Omit<BankQuestionInput, 'pointIds' | 'subjectCode' | 'stage'> & {
  /** Names of knowledge points of the subject's tree. */
  points: string[];
};

/** A subject's shared knowledge tree: top-level name → names below it. */
export type DemoTree = Record<string, string[]>;

/** Draws a whole number in [min, max] from a PRNG. */
export const intIn = (r: () => number, min: number, max: number) =>
  min + Math.floor(r() * (max - min + 1));

/** Fields every demo question shares unless it says otherwise. */
export const common = (gradeNum: number, year: number) => ({
  gradeNum,
  year,
  tags: [] as string[],
  children: [] as BankQuestionInput['children'],
  source: '示范中学原创',
});

/** The four option letters and the answer letter of `correct` among shuffled distinct values. */
export function choice(r: () => number, correct: string, wrong: string[]) {
  const values = [...new Set([correct, ...wrong])].slice(0, 4);
  const order = values.map((v) => ({ v, k: r() })).sort((a, b) => a.k - b.k);
  const options = order.map((o) => o.v);
  return { options, answer: 'ABCD'[options.indexOf(correct)]! };
}
