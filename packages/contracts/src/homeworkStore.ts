import { Type, type Static } from 'typebox';
import { Nullable, Obj, post, titled as t, OneOf } from './builders';
import { ByHomework } from './homeworkIds';
import { HomeworkQuestion, HomeworkSummary } from './homework';
import { BankQuestionItem } from './resource';

/**
 * 校本作业 made from the question bank (spec 001 §2: school-base/store, store/basket,
 * basket-confirm) and a homework's questions (school-base/questionItem). The homework basket is
 * its own, not the resource 试题篮: see docs/homework.md "Homework from the bank".
 */

const M = '/marking-homework/homework/school-base';
const SubjectCode = t('学科', Type.String({ minLength: 1, maxLength: 20 }));
const QuestionId = t('试题', Type.Integer({ minimum: 1 }));
const Score = t('分值', Type.Number({ exclusiveMinimum: 0, maximum: 200, multipleOf: 0.5 }));

/** The most questions one homework basket (one subject) holds. */
export const HOMEWORK_BASKET_LIMIT = 60;

/** One question of the homework basket with its score, in the basket's order. */
export const HomeworkBasketItem = Type.Object({ question: BankQuestionItem, score: Type.Number() });
export type HomeworkBasketItem = Static<typeof HomeworkBasketItem>;

const BasketItems = Type.Object({
  subjectCode: Type.String(),
  items: Type.Array(HomeworkBasketItem),
});

const ItemInputs = t(
  '试题',
  Type.Array(Obj({ questionId: QuestionId, score: Score }), {
    minItems: 1,
    maxItems: HOMEWORK_BASKET_LIMIT,
  }),
);

/** One question of a homework as questionItem shows it: the bank question, when it came from the bank. */
export const HomeworkQuestionItem = Type.Object({
  ...HomeworkQuestion.properties,
  /** The bank question (stem, options, answer, analysis), or null for an uploaded paper's question. */
  question: Nullable(BankQuestionItem),
});
export type HomeworkQuestionItem = Static<typeof HomeworkQuestionItem>;

export const homeworkStoreRoutes = {
  basketList: post(
    `${M}/store/basket/list`,
    'the caller’s homework basket of a subject: its questions in order with their scores',
    Obj({ subjectCode: SubjectCode }),
    BasketItems,
  ),
  basketAdd: post(
    `${M}/store/basket/add`,
    'puts a bank question at the end of the homework basket of its subject (twice keeps one)',
    Obj({ questionId: QuestionId }),
    Type.Object({ subjectCode: Type.String(), count: Type.Integer() }),
  ),
  basketRemove: post(
    `${M}/store/basket/remove`,
    'takes a question out of the homework basket',
    Obj({ questionId: QuestionId }),
    Type.Object({ subjectCode: Type.String(), count: Type.Integer() }),
  ),
  basketSave: post(
    `${M}/store/basket/save`,
    'saves the order and scores of the homework basket of a subject (the questions it already holds)',
    Obj({ subjectCode: SubjectCode, items: ItemInputs }),
    BasketItems,
  ),
  basketConfirm: post(
    `${M}/basket-confirm`,
    'creates a homework from bank questions (keys from the bank) and lets them go from the basket; a retry with the same key answers the first homework',
    Obj({
      name: t('作业名称', Type.String({ minLength: 1, maxLength: 60 })),
      gradeId: t('年级', Type.Integer({ minimum: 1 })),
      subjectId: t('科目', Type.Integer({ minimum: 1 })),
      estimatedMinutes: t('预计用时', Type.Integer({ minimum: 1, maximum: 240 })),
      items: ItemInputs,
      idempotencyKey: t('请求标识', Type.String({ minLength: 8, maxLength: 64 })),
    }),
    Type.Object({ id: Type.Integer() }),
  ),
  questionItems: post(
    `${M}/question-item`,
    'a homework’s questions, with the bank question of each one made from the bank',
    ByHomework,
    Type.Object({
      homework: HomeworkSummary,
      /** `bank` (made from the bank) or `paper` (an uploaded paper). */
      source: OneOf(['bank', 'paper'] as const),
      /** Estimated minutes given when it was made from the bank, else null. */
      estimatedMinutes: Nullable(Type.Integer()),
      questions: Type.Array(HomeworkQuestionItem),
    }),
  ),
};
