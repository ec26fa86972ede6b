import { Type } from 'typebox';
import { Id, Nullable, Obj, post } from '../builders';
import {
  ClassBody,
  ClassHead,
  ClassSubjectBody,
  CriticalGroup,
  Int,
  MaxScoreRate,
  N,
  NInt,
  Num,
  OptionRow,
  PreviousExam,
  QuestionGroupStats,
  QuestionHead,
  R,
  Rate,
  ReportComment,
  ReportStats,
  Str,
  SubjectHead,
  SubjectKey,
  TranscriptRow,
} from './common';

/** Class and grade counts side by side in one score band. */
const ContrastBand = Obj({
  from: Num,
  to: Num,
  classCount: Int,
  gradeCount: Int,
  classRate: N,
  gradeRate: N,
});
/** A knowledge point or ability, class beside grade. */
const TagRow = Obj({
  tag: Str,
  questionNumbers: Type.Array(Str),
  fullMarks: Num,
  classScoreRate: N,
  gradeScoreRate: N,
});
/** Level counts and rates under the caller's own lines. */
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
/** A student who lost points on a question, with their score and choice. */
const LostStudent = Obj({ studentId: Int, name: Str, score: N, answer: Nullable(Str) });

/** Class report pages (Exam-Single-Report-Class). */
export const classReportRoutes = {
  classBasic: post(
    `${R}/class/basic`,
    'class report: each subject and the total, class beside grade',
    ClassBody,
    Obj({
      ...ClassHead,
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
      ...ClassHead,
      ...SubjectHead,
      questions: Type.Array(
        Obj({
          ...QuestionHead,
          class: QuestionGroupStats,
          grade: QuestionGroupStats,
          options: Type.Array(OptionRow),
          /**
           * Whether the students' choices were recorded (scanned sheets, or an import with answer
           * columns); false for an objective question without them (shown as 未录入选项, options
           * empty) and for every subjective question.
           */
          choicesRecorded: Type.Boolean(),
          /** The wrong option chosen most often in the class; null when none. */
          commonWrong: Nullable(Str),
          lostStudents: Type.Array(LostStudent),
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
      ...ClassHead,
      ...SubjectHead,
      knowledgePoints: Type.Array(TagRow),
      abilities: Type.Array(TagRow),
    }),
  ),
  classAnalysis: post(
    `${R}/class/analysis`,
    'class student analysis: levels, 临界生, 偏科',
    ClassBody,
    Obj({
      ...ClassHead,
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
      /**
       * 进退步 of the total by percentile rank (share of the grade behind, %), largest progress
       * first, raw ranks beside; empty without a previous exam or the total.
       */
      rankChanges: Type.Array(
        Obj({
          studentId: Int,
          name: Str,
          previousRank: Int,
          gradeRank: Int,
          change: Int,
          previousPercentile: N,
          percentile: N,
          percentileChange: N,
        }),
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
    Obj({ ...ClassHead, students: Type.Array(TranscriptRow) }),
  ),
  classProblemSet: post(
    `${R}/class/problemSet`,
    "the class's weak questions with the students who lost points",
    Obj({ examId: Id, classId: Id, subjectId: Id, maxScoreRate: MaxScoreRate }),
    Obj({
      ...ClassHead,
      ...SubjectHead,
      maxScoreRate: Num,
      questions: Type.Array(
        Obj({
          ...QuestionHead,
          classScoreRate: N,
          gradeScoreRate: N,
          students: Type.Array(LostStudent),
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
      ...ClassHead,
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
      ...ClassHead,
      ...SubjectHead,
      bands: Type.Array(ContrastBand),
    }),
  ),
};
