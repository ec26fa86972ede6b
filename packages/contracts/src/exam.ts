import { Type, type Static } from 'typebox';
import { Paged } from './envelope';
import { Id, OneOf } from './builders';
import { route } from './route';

const strict = { additionalProperties: false } as const;
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

export const ExamSubjectInput = Type.Object(
  {
    /** An existing subject of the exam, when editing; absent for a new one. */
    id: Type.Optional(Id),
    subjectCode: SubjectCode,
    subjectName: Type.String({ minLength: 1, maxLength: 32 }),
    fullMarks: Type.Number({ exclusiveMinimum: 0, maximum: 1000 }),
    /** 选考: taken only by the students who chose it (`electives`). @default false */
    elective: Type.Optional(Type.Boolean()),
  },
  strict,
);
export type ExamSubjectInput = Static<typeof ExamSubjectInput>;

const Electives = Type.Array(
  Type.Object(
    {
      studentId: Id,
      subjectCodes: Type.Array(SubjectCode, { maxItems: 20 }),
    },
    strict,
  ),
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

/** A question of the paper structure as entered; `children` are its sub-questions (one level). */
export const QuestionInput = Type.Object(
  {
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
    children: Type.Optional(
      Type.Array(
        Type.Object(
          {
            number: Type.String({ minLength: 1, maxLength: 16 }),
            kind: QuestionKind,
            fullMarks: Marks,
            optionCount: Type.Optional(Type.Integer({ minimum: 2, maximum: 26 })),
            answer: Type.Optional(Type.Union([Type.String({ maxLength: 26 }), Type.Null()])),
            partialMarks: Type.Optional(Type.Union([Marks, Type.Null()])),
            scoreStep: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 100 })),
            blankCount: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
            knowledgePoints: Type.Optional(
              Type.Array(Type.String({ maxLength: 64 }), { maxItems: 20 }),
            ),
            abilities: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 20 })),
          },
          strict,
        ),
        { maxItems: 30 },
      ),
    ),
  },
  strict,
);
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

const ExamIdBody = Type.Object({ id: Id }, strict);
const SubjectIdBody = Type.Object({ examSubjectId: Id }, strict);

