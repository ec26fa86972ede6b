import { Type } from 'typebox';
import { Id, Obj, post, studentClassFields } from '../builders';
import { N, NInt, R, ReportExam, Str } from './common';

/** Students to watch, for the print page warningReport. */
export const warningReportRoutes = {
  warningReport: post(
    `${R}/print/warningReport`,
    'students to watch (低分, 不及格, 临界): the print page /print/{examId}/warningReport',
    Obj({ examId: Id, classId: Type.Optional(Id) }),
    Obj({
      exam: ReportExam,
      students: Type.Array(
        Obj({
          ...studentClassFields(),
          totalScore: N,
          gradeRank: NInt,
          reasons: Type.Array(Str),
        }),
      ),
    }),
  ),
};
