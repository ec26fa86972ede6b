import { Type } from 'typebox';
import { Id, Obj, post } from '../builders';
import { Int, N, Num, ReportExam, Str } from './common';

/** Report quality (spec 001 §7): the papers' difficulty, discrimination and reliability. */
export const qualityRoutes = {
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
};
