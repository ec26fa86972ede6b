import { useMemo } from 'react';
import { examRoutes, jointExamRoutes, jointPaperRoutes } from '@examkit/contracts';
import { useApiCall } from '../../common/useApiCall';
import type { PaperSource } from '../utils/paperSource';

/**
 * One subject of a joint exam as a `PaperSource`: the organiser reads the paper once and every
 * save goes to each school's exam (docs/joint-exams.md#paper). The structure is saved with
 * `questions_save` and read back. The spreadsheet import is the single-exam editor's: the pasted
 * text or .xlsx template is read (saving nothing, every bad row with its reason), then saved to
 * every school with the rest of the structure.
 */
export function useJointPaperSource(jointExamId: number, subjectCode: string): PaperSource {
  const call = useApiCall();
  return useMemo(() => {
    const subject = { jointExamId, subjectCode };
    const getQuestions = () => call(jointPaperRoutes.jointPaperGet, subject);
    return {
      key: `joint-${jointExamId}-${subjectCode}`,
      examSubjectId: null,
      getQuestions,
      saveQuestions: async (questions, options) => {
        const saved = await call(
          jointExamRoutes.jointQuestionsSave,
          { ...subject, questions },
          options,
        );
        return saved.ok ? getQuestions() : saved;
      },
      parseQuestions: (body) => call(examRoutes.questionsParse, body, { loading: true }),
      saveAnswers: (answers, options) =>
        call(jointPaperRoutes.jointAnswerSave, { ...subject, answers }, options),
      getSheet: () => call(jointPaperRoutes.jointSheetGet, subject),
      saveSheet: async (design, options) => {
        const saved = await call(
          jointPaperRoutes.jointSheetSave,
          { ...subject, ...design },
          options,
        );
        return saved.ok
          ? { ok: true, data: { savedAt: saved.data.savedAt, identity: null } }
          : saved;
      },
    } satisfies PaperSource;
  }, [call, jointExamId, subjectCode]);
}
