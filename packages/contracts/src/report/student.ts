import { Type } from 'typebox';
import { Id, Nullable, Obj, post } from '../builders';
import {
  Int,
  N,
  NInt,
  Num,
  PreviousExam,
  QuestionHead,
  R,
  ReportExam,
  Str,
  SubjectKey,
} from './common';

/** A student's transcript (a class report page). */
export const studentReportRoutes = {
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
          /** 进退步 by percentile rank (points of %), positive is progress. */
          percentileChange: N,
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
};
