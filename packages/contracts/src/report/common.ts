import { Type } from 'typebox';
import { Id, Nullable, Obj, studentClassFields, OneOf, pageFields } from '../builders';

/** Fields, request bodies and shapes the report calls share. */

/** Prefix of the single-exam report calls. */
export const R = '/marking-report/exam/report';
/** Prefix of the /marking-report/teacher calls. */
export const T = '/marking-report/teacher';

/** An integer. */
export const Int = Type.Integer();
/** A number. */
export const Num = Type.Number();
/** A number, or null where there is none (no one present, no previous exam…). */
export const N = Nullable(Type.Number());
/** An integer or null. */
export const NInt = Nullable(Type.Integer());
/** A string. */
export const Str = Type.String();
/** A fraction from 0 to 1. */
export const Rate = Type.Number({ minimum: 0, maximum: 1 });
/** `subjectId` of a report row: an exam subject (`exam_subjects.id`), or 0 for the total (总分). */
export const SubjectKey = Type.Integer({ minimum: 0, description: 'exam subject id; 0 = 总分' });

/** A body naming an exam. */
export const ExamBody = Obj({ examId: Id });
/** A body naming an exam and a class. */
export const ClassBody = Obj({ examId: Id, classId: Id });
/** A body naming an exam, a class and a subject. */
export const ClassSubjectBody = Obj({ examId: Id, classId: Id, subjectId: Id });
/** A body naming an exam and a subject. */
export const GradeSubjectBody = Obj({ examId: Id, subjectId: Id });
/** `pageNum` from 1, at most 200 a page (spread into a body). */
export const PageFields = pageFields(200, 50);
/** Questions at or under this score rate are problems. @default 0.6 */
export const MaxScoreRate = Type.Optional(Type.Number({ minimum: 0, maximum: 1, default: 0.6 }));

/** The exam a report belongs to, with the subjects and classes the caller may see. */
export const ReportExam = Obj({
  id: Int,
  name: Str,
  examType: Str,
  examDate: Str,
  academicYear: Int,
  gradeId: Int,
  gradeName: Str,
  published: Type.Boolean(),
  /** When the cached figures were computed (epoch ms). */
  computedAt: Int,
  subjects: Type.Array(Obj({ id: Int, name: Str, fullMarks: Num })),
  classes: Type.Array(Obj({ id: Int, name: Str })),
});

/** Figures of one score column over a group; full precision, rates as fractions (docs/analysis.md). */
export const ReportStats = Obj({
  fullMarks: Num,
  count: Int,
  absent: Int,
  mean: N,
  max: N,
  min: N,
  median: N,
  sd: N,
  excellentRate: N,
  goodRate: N,
  passRate: N,
  lowRate: N,
  /** 超均率 against the grade. */
  aboveMeanRate: N,
});

/** A student with their score in one column. */
export const StudentScoreRef = Obj({
  studentId: Int,
  name: Str,
  studentNo: Str,
  classId: Int,
  score: N,
});

/** 临界生 below one line. */
export const CriticalGroup = Obj({
  line: OneOf(['excellent', 'good', 'pass'] as const),
  lineScore: Num,
  from: Num,
  students: Type.Array(StudentScoreRef),
});

/** A question's figures over one group (class or grade). */
export const QuestionGroupStats = Obj({
  count: Int,
  mean: N,
  scoreRate: N,
  fullMarkRate: N,
  zeroRate: N,
  discrimination: N,
});

/** How often an option was chosen, and whether it belongs to the key. */
export const OptionRow = Obj({ option: Str, count: Int, rate: N, correct: Type.Boolean() });

/** A teacher's comment on a question (type 1 错因分析, 2 讲评建议); classId 0 = the grade. */
export const ReportComment = Obj({
  classId: Int,
  questionId: Int,
  type: Int,
  content: Str,
  updatedBy: Int,
  updatedAt: Int,
});

/** The fields every question row starts with (spread into an object). */
export const QuestionHead = {
  questionId: Int,
  number: Str,
  kind: Str,
  fullMarks: Num,
  answer: Nullable(Str),
  knowledgePoints: Type.Array(Str),
};

/** A student's score, ranks and level in one column (0 = total). */
export const StudentSubjectScore = Obj({
  subjectId: SubjectKey,
  score: N,
  classRank: NInt,
  gradeRank: NInt,
  /** excellent, good, pass, fail (≥ 低分线) or low. */
  level: Nullable(Str),
  /** Raw 进退步: grade rank in the grade's previous exam − grade rank now (positive is progress). */
  rankChange: NInt,
  /**
   * 进退步 by percentile rank (share of the grade behind, in %): now − previous exam, so exams of
   * different sizes compare; positive is progress.
   */
  percentileChange: N,
});

/** The grade's previous exam, the basis of 进退步. */
export const PreviousExam = Nullable(Obj({ examId: Int, name: Str, examDate: Str }));

/** A student's row of a transcript. */
export const TranscriptRow = Obj({
  ...studentClassFields(),
  scores: Type.Array(StudentSubjectScore),
  /** Null when the caller sees only some subjects of the class. */
  total: Nullable(StudentSubjectScore),
});

/** A student's place in a ranking of one column. */
export const RankRow = Obj({
  ...studentClassFields(),
  score: N,
  gradeRank: NInt,
  classRank: NInt,
  level: Nullable(Str),
  /**
   * 选考 (3+1+2), total only: the student's elective subjects (`物理+化学+生物`) and their rank of
   * the total within that combination, and within 物理类 / 历史类 (`track`); null elsewhere.
   */
  combination: Nullable(Str),
  combinationRank: NInt,
  track: Nullable(Str),
  trackRank: NInt,
});

/** The head of every class page's data (spread into an object). */
export const ClassHead = { exam: ReportExam, classId: Int, className: Str };
/** The subject a page shows (spread into an object). */
export const SubjectHead = { subjectId: Int, subjectName: Str };
