import { Type } from 'typebox';
import { Obj, post } from '../builders';
import { ExamBody, Int, N, NInt, Num, R, RankRow, ReportExam, Str, SubjectKey } from './common';

/** Whole-exam summaries: the screen report and the quick review. */
export const overviewReportRoutes = {
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
};
