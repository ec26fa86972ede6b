import { Type } from 'typebox';
import { Nullable, Obj, post } from './builders';
import { BankQuestionItem } from './resource';

/**
 * 校本资源分析 (/resource/school/analysis): how the school uses its resource area — how many
 * questions, papers and uploads, per subject and per teacher, and the questions its papers use
 * most. Always the session's school. @see docs/resources.md "校本资源分析"
 */

const SubjectRow = Type.Object({
  subjectCode: Type.String(),
  subjectName: Type.String(),
  questions: Type.Integer(),
  papers: Type.Integer(),
});

const TeacherRow = Type.Object({
  /** null: written by no user (the demo seed, an operator's import). */
  userId: Nullable(Type.Integer()),
  name: Type.String(),
  questions: Type.Integer(),
  papers: Type.Integer(),
  uploads: Type.Integer(),
});

const TopQuestion = Type.Object({
  question: BankQuestionItem,
  /** How many of the school's papers hold it. */
  papers: Type.Integer(),
  /** How many of the school's exams were made from those papers (生成考试). */
  exams: Type.Integer(),
});

export const ResourceAnalysis = Type.Object({
  totals: Type.Object({
    questions: Type.Integer(),
    papers: Type.Integer(),
    uploads: Type.Integer(),
    /** Cloud questions the school reads (national and its region's). */
    cloudQuestions: Type.Integer(),
  }),
  bySubject: Type.Array(SubjectRow),
  byTeacher: Type.Array(TeacherRow),
  topQuestions: Type.Array(TopQuestion),
});

export const resourceAnalysisRoutes = {
  summary: post(
    '/marking-resources/school/analysis',
    'the school’s resource usage: counts per subject and teacher, and its most-used questions (of one subject when given)',
    Obj({
      subjectCode: Type.Optional(Type.String({ maxLength: 20, title: '学科' })),
    }),
    ResourceAnalysis,
  ),
};
