import { Type } from 'typebox';
import {
  Id,
  Nullable,
  Obj,
  OneOf,
  post,
  studentFields,
  IdempotencyKey,
  pageFields,
} from './builders';
import { DownloadStarted } from './download';

/** An analysis combines single-school exams (`single`) or joint exams (`multiple`). */
export const ANALYTIC_KINDS = ['single', 'multiple'] as const;
/** How many exams one analysis combines. */
export const ANALYTIC_MIN_EXAMS = 2;
export const ANALYTIC_MAX_EXAMS = 10;

const AnalysisId = Type.Integer({ minimum: 1, title: '分析' });

/** An analysis of the analytic centre (分析中心). */
export const AnalyticAnalysis = Obj({
  id: Type.Integer(),
  name: Type.String(),
  kind: OneOf(ANALYTIC_KINDS),
  /** The exams in date order (single: exam ids; multiple: joint exam ids). */
  exams: Type.Array(Obj({ id: Type.Integer(), name: Type.String(), examDate: Type.String() })),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});

/** One student's total in one exam, from that exam's stored report. */
const AnalyticPoint = Obj({
  score: Nullable(Type.Number()),
  gradeRank: Nullable(Type.Integer()),
  /** Percentile rank (百分位): the share of the exam's ranked students behind, 0–100. */
  percentile: Nullable(Type.Number()),
});

/** An exam of an analysis as its trends head it: id, name, date and full marks. */
const analysedExamHead = {
  id: Type.Integer(),
  name: Type.String(),
  examDate: Type.String(),
  fullMarks: Type.Number(),
};

/** The trends of an analysis, of the whole grade (or joint exam) or one class. */
export const AnalyticReport = Obj({
  analysis: AnalyticAnalysis,
  /** Per exam: how many students took part and the mean total of all of them. */
  exams: Type.Array(
    Obj({
      ...analysedExamHead,
      count: Type.Integer(),
      mean: Nullable(Type.Number()),
    }),
  ),
  /** Classes (single) or schools (multiple, named or coded as the joint exam shows them). */
  groups: Type.Array(
    Obj({
      key: Type.String(),
      name: Type.String(),
      /** The group's mean total per exam (null where it took no part). */
      means: Type.Array(Nullable(Type.Number())),
    }),
  ),
  /** The classes the caller may open the class report of (the caller's own school's). */
  /**
   * Subject-level trends: each subject (matched by name across the exams) with its full marks and
   * the exam's mean in each exam, and each group's mean (keys as in `groups`); null where an exam
   * has no such subject.
   */
  subjects: Type.Array(
    Obj({
      name: Type.String(),
      fullMarks: Type.Array(Nullable(Type.Number())),
      means: Type.Array(Nullable(Type.Number())),
      groups: Type.Array(Obj({ key: Type.String(), means: Type.Array(Nullable(Type.Number())) })),
    }),
  ),
  classes: Type.Array(Obj({ classId: Type.Integer(), className: Type.String() })),
  students: Obj({
    total: Type.Integer(),
    list: Type.Array(
      Obj({
        ...studentFields(),
        /** Per exam, null where the student took no part. */
        points: Type.Array(Nullable(AnalyticPoint)),
      }),
    ),
  }),
});

/**
 * One student across the analysis's exams: the total and each subject (matched by name) with the
 * student's score, grade rank and percentile rank in each exam, read from each exam's stored report
 * (null where the student or the exam has no such figure).
 */
export const AnalyticStudentTrend = Obj({
  analysis: AnalyticAnalysis,
  exams: Type.Array(
    Obj({
      ...analysedExamHead,
    }),
  ),
  student: Obj(studentFields()),
  total: Type.Array(Nullable(AnalyticPoint)),
  subjects: Type.Array(
    Obj({
      name: Type.String(),
      fullMarks: Type.Array(Nullable(Type.Number())),
      points: Type.Array(Nullable(AnalyticPoint)),
    }),
  ),
});

const ExamIds = Type.Array(Id, {
  minItems: ANALYTIC_MIN_EXAMS,
  maxItems: ANALYTIC_MAX_EXAMS,
  title: '考试',
});

/**
 * 分析中心 (/exam/analyticCenter): several exams combined into one analysis, with trends per
 * student, class and school across them and percentile ranks, read from each exam's stored report
 * (the analysis engine's results). @see docs/analytic-centre.md
 */
export const analyticRoutes = {
  analyticList: post(
    '/marking-report/analytic/list',
    "the school's analyses, newest first",
    Obj({}),
    Type.Array(AnalyticAnalysis),
  ),
  analyticCreate: post(
    '/marking-report/analytic/create',
    'combine 2–10 exams (single-school or joint) into an analysis; a retry with the same key creates nothing',
    Obj({
      idempotencyKey: IdempotencyKey,
      name: Type.String({ minLength: 1, maxLength: 100, title: '分析名称' }),
      kind: OneOf(ANALYTIC_KINDS),
      examIds: ExamIds,
    }),
    AnalyticAnalysis,
  ),
  analyticDetail: post(
    '/marking-report/analytic/detail',
    'one analysis',
    Obj({ analysisId: AnalysisId }),
    AnalyticAnalysis,
  ),
  analyticUpdate: post(
    '/marking-report/analytic/update',
    'rename an analysis or change its exams',
    Obj({
      analysisId: AnalysisId,
      name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, title: '分析名称' })),
      examIds: Type.Optional(ExamIds),
    }),
    AnalyticAnalysis,
  ),
  analyticRemove: post(
    '/marking-report/analytic/remove',
    'delete an analysis (the exams stay)',
    Obj({ analysisId: AnalysisId }),
    Obj({}),
  ),
  analyticReport: post(
    '/marking-report/analytic/report',
    "trends across the analysis's exams: the grade or joint exam, each class or school, each student with percentile ranks; a class with classId",
    Obj({
      analysisId: AnalysisId,
      classId: Type.Optional(Id),
      keyWord: Type.Optional(Type.String({ maxLength: 64 })),
      ...pageFields(200, 50),
    }),
    AnalyticReport,
  ),
  analyticStudent: post(
    '/marking-report/analytic/student',
    "one student's total and each subject's score, grade rank and percentile per exam of the analysis, from the stored reports; a student the caller does not see answers 404",
    Obj({ analysisId: AnalysisId, studentId: Id }),
    AnalyticStudentTrend,
  ),
  analyticExport: post(
    '/marking-report/analytic/export/job',
    'the analysis as .xlsx (考试概况, 班级/学校趋势, 学科趋势, 学生趋势), a download-centre job; a class with classId',
    Obj({ analysisId: AnalysisId, classId: Type.Optional(Id) }),
    DownloadStarted,
  ),
};
