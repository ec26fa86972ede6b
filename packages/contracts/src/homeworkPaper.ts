import { Type, type Static } from 'typebox';
import { Obj, post, titled as t } from './builders';
import { HomeworkId } from './homeworkIds';
import { HomeworkDetail, HomeworkQuestionType } from './homework';

/**
 * The uploaded paper of a 校本作业 (spec 001 §2: "Paper record, pdf and split pages under
 * /paper/ with {id}/{schoolId}") and the editing of one question (/homework/question/edit).
 * The spec names the pages only; the calls are examkit's (docs/homework.md "试卷与单题编辑").
 */

/** The record of an uploaded paper: the homework, its file and what became of it. */
export const PaperRecord = Type.Object({
  homework: HomeworkDetail,
  schoolId: Type.Integer(),
  /** Size of the stored file in bytes, or null when the file is missing from the store. */
  paperBytes: Type.Union([Type.Integer(), Type.Null()]),
  objectiveCount: Type.Integer(),
  subjectiveCount: Type.Integer(),
  /** Scanned pages uploaded for it, and students who handed it in (scan, online or 录入). */
  scanPages: Type.Integer(),
  submissions: Type.Integer(),
});
export type PaperRecord = Static<typeof PaperRecord>;

const M = '/marking-homework/homework';

const QuestionEditBody = Obj({
  id: HomeworkId,
  no: t('题目序号', Type.Integer({ minimum: 1 })),
  label: t('题号', Type.String({ minLength: 1, maxLength: 16 })),
  type: t('题型', HomeworkQuestionType),
  answer: t('答案', Type.Union([Type.String({ minLength: 1, maxLength: 16 }), Type.Null()])),
  fullMarks: t('满分', Type.Number({ exclusiveMinimum: 0, maximum: 200, multipleOf: 0.5 })),
});

/** What a question's edit re-scores on an assigned homework. */
export const QuestionEditImpact = Type.Object({
  handIns: Type.Integer(),
  changed: Type.Integer(),
  clamped: Type.Integer(),
});
export type QuestionEditImpact = Static<typeof QuestionEditImpact>;

/** The /paper/* pages' and question/edit's calls (docs/homework.md). */
export const homeworkPaperRoutes = {
  paperRecord: post(
    `${M}/paper/record`,
    'the record of an uploaded homework paper of the given school (another school answers 作业不存在)',
    Obj({ id: HomeworkId, schoolId: t('学校', Type.Integer({ minimum: 1 })) }),
    PaperRecord,
  ),
  questionEdit: post(
    `${M}/question/edit`,
    'change one question (题号, 题型, 答案, 满分) of a homework made from a paper; once assigned, its key and full marks only, every hand-in re-scored',
    QuestionEditBody,
    HomeworkDetail,
  ),
  questionEditCheck: post(
    `${M}/question/edit/check`,
    'what question/edit would re-score on an assigned homework, nothing saved: hand-ins with an answer, those that change, typed scores cut to the new full marks',
    QuestionEditBody,
    QuestionEditImpact,
  ),
};
