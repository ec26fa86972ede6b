import { Type, type Static } from 'typebox';
import { gradeSubjectRow, Nullable, Obj, OneOf, post } from './builders';
import { titled as t, IdempotencyKey } from './builders';
import { ByHomework, HomeworkId } from './homeworkIds';
import { Paged } from './envelope';

/**
 * 校本作业 made from an uploaded paper (spec 001 §2 Homework, §7 /marking-homework): the
 * paper, its question list (拆题), assignment to classes and teaching classes under the 双减
 * rules. The spec names the pages and hspa/pageInfo only; the other calls are examkit's
 * (docs/homework.md).
 */

const PageNum = t('页码', Type.Integer({ minimum: 1, default: 1 }));
const PageSize = t('每页条数', Type.Integer({ minimum: 1, maximum: 100, default: 20 }));

/** Where homework stands: 待拆题 (uploaded), 待布置 (questions confirmed), 已布置. */
export const HOMEWORK_STATES = ['draft', 'ready', 'assigned'] as const;
export const HomeworkState = OneOf(HOMEWORK_STATES);
export type HomeworkState = Static<typeof HomeworkState>;
export const HOMEWORK_STATE_LABELS: Record<HomeworkState, string> = {
  draft: '待拆题',
  ready: '待布置',
  assigned: '已布置',
};

/** 客观题 (scored against a key) or 主观题 (corrected by the teacher). */
export const HOMEWORK_QUESTION_TYPES = ['objective', 'subjective'] as const;
export const HomeworkQuestionType = OneOf(HOMEWORK_QUESTION_TYPES);
export const HOMEWORK_QUESTION_TYPE_LABELS = { objective: '客观题', subjective: '主观题' } as const;

/** Largest paper a browser sends in one call (base64 of about 730 KB under the 1 MiB body limit). */
export const HOMEWORK_PAPER_MAX_BASE64 = 1_000_000;
/** The 双减 daily limits of written homework per class (docs/homework.md). */
export const DAILY_MINUTES_LIMIT = { primary: 60, junior: 90 } as const;

const QuestionFields = {
  /** 题号 as printed: 1, 2, 13(1) … */
  label: t('题号', Type.String({ minLength: 1, maxLength: 16 })),
  type: t('题型', HomeworkQuestionType),
  /** Key of an objective question (A, BD, 对 …); null for a subjective one. */
  answer: t('答案', Nullable(Type.String({ minLength: 1, maxLength: 16 }))),
  fullMarks: t('满分', Type.Number({ exclusiveMinimum: 0, maximum: 200, multipleOf: 0.5 })),
};
export const HomeworkQuestionInput = Obj(QuestionFields);
export type HomeworkQuestionInput = Static<typeof HomeworkQuestionInput>;
/**
 * A question of a homework with its knowledge points: the bank question's for homework made from
 * the bank, those the teacher tagged for a paper's (docs/homework.md), in tree order.
 */
export const HomeworkQuestion = Type.Object({
  no: Type.Integer(),
  ...QuestionFields,
  points: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type HomeworkQuestion = Static<typeof HomeworkQuestion>;

const Target = Type.Object({
  kind: OneOf(['class', 'teachingClass'] as const),
  id: Type.Integer(),
  name: Type.String(),
  studentCount: Type.Integer(),
});
export type HomeworkTarget = Static<typeof Target>;

export const HomeworkAssignment = Type.Object({
  ...Target.properties,
  dueAt: Type.Integer(),
  estimatedMinutes: Type.Integer(),
  assignedAt: Type.Integer(),
});
export type HomeworkAssignment = Static<typeof HomeworkAssignment>;

export const HomeworkSummary = Type.Object({
  ...gradeSubjectRow(),
  state: HomeworkState,
  questionCount: Type.Integer(),
  fullMarks: Type.Number(),
  /** Class and teaching-class names it is assigned to. */
  targets: Type.Array(Type.String()),
  /** Earliest due time of its assignments, or null before it is assigned. */
  dueAt: Nullable(Type.Integer()),
  createdAt: Type.Integer(),
  creatorName: Type.String(),
});
export type HomeworkSummary = Static<typeof HomeworkSummary>;

export const HomeworkDetail = Type.Object({
  ...HomeworkSummary.properties,
  paperName: Type.String(),
  /**
   * `pdf` or `image`: how the split page shows the paper; `bank`: made from the bank, no paper;
   * `workbook`: a 教辅 chapter, no paper (its page is the chapter's).
   */
  paperKind: OneOf(['pdf', 'image', 'bank', 'workbook'] as const),
  questions: Type.Array(HomeworkQuestion),
  assignments: Type.Array(HomeworkAssignment),
  /** Written homework may not be assigned to this grade (一、二年级, 双减). */
  writtenRefused: Type.Boolean(),
  /** The grade's 双减 daily limit in minutes, or null above 九年级. */
  dailyLimit: Nullable(Type.Integer()),
});
export type HomeworkDetail = Static<typeof HomeworkDetail>;

/** One administrative class's homework time on the homework's day, before and with this one. */
export const DailyLoad = Type.Object({
  classId: Type.Integer(),
  className: Type.String(),
  /** Estimated minutes already assigned for that day, every subject. */
  assignedMinutes: Type.Integer(),
  /** With this homework. */
  totalMinutes: Type.Integer(),
  limit: Nullable(Type.Integer()),
  over: Type.Boolean(),
  /** Each homework counted, for the warning's details. */
  items: Type.Array(
    Type.Object({ name: Type.String(), subjectName: Type.String(), minutes: Type.Integer() }),
  ),
});
export type DailyLoad = Static<typeof DailyLoad>;

export const AssignCheck = Type.Object({
  /** China date (YYYY-MM-DD) whose homework is summed: the day the homework is assigned. */
  day: Type.String(),
  loads: Type.Array(DailyLoad),
  /** A Chinese warning when a class goes past its limit, else null. */
  warning: Nullable(Type.String()),
});
export type AssignCheck = Static<typeof AssignCheck>;

const AssignFields = {
  id: HomeworkId,
  classIds: t(
    '班级',
    Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 40, uniqueItems: true, default: [] }),
  ),
  teachingClassIds: t(
    '教学班',
    Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 40, uniqueItems: true, default: [] }),
  ),
  dueAt: t('截止时间', Type.Integer({ minimum: 0 })),
  estimatedMinutes: t('预计用时', Type.Integer({ minimum: 1, maximum: 240 })),
};

