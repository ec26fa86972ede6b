import { Type, type Static } from 'typebox';
import {
  Nullable,
  Obj,
  post,
  wrongQuestionFields,
  titled as t,
  studentFields,
  IdempotencyKey,
} from './builders';
import { HomeworkDetail, HomeworkQuestionInput, HomeworkState } from './homework';
import { SubmissionStatus } from './homeworkSubmission';

/**
 * 教辅 (workbooks) of the teaching assistant (spec 001 §2: /homework/teaching-assistant with
 * batch, batchDetail, chapter, chapter/scan, comment, student, student-homework, correct,
 * wrong). The spec names the pages only; a batch is a workbook the school bought for some
 * classes of a grade × subject, a chapter is a homework of it (docs/homework.md "教辅").
 */

const M = '/marking-homework/homework/teaching-assistant';
const WId = t('教辅', Type.Integer({ minimum: 1 }));
const OptionalClass = Type.Optional(t('班级', Nullable(Type.Integer({ minimum: 1 }))));
/** A teaching class (教学班) of the batch as the 班级 filter: its members only. */
const OptionalTeachingClass = Type.Optional(t('教学班', Nullable(Type.Integer({ minimum: 1 }))));

export const WorkbookClass = Type.Object({ id: Type.Integer(), name: Type.String() });

/** One batch of a workbook (教辅批次): the book, its grade × subject and the classes using it. */
export const WorkbookBatch = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  publisher: Type.String(),
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  subjectId: Type.Integer(),
  subjectName: Type.String(),
  /** The batch's classes the caller teaches (all for school-wide roles). */
  classes: Type.Array(WorkbookClass),
  /** The batch's teaching classes (教学班) the caller may set its homework for. */
  teachingClasses: Type.Array(WorkbookClass),
  chapterCount: Type.Integer(),
  createdAt: Type.Integer(),
  /**
   * The caller may rename the batch, change its classes, rename and delete its chapters and
   * delete it: its maker, a school-wide role, or one who may set homework for every class of it.
   */
  editable: Type.Boolean(),
});
export type WorkbookBatch = Static<typeof WorkbookBatch>;

/** One chapter of a batch with the hand-ins of the caller's students. */
export const WorkbookChapter = Type.Object({
  /** The chapter's homework: scanned, corrected and reported as homework. */
  homeworkId: Type.Integer(),
  position: Type.Integer(),
  title: Type.String(),
  state: HomeworkState,
  questionCount: Type.Integer(),
  fullMarks: Type.Number(),
  expected: Type.Integer(),
  submitted: Type.Integer(),
  corrected: Type.Integer(),
  average: Nullable(Type.Number()),
});
export type WorkbookChapter = Static<typeof WorkbookChapter>;

export const WorkbookBatchDetail = Type.Object({
  batch: WorkbookBatch,
  chapters: Type.Array(WorkbookChapter),
});
export type WorkbookBatchDetail = Static<typeof WorkbookBatchDetail>;

/** A chapter's homework and the batch it belongs to. */
export const WorkbookChapterRef = Type.Object({
  homeworkId: Type.Integer(),
  workbookId: Type.Integer(),
  workbookName: Type.String(),
  position: Type.Integer(),
  title: Type.String(),
  /** Given when the chapter was added: the 布置 panel's default. */
  estimatedMinutes: Nullable(Type.Integer()),
  /**
   * The chapter's homework (questions with their knowledge points, assignments), read under the
   * workbook's rule: whoever reads the chapter reads its questions (the bureau seat too).
   */
  homework: HomeworkDetail,
});
export type WorkbookChapterRef = Static<typeof WorkbookChapterRef>;

/** A student's hand-in of one chapter (null score: not corrected yet or not handed in). */
export const WorkbookCell = Type.Object({
  homeworkId: Type.Integer(),
  /** Whether the chapter is assigned to the student (else nothing to hand in: 未布置). */
  assigned: Type.Boolean(),
  status: SubmissionStatus,
  score: Nullable(Type.Number()),
});

export const WorkbookStudentRow = Type.Object({
  ...studentFields(),
  cells: Type.Array(WorkbookCell),
  /** Chapters handed in, of those assigned to the student. */
  submitted: Type.Integer(),
  assigned: Type.Integer(),
  /** Percent of full marks over the corrected chapters, null when none is. */
  scoreRate: Nullable(Type.Number()),
});
export type WorkbookStudentRow = Static<typeof WorkbookStudentRow>;

export const WorkbookStudents = Type.Object({
  chapters: Type.Array(
    Type.Object({ homeworkId: Type.Integer(), title: Type.String(), fullMarks: Type.Number() }),
  ),
  students: Type.Array(WorkbookStudentRow),
});
export type WorkbookStudents = Static<typeof WorkbookStudents>;

/** One student's chapters of a workbook. */
export const WorkbookStudentHomework = Type.Object({
  batch: WorkbookBatch,
  student: Type.Object({
    ...studentFields(),
  }),
  chapters: Type.Array(
    Type.Object({
      homeworkId: Type.Integer(),
      position: Type.Integer(),
      title: Type.String(),
      /** Whether the chapter is assigned to the student's class (else nothing to hand in). */
      assigned: Type.Boolean(),
      status: SubmissionStatus,
      score: Nullable(Type.Number()),
      fullMarks: Type.Number(),
      /** Questions judged 错 (under full marks). */
      wrong: Type.Integer(),
    }),
  ),
});
export type WorkbookStudentHomework = Static<typeof WorkbookStudentHomework>;

