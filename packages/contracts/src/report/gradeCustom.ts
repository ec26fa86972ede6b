import { Type } from 'typebox';
import { Id, Obj, post } from '../builders';
import {
  ExamBody,
  GradeSubjectBody,
  Int,
  N,
  NInt,
  R,
  ReportExam,
  ReportStats,
  Str,
  SubjectKey,
} from './common';
import { GradeTagData } from './grade';

/** 自定义报告 of the grade report: groups of classes, class × subject, knowledge model. */
export const gradeCustomRoutes = {
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
    GradeTagData,
  ),
};
