import { Type } from 'typebox';
import { Id, Nullable, Obj, OneOf, post } from './builders';
import { Paged } from './envelope';
import { ExamType } from './exam';
import { BankQuestionItem } from './resource';

/**
 * Papers (试卷, spec 001 §2 paper pages, §7 /marking-resources paper and myPaper): a school's
 * own papers built by 组卷, the cloud papers every school reads (`school_id` null, read-only,
 * copied to make them the school's), the PDF export and 生成考试.
 * @see docs/resources.md "Basket and papers"
 */

const P = '/marking-resources/paper';
const t = (title: string) => ({ title });

/** A paper as lists show it. */
export const BankPaperSummary = Type.Object({
  id: Type.Integer(),
  bank: OneOf(['school', 'cloud'] as const),
  subjectCode: Type.String(),
  gradeNum: Nullable(Type.Integer()),
  title: Type.String(),
  questionCount: Type.Integer(),
  fullMarks: Type.Number(),
  durationMinutes: Type.Integer(),
  createdBy: Nullable(Type.String()),
  createdAt: Type.Integer(),
  /** The exams made from it (生成考试), newest first. */
  examIds: Type.Array(Type.Integer()),
});

/** One question of a paper with its score and printed number. */
export const BankPaperQuestion = Type.Object({
  number: Type.Integer(),
  score: Type.Number(),
  question: BankQuestionItem,
});

export const BankPaperSection = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  questions: Type.Array(BankPaperQuestion),
});

/** A paper with its header and sections. */
export const BankPaperDetail = Type.Object({
  ...BankPaperSummary.properties,
  subtitle: Type.String(),
  sections: Type.Array(BankPaperSection),
});

const ListBody = Obj({
  pageNum: Type.Integer({ minimum: 1, default: 1, ...t('页码') }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20, ...t('每页条数') }),
  subjectCode: Type.Optional(Type.String({ maxLength: 20, ...t('学科') })),
  keyWord: Type.Optional(Type.String({ maxLength: 50, ...t('关键词') })),
});

const PaperId = Type.Integer({ minimum: 1, ...t('试卷') });

export const paperRoutes = {
  schoolList: post(
    `${P}/school/list`,
    'the school’s papers, newest first',
    ListBody,
    Paged(BankPaperSummary),
  ),
  cloudList: post(
    `${P}/cloud/list`,
    'the cloud papers (read-only)',
    ListBody,
    Paged(BankPaperSummary),
  ),
  groupList: post(
    `${P}/group/list`,
    'the papers of the caller’s 备课组 (the teachers sharing a grade and subject with the caller)',
    ListBody,
    Paged(BankPaperSummary),
  ),
  myList: post(
    '/marking-resources/myPaper/list',
    'the papers the caller made',
    ListBody,
    Paged(BankPaperSummary),
  ),
  detail: post(
    `${P}/detail`,
    'a school or cloud paper with its sections and questions',
    Obj({ id: PaperId }),
    BankPaperDetail,
  ),
  remove: post(
    `${P}/delete`,
    'deletes a school paper (its exams stay)',
    Obj({ id: PaperId }),
    Type.Null(),
  ),
  copy: post(
    `${P}/copy`,
    'copies a cloud paper into the school’s papers (复制到校本); a retry with the same requestKey answers the same copy',
    Obj({
      id: PaperId,
      requestKey: Type.String({ minLength: 8, maxLength: 64, ...t('请求标识') }),
    }),
    Type.Object({ paperId: Type.Integer() }),
  ),
  toExam: post(
    `${P}/to_exam`,
    'makes a draft exam of one subject from a paper: its questions, full marks, key and knowledge points (生成考试)',
    Obj({
      id: PaperId,
      name: Type.String({ minLength: 1, maxLength: 60, ...t('考试名称') }),
      examType: ExamType,
      examDate: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', ...t('考试日期') }),
      gradeId: Id,
      classIds: Type.Array(Id, { minItems: 1, maxItems: 100, uniqueItems: true, ...t('班级') }),
      requestKey: Type.String({ minLength: 8, maxLength: 64, ...t('请求标识') }),
    }),
    Type.Object({ examId: Type.Integer(), examSubjectId: Type.Integer() }),
  ),
};

/** Binary answers of papers (GET with the session). */
export const paperDownloads = {
  /** `?id=` → the paper as PDF; `answers=1` adds the answers and analyses at the end. */
  pdf: `${P}/pdf`,
  /** `?id=` → the paper as Word (.docx), formulas as Word equations; `answers=1` adds the answers and analyses at the end. */
  docx: `${P}/docx`,
} as const;

const RC = '/marking-resources/region-cloud';

/**
 * The region cloud bank (区域云题库): an education bureau's seat in a member school publishes the
 * school's questions and papers into its region's cloud bank, which every school of the region
 * reads beside the national cloud bank; schools of other regions never see it.
 * @see docs/resources.md "The region cloud bank"
 */
export const regionCloudRoutes = {
  status: post(
    `${RC}/status`,
    'whether the caller may publish into a region cloud bank (a bureau seat of a member school), and which',
    Obj({}),
    Type.Object({ canPublish: Type.Boolean(), regionName: Nullable(Type.String()) }),
  ),
  publishQuestion: post(
    `${RC}/publish_question`,
    'copies one of the school’s questions into the region cloud bank; publishing it again answers the same copy',
    Obj({ questionId: Type.Integer({ minimum: 1, ...t('试题') }) }),
    Type.Object({ questionId: Type.Integer(), created: Type.Boolean() }),
  ),
  publishPaper: post(
    `${RC}/publish_paper`,
    'copies one of the school’s papers, with its questions, into the region cloud bank; publishing it again answers the same copy',
    Obj({ id: PaperId }),
    Type.Object({ paperId: Type.Integer(), created: Type.Boolean() }),
  ),
};
