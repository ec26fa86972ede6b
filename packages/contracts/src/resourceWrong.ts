import { Type, type Static, type TArray, type TSchema } from 'typebox';
import { Nullable, Obj, OneOf, post } from './builders';
import { BankQuestionItem } from './resource';

/**
 * Error questions and recommendations (issue #15): the questions students lost marks on in
 * exams, a class's common errors and weak knowledge points, the school's error-question bank,
 * and bank questions recommended for practice. Every figure comes from the exam report's cached
 * analysis. @see docs/resources.md "Error questions and recommendations"
 */

const W = '/marking-resources/wrong';
const t = (title: string) => ({ title });

/**
 * The wrong-question rule: an objective question (单选, 多选, 判断) is wrong when it scored less
 * than full marks; any other question when it scored under this fraction of its full marks.
 */
export const WRONG_SUBJECTIVE_RATE = 0.6;

const N = Nullable(Type.Number());
const DateText = Type.String({ maxLength: 10, pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' });

/** Which exams: a grade's finished exams between two dates (`''` = open end), one subject or all. */
const Range = {
  subjectName: Type.String({ maxLength: 20, ...t('学科') }),
  dateFrom: Type.String({ ...DateText, ...t('开始日期') }),
  dateTo: Type.String({ ...DateText, ...t('结束日期') }),
};

const Named = Obj({ id: Type.Integer(), name: Type.String() });

/** A bank question recommended for practice, with why it was chosen. */
export const Recommendation = Obj({
  question: BankQuestionItem,
  /** Knowledge point names shared with the exam question. */
  sharedPoints: Type.Array(Type.String()),
});
export type Recommendation = Static<typeof Recommendation>;

/** An exam question as the error pages show it. */
const ExamQuestionHead = {
  examId: Type.Integer(),
  examName: Type.String(),
  examDate: Type.String(),
  subjectId: Type.Integer(),
  subjectName: Type.String(),
  questionId: Type.Integer(),
  number: Type.String(),
  kind: Type.String(),
  fullMarks: Type.Number(),
  /** The objective key, null for other questions or when not set. */
  answer: Nullable(Type.String()),
  knowledgePoints: Type.Array(Type.String()),
};

export const WrongQuestion = Obj({
  ...ExamQuestionHead,
  score: Type.Number(),
  /** The student's recognised choice on an objective question. */
  choice: Nullable(Type.String()),
  classScoreRate: N,
  recommendations: Type.Array(Recommendation),
});
export type WrongQuestion = Static<typeof WrongQuestion>;

const ClassQuestion = Obj({
  ...ExamQuestionHead,
  classScoreRate: N,
  gradeScoreRate: N,
  /** Present students of the class who got it wrong (the rule above). */
  wrongCount: Type.Integer(),
  recommendations: Type.Array(Recommendation),
});

/**
 * A question of 校本作业 the student got wrong (less than full marks, as the homework's 错), joined
 * to the exams' wrong questions in the 错题本 (docs/homework.md "Reports").
 */
export const HomeworkWrongQuestion = Obj({
  homeworkId: Type.Integer(),
  homeworkName: Type.String(),
  /** China date (YYYY-MM-DD) of the hand-in. */
  date: Type.String(),
  subjectName: Type.String(),
  questionNo: Type.Integer(),
  label: Type.String(),
  fullMarks: Type.Number(),
  score: Type.Number(),
  /** The key of an objective question, with the student's options. */
  answer: Nullable(Type.String()),
  choice: Nullable(Type.String()),
  /** The labels of the rubric items the teacher applied. */
  rubricItems: Type.Array(Type.String()),
  /** The knowledge points of the bank question it was made from. */
  knowledgePoints: Type.Array(Type.String()),
  /**
   * The bank question it was made from (作业 from the bank); null for homework made from an
   * uploaded paper, which has no bank question (and so no recommendations).
   */
  bankQuestion: Nullable(BankQuestionItem),
  /** Similar bank questions for practice (错题练习), as for an exam question. */
  recommendations: Type.Array(Recommendation),
});
export type HomeworkWrongQuestion = Static<typeof HomeworkWrongQuestion>;

/**
 * A call that answers an exam's first `limit` items of each class: the body `{ examId, limit }`
 * (`limitLabel` the limit's field label), the data `{ examName, classes: [{ classId, className,
 * [key]: items }] }`.
 */
const perClassOfExam = <K extends string, T extends TSchema>(
  url: string,
  summary: string,
  limitLabel: string,
  key: K,
  item: T,
) =>
  post(
    url,
    summary,
    Obj({
      examId: Type.Integer({ minimum: 1, ...t('考试') }),
      limit: Type.Integer({ minimum: 1, maximum: 20, ...t(limitLabel) }),
    }),
    Obj({
      examName: Type.String(),
      classes: Type.Array(
        Obj({
          classId: Type.Integer(),
          className: Type.String(),
          ...({ [key]: Type.Array(item) } as { [P in K]: TArray<T> }),
        }),
      ),
    }),
  );

const ExamPick = Obj({ id: Type.Integer(), name: Type.String(), examDate: Type.String() });

export const resourceWrongRoutes = {
  studentWrongList: post(
    `${W}/student/list`,
    'students of a class (or the grade) in scope with their wrong-question counts over exams and homework',
    Obj({
      gradeId: Nullable(Type.Integer({ minimum: 1, ...t('年级') })),
      classId: Nullable(Type.Integer({ minimum: 1, ...t('班级') })),
      ...Range,
    }),
    Obj({
      grades: Type.Array(Named),
      classes: Type.Array(Named),
      subjects: Type.Array(Type.String()),
      gradeId: Nullable(Type.Integer()),
      exams: Type.Array(ExamPick),
      rows: Type.Array(
        Obj({
          studentId: Type.Integer(),
          name: Type.String(),
          studentNo: Type.String(),
          classId: Type.Integer(),
          className: Type.String(),
          /** Wrong questions of the exams and the homework, as the detail lists them. */
          wrongCount: Type.Integer(),
          /** Of which from homework (校本作业 questions judged 错). */
          homeworkWrongCount: Type.Integer(),
          examCount: Type.Integer(),
        }),
      ),
    }),
  ),
  studentWrongDetail: post(
    `${W}/student/detail`,
    "one student's wrong questions with the class's score rates and practice recommendations",
    Obj({ studentId: Type.Integer({ minimum: 1, ...t('学生') }), ...Range }),
    Obj({
      student: Obj({
        id: Type.Integer(),
        name: Type.String(),
        studentNo: Type.String(),
        className: Type.String(),
      }),
      questions: Type.Array(WrongQuestion),
      /** Wrong questions of the student's corrected homework in the range, newest first. */
      homework: Type.Array(HomeworkWrongQuestion),
    }),
  ),
  commonErrors: perClassOfExam(
    `${W}/class/commonErrors`,
    "each class's questions with the lowest score rates in an exam",
    '每班题数',
    'questions',
    ClassQuestion,
  ),
  weakPoints: perClassOfExam(
    `${W}/class/weakPoints`,
    "each class's knowledge points with the lowest mastery in an exam",
    '每班知识点数',
    'points',
    Obj({
      subjectName: Type.String(),
      point: Type.String(),
      fullMarks: Type.Number(),
      scoreRate: N,
      gradeScoreRate: N,
      numbers: Type.Array(Type.String()),
    }),
  ),
  similarRecommend: perClassOfExam(
    `${W}/exam/similarRecommend`,
    "each class's weakest questions of an exam with recommended bank questions",
    '每班题数',
    'questions',
    ClassQuestion,
  ),
  errorBank: post(
    `${W}/bank`,
    "the school's error-question bank: exam questions with the lowest score rates",
    Obj({
      gradeId: Nullable(Type.Integer({ minimum: 1, ...t('年级') })),
      subjectName: Type.String({ maxLength: 20, ...t('学科') }),
      maxScoreRate: Type.Number({ minimum: 0, maximum: 1, ...t('最高得分率') }),
      pageNum: Type.Integer({ minimum: 1, ...t('页码') }),
      pageSize: Type.Integer({ minimum: 1, maximum: 100, ...t('每页条数') }),
    }),
    Obj({
      grades: Type.Array(Named),
      subjects: Type.Array(Type.String()),
      gradeId: Nullable(Type.Integer()),
      total: Type.Integer(),
      list: Type.Array(
        Obj({
          ...ExamQuestionHead,
          /** 年级, or the class whose figures these are for a teacher without the grade. */
          groupName: Type.String(),
          classId: Nullable(Type.Integer()),
          scoreRate: N,
          wrongCount: Type.Integer(),
          studentCount: Type.Integer(),
        }),
      ),
    }),
  ),
  /** A class's 错题本 as a download-centre job. */
  notebookJob: post(
    `${W}/notebook/job`,
    "a class's 错题本 (one file, a student a part) as a download-centre job",
    Obj({
      classId: Type.Integer({ minimum: 1, ...t('班级') }),
      format: OneOf(['docx', 'pdf'] as const),
      ...Range,
    }),
    Obj({ jobId: Type.Integer() }),
  ),
  /** Chosen recommended questions saved as a school paper (错题练习). */
  practicePaper: post(
    `${W}/practice/save_paper`,
    'the chosen recommended questions of an exam saved as a school paper (错题练习), by type',
    Obj({
      examId: Type.Integer({ minimum: 1, ...t('考试') }),
      questionIds: Type.Array(Type.Integer({ minimum: 1 }), {
        minItems: 1,
        maxItems: 50,
        ...t('试题'),
      }),
      title: Type.String({ minLength: 1, maxLength: 80, ...t('试卷标题') }),
      requestKey: Type.String({ minLength: 8, maxLength: 64, ...t('请求标识') }),
    }),
    Obj({ paperId: Type.Integer() }),
  ),
  /**
   * 巩固提升 over 校本作业: per class or teaching class the caller corrects, a homework's weakest
   * questions and knowledge points — the homework report's 基本情况 and 知识点统计 (`basicOf`,
   * `knowledgeOf`) over that class, beside the homework's over all the caller's students.
   * Without a homework, the newest the caller may open (docs/teaching-views.md).
   */
  homeworkClassErrors: post(
    `${W}/class/homework`,
    "each class's weakest questions and knowledge points of a homework, from its report",
    Obj({
      homeworkId: Nullable(Type.Integer({ minimum: 1, ...t('作业') })),
      limit: Type.Integer({ minimum: 1, maximum: 20, ...t('每班题数') }),
    }),
    Obj({
      /** The newest assigned homework the caller may open, for the picker. */
      homeworks: Type.Array(
        Obj({ id: Type.Integer(), name: Type.String(), subjectName: Type.String() }),
      ),
      homeworkId: Nullable(Type.Integer()),
      homeworkName: Type.String(),
      subjectName: Type.String(),
      /** Questions without knowledge points (a paper's question not tagged yet). */
      untagged: Type.Integer(),
      classes: Type.Array(
        Obj({
          kind: OneOf(['class', 'teachingClass'] as const),
          classId: Type.Integer(),
          className: Type.String(),
          questions: Type.Array(
            Obj({
              no: Type.Integer(),
              label: Type.String(),
              fullMarks: Type.Number(),
              knowledgePoints: Type.Array(Type.String()),
              classScoreRate: N,
              /** Over every student of the homework the caller corrects. */
              homeworkScoreRate: N,
              wrongCount: Type.Integer(),
              /** Whether it was made from a bank question (so similar questions can be found). */
              fromBank: Type.Boolean(),
            }),
          ),
          points: Type.Array(
            Obj({
              point: Type.String(),
              fullMarks: Type.Number(),
              scoreRate: N,
              homeworkScoreRate: N,
              labels: Type.Array(Type.String()),
              wrongCount: Type.Integer(),
            }),
          ),
        }),
      ),
    }),
  ),
  /**
   * 用相似题组卷 after a homework: the first similar bank question of each of a class's weakest
   * questions made from the bank (or only those of one knowledge point), saved as a school paper.
   */
  homeworkPracticePaper: post(
    `${W}/homework/practice/save_paper`,
    "a class's practice paper of similar bank questions after a homework, in one step",
    Obj({
      homeworkId: Type.Integer({ minimum: 1, ...t('作业') }),
      kind: { ...OneOf(['class', 'teachingClass'] as const), ...t('班级类型') },
      classId: Type.Integer({ minimum: 1, ...t('班级') }),
      point: { ...Nullable(Type.String({ minLength: 1, maxLength: 100 })), ...t('知识点') },
      title: Type.String({ minLength: 1, maxLength: 80, ...t('试卷标题') }),
      requestKey: Type.String({ minLength: 8, maxLength: 64, ...t('请求标识') }),
    }),
    Obj({ paperId: Type.Integer(), questionCount: Type.Integer() }),
  ),
};

/** Binary downloads (GET with header `token`): the 错题本 of a student and a practice paper. */
export const resourceWrongDownloads = {
  /** Query: studentId, format (`docx` | `pdf`), subjectName, dateFrom, dateTo. */
  notebook: `${W}/notebook`,
  /** Query: examId, questionIds (comma-separated bank ids, in order), format. */
  practice: `${W}/practice`,
} as const;

export const WRONG_FILE_FORMATS = ['docx', 'pdf'] as const;
export type WrongFileFormat = (typeof WRONG_FILE_FORMATS)[number];
