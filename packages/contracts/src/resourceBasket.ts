import { Type, type Static } from 'typebox';
import { Nullable, Obj, post } from './builders';
import { BankQuestionItem } from './resource';

/**
 * The question basket (试题篮, spec 000 §2 §7 §8, spec 001 §7 /marking-resources basket): the
 * questions a teacher gathers per subject before 组卷. It belongs to the signed-in user and
 * school and lives on the server, so it survives a reload and a new session.
 * @see docs/resources.md "Basket and papers"
 */

const B = '/marking-resources/basket';
const t = (title: string) => ({ title });

const SubjectCode = Type.String({ minLength: 1, maxLength: 20, ...t('学科') });
const QuestionId = Type.Integer({ minimum: 1, ...t('试题') });
const QuestionIds = Type.Array(Type.Integer({ minimum: 1 }), {
  minItems: 1,
  maxItems: 200,
  uniqueItems: true,
  ...t('试题'),
});

/** The most questions one basket (one subject) holds. */
export const BASKET_LIMIT = 100;

/** The basket's questions of one type, in the order they were added. */
export const BasketGroup = Type.Object({
  type: Type.String(),
  typeName: Type.String(),
  questions: Type.Array(BankQuestionItem),
});

/** The count as the floating basket reads it (spec 000 §7: `questCount`). */
export const BasketCount = Type.Object({ questCount: Type.Integer() });

/** One section of a paper as 组卷 sends it. */
export const BankPaperSectionInput = Obj({
  title: Type.String({ minLength: 1, maxLength: 60, ...t('大题标题') }),
  questions: Type.Array(
    Obj({
      questionId: QuestionId,
      score: Type.Number({ exclusiveMinimum: 0, maximum: 200, ...t('分值') }),
    }),
    { minItems: 1, maxItems: 100, ...t('试题') },
  ),
});

/** A paper's header and sections as 组卷 saves it. */
export const BankPaperInput = Type.Object(
  {
    subjectCode: SubjectCode,
    title: Type.String({ minLength: 1, maxLength: 80, ...t('试卷标题') }),
    subtitle: Type.String({ maxLength: 120, ...t('副标题') }),
    durationMinutes: Type.Integer({ minimum: 1, maximum: 600, ...t('考试时长') }),
    gradeNum: Type.Union([Type.Integer({ minimum: 1, maximum: 12 }), Type.Null()], t('年级')),
    sections: Type.Array(BankPaperSectionInput, { minItems: 1, maxItems: 20, ...t('大题') }),
  },
  { additionalProperties: false, ...t('试卷') },
);

export type BankPaperInput = Static<typeof BankPaperInput>;

export const basketRoutes = {
  add: post(
    `${B}/add`,
    'puts a question into the caller’s basket of its subject (adding it twice keeps one)',
    Obj({ questionId: QuestionId }),
    BasketCount,
  ),
  batchAdd: post(
    `${B}/batch_add`,
    'puts several questions of one subject into the basket',
    Obj({ questionIds: QuestionIds }),
    BasketCount,
  ),
  remove: post(
    `${B}/remove`,
    'takes a question out of the basket',
    Obj({ questionId: QuestionId }),
    BasketCount,
  ),
  replace: post(
    `${B}/replace`,
    'swaps a basket question for another (the given one, or a similar one of the same type)',
    Obj({ questionId: QuestionId, replacementId: Type.Optional(QuestionId) }),
    Type.Object({ replacementId: Type.Integer() }),
  ),
  clear: post(
    `${B}/clear`,
    'empties the basket of a subject',
    Obj({ subjectCode: SubjectCode }),
    BasketCount,
  ),
  list: post(
    `${B}/list`,
    'the basket of a subject, grouped by question type',
    Obj({ subjectCode: SubjectCode }),
    Type.Object({ total: Type.Integer(), groups: Type.Array(BasketGroup) }),
  ),
  ids: post(
    `${B}/ids`,
    'the ids of the questions in the basket of a subject (for the add toggles of a list)',
    Obj({ subjectCode: SubjectCode }),
    Type.Object({ questionIds: Type.Array(Type.Integer()) }),
  ),
  count: post(
    `${B}/count`,
    'how many questions the basket of a subject holds (userId must be the caller); without subjectCode, the basket the caller added to last',
    Obj({
      userId: Type.Integer({ minimum: 1, ...t('用户') }),
      subjectCode: Type.Optional(SubjectCode),
    }),
    Type.Object({
      questCount: Type.Integer(),
      subjectCode: Nullable(Type.String()),
      /** The grade of the latest question in it (the basket page's gradeNum), or null. */
      gradeNum: Nullable(Type.Integer()),
    }),
  ),
  savePaper: post(
    `${B}/save_paper`,
    'saves 组卷 as a school paper and empties the basket of the questions used; a retry with the same requestKey answers the same paper',
    Obj({
      paper: BankPaperInput,
      requestKey: Type.String({ minLength: 8, maxLength: 64, ...t('请求标识') }),
    }),
    Type.Object({ paperId: Type.Integer() }),
  ),
  release: post(
    `${B}/release`,
    'lets go of some questions of the basket at once (after they went into a paper elsewhere)',
    Obj({ questionIds: QuestionIds }),
    BasketCount,
  ),
};