/** The exam, paper structure, answer-key, score-import and answer-sheet calls; each entry is a {@link RouteContract} made with `route()`. */
export const examRoutes = {
  list: route({
    method: 'POST',
    url: '/marking-main/exam/list',
    encoding: 'json',
    auth: true,
    summary: 'single-school exams of the school, newest first, with filters',
    body: Type.Object(
      {
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
      },
      strict,
    ),
    query: undefined,
    data: Paged(ExamSummary),
  }),
  detail: route({
    method: 'POST',
    url: '/marking-main/exam/detail',
    encoding: 'json',
    auth: true,
    summary: 'one exam with its subjects, classes, allowed transitions and what may be edited',
    body: ExamIdBody,
    query: undefined,
    data: ExamDetail,
  }),
  create: route({
    method: 'POST',
    url: '/marking-main/exam/create',
    encoding: 'json',
    auth: true,
    summary:
      'create a draft exam: name, type, grade, date, subjects, classes (every student of them unless studentIds), 选考 choices',
    body: Type.Object(
      {
        name: Name,
        examType: ExamType,
        gradeId: Id,
        examDate: ExamDate,
        subjects: Type.Array(ExamSubjectInput, { minItems: 1, maxItems: 20 }),
        classIds: Type.Array(Id, { minItems: 1, maxItems: 100 }),
        /** Participants; @default every student of the classes */
        studentIds: Type.Optional(Type.Array(Id, { maxItems: 5000 })),
        electives: Type.Optional(Electives),
      },
      strict,
    ),
    query: undefined,
    data: ExamDetail,
  }),
  update: route({
    method: 'POST',
    url: '/marking-main/exam/update',
    encoding: 'json',
    auth: true,
    summary:
      'edit an exam; absent fields stay. Subjects, classes and students only before scanning',
    body: Type.Object(
      {
        id: Id,
        name: Type.Optional(Name),
        examType: Type.Optional(ExamType),
        gradeId: Type.Optional(Id),
        examDate: Type.Optional(ExamDate),
        subjects: Type.Optional(Type.Array(ExamSubjectInput, { minItems: 1, maxItems: 20 })),
        classIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 100 })),
        studentIds: Type.Optional(Type.Array(Id, { maxItems: 5000 })),
        electives: Type.Optional(Electives),
      },
      strict,
    ),
    query: undefined,
    data: ExamDetail,
  }),
  remove: route({
    method: 'POST',
    url: '/marking-main/exam/delete',
    encoding: 'json',
    auth: true,
    summary: 'delete an exam with everything in it (not while scanning or marking, not published)',
    body: ExamIdBody,
    query: undefined,
    data: Type.Null(),
  }),
  transition: route({
    method: 'POST',
    url: '/marking-main/exam/transition',
    encoding: 'json',
    auth: true,
    summary: 'move an exam to another state along an allowed transition',
    body: Type.Object({ id: Id, to: ExamState }, strict),
    query: undefined,
    data: ExamDetail,
  }),
  students: route({
    method: 'POST',
    url: '/marking-main/exam/students',
    encoding: 'json',
    auth: true,
    summary: 'participants of an exam (project page for students)',
    body: Type.Object({ id: Id, classId: Type.Optional(Id) }, strict),
    query: undefined,
    data: Type.Array(ExamParticipant),
  }),
  teachers: route({
    method: 'POST',
    url: '/marking-main/exam/teachers',
    encoding: 'json',
    auth: true,
    summary:
      'teachers of an exam (project page for teachers): who teaches each exam subject in each participating class',
    body: ExamIdBody,
    query: undefined,
    data: Type.Array(
      Type.Object({
        userId: Type.Integer(),
        nickName: Type.String(),
        examSubjectId: Type.Integer(),
        subjectName: Type.String(),
        classId: Type.Integer(),
        className: Type.String(),
      }),
    ),
  }),
  questionsGet: route({
    method: 'POST',
    url: '/marking-main/exam/subject/questions/get',
    encoding: 'json',
    auth: true,
    summary: 'paper structure and answer key of one exam subject',
    body: SubjectIdBody,
    query: undefined,
    data: PaperStructureData,
  }),
  questionsSave: route({
    method: 'POST',
    url: '/marking-main/exam/subject/questions/save',
    encoding: 'json',
    auth: true,
    summary:
      'replace the paper structure of a subject (draft only); questions keep their ids by full number',
    body: Type.Object(
      {
        examSubjectId: Id,
        questions: Type.Array(QuestionInput, { minItems: 1, maxItems: 200 }),
      },
      strict,
    ),
    query: undefined,
    data: PaperStructureData,
  }),
  questionsParse: route({
    method: 'POST',
    url: '/marking-main/exam/subject/questions/parse',
    encoding: 'json',
    auth: true,
    summary:
      'read a paper structure from pasted spreadsheet text (tab-separated) or the .xlsx template; saves nothing',
    body: Type.Object(
      { text: Type.Optional(Type.String({ maxLength: 200_000 })), file: Type.Optional(XlsxBase64) },
      strict,
    ),
    query: undefined,
    data: Type.Object({ questions: Type.Array(QuestionInput), errors: Type.Array(RowError) }),
  }),
  answerSave: route({
    method: 'POST',
    url: '/marking-main/exam/subject/answer/save',
    encoding: 'json',
    auth: true,
    summary:
      'set answer keys and partial credit; after scanning started it bumps the key version and re-scores objective items',
    body: Type.Object(
      {
        examSubjectId: Id,
        answers: Type.Array(
          Type.Object(
            {
              questionId: Id,
              answer: Type.Union([Type.String({ maxLength: 26 }), Type.Null()]),
              partialMarks: Type.Optional(Type.Union([Marks, Type.Null()])),
            },
            strict,
          ),
          { minItems: 1, maxItems: 300 },
        ),
      },
      strict,
    ),
    query: undefined,
    data: PaperStructureData,
  }),
  scoreImport: route({
    method: 'POST',
    url: '/marking-main/exam/score/import',
    encoding: 'json',
    auth: true,
    summary:
      'import per-question scores of one subject from .xlsx (template from /score/template); all rows or none',
    body: Type.Object({ examSubjectId: Id, file: XlsxBase64 }, strict),
    query: undefined,
    data: Type.Object({
      /** Students with scores written. */
      imported: Type.Integer(),
      /** Rows with every score cell empty: recorded as 缺考. */
      absent: Type.Integer(),
      /** Rows whose stored scores already equalled the file. */
      unchanged: Type.Integer(),
    }),
  }),
  sheetGet: route({
    method: 'POST',
    url: '/marking-main/exam/sheet/get',
    encoding: 'json',
    auth: true,
    summary:
      'the answer-sheet design of a subject: the paper from its questions, saved settings and overrides',
    body: SubjectIdBody,
    query: undefined,
    data: Type.Object({
      examSubjectId: Type.Integer(),
      /**
       * Length of the longest exam number among the exam's students (0 without students): the
       * default 考号位数 of a sheet that never set it, and what the designer warns against.
       */
      examNumberLength: Type.Integer(),
      saved: Type.Boolean(),
      savedAt: Type.Union([Type.Integer(), Type.Null()]),
      editable: Type.Boolean(),
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
  }),
  sheetSave: route({
    method: 'POST',
    url: '/marking-main/exam/sheet/save',
    encoding: 'json',
    auth: true,
    summary:
      'lay out and save the answer sheet of a subject (settings and overrides; the paper is the stored structure) with its recognition template',
    body: Type.Object(
      {
        examSubjectId: Id,
        settings: Type.Record(Type.String(), Type.Unknown()),
        overrides: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      },
      strict,
    ),
    query: undefined,
    data: Type.Object({
      savedAt: Type.Integer(),
      pageCount: Type.Integer(),
      /** What the saved sheet's QR code holds: `EK1|<examSubjectId>|<layout version>`. */
      identity: Type.String(),
    }),
  }),
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
