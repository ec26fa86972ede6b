import { Type, type Static } from 'typebox';
import { Obj, post, titled as t } from './builders';
import { HomeworkId } from './homeworkIds';
import { KnowledgeNode } from './resourceQuestion';

/**
 * Knowledge points of a homework question (docs/homework.md "Knowledge points of a paper's
 * questions"): homework made from an uploaded paper (or a 教辅 chapter) has no bank question, so
 * the teacher tags its questions with points of the school's knowledge tree — the tree the bank
 * uses for the homework's subject and stage. Homework made from the bank takes its points from
 * the bank questions. The calls are examkit's; the spec names none.
 */

/** The most knowledge points one homework question carries. */
export const HOMEWORK_QUESTION_POINT_LIMIT = 10;

/** A knowledge point as a homework question shows it. */
export const HomeworkQuestionPoint = Type.Object({ id: Type.Integer(), name: Type.String() });
export type HomeworkQuestionPoint = Static<typeof HomeworkQuestionPoint>;

const M = '/marking-homework/homework/question/point';

export const homeworkQuestionPointRoutes = {
  questionPointTree: post(
    `${M}/tree`,
    'the knowledge tree a homework’s questions are tagged from: the school’s tree (shared and own nodes) of the homework’s subject and stage, as the bank’s',
    Obj({ homeworkId: HomeworkId }),
    Type.Array(KnowledgeNode),
  ),
  questionPointSave: post(
    `${M}/save`,
    'replaces the knowledge points of one question of a homework made from a paper or a 教辅 chapter (an empty list clears them; a retry saves the same)',
    Obj({
      homeworkId: HomeworkId,
      questionNo: t('题目序号', Type.Integer({ minimum: 1 })),
      pointIds: t(
        '知识点',
        Type.Array(Type.Integer({ minimum: 1 }), {
          maxItems: HOMEWORK_QUESTION_POINT_LIMIT,
          uniqueItems: true,
        }),
      ),
    }),
    Type.Array(HomeworkQuestionPoint),
  ),
};
