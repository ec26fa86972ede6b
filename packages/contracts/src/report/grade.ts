import { Type } from 'typebox';
import { Paged } from '../envelope';
import { Id, Nullable, Obj, post } from '../builders';
import {
  CriticalGroup,
  ExamBody,
  GradeSubjectBody,
  Int,
  MaxScoreRate,
  N,
  NInt,
  Num,
  OptionRow,
  PageFields,
  QuestionGroupStats,
  QuestionHead,
  R,
  RankRow,
  ReportComment,
  ReportExam,
  ReportStats,
  Str,
  SubjectHead,
  SubjectKey,
  TranscriptRow,
} from './common';

/** A score band of the grade. */
const Band = Obj({ from: Num, to: Num, count: Int });

/** A knowledge point or ability of the grade, with every class. */
const GradeTagRow = Obj({
  tag: Str,
  questionNumbers: Type.Array(Str),
  fullMarks: Num,
  gradeScoreRate: N,
  classes: Type.Array(
    Obj({
      classId: Int,
      scoreRate: N,
      /** Students of the class whose own score rate on the tag is under the school's 薄弱线 (default 60 %). */
      weakStudents: Int,
    }),
  ),
});

/** The grade's knowledge points and abilities × classes: 能力分析, also 自定义报告·知识模型. */
export const GradeTagData = Obj({
  exam: ReportExam,
  ...SubjectHead,
  knowledgePoints: Type.Array(GradeTagRow),
  abilities: Type.Array(GradeTagRow),
});

/** Grade report pages (Exam-Single-Report-Grade). */
export const gradeReportRoutes = {
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
      ...SubjectHead,
      questions: Type.Array(
        Obj({
          ...QuestionHead,
          grade: QuestionGroupStats,
          itemTotalCorrelation: N,
          options: Type.Array(OptionRow),
          /**
           * Whether the students' choices were recorded (scanned sheets, or an import with answer
           * columns); false for an objective question without them (shown as 未录入选项, options
           * empty) and for every subjective question.
           */
          choicesRecorded: Type.Boolean(),
          commonWrong: Nullable(Str),
          classes: Type.Array(Obj({ classId: Int, className: Str, mean: N, scoreRate: N })),
          comments: Type.Array(ReportComment),
        }),
      ),
    }),
  ),
  gradeAbility: post(
    `${R}/grade/ability`,
    'grade knowledge points and abilities by class',
    GradeSubjectBody,
    GradeTagData,
  ),
  gradeRank: post(
    `${R}/grade/rank`,
    'grade ranking with 一分一段',
    Obj({ examId: Id, subjectId: SubjectKey, classId: Type.Optional(Id), ...PageFields }),
    Obj({
      exam: ReportExam,
      ...SubjectHead,
      /**
       * 一分一段 in 1-point steps: students in [score, score + 1), at or above `score`, and the
       * grade rank of the segment's best student (cumulative − count + 1; null for an empty step).
       */
      segments: Type.Array(Obj({ score: Num, count: Int, cumulative: Int, rank: NInt })),
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
      ...SubjectHead,
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
};
