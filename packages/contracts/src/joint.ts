import { Type } from 'typebox';
import { Id, Nullable, Obj, OneOf, post, pageFields } from './builders';
import { newExamFields } from './newExamFields';
import { ExamState, ExamSubjectInput, QuestionInput } from './exam';
import { gradeReportRoutes } from './report/grade';
import { classReportRoutes } from './report/class';

/** How a joint report shows the other schools to a school: their names, or codes (学校A, 学校B …). */
export const SCHOOL_LABELS = ['names', 'codes'] as const;

/** A participating school as the caller may see it (docs/joint-exams.md#privacy). */
export const JointSchool = Obj({
  /** Null when the caller sees the school only by its code. */
  schoolId: Nullable(Type.Integer()),
  /** The school's name, or its code when the organiser hides names from the other schools. */
  label: Type.String(),
  code: Type.String(),
  /** The school's own exam: given to the bureau and to that school only. */
  examId: Nullable(Type.Integer()),
  state: ExamState,
  studentCount: Type.Integer(),
});

/** A joint exam (联考) as listed and shown. */
export const JointExam = Obj({
  id: Type.Integer(),
  name: Type.String(),
  examType: Type.String(),
  examDate: Type.String(),
  /** 10 = 高一 …: each school takes its grade of this number. */
  gradeNum: Type.Integer(),
  /** 教育局 (the region's name) or the lead school's name. */
  organiser: Type.String(),
  schoolLabels: OneOf(SCHOOL_LABELS),
  subjects: Type.Array(
    Obj({ subjectCode: Type.String(), subjectName: Type.String(), fullMarks: Type.Number() }),
  ),
  schools: Type.Array(JointSchool),
  /** Whether the caller organises it (edits, paper structure). */
  organising: Type.Boolean(),
});

const JointId = Obj({ jointExamId: Id });

/**
 * 联考 (/exam/multiple, /exam/project/create): one exam per participating school sharing one
 * paper structure and answer key; every school scans or imports its own students' scores through
 * its own exam. @see docs/joint-exams.md
 */
export const jointExamRoutes = {
  jointList: post(
    '/marking-main/joint/list',
    'joint exams the caller organises or takes part in, newest first',
    Obj({}),
    Type.Array(JointExam),
  ),
  jointCreate: post(
    '/marking-main/joint/create',
    "create a joint exam: a draft exam in each school's grade of that number (every class); a retry with the same key creates nothing",
    Obj({
      ...newExamFields(),
      gradeNum: Type.Integer({ minimum: 1, maximum: 12 }),
      schoolIds: Type.Array(Id, { minItems: 2, maxItems: 500 }),
      subjects: Type.Array(ExamSubjectInput, { minItems: 1, maxItems: 20 }),
      schoolLabels: OneOf(SCHOOL_LABELS),
    }),
    JointExam,
  ),
  jointDetail: post('/marking-main/joint/detail', 'one joint exam', JointId, JointExam),
  jointUpdate: post(
    '/marking-main/joint/update',
    "rename, move or change the privacy setting of a joint exam (the schools' exams follow)",
    Obj({
      jointExamId: Id,
      name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
      examDate: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
      schoolLabels: Type.Optional(OneOf(SCHOOL_LABELS)),
    }),
    JointExam,
  ),
  jointQuestionsSave: post(
    '/marking-main/joint/questions_save',
    "one paper structure and answer key for a subject, written to every school's exam",
    Obj({
      jointExamId: Id,
      subjectCode: Type.String({ minLength: 1, maxLength: 32 }),
      questions: Type.Array(QuestionInput, { minItems: 1, maxItems: 300 }),
    }),
    Obj({ schools: Type.Integer() }),
  ),
  jointGradeBasic: post(
    '/marking-report/joint/grade/basic',
    'joint grade report: each subject and the total over every school, each school beside it',
    JointId,
    gradeReportRoutes.gradeBasic.data,
  ),
  jointGradeRank: post(
    '/marking-report/joint/grade/rank',
    "joint ranking (一分一段 over every school); a school's staff see their own students only",
    Obj({
      jointExamId: Id,
      subjectId: Type.Integer({ minimum: 0 }),
      ...pageFields(200, 50),
    }),
    gradeReportRoutes.gradeRank.data,
  ),
  jointGradeTranscript: post(
    '/marking-report/joint/grade/transcript',
    "joint transcript with joint ranks; a school's staff see their own students only",
    Obj({
      jointExamId: Id,
      keyWord: Type.Optional(Type.String({ maxLength: 64 })),
      ...pageFields(200, 50),
    }),
    gradeReportRoutes.gradeTranscript.data,
  ),
  jointSchoolBasic: post(
    '/marking-report/joint/class/basic',
    'one school beside the whole joint exam (the bureau: any school; a school: its own)',
    Obj({ jointExamId: Id, schoolId: Type.Optional(Id) }),
    classReportRoutes.classBasic.data,
  ),
};