const PaperFile = t(
  '作业原卷',
  Obj({
    fileName: t(
      '文件名',
      Type.String({
        minLength: 1,
        maxLength: 128,
        pattern: '\\.([Pp][Dd][Ff]|[Pp][Nn][Gg]|[Jj][Pp][Ee]?[Gg])$',
      }),
    ),
    contentBase64: t(
      '文件内容',
      Type.String({ minLength: 1, maxLength: HOMEWORK_PAPER_MAX_BASE64 }),
    ),
  }),
);

const M = '/marking-homework/homework';

/** The 校本作业 calls (docs/homework.md). */
export const homeworkRoutes = {
  homeworkPage: post(
    `${M}/hspa/pageInfo`,
    'paged school homework the caller may see (their grades and subjects), newest first',
    Obj({
      pageNum: PageNum,
      pageSize: PageSize,
      keyWord: Type.Optional(t('关键词', Type.String({ maxLength: 40 }))),
      gradeId: Type.Optional(t('年级', Type.Integer({ minimum: 1 }))),
      subjectId: Type.Optional(t('科目', Type.Integer({ minimum: 1 }))),
      state: Type.Optional(t('状态', HomeworkState)),
    }),
    Paged(HomeworkSummary),
  ),
  homeworkOptions: post(
    `${M}/school-base/options`,
    'the grades × subjects the caller may set homework for, with their classes and teaching classes',
    Obj({}),
    Type.Array(
      Type.Object({
        gradeId: Type.Integer(),
        gradeName: Type.String(),
        subjectId: Type.Integer(),
        subjectName: Type.String(),
        targets: Type.Array(Target),
      }),
    ),
  ),
  homeworkCreate: post(
    `${M}/school-base/create`,
    'create homework from an uploaded PDF or image paper (a retry with the same key answers the first)',
    Obj({
      name: t('作业名称', Type.String({ minLength: 1, maxLength: 60 })),
      gradeId: t('年级', Type.Integer({ minimum: 1 })),
      subjectId: t('科目', Type.Integer({ minimum: 1 })),
      paper: PaperFile,
      idempotencyKey: t('请求标识', IdempotencyKey),
    }),
    Type.Object({ id: Type.Integer() }),
  ),
  homeworkDetail: post(
    `${M}/school-base/detail`,
    'one homework with its questions and assignments',
    ByHomework,
    HomeworkDetail,
  ),
  splitConfirm: post(
    `${M}/school-base/split-confirm`,
    'save the question list of the paper (replaces it; refused once assigned)',
    Obj({
      id: HomeworkId,
      questions: t('题目', Type.Array(HomeworkQuestionInput, { minItems: 1, maxItems: 200 })),
    }),
    HomeworkDetail,
  ),
  aiSplit: post(
    `${M}/school-base/ai-split-confirm`,
    'ask the configured AI model to propose the question list from the paper text (not saved)',
    Obj({
      id: HomeworkId,
      text: t('试卷文字', Type.String({ minLength: 1, maxLength: 20_000 })),
    }),
    Type.Object({ questions: Type.Array(HomeworkQuestionInput) }),
  ),
  assignCheck: post(
    `${M}/school-base/assign/check`,
    '双减: the day’s homework minutes of every class the assignment reaches, with a warning past the limit',
    Obj(AssignFields),
    AssignCheck,
  ),
  assign: post(
    `${M}/school-base/assign`,
    'assign to classes and teaching classes (refused for 一、二年级; past the daily limit only with confirmOverLimit)',
    Obj({
      ...AssignFields,
      confirmOverLimit: t('确认超时布置', Type.Boolean({ default: false })),
    }),
    HomeworkDetail,
  ),
  homeworkRemove: post(
    `${M}/school-base/remove`,
    'delete a homework that is not assigned yet',
    ByHomework,
    Type.Null(),
  ),
};

/** The paper of a homework (PDF or image), a download (query `id`). */
export const HOMEWORK_PAPER_URL = `${M}/school-base/paper`;

/** The homework's answer sheet PDF, laid out by the answer-sheet engine (query `id`). */
export const HOMEWORK_SHEET_URL = `${M}/school-base/sheet`;
