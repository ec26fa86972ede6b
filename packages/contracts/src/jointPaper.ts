import { Type } from 'typebox';
import { Id, Obj, post } from './builders';
import { examRoutes } from './exam';

const JointSubjectCode = Obj({
  jointExamId: Id,
  subjectCode: Type.String({ minLength: 1, maxLength: 32 }),
});

/**
 * One answer key and one answer sheet for every school of a joint exam
 * (docs/joint-exams.md#paper): the organiser reads and edits a subject once; every write goes to
 * the same subject of each school's exam in one transaction, and only while no school has started
 * scanning. The paper structure itself is written with `jointExamRoutes.jointQuestionsSave`.
 * Question ids in and out are those of the organiser's copy (the lead school's own exam, or the
 * first school's for the bureau); the other schools' questions are matched by full number.
 */
export const jointPaperRoutes = {
  jointPaperGet: post(
    '/marking-main/joint/paper/get',
    "the joint exam's paper structure and answer key of one subject (organiser only)",
    JointSubjectCode,
    examRoutes.questionsGet.data,
  ),
  jointAnswerSave: post(
    '/marking-main/joint/answer/save',
    "one answer key for a subject, written to every school's exam before any school scans",
    Obj({
      jointExamId: Id,
      subjectCode: Type.String({ minLength: 1, maxLength: 32 }),
      answers: examRoutes.answerSave.body.properties.answers,
    }),
    examRoutes.questionsGet.data,
  ),
  jointSheetGet: post(
    '/marking-main/joint/sheet/get',
    "the joint exam's answer-sheet design of one subject (organiser only)",
    JointSubjectCode,
    examRoutes.sheetGet.data,
  ),
  jointSheetSave: post(
    '/marking-main/joint/sheet/save',
    "one answer-sheet design for a subject, laid out and saved for every school's exam (each with its own sheet code) before any school scans",
    Obj({
      jointExamId: Id,
      subjectCode: Type.String({ minLength: 1, maxLength: 32 }),
      settings: examRoutes.sheetSave.body.properties.settings,
      overrides: examRoutes.sheetSave.body.properties.overrides,
    }),
    Obj({
      savedAt: Type.Integer(),
      pageCount: Type.Integer(),
      /** How many schools' exams received the sheet. */
      schools: Type.Integer(),
    }),
  ),
};
