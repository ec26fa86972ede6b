import { Type, type Static, type TSchema } from 'typebox';
import { Nullable, Obj, OneOf, post, titled as t } from './builders';
import { Paged } from './envelope';
import { BankQuestionInput, BankQuestionItem, QUESTION_TYPE_KEYS } from './resource';

/**
 * The question bank's calls under /marking-resources (spec 001 §7 "Resources"): common
 * (subjects, stages, the knowledge tree), question (list, get, add, update, delete, versions),
 * knowledge-point editing (knowledge-edit) and resource/process text search and similar
 * recommendation. Paths beyond the spec's names are examkit's (docs/resources.md).
 */

const Id = (title: string) => Type.Integer({ minimum: 1, title });
const PageNum = t('页码', Type.Integer({ minimum: 1, default: 1 }));
const PageSize = t('每页条数', Type.Integer({ minimum: 1, maximum: 100, default: 10 }));
const SubjectCode = t('学科', Type.String({ minLength: 1, maxLength: 20 }));
const StageField = t('学段', Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]));
/** A filter that may be left out: null (the default) means any. */
const Maybe = <T extends TSchema>(title: string, schema: T) =>
  Object.assign(Nullable(schema), { title, default: null });
const PointName = t('知识点名称', Type.String({ minLength: 1, maxLength: 40 }));

/** Which bank a list reads: the school's own or the cloud bank (read-only for schools). */
export const BANKS = ['school', 'cloud'] as const;

export const ResourceSubject = Type.Object({
  subjectCode: Type.String(),
  subjectName: Type.String(),
});
export type ResourceSubject = Static<typeof ResourceSubject>;

export const ResourceStage = Type.Object({
  stage: Type.Integer(),
  stageName: Type.String(),
  grades: Type.Array(Type.Object({ gradeNum: Type.Integer(), gradeName: Type.String() })),
});
export type ResourceStage = Static<typeof ResourceStage>;

/** A node of a knowledge tree, flat: `parentId` links it; `shared` nodes are read-only. */
export const KnowledgeNode = Type.Object({
  id: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  name: Type.String(),
  ord: Type.Integer(),
  /** The shared tree's node (every school's, edited by nobody here); else the school's own. */
  shared: Type.Boolean(),
  /** Bank questions (not deleted) tagged with this very node. */
  questionCount: Type.Integer(),
});
export type KnowledgeNode = Static<typeof KnowledgeNode>;

export const QuestionListQuery = Obj({
  bank: t('题库', OneOf(BANKS)),
  subjectCode: SubjectCode,
  stage: Maybe('学段', StageField),
  gradeNum: Maybe('年级', Type.Integer({ minimum: 1, maximum: 12 })),
  type: Maybe('题型', OneOf(QUESTION_TYPE_KEYS)),
  difficulty: Maybe('难度', Type.Integer({ minimum: 1, maximum: 5 })),
  /** Questions of this node or any node below it. */
  pointId: Maybe('知识点', Type.Integer({ minimum: 1 })),
  source: t('来源', Type.String({ maxLength: 100, default: '' })),
  year: Maybe('年份', Type.Integer({ minimum: 1990, maximum: 2100 })),
  /** Words of the stem (segmented like the index: 抛物线 对称轴 finds both). */
  keyWord: t('关键词', Type.String({ maxLength: 100, default: '' })),
  pageNum: PageNum,
  pageSize: PageSize,
});
export type QuestionListQuery = Static<typeof QuestionListQuery>;

export const QuestionVersion = Type.Object({
  version: Type.Integer(),
  editedAt: Type.Integer(),
  editedBy: Type.String(),
  /** The question as it was in that version. */
  question: BankQuestionItem,
});
export type QuestionVersion = Static<typeof QuestionVersion>;

export const SimilarQuestion = Type.Object({
  question: BankQuestionItem,
  /** Estimated Jaccard similarity of the segmented stems (MinHash), 0–1. */
  similarity: Type.Number(),
  /** Shared knowledge points over all points of both (0–1). */
  pointOverlap: Type.Number(),
  /** The ranking score: 0.7 × similarity + 0.3 × pointOverlap. */
  score: Type.Number(),
});
export type SimilarQuestion = Static<typeof SimilarQuestion>;

