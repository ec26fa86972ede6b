import { Type } from 'typebox';
import { Paged } from '../envelope';
import { Id, Nullable, Obj, post } from '../builders';
import {
  ExamBody,
  Int,
  N,
  NInt,
  PageFields,
  ReportExam,
  ReportStats,
  Str,
  SubjectKey,
  T,
} from './common';

/** The /marking-report/teacher calls (spec 001 §7). */
export const teacherReportRoutes = {
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
};
