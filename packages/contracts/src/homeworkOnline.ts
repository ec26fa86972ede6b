import { Type, type Static } from 'typebox';
import { Nullable, Obj, OneOf, post, titled as t } from './builders';
import { ByHomework, HomeworkId } from './homeworkIds';
import { SUBMISSION_STATUSES } from './homeworkStatus';

/**
 * 校本作业 done on screen (docs/homework.md "Hand-ins on screen"): the teacher hands a homework
 * out with a 作业码; a student enters it on the public page /homework-online with the code and
 * their 学号 (no account, the online exam's mechanism: a ticket for the later calls), answers
 * and hands in before the due time. The calls' shapes are examkit's.
 */

/** The 作业码 students type: 8 letters and digits without look-alikes, like the exam code. */
const HomeworkCode = t('作业码', Type.String({ minLength: 4, maxLength: 16 }));
const Ticket = t('答题凭证', Type.String({ minLength: 16, maxLength: 128 }));

/** Whether a homework is handed out on screen, and its 作业码 when it is. */
export const HomeworkOnlineState = Obj({ id: Type.Integer(), code: Nullable(Type.String()) });
export type HomeworkOnlineState = Static<typeof HomeworkOnlineState>;

/** A question as the student page shows it: the bank question's stem and options, when any. */
export const OnlineHomeworkQuestion = Obj({
  no: Type.Integer(),
  label: Type.String(),
  type: OneOf(['objective', 'subjective'] as const),
  fullMarks: Type.Number(),
  /** `single`, `multiple` or `judge` for an objective question with a key; null for one to write. */
  choice: Nullable(OneOf(['single', 'multiple', 'judge'] as const)),
  /** Options A… a choice question offers (the bank question's, else as on its answer sheet). */
  optionCount: Type.Integer(),
  stem: Nullable(Type.String()),
  options: Type.Array(Type.String()),
});
export type OnlineHomeworkQuestion = Static<typeof OnlineHomeworkQuestion>;

/** A handed-in answer as the page shows it again: options or text, and whether a photo came. */
export const OnlineHomeworkAnswer = Obj({
  questionNo: Type.Integer(),
  answer: Nullable(Type.String()),
  photo: Type.Boolean(),
});
export type OnlineHomeworkAnswer = Static<typeof OnlineHomeworkAnswer>;

/** The student's hand-in as it stands. */
export const OnlineHomeworkResult = Obj({
  submittedAt: Type.Integer(),
  status: OneOf(SUBMISSION_STATUSES),
  /** Points of the objective questions, scored at once from the key. */
  objectiveScore: Type.Number(),
  objectiveFull: Type.Number(),
  /** Full marks of the questions the teacher still corrects. */
  pendingMarks: Type.Number(),
  answers: Type.Array(OnlineHomeworkAnswer),
  /** Handed in after the due time (迟交), which the school's 作业设置 允许迟交 let through. */
  late: Type.Boolean(),
  /** False once the teacher started correcting it, or after the last moment hand-ins are taken. */
  replaceable: Type.Boolean(),
});
export type OnlineHomeworkResult = Static<typeof OnlineHomeworkResult>;

/** What the student page gets after entering. */
export const StudentHomework = Obj({
  ticket: Type.String(),
  name: Type.String(),
  subjectName: Type.String(),
  studentName: Type.String(),
  className: Type.String(),
  dueAt: Type.Integer(),
  /**
   * The last moment a late hand-in (迟交) is taken: the due time plus the school's 允许补交天数,
   * when 作业设置 允许迟交 is on for the homework's grade × subject; null: nothing after `dueAt`.
   */
  lateUntil: Nullable(Type.Integer()),
  /** `paper`: an uploaded paper (see `paper`), `bank`: the questions' stems are shown. */
  source: OneOf(['paper', 'bank'] as const),
  questions: Type.Array(OnlineHomeworkQuestion),
  submission: Nullable(OnlineHomeworkResult),
});
export type StudentHomework = Static<typeof StudentHomework>;

/** One answer handed in: options (objective), text and/or a photo (subjective). */
export const OnlineHomeworkAnswerInput = Obj({
  questionNo: t('题目', Type.Integer({ minimum: 1, maximum: 200 })),
  answer: t('作答', Nullable(Type.String({ maxLength: 4000 }))),
  /** A photo of the written answer, PNG or JPG, base64; one request takes up to 1 MB in all. */
  photoBase64: Type.Optional(t('作答照片', Type.String({ maxLength: 1_000_000 }))),
});
export type OnlineHomeworkAnswerInput = Static<typeof OnlineHomeworkAnswerInput>;

const M = '/marking-homework/homework';

export const homeworkOnlineRoutes = {
  onlineState: post(
    `${M}/school-base/online/state`,
    'whether a homework is handed out on screen, with its 作业码',
    ByHomework,
    HomeworkOnlineState,
  ),
  onlineOpen: post(
    `${M}/school-base/online/open`,
    'hands a homework out on screen (a 作业码) or takes it back',
    Obj({ id: HomeworkId, open: t('在线作答', Type.Boolean()) }),
    HomeworkOnlineState,
  ),
  onlineEnter: {
    ...post(
      `${M}/online/student/enter`,
      'the student page: enters a homework by 作业码 and 学号 (no account)',
      Obj({
        code: HomeworkCode,
        studentNo: t('学号', Type.String({ minLength: 1, maxLength: 32 })),
      }),
      StudentHomework,
    ),
    auth: false,
  },
  onlinePaper: {
    ...post(
      `${M}/online/student/paper`,
      'the student page: the uploaded paper of the homework (base64)',
      Obj({ ticket: Ticket }),
      Obj({ fileName: Type.String(), contentType: Type.String(), contentBase64: Type.String() }),
    ),
    auth: false,
  },
  onlineSubmit: {
    ...post(
      `${M}/online/student/submit`,
      'the student page: hands the homework in; again before correction replaces it',
      Obj({
        ticket: Ticket,
        answers: t('答案', Type.Array(OnlineHomeworkAnswerInput, { maxItems: 200 })),
      }),
      OnlineHomeworkResult,
    ),
    auth: false,
  },
} as const;
