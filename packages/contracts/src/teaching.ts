import { Type } from 'typebox';
import { handInFigures, Id, Nullable, Obj, OneOf, post } from './builders';
import { SUBMISSION_STATUSES } from './homeworkStatus';

/** Where a topic list looks: the caller's classes (考试报告) or the whole grade (校级报告). */
export const TOPIC_LEVELS = ['class', 'grade'] as const;
/** The score rate under which a question or knowledge point needs attention, unless chosen. */
export const TOPIC_RATE_DEFAULT = 0.6;

const T = '/marking-report/teaching';
const N = Nullable(Type.Number());
const Str = Type.String();
const Int = Type.Integer();
/** The head of a 校本作业 row of a class's reports: which homework, when assigned, its full marks. */
const classHomeworkHead = {
  homeworkId: Int,
  name: Str,
  subjectName: Str,
  assignedAt: Int,
  fullMarks: Type.Number(),
};

/** A question of an exam with its score rate (a class's or the grade's) beside the grade's. */
const TopicQuestion = Obj({
  subjectName: Str,
  number: Str,
  kind: Str,
  fullMarks: Type.Number(),
  knowledgePoints: Type.Array(Str),
  scoreRate: N,
  gradeScoreRate: N,
  /** Present students who got it wrong (the wrong-question rule of docs/resources.md). */
  wrongCount: Int,
});

/** A knowledge point's mastery: the engine's tag score rate. */
const TopicPoint = Obj({
  subjectName: Str,
  point: Str,
  fullMarks: Type.Number(),
  scoreRate: N,
  gradeScoreRate: N,
  /** Question numbers tagged with the point. */
  numbers: Type.Array(Str),
});

/** One exam in a record: its name and date. */
const ExamRef = { examId: Int, examName: Str, examDate: Str };

/**
 * A knowledge point's mastery in a study record: over exams and homework together (全部), and
 * each source's own part (考试: the engine's tag score rate over the exams; 校本作业: the homework
 * reports' 知识点统计), null where the source has no question of the point.
 */
const MasteryPoint = Obj({
  subjectName: Str,
  point: Str,
  fullMarks: Type.Number(),
  scoreRate: N,
  exam: Nullable(Obj({ fullMarks: Type.Number(), scoreRate: N })),
  homework: Nullable(Obj({ fullMarks: Type.Number(), scoreRate: N, count: Int })),
});

/** A subject of one exam in a student's record. */
const StudentSubject = Obj({
  subjectName: Str,
  score: N,
  fullMarks: Type.Number(),
  gradeRank: Nullable(Int),
  /** Percentile rank in the grade (0–100, the share behind). */
  percentile: N,
  classMean: N,
  gradeMean: N,
});

/**
 * The teaching views (issue #19): the report centre's topic lists and teaching summary, and the
 * study pages' records of a student or a class across exams — every figure read from each exam's
 * cached report (the analysis engine). @see docs/teaching-views.md
 */
