import { Type, type Static } from 'typebox';
import { handInFigures, Nullable, Obj, OneOf, post, titled as t, studentFields } from './builders';
import { HomeworkId } from './homeworkIds';
import { JUDGEMENTS, SUBMISSION_SOURCES, SUBMISSION_STATUSES } from './homeworkStatus';
import { Annotation } from './homeworkSubmission';

/**
 * Reports of 校本作业 (spec 001 §2 `{id}/report` basic, comment, student and
 * `student/{studentId}/report` analysis, wrong), the /marking-homework statistics of errors and
 * knowledge points (§7), the teaching classes the pages pick from, and hand-ins typed in by a
 * teacher (录入). The calls' shapes are examkit's: docs/homework.md "Reports".
 */

const StudentId = t('学生', Type.Integer({ minimum: 1 }));
/** One class or teaching class of the homework, or null for all the caller's students. */
const Target = {
  classId: t('班级', Nullable(Type.Integer({ minimum: 1 }))),
  teachingClassId: t('教学班', Nullable(Type.Integer({ minimum: 1 }))),
};
const N = Nullable(Type.Number());

export const ReportTarget = Obj({
  kind: OneOf(['class', 'teachingClass'] as const),
  id: Type.Integer(),
  name: Type.String(),
});
export type ReportTarget = Static<typeof ReportTarget>;

const QuestionHead = {
  no: Type.Integer(),
  label: Type.String(),
  type: OneOf(['objective', 'subjective'] as const),
  /** The key of an objective question. */
  answer: Nullable(Type.String()),
  fullMarks: Type.Number(),
};

export const ReportBasic = Obj({
  id: Type.Integer(),
  name: Type.String(),
  subjectName: Type.String(),
  gradeName: Type.String(),
  fullMarks: Type.Number(),
  /** The classes and teaching classes of the homework the caller corrects, to filter by. */
  targets: Type.Array(ReportTarget),
  /** Students the homework reaches (of the chosen target). */
  expected: Type.Integer(),
  submitted: Type.Integer(),
  /** Hand-ins with every question scored (已批改 or 已修改). */
  corrected: Type.Integer(),
  average: N,
  highest: N,
  lowest: N,
  /** Average / full marks over the corrected hand-ins. */
  scoreRate: N,
  questions: Type.Array(
    Obj({
      ...QuestionHead,
      /** Hand-ins where the question is scored. */
      scored: Type.Integer(),
      right: Type.Integer(),
      wrong: Type.Integer(),
      average: N,
      scoreRate: N,
    }),
  ),
  /** Corrected hand-ins by score rate band, lowest band first. */
  distribution: Type.Array(Obj({ label: Type.String(), count: Type.Integer() })),
  /** Per class or teaching class of the caller. */
  classes: Type.Array(
    Obj({
      kind: OneOf(['class', 'teachingClass'] as const),
      id: Type.Integer(),
      name: Type.String(),
      ...handInFigures(),
    }),
  ),
});
export type ReportBasic = Static<typeof ReportBasic>;

export const ReportStudentRow = Obj({
  ...studentFields(),
  status: OneOf(SUBMISSION_STATUSES),
  source: Nullable(OneOf(SUBMISSION_SOURCES)),
  /** Handed in on screen after the due time (迟交, let through by 作业设置 允许迟交). */
  late: Type.Boolean(),
  submissionId: Nullable(Type.Integer()),
  score: N,
  /** Rank by score among the corrected hand-ins shown (ties share a rank). */
  rank: Nullable(Type.Integer()),
  right: Type.Integer(),
  wrong: Type.Integer(),
  comment: Nullable(Type.String()),
});
export type ReportStudentRow = Static<typeof ReportStudentRow>;

export const ReportComments = Obj({
  targets: Type.Array(ReportTarget),
  /** The comment of each administrative class of the caller's students. */
  classes: Type.Array(
    Obj({ classId: Type.Integer(), className: Type.String(), comment: Nullable(Type.String()) }),
  ),
  students: Type.Array(ReportStudentRow),
});
export type ReportComments = Static<typeof ReportComments>;

export const StudentQuestionResult = Obj({
  ...QuestionHead,
  /** The student's options (objective) as read or typed; null for subjective. */
  studentAnswer: Nullable(Type.String()),
  score: N,
  judgement: Nullable(OneOf(JUDGEMENTS)),
  /** The rubric items applied, with their points. */
  rubricItems: Type.Array(Obj({ label: Type.String(), points: Type.Number() })),
  adjustment: N,
  annotations: Type.Array(Annotation),
  /** Whether the question's crop of the scanned page exists (the image call). */
  hasImage: Type.Boolean(),
  /** Score rate of the question over the caller's corrected hand-ins. */
  classScoreRate: N,
});
export type StudentQuestionResult = Static<typeof StudentQuestionResult>;

