import { Type, type Static } from 'typebox';
import { Id, Nullable, Obj, post, OneOf, studentFields } from './builders';
import { ExamState, ExamType } from './exam';

/**
 * Online exams (spec 001 §2 /exam/single/Online/*): an exam of one subject whose questions are
 * typed in (or, later, taken from the question bank), answered by students on the public
 * student page within a time window. docs/online-exams.md.
 */

/** Question kinds of an online exam: the exam domain's kinds (`subjective` = free answer). */
export const OnlineQuestionKind = OneOf([
  'single',
  'multiple',
  'judge',
  'fill',
  'subjective',
] as const);
export type OnlineQuestionKind = Static<typeof OnlineQuestionKind>;

/** Where a question's text came from: typed in, or a question-bank item (issue #15). */
export const QuestionSource = OneOf(['typed', 'bank'] as const);
export type QuestionSource = Static<typeof QuestionSource>;

const Marks = Type.Number({ exclusiveMinimum: 0, maximum: 100 });
const Stem = Type.String({ minLength: 1, maxLength: 4000 });
const Accepted = Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 10 });
/** The exam code students type: 8 letters and digits without look-alikes. */
const ExamCode = Type.String({ minLength: 4, maxLength: 16, title: '考试码' });
/** The student page's ticket from `enter`. */
const Ticket = Type.String({ minLength: 16, maxLength: 128 });
const Epoch = Type.Integer({ minimum: 0 });

/** A question as the teacher types it (createSetQuestion). Formulas as LaTeX between `$…$`. */
export const OnlineQuestionInput = Obj({
  kind: OnlineQuestionKind,
  stem: Stem,
  /** Choice questions: the option texts, A first (2–8). */
  options: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { minItems: 2, maxItems: 8 }),
  ),
  fullMarks: Marks,
  /** @default 'typed' */
  source: Type.Optional(QuestionSource),
  /** The bank item's id when `source` is `bank`. */
  sourceRef: Type.Optional(Type.String({ maxLength: 64 })),
});
export type OnlineQuestionInput = Static<typeof OnlineQuestionInput>;

/** A question as the student page shows it: no key. */
export const StudentQuestion = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  kind: OnlineQuestionKind,
  stem: Type.String(),
  options: Type.Array(Type.String()),
  fullMarks: Type.Number(),
});
export type StudentQuestion = Static<typeof StudentQuestion>;

/** A question of an online exam as the staff see it, key included. */
export const OnlineQuestion = Type.Object({
  ...StudentQuestion.properties,
  /** Choice key: `A`, `ABD`, `T`/`F`; null while unset. */
  answer: Nullable(Type.String()),
  partialMarks: Nullable(Type.Number()),
  /** Fill-in: the accepted answers (any one scores full marks). */
  accepted: Type.Array(Type.String()),
  /** Free answer: the reference answer shown to markers. */
  reference: Type.String(),
  source: QuestionSource,
  sourceRef: Nullable(Type.String()),
});
export type OnlineQuestion = Static<typeof OnlineQuestion>;

export const OnlineDetail = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  examType: Type.String(),
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  state: ExamState,
  classes: Type.Array(Type.Object({ classId: Type.Integer(), className: Type.String() })),
  examSubjectId: Type.Integer(),
  subjectCode: Type.String(),
  subjectName: Type.String(),
  fullMarks: Type.Number(),
  /** What students type on the student page. */
  code: Type.String(),
  startsAt: Nullable(Type.Integer()),
  endsAt: Nullable(Type.Integer()),
  durationMinutes: Nullable(Type.Integer()),
  questions: Type.Array(OnlineQuestion),
  studentCount: Type.Integer(),
  /** Students who opened the exam; once one has, the questions are fixed. */
  startedCount: Type.Integer(),
  submittedCount: Type.Integer(),
  /** Questions can still change (nobody has started). */
  questionsEditable: Type.Boolean(),
  /** The caller may change the basics and the time and hand answers to marking (exam managers). */
  canManage: Type.Boolean(),
  /** The caller may change the questions and keys (managers and the subject's teachers). */
  canEdit: Type.Boolean(),
});
export type OnlineDetail = Static<typeof OnlineDetail>;

export const OnlineAnswer = Obj({
  questionId: Id,
  answer: Type.String({ maxLength: 4000 }),
});
export type OnlineAnswer = Static<typeof OnlineAnswer>;
const Answers = Type.Array(OnlineAnswer, { maxItems: 200 });

/** What the student page gets after entering. */
export const StudentExam = Type.Object({
  ticket: Type.String(),
  examName: Type.String(),
  subjectName: Type.String(),
  studentName: Type.String(),
  className: Type.String(),
  endsAt: Type.Integer(),
  /** The student's own deadline: the window's end or the start + the duration, whichever is first. */
  deadlineAt: Type.Integer(),
  durationMinutes: Type.Integer(),
  questions: Type.Array(StudentQuestion),
  answers: Type.Array(Type.Object({ questionId: Type.Integer(), answer: Type.String() })),
  submittedAt: Nullable(Type.Integer()),
});
export type StudentExam = Static<typeof StudentExam>;