const Empty = Obj({});

/** The /marking-resources calls of the question bank. */
export const resourceQuestionRoutes = {
  listSubject: post(
    '/marking-resources/common/listSubject',
    '本校学科',
    Empty,
    Type.Array(ResourceSubject),
  ),
  listStage: post(
    '/marking-resources/common/listStage',
    '本校学段与年级',
    Empty,
    Type.Array(ResourceStage),
  ),
  listPoint: post(
    '/marking-resources/common/listPoint',
    '知识点树',
    Obj({ subjectCode: SubjectCode, stage: StageField }),
    Type.Array(KnowledgeNode),
  ),
  pointAdd: post(
    '/marking-resources/point/add',
    '新增知识点',
    Obj({
      subjectCode: SubjectCode,
      stage: StageField,
      parentId: t('上级知识点', Nullable(Type.Integer({ minimum: 1 }))),
      name: PointName,
    }),
    Type.Object({ id: Type.Integer() }),
  ),
  pointRename: post(
    '/marking-resources/point/rename',
    '重命名知识点',
    Obj({ id: Id('知识点'), name: PointName }),
    Type.Null(),
  ),
  pointMove: post(
    '/marking-resources/point/move',
    '移动知识点',
    Obj({
      id: Id('知识点'),
      parentId: t('上级知识点', Nullable(Type.Integer({ minimum: 1 }))),
    }),
    Type.Null(),
  ),
  pointDelete: post(
    '/marking-resources/point/delete',
    '删除知识点',
    Obj({ id: Id('知识点') }),
    Type.Null(),
  ),
  questionList: post(
    '/marking-resources/question/list',
    '试题列表',
    QuestionListQuery,
    Paged(BankQuestionItem),
  ),
  questionGet: post(
    '/marking-resources/question/get',
    '试题详情',
    Obj({ id: Id('试题') }),
    BankQuestionItem,
  ),
  questionAdd: post(
    '/marking-resources/question/add',
    '录入试题',
    Obj({
      question: t('试题', BankQuestionInput),
      /** A key the client makes once per form: a retried add returns the first id. */
      requestId: t('请求编号', Type.String({ minLength: 8, maxLength: 64 })),
    }),
    Type.Object({ id: Type.Integer() }),
  ),
  questionUpdate: post(
    '/marking-resources/question/update',
    '修改试题',
    Obj({
      id: Id('试题'),
      /** The version the form was loaded from: an edit of an older one is refused. */
      version: t('版本', Type.Integer({ minimum: 1 })),
      question: t('试题', BankQuestionInput),
    }),
    Type.Object({ version: Type.Integer() }),
  ),
  questionDelete: post(
    '/marking-resources/question/delete',
    '删除试题',
    Obj({ id: Id('试题') }),
    Type.Null(),
  ),
  questionVersions: post(
    '/marking-resources/question/versions',
    '试题历史版本',
    Obj({ id: Id('试题') }),
    Type.Array(QuestionVersion),
  ),
  textSearch: post(
    '/marking-resources/resource/process/textSearch',
    '文本搜题',
    Obj({
      bank: t('题库', OneOf(BANKS)),
      subjectCode: SubjectCode,
      keyWord: t('关键词', Type.String({ minLength: 1, maxLength: 100 })),
      pageNum: PageNum,
      pageSize: PageSize,
    }),
    Paged(BankQuestionItem),
  ),
  similarRecommend: post(
    '/marking-resources/resource/process/similarRecommend',
    '相似题推荐',
    Obj({
      subjectCode: SubjectCode,
      questionId: Maybe('试题', Type.Integer({ minimum: 1 })),
      text: t('题干', Type.String({ maxLength: 20_000, default: '' })),
      pointIds: t(
        '知识点',
        Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 20, uniqueItems: true, default: [] }),
      ),
      limit: t('数量', Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
    }),
    Type.Array(SimilarQuestion),
  ),
} as const;
