import { Type, type TSchema } from 'typebox';
import { Paged } from './envelope';
import { route } from './route';

const strict = { additionalProperties: false } as const;
const Obj = <P extends Record<string, TSchema>>(props: P) => Type.Object(props, strict);
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Id = Type.Integer({ minimum: 1 });
const Int = Type.Integer();
const Num = Type.Number();
const N = Nullable(Type.Number());
const NInt = Nullable(Type.Integer());
const Str = Type.String();
const Rate = Type.Number({ minimum: 0, maximum: 1 });
/** `subjectId` of a report row: an exam subject (`exam_subjects.id`), or 0 for the total (总分). */
const SubjectKey = Type.Integer({ minimum: 0, description: 'exam subject id; 0 = 总分' });

const post = <B extends TSchema, D extends TSchema>(
  url: string,
  summary: string,
  body: B,
  data: D,
) =>
  route({
    method: 'POST',
    url,
    encoding: 'json',
    auth: true,
    summary,
    body,
    query: undefined,
    data,
  });

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

export const StudentScoreRef = Obj({
  studentId: Int,
  name: Str,
  studentNo: Str,
  classId: Int,
  score: N,
});

/** 临界生 below one line. */
export const CriticalGroup = Obj({
  line: Type.Union([Type.Literal('excellent'), Type.Literal('good'), Type.Literal('pass')]),
  lineScore: Num,
  from: Num,
  students: Type.Array(StudentScoreRef),
});

export const QuestionGroupStats = Obj({
  count: Int,
  mean: N,
  scoreRate: N,
  fullMarkRate: N,
  zeroRate: N,
  discrimination: N,
});

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

export const QuestionHead = {
  questionId: Int,
  number: Str,
  kind: Str,
  fullMarks: Num,
  answer: Nullable(Str),
  knowledgePoints: Type.Array(Str),
};

export const StudentSubjectScore = Obj({
  subjectId: SubjectKey,
  score: N,
  classRank: NInt,
  gradeRank: NInt,
  /** excellent, good, pass, fail (≥ 低分线) or low. */
  level: Nullable(Str),
  /** 进退步: grade rank in the grade's previous exam − grade rank now (positive is progress). */
  rankChange: NInt,
});

/** The grade's previous exam, the basis of 进退步. */
export const PreviousExam = Nullable(Obj({ examId: Int, name: Str, examDate: Str }));

export const TranscriptRow = Obj({
  studentId: Int,
  name: Str,
  studentNo: Str,
  classId: Int,
  className: Str,
  scores: Type.Array(StudentSubjectScore),
  /** Null when the caller sees only some subjects of the class. */
  total: Nullable(StudentSubjectScore),
});

const ExamBody = Obj({ examId: Id });
const ClassBody = Obj({ examId: Id, classId: Id });
const ClassSubjectBody = Obj({ examId: Id, classId: Id, subjectId: Id });
const GradeSubjectBody = Obj({ examId: Id, subjectId: Id });
const PageFields = {
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
};
/** Questions at or under this score rate are problems. @default 0.6 */
const MaxScoreRate = Type.Optional(Type.Number({ minimum: 0, maximum: 1, default: 0.6 }));

const Band = Obj({ from: Num, to: Num, count: Int });
const ContrastBand = Obj({
  from: Num,
  to: Num,
  classCount: Int,
  gradeCount: Int,
  classRate: N,
  gradeRate: N,
});
const TagRow = Obj({
  tag: Str,
  questionNumbers: Type.Array(Str),
  fullMarks: Num,
  classScoreRate: N,
  gradeScoreRate: N,
});
const GradeTagRow = Obj({
  tag: Str,
  questionNumbers: Type.Array(Str),
  fullMarks: Num,
  gradeScoreRate: N,
  classes: Type.Array(
    Obj({
      classId: Int,
      scoreRate: N,
      /** Students of the class whose own score rate on the tag is under 0.6. */
      weakStudents: Int,
    }),
  ),
});
const LevelCounts = Obj({
  count: Int,
  excellent: Int,
  good: Int,
  pass: Int,
  low: Int,
  excellentRate: N,
  goodRate: N,
  passRate: N,
  lowRate: N,
});
const RankRow = Obj({
  studentId: Int,
  name: Str,
  studentNo: Str,
  classId: Int,
  className: Str,
  score: N,
  gradeRank: NInt,
  classRank: NInt,
  level: Nullable(Str),
});
const ReportFile = Obj({
  fileName: Str,
  contentType: Str,
  contentBase64: Str,
});