export const OnlineSubmitResult = Type.Object({
  submittedAt: Type.Integer(),
  /** Points of the questions scored at once (choice, true/false, fill-in). */
  objectiveScore: Type.Number(),
  objectiveFull: Type.Number(),
  /** Free-answer points still to be marked. */
  pendingMarks: Type.Number(),
});
export type OnlineSubmitResult = Static<typeof OnlineSubmitResult>;

export const QuestionStatistics = Type.Object({
  questionId: Type.Integer(),
  number: Type.String(),
  kind: OnlineQuestionKind,
  fullMarks: Type.Number(),
  /** Submitted answers that were not empty. */
  answered: Type.Integer(),
  /** Share of submitted students with full marks, 0–1; null for a free answer not marked yet. */
  correctRate: Nullable(Type.Number()),
  /** Mean score over submitted students; null while unmarked. */
  average: Nullable(Type.Number()),
  /** Choice questions: how many chose each option (A, B, … or T/F). */
  options: Type.Array(Type.Object({ option: Type.String(), count: Type.Integer() })),
});

export const StudentStatistics = Type.Object({
  ...studentFields(),
  status: OneOf(['absent', 'answering', 'submitted'] as const),
  submittedAt: Nullable(Type.Integer()),
  /** Total of the scored questions so far; null before submitting. */
  score: Nullable(Type.Number()),
  /** Free answers still waiting for a mark. */
  pendingMarks: Type.Number(),
});

export const OnlineStatistics = Type.Object({
  examName: Type.String(),
  fullMarks: Type.Number(),
  studentCount: Type.Integer(),
  submittedCount: Type.Integer(),
  /** Mean total of the submitted students; null when nobody submitted. */
  average: Nullable(Type.Number()),
  questions: Type.Array(QuestionStatistics),
  students: Type.Array(StudentStatistics),
  /** Free-answer questions exist and submissions can go to marking. */
  canHandToMarking: Type.Boolean(),
});
export type OnlineStatistics = Static<typeof OnlineStatistics>;

const IdBody = Obj({ id: Id });

/** The online-exam calls: staff calls need a session; the student page's are public. */
export const onlineRoutes = {
  save: post(
    '/marking-main/exam/online/save',
    'creates an online exam (createBasic) or changes its basics (edit)',
    Obj({
      id: Type.Optional(Id),
      name: Type.String({ minLength: 1, maxLength: 100 }),
      examType: Type.Optional(ExamType),
      gradeId: Id,
      classIds: Type.Array(Id, { minItems: 1, maxItems: 100 }),
      subjectCode: Type.String({ minLength: 1, maxLength: 32 }),
      subjectName: Type.String({ minLength: 1, maxLength: 32 }),
    }),
    OnlineDetail,
  ),
  get: post(
    '/marking-main/exam/online/get',
    'an online exam with its questions, keys, window and code',
    IdBody,
    OnlineDetail,
  ),
  saveQuestions: post(
    '/marking-main/exam/online/questions/save',
    'replaces the questions (createSetQuestion) while no student has started',
    Obj({ id: Id, questions: Type.Array(OnlineQuestionInput, { minItems: 1, maxItems: 100 }) }),
    OnlineDetail,
  ),
  saveAnswers: post(
    '/marking-main/exam/online/answers/save',
    'sets the keys (setAnswer); submitted answers are scored again',
    Obj({
      id: Id,
      answers: Type.Array(
        Obj({
          questionId: Id,
          answer: Type.Optional(Nullable(Type.String({ maxLength: 26 }))),
          partialMarks: Type.Optional(Nullable(Marks)),
          accepted: Type.Optional(Accepted),
          reference: Type.Optional(Type.String({ maxLength: 4000 })),
        }),
        { maxItems: 100 },
      ),
    }),
    OnlineDetail,
  ),
  saveTime: post(
    '/marking-main/exam/online/time/save',
    'sets the time window and the duration (createSetTime)',
    Obj({
      id: Id,
      startsAt: Epoch,
      endsAt: Epoch,
      durationMinutes: Type.Integer({ minimum: 1, maximum: 600 }),
    }),
    OnlineDetail,
  ),
  statistics: post(
    '/marking-main/exam/online/statistics',
    'per question correct rate, option distribution and average; per student scores (answerStatistics)',
    Obj({ id: Id, classId: Type.Optional(Id) }),
    OnlineStatistics,
  ),
  toMarking: post(
    '/marking-main/exam/online/to-marking',
    'hands the submitted free answers to online marking',
    IdBody,
    Type.Object({
      blocks: Type.Array(Type.Object({ blockId: Type.Integer(), registered: Type.Integer() })),
    }),
  ),
  enter: {
    ...post(
      '/marking-main/exam/online/student/enter',
      'the student page: enters an exam by code and student number (no account)',
      Obj({ code: ExamCode, studentNo: Type.String({ minLength: 1, maxLength: 32 }) }),
      StudentExam,
    ),
    auth: false,
  },
  autosave: {
    ...post(
      '/marking-main/exam/online/student/save',
      'the student page: keeps the answers typed so far',
      Obj({ ticket: Ticket, answers: Answers }),
      Type.Object({ savedAt: Type.Integer() }),
    ),
    auth: false,
  },
  submit: {
    ...post(
      '/marking-main/exam/online/student/submit',
      'the student page: hands the exam in once; a retry answers the same result',
      Obj({ ticket: Ticket, answers: Answers }),
      OnlineSubmitResult,
    ),
    auth: false,
  },
} as const;
