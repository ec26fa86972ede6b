import { useMemo } from 'react';
import { examRoutes, type BodyOf, type DataOf, type QuestionInput } from '@examkit/contracts';
import type { RequestOptions } from '@examkit/core';
import { useApiCall, type CallOutcome } from '../../common/useApiCall';

export type PaperData = DataOf<typeof examRoutes.questionsGet>;
export type SheetData = DataOf<typeof examRoutes.sheetGet>;
export type AnswerInput = BodyOf<typeof examRoutes.answerSave>['answers'][number];

/** What a school's own exam in a joint exam shows on its paper pages (docs/joint-exams.md#paper). */
export const JOINT_COPY_NOTE =
  '本场考试是联考中本校的考试，试卷结构、答案和答题卡由联考组织方统一设置，这里只能查看。';

/**
 * Where the paper-structure editor, the answer-key page and the answer-sheet designer read and
 * write one subject's paper: a single exam's subject (`useExamPaperSource`), or a joint exam's
 * subject written to every school (`useJointPaperSource`, docs/joint-exams.md#paper). The pages
 * are the same components over either.
 */
export interface PaperSource {
  /** A key that changes with the subject: the pages load again when it does. */
  key: string;
  /** The single exam's subject (links to its exam, the PDF download); null on a joint exam. */
  examSubjectId: number | null;
  getQuestions(): Promise<CallOutcome<PaperData>>;
  saveQuestions(
    questions: QuestionInput[],
    options?: RequestOptions,
  ): Promise<CallOutcome<PaperData>>;
  /** Reads a pasted or uploaded structure (saves nothing); absent where the caller may not. */
  parseQuestions?: (
    body: { text: string } | { file: string },
  ) => Promise<CallOutcome<DataOf<typeof examRoutes.questionsParse>>>;
  saveAnswers(answers: AnswerInput[], options?: RequestOptions): Promise<CallOutcome<PaperData>>;
  getSheet(): Promise<CallOutcome<SheetData>>;
  saveSheet(
    design: { settings: Record<string, unknown>; overrides: Record<string, unknown> },
    options?: RequestOptions,
  ): Promise<CallOutcome<{ savedAt: number; identity: string | null }>>;
}

/** One subject of a single exam, through the exam's own calls. */
export function useExamPaperSource(examSubjectId: number): PaperSource {
  const call = useApiCall();
  return useMemo(
    () => ({
      key: `exam-${examSubjectId}`,
      examSubjectId,
      getQuestions: () => call(examRoutes.questionsGet, { examSubjectId }),
      saveQuestions: (questions, options) =>
        call(examRoutes.questionsSave, { examSubjectId, questions }, options),
      parseQuestions: (body) => call(examRoutes.questionsParse, body, { loading: true }),
      saveAnswers: (answers, options) =>
        call(examRoutes.answerSave, { examSubjectId, answers }, options),
      getSheet: () => call(examRoutes.sheetGet, { examSubjectId }),
      saveSheet: (design, options) =>
        call(examRoutes.sheetSave, { examSubjectId, ...design }, options),
    }),
    [call, examSubjectId],
  );
}