/** Report pages whose tables export to `.xlsx` or PDF. */
export const ReportPage = Type.Union([
  Type.Literal('class/basic'),
  Type.Literal('class/comment'),
  Type.Literal('class/ability'),
  Type.Literal('class/analysis'),
  Type.Literal('class/transcript'),
  Type.Literal('class/problemSet'),
  Type.Literal('student/transcript'),
  Type.Literal('grade/basic'),
  Type.Literal('grade/comment'),
  Type.Literal('grade/ability'),
  Type.Literal('grade/rank'),
  Type.Literal('grade/transcript'),
  Type.Literal('grade/problemSet'),
  Type.Literal('grade/customContrast'),
  Type.Literal('quickReview'),
  Type.Literal('warningReport'),
  Type.Literal('quality'),
]);

const R = '/marking-report/exam/report';
const T = '/marking-report/teacher';

/**
 * The report calls: single-exam class and grade report pages (spec 001 §2), the
 * /marking-report/teacher calls and report quality (§7), refresh_report, exports.
 * Permission keys and figures: docs/reports.md.
 */
export const reportRoutes = {
  // class reports (Exam-Single-Report-Class)
  classBasic: post(
    `${R}/class/basic`,
    'class report: each subject and the total, class beside grade',
    ClassBody,
    Obj({
      exam: ReportExam,
      classId: Int,
      className: Str,
      studentCount: Int,
      rows: Type.Array(
        Obj({
          subjectId: SubjectKey,
          subjectName: Str,
          class: ReportStats,
          grade: ReportStats,
          /** The class's place among the grade's classes by mean. */
          meanRank: NInt,
          classCount: Int,
          bands: Type.Array(ContrastBand),
          critical: Type.Array(CriticalGroup),
        }),
      ),
    }),
  ),
  classComment: post(
    `${R}/class/comment`,
    'class question-by-question review: who lost points, common wrong options, comments',
    ClassSubjectBody,
    Obj({
      exam: ReportExam,
      classId: Int,
      className: Str,
      subjectId: Int,
      subjectName: Str,
      questions: Type.Array(
        Obj({
          ...QuestionHead,
          class: QuestionGroupStats,
          grade: QuestionGroupStats,
          options: Type.Array(OptionRow),
          /** The wrong option chosen most often in the class; null when none. */
          commonWrong: Nullable(Str),
          lostStudents: Type.Array(
            Obj({ studentId: Int, name: Str, score: N, answer: Nullable(Str) }),
          ),
          comments: Type.Array(ReportComment),
        }),
      ),
    }),
  ),
  classAbility: post(
    `${R}/class/ability`,
    'class knowledge points and abilities beside the grade',
    ClassSubjectBody,
    Obj({
      exam: ReportExam,
      classId: Int,
      className: Str,
      subjectId: Int,
      subjectName: Str,
      knowledgePoints: Type.Array(TagRow),
      abilities: Type.Array(TagRow),
    }),
  ),
  classAnalysis: post(
    `${R}/class/analysis`,
    'class student analysis: levels, 临界生, 偏科',
    ClassBody,
    Obj({
      exam: ReportExam,
      classId: Int,
      className: Str,
      levels: Type.Array(
        Obj({
          subjectId: SubjectKey,
          subjectName: Str,
          excellent: Int,
          good: Int,
          pass: Int,
          fail: Int,
          low: Int,
          absent: Int,
        }),
      ),
      critical: Type.Array(
        Obj({ subjectId: SubjectKey, subjectName: Str, lines: Type.Array(CriticalGroup) }),
      ),
      previousExam: PreviousExam,
      /** 进退步 of the total, largest progress first; empty without a previous exam or the total. */
      rankChanges: Type.Array(
        Obj({ studentId: Int, name: Str, previousRank: Int, gradeRank: Int, change: Int }),
      ),
      imbalanced: Type.Array(
        Obj({
          studentId: Int,
          name: Str,
          totalGradeRank: NInt,
          weakSubjects: Type.Array(
            Obj({ subjectId: Int, subjectName: Str, gradeRank: NInt, balance: Int }),
          ),
        }),
      ),
    }),
  ),
  classTranscript: post(
    `${R}/class/transcript`,
    'class transcript: every student, score and ranks per subject',
    ClassBody,
    Obj({ exam: ReportExam, classId: Int, className: Str, students: Type.Array(TranscriptRow) }),
  ),
  classProblemSet: post(
    `${R}/class/problemSet`,
    "the class's weak questions with the students who lost points",
    Obj({ examId: Id, classId: Id, subjectId: Id, maxScoreRate: MaxScoreRate }),
    Obj({
      exam: ReportExam,
      classId: Int,
      className: Str,
      subjectId: Int,
      subjectName: Str,
      maxScoreRate: Num,
      questions: Type.Array(
        Obj({
          ...QuestionHead,
          classScoreRate: N,
          gradeScoreRate: N,
          students: Type.Array(Obj({ studentId: Int, name: Str, score: N, answer: Nullable(Str) })),
        }),
      ),
    }),
  ),
  classCustom: post(
    `${R}/class/custom`,
    'class level rates with the caller’s own lines (fractions of full marks)',
    Obj({
      examId: Id,
      classId: Id,
      excellent: Rate,
      good: Rate,
      pass: Rate,
      low: Rate,
    }),
    Obj({
      exam: ReportExam,
      classId: Int,
      className: Str,
      rows: Type.Array(
        Obj({ subjectId: SubjectKey, subjectName: Str, class: LevelCounts, grade: LevelCounts }),
      ),
    }),
  ),
  classCustom2: post(
    `${R}/class/custom2`,
    'class score bands of a chosen width beside the grade',
    Obj({
      examId: Id,
      classId: Id,
      subjectId: SubjectKey,
      bandWidth: Type.Number({ exclusiveMinimum: 0, maximum: 1000 }),
    }),
    Obj({
      exam: ReportExam,
      classId: Int,
      className: Str,
      subjectId: Int,
      subjectName: Str,
      bands: Type.Array(ContrastBand),
    }),
  ),
  studentTranscript: post(
    `${R}/student/transcript`,
    "one student's transcript (transcriptBasic) and lost questions (transcriptMistakes)",
    Obj({ examId: Id, classId: Id, studentId: Id }),
    Obj({
      exam: ReportExam,
      previousExam: PreviousExam,
      student: Obj({
        studentId: Int,
        name: Str,
        studentNo: Str,
        examNo: Str,
        classId: Int,
        className: Str,
      }),
      basic: Type.Array(
        Obj({
          subjectId: SubjectKey,
          subjectName: Str,
          fullMarks: Num,
          score: N,
          level: Nullable(Str),
          classRank: NInt,
          gradeRank: NInt,
          z: N,
          t: N,
          /** Subject grade rank − total grade rank (偏科); null for the total. */
          balance: NInt,
          rankChange: NInt,
          classMean: N,
          gradeMean: N,
          classMax: N,
          gradeMax: N,
        }),
      ),
      mistakes: Type.Array(
        Obj({
          subjectId: Int,
          subjectName: Str,
          questions: Type.Array(
            Obj({
              ...QuestionHead,
              score: N,
              studentAnswer: Nullable(Str),
              classScoreRate: N,
              gradeScoreRate: N,
            }),
          ),
        }),
      ),
    }),
  ),

  // grade reports (Exam-Single-Report-Grade)
  gradeBasic: post(
    `${R}/grade/basic`,
    'grade report: each subject and the total, every class beside the grade',
    ExamBody,
    Obj({
      exam: ReportExam,
      rows: Type.Array(
        Obj({
          subjectId: SubjectKey,
          subjectName: Str,
          grade: ReportStats,
          classes: Type.Array(
            Obj({ classId: Int, className: Str, stats: ReportStats, meanRank: NInt }),
          ),
          bands: Type.Array(Band),
          critical: Type.Array(CriticalGroup),
        }),
      ),
    }),
  ),
  gradeComment: post(
    `${R}/grade/comment`,
    'grade question review: statistics, options, every class, comments',
    GradeSubjectBody,
    Obj({
      exam: ReportExam,
      subjectId: Int,
      subjectName: Str,
      questions: Type.Array(
        Obj({
          ...QuestionHead,
          grade: QuestionGroupStats,
          itemTotalCorrelation: N,
          options: Type.Array(OptionRow),
          commonWrong: Nullable(Str),
          classes: Type.Array(Obj({ classId: Int, className: Str, mean: N, scoreRate: N })),
          comments: Type.Array(ReportComment),
        }),
      ),
    }),
  ),
  commentGet: post(
    `${R}/comment/get`,
    'one question’s comment for the edit page (classId 0 = the grade)',
    Obj({
      examId: Id,
      classId: Type.Integer({ minimum: 0 }),
      questionId: Id,
      type: Type.Integer({ minimum: 1, maximum: 9 }),
    }),
    Obj({
      question: Obj(QuestionHead),
      subjectId: Int,
      comment: Nullable(ReportComment),
    }),
  ),
  commentSave: post(
    `${R}/comment/save`,
    'save (or with empty content delete) a comment on a question',
    Obj({
      examId: Id,
      classId: Type.Integer({ minimum: 0 }),
      questionId: Id,
      type: Type.Integer({ minimum: 1, maximum: 9 }),
      content: Type.String({ maxLength: 5000 }),
    }),
    Nullable(ReportComment),
  ),
  gradeAbility: post(
    `${R}/grade/ability`,
    'grade knowledge points and abilities by class',
    GradeSubjectBody,
    Obj({
      exam: ReportExam,
      subjectId: Int,
      subjectName: Str,
      knowledgePoints: Type.Array(GradeTagRow),
      abilities: Type.Array(GradeTagRow),
    }),
  ),
  gradeRank: post(
    `${R}/grade/rank`,
    'grade ranking with 一分一段',
    Obj({ examId: Id, subjectId: SubjectKey, classId: Type.Optional(Id), ...PageFields }),
    Obj({
      exam: ReportExam,
      subjectId: Int,
      subjectName: Str,
      segments: Type.Array(Obj({ score: Num, count: Int, cumulative: Int })),
      page: Paged(RankRow),
    }),
  ),
  gradeTranscript: post(
    `${R}/grade/transcript`,
    'grade transcript, paged, by class or name',
    Obj({
      examId: Id,
      classId: Type.Optional(Id),
      keyWord: Type.Optional(Type.String({ maxLength: 64 })),
      ...PageFields,
    }),
    Obj({ exam: ReportExam, page: Paged(TranscriptRow) }),
  ),
  gradeProblemSet: post(
    `${R}/grade/problemSet`,
    "the grade's weak questions with each class's score rate",
    Obj({ examId: Id, subjectId: Id, maxScoreRate: MaxScoreRate }),
    Obj({
      exam: ReportExam,
      subjectId: Int,
      subjectName: Str,
      maxScoreRate: Num,
      questions: Type.Array(
        Obj({
          ...QuestionHead,
          gradeScoreRate: N,
          classes: Type.Array(Obj({ classId: Int, className: Str, scoreRate: N, lostCount: Int })),
        }),
      ),
    }),
  ),
  gradeCustomGroup: post(
    `${R}/grade/custom/group`,
    'custom groups of classes (customGroup), each group beside the grade',
    Obj({
      examId: Id,
      groups: Type.Array(
        Obj({
          name: Type.String({ minLength: 1, maxLength: 32 }),
          classIds: Type.Array(Id, { minItems: 1, maxItems: 100 }),
        }),
        { minItems: 1, maxItems: 20 },
      ),
    }),
    Obj({
      exam: ReportExam,
      groups: Type.Array(
        Obj({
          name: Str,
          classIds: Type.Array(Int),
          rows: Type.Array(Obj({ subjectId: SubjectKey, subjectName: Str, stats: ReportStats })),
        }),
      ),
    }),
  ),
  gradeCustomContrast: post(
    `${R}/grade/custom/contrast`,
    'class × subject contrast (customContrast)',
    ExamBody,
    Obj({
      exam: ReportExam,
      classes: Type.Array(
        Obj({
          classId: Int,
          className: Str,
          cells: Type.Array(
            Obj({
              subjectId: SubjectKey,
              mean: N,
              aboveMeanRate: N,
              passRate: N,
              excellentRate: N,
              meanRank: NInt,
            }),
          ),
        }),
      ),
    }),
  ),
  gradeCustomKnowModel: post(
    `${R}/grade/custom/knowModel`,
    'knowledge model: knowledge points and abilities × classes (customKnowModel)',
    GradeSubjectBody,
    Obj({
      exam: ReportExam,
      subjectId: Int,
      subjectName: Str,
      knowledgePoints: Type.Array(GradeTagRow),
      abilities: Type.Array(GradeTagRow),
    }),
  ),
  screen: post(
    `${R}/screen`,
    'screen-level grade report: headline figures, classes, subjects, hardest questions',
    ExamBody,
    Obj({
      exam: ReportExam,
      headline: Obj({
        studentCount: Int,
        present: Int,
        absent: Int,
        totalMean: N,
        totalMax: N,
        passRate: N,
        excellentRate: N,
      }),
      classes: Type.Array(
        Obj({
          classId: Int,
          className: Str,
          mean: N,
          aboveMeanRate: N,
          passRate: N,
          meanRank: NInt,
        }),
      ),
      subjects: Type.Array(
        Obj({
          subjectId: Int,
          subjectName: Str,
          mean: N,
          scoreRate: N,
          passRate: N,
          excellentRate: N,
        }),
      ),
      hardestQuestions: Type.Array(
        Obj({ subjectId: Int, subjectName: Str, questionId: Int, number: Str, scoreRate: N }),
      ),
      weakKnowledgePoints: Type.Array(
        Obj({ subjectId: Int, subjectName: Str, tag: Str, scoreRate: N }),
      ),
    }),
  ),
  quickReview: post(
    `${R}/quickReview`,
    'quick review of a finished exam: subjects, top students, absentees',
    ExamBody,
    Obj({
      exam: ReportExam,
      subjects: Type.Array(
        Obj({
          subjectId: SubjectKey,
          subjectName: Str,
          fullMarks: Num,
          count: Int,
          absent: Int,
          mean: N,
          max: N,
          min: N,
          passRate: N,
          excellentRate: N,
        }),
      ),
      top: Type.Array(RankRow),
      absentees: Type.Array(
        Obj({ studentId: Int, name: Str, className: Str, subjectNames: Type.Array(Str) }),
      ),
    }),
  ),
  warningReport: post(
    `${R}/print/warningReport`,
    'students to watch (低分, 不及格, 临界): the print page /print/{examId}/warningReport',
    Obj({ examId: Id, classId: Type.Optional(Id) }),
    Obj({
      exam: ReportExam,
      students: Type.Array(
        Obj({
          studentId: Int,
          name: Str,
          studentNo: Str,
          classId: Int,
          className: Str,
          totalScore: N,
          gradeRank: NInt,
          reasons: Type.Array(Str),
        }),
      ),
    }),
  ),
  exportReport: post(
    `${R}/export`,
    "a report page's tables as .xlsx, as a print-ready HTML page, or as a PDF rendered by headless Chromium",
    Obj({
      examId: Id,
      page: ReportPage,
      /** `html`: the print-ready page itself (what the PDF is rendered from). */
      format: Type.Union([Type.Literal('xlsx'), Type.Literal('pdf'), Type.Literal('html')]),
      classId: Type.Optional(Id),
      subjectId: Type.Optional(SubjectKey),
      studentId: Type.Optional(Id),
    }),
    ReportFile,
  ),

  // /marking-report/teacher (spec 001 §7)
  teacherOverview: post(
    `${T}/overview`,
    "the caller's report home: published exams in scope and the latest one's classes",
    Obj({}),
    Obj({
      examCount: Int,
      latest: Nullable(
        Obj({
          examId: Int,
          name: Str,
          examDate: Str,
          classes: Type.Array(
            Obj({
              classId: Int,
              className: Str,
              subjectId: SubjectKey,
              subjectName: Str,
              mean: N,
              gradeMean: N,
              aboveMeanRate: N,
              meanRank: NInt,
            }),
          ),
        }),
      ),
    }),
  ),
  teacherGetExam: post(
    `${T}/getExam`,
    'exams whose reports the caller may open, newest first',
    Obj({
      gradeId: Type.Optional(Id),
      examType: Type.Optional(Type.String({ maxLength: 8 })),
      keyWord: Type.Optional(Type.String({ maxLength: 64 })),
      ...PageFields,
    }),
    Paged(
      Obj({
        examId: Int,
        name: Str,
        examType: Str,
        examDate: Str,
        gradeId: Int,
        gradeName: Str,
        state: Str,
        published: Type.Boolean(),
        /** Whether the caller may open the grade report. */
        gradeReport: Type.Boolean(),
      }),
    ),
  ),
  teacherClassOverview: post(
    `${T}/classOverview`,
    "the caller's classes in one exam, their subjects beside the grade",
    ExamBody,
    Obj({
      exam: ReportExam,
      classes: Type.Array(
        Obj({
          classId: Int,
          className: Str,
          studentCount: Int,
          subjects: Type.Array(
            Obj({
              subjectId: SubjectKey,
              subjectName: Str,
              mean: N,
              gradeMean: N,
              aboveMeanRate: N,
              passRate: N,
              excellentRate: N,
              meanRank: NInt,
            }),
          ),
        }),
      ),
    }),
  ),
  teacherTeachExamInfo: post(
    `${T}/teachExamInfo`,
    "the caller's teaching group (all their classes together) in one exam",
    ExamBody,
    Obj({
      exam: ReportExam,
      classIds: Type.Array(Int),
      studentCount: Int,
      subjects: Type.Array(
        Obj({ subjectId: Int, subjectName: Str, stats: ReportStats, grade: ReportStats }),
      ),
    }),
  ),
  teacherClassExam: post(
    `${T}/classExam`,
    "a class's exams over time: total mean and place among classes",
    Obj({
      classId: Id,
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 10 })),
    }),
    Obj({
      classId: Int,
      className: Str,
      exams: Type.Array(
        Obj({
          examId: Int,
          name: Str,
          examDate: Str,
          mean: N,
          gradeMean: N,
          aboveMeanRate: N,
          meanRank: NInt,
          classCount: Int,
        }),
      ),
    }),
  ),
  teacherTeachSubject: post(
    `${T}/teachSubject`,
    'the classes and subjects the caller teaches this academic year',
    Obj({}),
    Type.Array(
      Obj({
        classId: Int,
        className: Str,
        gradeId: Int,
        gradeName: Str,
        subjectId: Int,
        subjectName: Str,
      }),
    ),
  ),
  quality: post(
    '/marking-report/report/exam/report/quality',
    'paper quality per subject: difficulty, discrimination, reliability',
    Obj({ examId: Id, subjectId: Type.Optional(Id) }),
    Obj({
      exam: ReportExam,
      subjects: Type.Array(
        Obj({
          subjectId: Int,
          subjectName: Str,
          fullMarks: Num,
          count: Int,
          mean: N,
          sd: N,
          difficulty: N,
          discrimination: N,
          cronbachAlpha: N,
          difficultyBands: Obj({ easy: Int, medium: Int, hard: Int }),
          discriminationBands: Obj({ excellent: Int, good: Int, fair: Int, poor: Int }),
          questions: Type.Array(
            Obj({
              questionId: Int,
              number: Str,
              fullMarks: Num,
              difficulty: N,
              discrimination: N,
              itemTotalCorrelation: N,
            }),
          ),
        }),
      ),
    }),
  ),
  recomputeReport: post(
    `${R}/recompute`,
    "recompute an exam's cached report now (refresh_report of the marking domain rewrites scores, which also triggers it)",
    ExamBody,
    Obj({ examId: Int, computedAt: Int, studentCount: Int }),
  ),
};
