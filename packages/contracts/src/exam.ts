import { Type, type Static } from 'typebox';
import { Paged } from './envelope';
import { Id, OneOf, post, Obj } from './builders';

const Marks = Type.Number({ minimum: 0, maximum: 1000 });

/** Exam types of spec 001 §3. */
export const EXAM_TYPES = ['学前', '周练', '单元', '月测', '期中', '期末', '模拟', '其它'] as const;
export const ExamType = OneOf(EXAM_TYPES);
export type ExamType = Static<typeof ExamType>;

/** Exam states in their forward order; docs/exams.md has the transitions. */
export const EXAM_STATES = [
  'draft',
  'sheet_ready',
  'scanning',
  'marking',
  'finished',
  'published',
] as const;
export const ExamState = OneOf(EXAM_STATES);
export type ExamState = Static<typeof ExamState>;

export const QUESTION_KINDS = ['single', 'multiple', 'judge', 'fill', 'subjective'] as const;
export const QuestionKind = OneOf(QUESTION_KINDS);
export type QuestionKind = Static<typeof QuestionKind>;

const ExamDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const Name = Type.String({ minLength: 1, maxLength: 100 });
const SubjectCode = Type.String({ minLength: 1, maxLength: 32 });

export const ExamSubjectInput = Obj({
  /** An existing subject of the exam, when editing; absent for a new one. */
  id: Type.Optional(Id),
  subjectCode: SubjectCode,
  subjectName: Type.String({ minLength: 1, maxLength: 32 }),
  fullMarks: Type.Number({ exclusiveMinimum: 0, maximum: 1000 }),
  /** 选考: taken only by the students who chose it (`electives`). @default false */
  elective: Type.Optional(Type.Boolean()),
});
export type ExamSubjectInput = Static<typeof ExamSubjectInput>;

const Electives = Type.Array(
  Obj({
    studentId: Id,
    subjectCodes: Type.Array(SubjectCode, { maxItems: 20 }),
  }),
  { maxItems: 5000 },
);

export const ExamSubject = Type.Object({
  id: Type.Integer(),
  subjectCode: Type.String(),
  subjectName: Type.String(),
  fullMarks: Type.Number(),
  elective: Type.Boolean(),
  questionCount: Type.Integer(),
  /** Sum of the top-level questions' full marks. */
  paperMarks: Type.Number(),
  hasSheet: Type.Boolean(),
  answerKeyVersion: Type.Integer(),
  rescoreNeeded: Type.Boolean(),
});
export type ExamSubject = Static<typeof ExamSubject>;

export const ExamSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  examType: Type.String(),
  academicYear: Type.Integer(),
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  examDate: Type.String(),
  state: ExamState,
  subjects: Type.Array(ExamSubject),
  classCount: Type.Integer(),
  studentCount: Type.Integer(),
  createdBy: Type.Integer(),
  createdAt: Type.Integer(),
  /** An online exam (docs/online-exams.md): its pages are /exam/single/Online/*. */
  online: Type.Optional(Type.Boolean()),
});
export type ExamSummary = Static<typeof ExamSummary>;

export const ExamDetail = Type.Object({
  ...ExamSummary.properties,
  classes: Type.Array(Type.Object({ classId: Type.Integer(), className: Type.String() })),
  /** States this exam may move to now. */
  allowedTransitions: Type.Array(ExamState),
  /** What the current state allows. */
  editable: Type.Object({
    basics: Type.Boolean(),
    participants: Type.Boolean(),
    paper: Type.Boolean(),
    answerKey: Type.Boolean(),
    sheet: Type.Boolean(),
    scoreImport: Type.Boolean(),
    delete: Type.Boolean(),
  }),
});
export type ExamDetail = Static<typeof ExamDetail>;

export const ExamParticipant = Type.Object({
  studentId: Type.Integer(),
  studentNo: Type.String(),
  examNo: Type.String(),
  name: Type.String(),
  classId: Type.Integer(),
  className: Type.String(),
  /** Codes of the 选考 subjects the student takes. */
  electives: Type.Array(Type.String()),
});

/** The fields of a question of the paper structure as entered, a sub-question's as its parent's. */
const questionInputFields = {
  number: Type.String({ minLength: 1, maxLength: 16 }),
  kind: QuestionKind,
  fullMarks: Marks,
  /** Choice questions. @default 4 (true/false: 2) */
  optionCount: Type.Optional(Type.Integer({ minimum: 2, maximum: 26 })),
  /** Objective key: `A`, `ABD`, `T`/`F` (√ × 对 错 accepted). */
  answer: Type.Optional(Type.Union([Type.String({ maxLength: 26 }), Type.Null()])),
  /** Multiple choice: marks for a correct strict subset, e.g. half the full marks. */
  partialMarks: Type.Optional(Type.Union([Marks, Type.Null()])),
  /** @default 1 */
  scoreStep: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 100 })),
  blankCount: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
  knowledgePoints: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 20 })),
  abilities: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 20 })),
};