export const StudentHomeworkReport = Obj({
  homework: Obj({
    id: Type.Integer(),
    name: Type.String(),
    subjectName: Type.String(),
    fullMarks: Type.Number(),
  }),
  student: Obj({
    id: Type.Integer(),
    name: Type.String(),
    studentNo: Type.String(),
    className: Type.String(),
  }),
  status: OneOf(SUBMISSION_STATUSES),
  source: Nullable(OneOf(SUBMISSION_SOURCES)),
  submissionId: Nullable(Type.Integer()),
  /** Whether the whole scanned page exists. */
  hasImage: Type.Boolean(),
  score: N,
  classAverage: N,
  comment: Nullable(Type.String()),
  questions: Type.Array(StudentQuestionResult),
});
export type StudentHomeworkReport = Static<typeof StudentHomeworkReport>;

export const ErrorStatistics = Obj({
  questions: Type.Array(
    Obj({
      ...QuestionHead,
      scored: Type.Integer(),
      wrong: Type.Integer(),
      /** Wrong / scored. */
      wrongRate: N,
      /** For objective questions: how many chose each answer ('' none), most first. */
      choices: Type.Array(Obj({ answer: Type.String(), count: Type.Integer() })),
      wrongStudents: Type.Array(Obj({ studentId: Type.Integer(), name: Type.String() })),
    }),
  ),
});
export type ErrorStatistics = Static<typeof ErrorStatistics>;

export const KnowledgeStatistics = Obj({
  /** Questions of the homework with no knowledge point (a paper's question not tagged yet). */
  untagged: Type.Integer(),
  points: Type.Array(
    Obj({
      name: Type.String(),
      questionNos: Type.Array(Type.Integer()),
      fullMarks: Type.Number(),
      /** Σ scores / Σ full marks over the scored answers of the questions tagged with it. */
      scoreRate: N,
      wrong: Type.Integer(),
    }),
  ),
});
export type KnowledgeStatistics = Static<typeof KnowledgeStatistics>;

export const TeachingClassItem = Obj({
  id: Type.Integer(),
  name: Type.String(),
  gradeId: Type.Integer(),
  subjectId: Type.Integer(),
  subjectName: Type.String(),
  studentCount: Type.Integer(),
});
export type TeachingClassItem = Static<typeof TeachingClassItem>;

const M = '/marking-homework/homework';
const Filter = Obj({ id: HomeworkId, ...Target });

/** The calls of homework reports, statistics and 录入 (docs/homework.md "Reports"). */
export const homeworkReportRoutes = {
  reportBasic: post(
    `${M}/school-base/report/basic`,
    "a homework's hand-in counts, scores, per-question score rates and distribution",
    Filter,
    ReportBasic,
  ),
  reportStudent: post(
    `${M}/school-base/report/student`,
    "a homework's students with status, score, rank and 对/错 counts",
    Filter,
    Type.Array(ReportStudentRow),
  ),
  reportComment: post(
    `${M}/school-base/report/comment`,
    "a homework's comments per class and per student",
    Filter,
    ReportComments,
  ),
  saveComment: post(
    `${M}/school-base/report/comment/save`,
    'sets (or with an empty text clears) the comment of a class or a student',
    Obj({
      id: HomeworkId,
      classId: t('班级', Nullable(Type.Integer({ minimum: 1 }))),
      studentId: t('学生', Nullable(Type.Integer({ minimum: 1 }))),
      text: t('评语', Type.String({ maxLength: 500 })),
    }),
    Obj({ comment: Nullable(Type.String()) }),
  ),
  studentAnalysis: post(
    `${M}/school-base/student/report/analysis`,
    "one student's homework: every question with score, rubric items and annotations",
    Obj({ id: HomeworkId, studentId: StudentId }),
    StudentHomeworkReport,
  ),
  studentWrong: post(
    `${M}/school-base/student/report/wrong`,
    "one student's wrong questions of a homework (less than full marks)",
    Obj({ id: HomeworkId, studentId: StudentId }),
    StudentHomeworkReport,
  ),
  errorStatistics: post(
    `${M}/statistics/error`,
    "statistics of errors: each question's wrong count, chosen answers and who got it wrong",
    Filter,
    ErrorStatistics,
  ),
  knowledgeStatistics: post(
    `${M}/statistics/knowledge`,
    "statistics of knowledge points: per point of the homework's questions (a bank question's, or those the teacher tagged), its questions, full marks, score rate and wrong answers, weakest first",
    Filter,
    KnowledgeStatistics,
  ),
  teachingClasses: post(
    `/marking-homework/teaching-class/list`,
    'the teaching classes the caller may set homework for (their own, every one of a grade they lead)',
    Obj({
      gradeId: t('年级', Nullable(Type.Integer({ minimum: 1 }))),
      subjectId: t('学科', Nullable(Type.Integer({ minimum: 1 }))),
    }),
    Type.Array(TeachingClassItem),
  ),
  manualSave: post(
    `${M}/school-base/manual/save`,
    "录入: a teacher types one student's answers (objective) and scores (subjective)",
    Obj({
      id: HomeworkId,
      studentId: StudentId,
      answers: t(
        '答案',
        Type.Array(
          Obj({
            questionNo: t('题目', Type.Integer({ minimum: 1, maximum: 200 })),
            answer: t('作答', Nullable(Type.String({ maxLength: 8 }))),
            score: t('得分', Nullable(Type.Number({ minimum: 0, maximum: 200, multipleOf: 0.5 }))),
          }),
          { maxItems: 200 },
        ),
      ),
    }),
    StudentHomeworkReport,
  ),
};
