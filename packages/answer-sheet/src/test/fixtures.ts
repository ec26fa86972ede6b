import fc from 'fast-check';
import type { PaperQuestion, PaperStructure, QuestionType, SheetSettings } from '../types';

/** A typical 60-question paper: 30 single choice, 10 true/false, 10 fill-in, 10 subjective. */
export function samplePaper(count = 60): PaperStructure {
  const questions: PaperQuestion[] = [];
  for (let i = 1; i <= count; i++) {
    const share = i / count;
    const type: QuestionType =
      share <= 0.5 ? 'single' : share <= 0.67 ? 'judge' : share <= 0.84 ? 'fill' : 'subjective';
    questions.push({
      id: `q${i}`,
      number: String(i),
      type,
      fullMarks: type === 'subjective' ? 12 : 2,
      ...(type === 'fill' ? { blankCount: 2 } : {}),
    });
  }
  return { subject: '数学', questions };
}

/** A short mixed paper with a multiple choice, sub-questions and stems. */
export function smallPaper(): PaperStructure {
  return {
    subject: '语文',
    questions: [
      { id: 'a', number: '1', type: 'single', fullMarks: 3 },
      { id: 'b', number: '2', type: 'multiple', fullMarks: 5, optionCount: 5 },
      { id: 'c', number: '3', type: 'judge', fullMarks: 2 },
      { id: 'd', number: '4', type: 'fill', fullMarks: 4, blankCount: 2 },
      {
        id: 'e',
        number: '5',
        type: 'subjective',
        fullMarks: 20,
        stem: '阅读下面的文字，完成各题。',
        subQuestions: [
          { id: 'e1', number: '(1)', type: 'subjective', fullMarks: 8 },
          { id: 'e2', number: '(2)', type: 'subjective', fullMarks: 12, answerHeightMm: 70 },
        ],
      },
    ],
  };
}

const questionTypes: QuestionType[] = ['single', 'multiple', 'judge', 'fill', 'subjective'];

/** Arbitrary papers of 1 to 120 questions of every type. */
export const paperArb: fc.Arbitrary<PaperStructure> = fc
  .array(
    fc.record({
      type: fc.constantFrom(...questionTypes),
      fullMarks: fc.integer({ min: 1, max: 150 }),
      optionCount: fc.integer({ min: 2, max: 8 }),
      blankCount: fc.integer({ min: 1, max: 12 }),
      answerHeightMm: fc.option(fc.integer({ min: 15, max: 400 }), { nil: undefined }),
      stem: fc.option(fc.string({ minLength: 1, maxLength: 120 }), { nil: undefined }),
    }),
    { minLength: 1, maxLength: 120, size: 'max' },
  )
  .map((specs) => ({
    questions: specs.map((s, i) => {
      const q: PaperQuestion = {
        id: `q${i + 1}`,
        number: String(i + 1),
        type: s.type,
        fullMarks: s.fullMarks,
        optionCount: s.optionCount,
        blankCount: s.blankCount,
      };
      if (s.answerHeightMm !== undefined) q.answerHeightMm = s.answerHeightMm;
      if (s.stem !== undefined) q.stem = s.stem;
      return q;
    }),
  }));

/** Arbitrary settings covering every option of spec 001 §3. */
export const settingsArb: fc.Arbitrary<Partial<SheetSettings>> = fc.record({
  isTemplate: fc.boolean(),
  isHen: fc.constantFrom(0 as const, 1 as const),
  column: fc.constantFrom(1 as const, 2 as const, 3 as const),
  hasSealLine: fc.boolean(),
  examNoType: fc.constantFrom(1 as const, 2 as const),
  isClassAndExamNo: fc.boolean(),
  isObjectiveVertical: fc.boolean(),
  hasCareTip: fc.boolean(),
  hasMissTag: fc.boolean(),
  isHiddenQrcode: fc.boolean(),
  examNumCount: fc.integer({ min: 4, max: 20 }),
  showPagination: fc.boolean(),
  isJudgeSymbol: fc.constantFrom(1 as const, 2 as const),
  isShowCorrectStand: fc.boolean(),
  isShowHalfPoint: fc.boolean(),
  attentionContent: fc.string({ maxLength: 400 }),
  answerSheetTitle: fc.string({ minLength: 1, maxLength: 40 }),
});

/** Printable ASCII sheet identities of 1–62 characters, or none. */
export const identityArb: fc.Arbitrary<string | undefined> = fc.option(
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    minLength: 1,
    maxLength: 62,
  }),
  { nil: undefined },
);