/** A question of a chapter that some of the caller's students got wrong. */
export const WorkbookWrongRow = Type.Object({
  homeworkId: Type.Integer(),
  chapterTitle: Type.String(),
  ...wrongQuestionFields(),
  commonWrongAnswer: Nullable(Type.String()),
  /** Who got it wrong, 学号 order. */
  students: Type.Array(Type.Object({ studentId: Type.Integer(), name: Type.String() })),
});
export type WorkbookWrongRow = Static<typeof WorkbookWrongRow>;

const ClassIds = t(
  '班级',
  Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 40, uniqueItems: true }),
);
/** The teaching classes (教学班) using the batch; a batch needs a class or a teaching class. */
const TeachingClassIds = Type.Optional(
  t('教学班', Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 40, uniqueItems: true })),
);
const Name = t('教辅名称', Type.String({ minLength: 1, maxLength: 60 }));
const Publisher = t('出版社', Type.String({ maxLength: 60 }));
const Title = t('章节名称', Type.String({ minLength: 1, maxLength: 60 }));
const ChapterId = t('章节', Type.Integer({ minimum: 1 }));

const Key = t('请求标识', IdempotencyKey);

/** The calls of 教辅 (docs/homework.md "教辅"). */
export const homeworkWorkbookRoutes = {
  workbookBatches: post(
    `${M}/batch/list`,
    'the workbook batches of the grades × subjects the caller sees, newest first',
    Obj({
      gradeId: Type.Optional(t('年级', Nullable(Type.Integer({ minimum: 1 })))),
      subjectId: Type.Optional(t('科目', Nullable(Type.Integer({ minimum: 1 })))),
    }),
    Type.Array(WorkbookBatch),
  ),
  workbookBatchCreate: post(
    `${M}/batch/create`,
    'a new workbook batch for classes and teaching classes of a grade × subject (a retry with the same key answers the first)',
    Obj({
      name: Name,
      publisher: Publisher,
      gradeId: t('年级', Type.Integer({ minimum: 1 })),
      subjectId: t('科目', Type.Integer({ minimum: 1 })),
      classIds: ClassIds,
      teachingClassIds: TeachingClassIds,
      idempotencyKey: Key,
    }),
    Type.Object({ id: Type.Integer() }),
  ),
  workbookBatchDetail: post(
    `${M}/batchDetail`,
    'one batch with its chapters and the hand-ins of the caller’s students',
    Obj({ id: WId }),
    WorkbookBatchDetail,
  ),
  workbookChapterCreate: post(
    `${M}/chapter/create`,
    'a new chapter of a batch: a homework with its questions, ready to assign (a retry with the same key answers the first)',
    Obj({
      workbookId: WId,
      title: Title,
      questions: t('题目', Type.Array(HomeworkQuestionInput, { minItems: 1, maxItems: 200 })),
      estimatedMinutes: t('预计用时', Type.Integer({ minimum: 1, maximum: 240 })),
      idempotencyKey: Key,
    }),
    Type.Object({ id: Type.Integer() }),
  ),
  workbookChapter: post(
    `${M}/chapter`,
    'the batch a chapter (a homework id) belongs to',
    Obj({ id: ChapterId }),
    WorkbookChapterRef,
  ),
  workbookBatchUpdate: post(
    `${M}/batch/update`,
    'rename a batch and change its classes and teaching classes (the chapters’ homework are renamed with it; a class taken off keeps what was assigned to it)',
    Obj({
      id: WId,
      name: Name,
      publisher: Publisher,
      classIds: ClassIds,
      teachingClassIds: TeachingClassIds,
    }),
    WorkbookBatch,
  ),
  workbookBatchRemove: post(
    `${M}/batch/remove`,
    'delete a batch and its chapters, refused while a chapter has hand-ins',
    Obj({ id: WId }),
    Type.Null(),
  ),
  workbookChapterUpdate: post(
    `${M}/chapter/update`,
    'rename a chapter (its homework is renamed with it), at any state',
    Obj({ id: ChapterId, title: Title }),
    WorkbookChapterRef,
  ),
  workbookChapterRemove: post(
    `${M}/chapter/remove`,
    'delete a chapter and its homework, refused once it has hand-ins; the later chapters move up',
    Obj({ id: ChapterId }),
    Type.Null(),
  ),
  workbookStudents: post(
    `${M}/student`,
    'every student of the batch’s classes the caller teaches, with each chapter’s hand-in',
    Obj({ workbookId: WId, classId: OptionalClass, teachingClassId: OptionalTeachingClass }),
    WorkbookStudents,
  ),
  workbookStudentHomework: post(
    `${M}/student-homework`,
    'one student’s chapters of a batch: status, score, wrong questions',
    Obj({ workbookId: WId, studentId: t('学生', Type.Integer({ minimum: 1 })) }),
    WorkbookStudentHomework,
  ),
  workbookWrong: post(
    `${M}/wrong`,
    'the questions of the batch’s chapters the caller’s students got wrong, most wrong first',
    Obj({ workbookId: WId, classId: OptionalClass, teachingClassId: OptionalTeachingClass }),
    Type.Array(WorkbookWrongRow),
  ),
};