/** A question of the paper structure as entered; `children` are its sub-questions (one level). */
export const QuestionInput = Obj({
  ...questionInputFields,
  children: Type.Optional(Type.Array(Obj(questionInputFields), { maxItems: 30 })),
});
export type QuestionInput = Static<typeof QuestionInput>;

const questionFields = {
  id: Type.Integer(),
  number: Type.String(),
  /** Parent number + own number, e.g. `13(1)`. */
  fullNumber: Type.String(),
  kind: QuestionKind,
  fullMarks: Type.Number(),
  optionCount: Type.Union([Type.Integer(), Type.Null()]),
  answer: Type.Union([Type.String(), Type.Null()]),
  partialMarks: Type.Union([Type.Number(), Type.Null()]),
  scoreStep: Type.Number(),
  blankCount: Type.Union([Type.Integer(), Type.Null()]),
  knowledgePoints: Type.Array(Type.String()),
  abilities: Type.Array(Type.String()),
};
export const Question = Type.Object({
  ...questionFields,
  children: Type.Array(Type.Object(questionFields)),
});
export type Question = Static<typeof Question>;

export const PaperStructureData = Type.Object({
  examId: Type.Integer(),
  examName: Type.String(),
  state: ExamState,
  subject: ExamSubject,
  /** Whether the structure may be changed now (draft only). */
  paperEditable: Type.Boolean(),
  answerKeyEditable: Type.Boolean(),
  /**
   * True on a school's own exam in a joint exam: its structure, key and sheet are set by the
   * organiser on the joint exam (docs/joint-exams.md#paper), so the school's pages only show them.
   */
  setByJoint: Type.Optional(Type.Boolean()),
  questions: Type.Array(Question),
});

/** A bad row of a spreadsheet: 1-based row number as Excel shows it. */
export const RowError = Type.Object({
  row: Type.Integer(),
  /** The student number of the row, when readable. */
  key: Type.Optional(Type.String()),
  message: Type.String(),
});
export type RowError = Static<typeof RowError>;

const XlsxBase64 = Type.String({
  minLength: 1,
  maxLength: 1_000_000,
  description: 'the .xlsx file, base64',
});

const ExamIdBody = Obj({ id: Id });
const SubjectIdBody = Obj({ examSubjectId: Id });