export const teachingRoutes = {
  topicList: post(
    `${T}/topicList`,
    "an exam's questions and knowledge points under a score rate, for the caller's classes or the grade",
    Obj({
      examId: Id,
      level: OneOf(TOPIC_LEVELS),
      /** One of the caller's classes (level class); null for the first. */
      classId: Nullable(Id),
      threshold: Type.Number({ minimum: 0.05, maximum: 1 }),
    }),
    Obj({
      ...ExamRef,
      level: OneOf(TOPIC_LEVELS),
      /** The classes the caller may choose (level class), or [] for the grade. */
      classes: Type.Array(Obj({ classId: Int, className: Str })),
      classId: Nullable(Int),
      threshold: Type.Number(),
      questions: Type.Array(TopicQuestion),
      points: Type.Array(TopicPoint),
    }),
  ),
  teachSummary: post(
    `${T}/teachSummary`,
    'each class and subject the caller sees in the newest readable exams, beside the grade',
    Obj({ limit: Type.Integer({ minimum: 1, maximum: 20 }) }),
    Obj({
      rows: Type.Array(
        Obj({
          ...ExamRef,
          classId: Int,
          className: Str,
          subjectName: Str,
          fullMarks: Type.Number(),
          mean: N,
          gradeMean: N,
          /** The class's rank by mean among the exam's classes. */
          rank: Nullable(Int),
          classCount: Int,
        }),
      ),
    }),
  ),
  studyClasses: post(
    `${T}/studyClasses`,
    'the classes of the current year the caller sees, and the students of one of them',
    Obj({ classId: Nullable(Id) }),
    Obj({
      classes: Type.Array(Obj({ classId: Int, className: Str, gradeName: Str })),
      classId: Nullable(Int),
      students: Type.Array(Obj({ studentId: Int, name: Str, studentNo: Str })),
    }),
  ),
  studentRecord: post(
    `${T}/studentRecord`,
    "one student's record across the readable exams and homework: totals, percentiles, subjects, knowledge points, wrong questions",
    Obj({ studentId: Id }),
    Obj({
      student: Obj({ studentId: Int, name: Str, studentNo: Str, className: Str }),
      exams: Type.Array(
        Obj({
          ...ExamRef,
          /** The total and its ranks, null where the caller sees only some subjects. */
          total: Nullable(
            Obj({
              score: N,
              fullMarks: Type.Number(),
              gradeRank: Nullable(Int),
              classRank: Nullable(Int),
              percentile: N,
              gradeMean: N,
            }),
          ),
          subjects: Type.Array(StudentSubject),
          wrongCount: Int,
        }),
      ),
      /** Mastery per knowledge point over every exam and homework, lowest first. */
      points: Type.Array(MasteryPoint),
      wrongQuestions: Type.Array(
        Obj({
          ...ExamRef,
          subjectName: Str,
          number: Str,
          knowledgePoints: Type.Array(Str),
          score: Type.Number(),
          fullMarks: Type.Number(),
          classScoreRate: N,
        }),
      ),
      /** Wrong homework questions (the 错题本's rule), the newest hand-in first. */
      homeworkWrong: Type.Array(
        Obj({
          homeworkId: Int,
          homeworkName: Str,
          /** China date (YYYY-MM-DD) of the hand-in. */
          date: Str,
          subjectName: Str,
          label: Str,
          knowledgePoints: Type.Array(Str),
          score: Type.Number(),
          fullMarks: Type.Number(),
        }),
      ),
      /**
       * The 校本作业 of the student's class whose report the caller may open, oldest first: the
       * student's score and score rate (null until corrected), the class's score rate.
       */
      homework: Type.Array(
        Obj({
          ...classHomeworkHead,
          status: OneOf(SUBMISSION_STATUSES),
          score: N,
          scoreRate: N,
          classScoreRate: N,
        }),
      ),
    }),
  ),
  classRecord: post(
    `${T}/classRecord`,
    "one class's record across the readable exams of its grade: means, ranks, subjects, weak points, common errors",
    Obj({ classId: Id }),
    Obj({
      classId: Int,
      className: Str,
      exams: Type.Array(
        Obj({
          ...ExamRef,
          classCount: Int,
          /** The total, null where the caller sees only some subjects. */
          total: Nullable(
            Obj({ fullMarks: Type.Number(), mean: N, gradeMean: N, rank: Nullable(Int) }),
          ),
          subjects: Type.Array(
            Obj({
              subjectName: Str,
              fullMarks: Type.Number(),
              mean: N,
              gradeMean: N,
              rank: Nullable(Int),
            }),
          ),
        }),
      ),
      /** Knowledge points over every exam and homework (the class's figures), lowest first. */
      points: Type.Array(MasteryPoint),
      /** The newest exam's questions with the lowest class score rates. */
      commonErrors: Type.Array(TopicQuestion),
      /** The 校本作业 of the class whose report the caller may open, oldest first: 基本情况. */
      homework: Type.Array(
        Obj({
          ...classHomeworkHead,
          ...handInFigures(),
        }),
      ),
    }),
  ),
  gradeSituation: post(
    `${T}/gradeSituation`,
    "a grade's classes across its readable exams: each class's mean and rank, total and subjects",
    Obj({ gradeId: Nullable(Id) }),
    Obj({
      /** The grades whose whole picture the caller may see (school-wide, 年级主任). */
      grades: Type.Array(Obj({ gradeId: Int, gradeName: Str })),
      gradeId: Nullable(Int),
      exams: Type.Array(Obj({ ...ExamRef, fullMarks: Type.Number(), gradeMean: N })),
      /** Per class and column (总分 or a subject), its mean and rank per exam (null: no part). */
      classes: Type.Array(
        Obj({
          classId: Int,
          className: Str,
          subjectName: Str,
          means: Type.Array(N),
          ranks: Type.Array(Nullable(Int)),
        }),
      ),
    }),
  ),
};