/** The exam, paper structure, answer-key, score-import and answer-sheet calls; each entry is a {@link RouteContract} made with `route()`. */
export const examRoutes = {
  list: post(
    '/marking-main/exam/list',
    'single-school exams of the school, newest first, with filters',
    Obj({
      /** @default the session's academic year; 0 = every year */
      academicYear: Type.Optional(Type.Integer({ minimum: 0 })),
      gradeId: Type.Optional(Id),
      examType: Type.Optional(ExamType),
      state: Type.Optional(ExamState),
      keyWord: Type.Optional(Type.String({ maxLength: 100 })),
      /** @default 1 */
      currentPage: Type.Optional(Type.Integer({ minimum: 1 })),
      /** @default 20 */
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    }),
    Paged(ExamSummary),
  ),
  detail: post(
    '/marking-main/exam/detail',
    'one exam with its subjects, classes, allowed transitions and what may be edited',
    ExamIdBody,
    ExamDetail,
  ),
  create: post(
    '/marking-main/exam/create',
    'create a draft exam: name, type, grade, date, subjects, classes (every student of them unless studentIds), 选考 choices',
    Obj({
      name: Name,
      examType: ExamType,
      gradeId: Id,
      examDate: ExamDate,
      subjects: Type.Array(ExamSubjectInput, { minItems: 1, maxItems: 20 }),
      classIds: Type.Array(Id, { minItems: 1, maxItems: 100 }),
      /** Participants; @default every student of the classes */
      studentIds: Type.Optional(Type.Array(Id, { maxItems: 5000 })),
      electives: Type.Optional(Electives),
    }),
    ExamDetail,
  ),
  update: post(
    '/marking-main/exam/update',
    'edit an exam; absent fields stay. Subjects, classes and students only before scanning',
    Obj({
      id: Id,
      name: Type.Optional(Name),
      examType: Type.Optional(ExamType),
      gradeId: Type.Optional(Id),
      examDate: Type.Optional(ExamDate),
      subjects: Type.Optional(Type.Array(ExamSubjectInput, { minItems: 1, maxItems: 20 })),
      classIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 100 })),
      studentIds: Type.Optional(Type.Array(Id, { maxItems: 5000 })),
      electives: Type.Optional(Electives),
    }),
    ExamDetail,
  ),
  remove: post(
    '/marking-main/exam/delete',
    'delete an exam with everything in it (not while scanning or marking, not published)',
    ExamIdBody,
    Type.Null(),
  ),
  transition: post(
    '/marking-main/exam/transition',
    'move an exam to another state along an allowed transition',
    Obj({ id: Id, to: ExamState }),
    ExamDetail,
  ),
  students: post(
    '/marking-main/exam/students',
    'participants of an exam (project page for students)',
    Obj({ id: Id, classId: Type.Optional(Id) }),
    Type.Array(ExamParticipant),
  ),
  teachers: post(
    '/marking-main/exam/teachers',
    'teachers of an exam (project page for teachers): who teaches each exam subject in each participating class',
    ExamIdBody,
    Type.Array(
      Type.Object({
        userId: Type.Integer(),
        nickName: Type.String(),
        examSubjectId: Type.Integer(),
        subjectName: Type.String(),
        classId: Type.Integer(),
        className: Type.String(),
      }),
    ),
  ),
  questionsGet: post(
    '/marking-main/exam/subject/questions/get',
    'paper structure and answer key of one exam subject',
    SubjectIdBody,
    PaperStructureData,
  ),
  questionsSave: post(
    '/marking-main/exam/subject/questions/save',
    'replace the paper structure of a subject (draft only); questions keep their ids by full number',
    Obj({
      examSubjectId: Id,
      questions: Type.Array(QuestionInput, { minItems: 1, maxItems: 200 }),
    }),
    PaperStructureData,
  ),
  questionsParse: post(
    '/marking-main/exam/subject/questions/parse',
    'read a paper structure from pasted spreadsheet text (tab-separated) or the .xlsx template; saves nothing',
    Obj({
      text: Type.Optional(Type.String({ maxLength: 200_000 })),
      file: Type.Optional(XlsxBase64),
    }),
    Type.Object({ questions: Type.Array(QuestionInput), errors: Type.Array(RowError) }),
  ),
  answerSave: post(
    '/marking-main/exam/subject/answer/save',
    'set answer keys and partial credit; after scanning started it bumps the key version and re-scores objective items',
    Obj({
      examSubjectId: Id,
      answers: Type.Array(
        Obj({
          questionId: Id,
          answer: Type.Union([Type.String({ maxLength: 26 }), Type.Null()]),
          partialMarks: Type.Optional(Type.Union([Marks, Type.Null()])),
        }),
        { minItems: 1, maxItems: 300 },
      ),
    }),
    PaperStructureData,
  ),
  scoreImport: post(
    '/marking-main/exam/score/import',
    'import per-question scores of one subject from .xlsx (template from /score/template); all rows or none',
    Obj({ examSubjectId: Id, file: XlsxBase64 }),
    Type.Object({
      /** Students with scores written. */
      imported: Type.Integer(),
      /** Rows with every score cell empty: recorded as 缺考. */
      absent: Type.Integer(),
      /** Rows whose stored scores already equalled the file. */
      unchanged: Type.Integer(),
    }),
  ),
  sheetGet: post(
    '/marking-main/exam/sheet/get',
    'the answer-sheet design of a subject: the paper from its questions, saved settings and overrides',
    SubjectIdBody,
    Type.Object({
      examSubjectId: Type.Integer(),
      /**
       * Length of the longest exam number among the exam's students (0 without students): the
       * default 考号位数 of a sheet that never set it, and what the designer warns against.
       */
      examNumberLength: Type.Integer(),
      saved: Type.Boolean(),
      savedAt: Type.Union([Type.Integer(), Type.Null()]),
      editable: Type.Boolean(),
      /** True on a school's own exam in a joint exam (see `PaperStructureData.setByJoint`). */
      setByJoint: Type.Optional(Type.Boolean()),
      /** `SheetDesign` of @examkit/answer-sheet. */
      design: Type.Object({
        paper: Type.Unknown(),
        settings: Type.Record(Type.String(), Type.Unknown()),
        overrides: Type.Record(Type.String(), Type.Unknown()),
      }),
      /** `RecognitionTemplate` of the saved sheet. */
      template: Type.Union([Type.Unknown(), Type.Null()]),
      /**
       * What the saved sheet's QR code holds (`EK1|<examSubjectId>|<layout version>`, printed
       * when `isHiddenQrcode` is false); null before the sheet is saved.
       */
      identity: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  sheetSave: post(
    '/marking-main/exam/sheet/save',
    'lay out and save the answer sheet of a subject (settings and overrides; the paper is the stored structure) with its recognition template',
    Obj({
      examSubjectId: Id,
      settings: Type.Record(Type.String(), Type.Unknown()),
      overrides: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    }),
    Type.Object({
      savedAt: Type.Integer(),
      pageCount: Type.Integer(),
      /** What the saved sheet's QR code holds: `EK1|<examSubjectId>|<layout version>`. */
      identity: Type.String(),
    }),
  ),
} as const;

/**
 * Binary downloads (not in the envelope): GET with header `token`; errors still answer the
 * JSON envelope. See docs/exams.md.
 */
export const examDownloads = {
  sheetPdf: '/marking-main/exam/sheet/pdf',
  scoreTemplate: '/marking-main/exam/score/template',
  questionTemplate: '/marking-main/exam/subject/questions/template',
} as const;
