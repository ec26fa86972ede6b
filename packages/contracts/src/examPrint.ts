import { Type, type Static } from 'typebox';
import { Id, Nullable, Obj, post, OneOf } from './builders';
import { Paged } from './envelope';
import { ExamState } from './exam';

/**
 * 试卷印刷 (/exam/print, key Exam-Print; spec 001 §7 examprint get and inform_tea_finish): per
 * exam, what each class needs printed, who prints it, and the teachers told when it is ready.
 * @see docs/exams.md#试卷印刷
 */

/** 待打印 / 已打印. */
export const PrintState = OneOf(['pending', 'printed'] as const);
export type PrintState = Static<typeof PrintState>;
export const PRINT_STATE_NAMES: Readonly<Record<PrintState, string>> = {
  pending: '待打印',
  printed: '已打印',
};

/** Spare copies per class when an exam's plan never set them. */
export const DEFAULT_PRINT_SPARE = 2;

/** An exam in the print list, with the progress of the tasks the caller sees. */
export const PrintExam = Type.Object({
  examId: Type.Integer(),
  examName: Type.String(),
  gradeName: Type.String(),
  examDate: Type.String(),
  state: ExamState,
  taskCount: Type.Integer(),
  printedCount: Type.Integer(),
  informedCount: Type.Integer(),
});
export type PrintExam = Static<typeof PrintExam>;

/** What one class needs of one subject: question papers and answer sheets. */
export const PrintTask = Type.Object({
  examSubjectId: Type.Integer(),
  subjectName: Type.String(),
  classId: Type.Integer(),
  className: Type.String(),
  /** Students of the class who sit the subject (选考: those who chose it). */
  students: Type.Integer(),
  /** 试卷 copies: students plus the plan's spare. */
  paperCopies: Type.Integer(),
  /** 答题卡 copies: as many as papers, 0 while the subject has no saved answer sheet. */
  sheetCopies: Type.Integer(),
  hasSheet: Type.Boolean(),
  printerId: Nullable(Type.Integer()),
  printerName: Nullable(Type.String()),
  state: PrintState,
  printedAt: Nullable(Type.Integer()),
  /** When the class's teachers were told the papers are ready. */
  informedAt: Nullable(Type.Integer()),
  /** The caller may mark it printed (its printer or an exam manager). */
  canMark: Type.Boolean(),
});
export type PrintTask = Static<typeof PrintTask>;

export const PrintPlan = Type.Object({
  exam: PrintExam,
  /** Spare copies per class. */
  spare: Type.Integer(),
  /** The caller manages the exam: sets the spare, assigns printers, tells teachers of every task. */
  manager: Type.Boolean(),
  tasks: Type.Array(PrintTask),
  /** Teachers a manager may assign (empty for others). */
  printers: Type.Array(Type.Object({ userId: Type.Integer(), nickName: Type.String() })),
});
export type PrintPlan = Static<typeof PrintPlan>;

const TaskRef = Obj({ examSubjectId: Id, classId: Id });
const P = '/marking-main/exam';

export const examPrintRoutes = {
  printList: post(
    `${P}/examprint/list`,
    'exams of the academic year with their print progress (the tasks the caller sees)',
    Obj({
      keyWord: Type.Optional(Type.String({ maxLength: 100 })),
      currentPage: Type.Optional(Type.Integer({ minimum: 1 })),
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    }),
    Paged(PrintExam),
  ),
  printGet: post(
    `${P}/examprint/get`,
    'examprint get: what each class needs printed for an exam, its printer and state; teachers see their classes and the tasks they print',
    Obj({ examId: Id }),
    PrintPlan,
  ),
  printSave: post(
    `${P}/examprint/save`,
    'set the spare copies per class and assign printers (exam managers)',
    Obj({
      examId: Id,
      spare: Type.Optional(Type.Integer({ minimum: 0, maximum: 50, title: '备用份数' })),
      printers: Type.Optional(
        Type.Array(
          Obj({
            examSubjectId: Id,
            classId: Id,
            printerId: Type.Union([Id, Type.Null()], { title: '印刷老师' }),
          }),
          { maxItems: 2000, title: '印刷安排' },
        ),
      ),
    }),
    PrintPlan,
  ),
  printMark: post(
    `${P}/examprint/mark`,
    'mark tasks printed (已打印) or back to 待打印: their printer or an exam manager',
    Obj({
      examId: Id,
      tasks: Type.Array(TaskRef, { minItems: 1, maxItems: 2000, title: '印刷任务' }),
      printed: Type.Boolean({ title: '已打印' }),
    }),
    PrintPlan,
  ),
  informTeaFinish: post(
    `${P}/inform_tea_finish`,
    'inform_tea_finish: tell the teachers of each printed class that its papers are ready (each task once)',
    Obj({ examId: Id }),
    Obj({
      /** Teachers told now. */
      teachers: Type.Integer(),
      /** Tasks whose teachers were told now. */
      tasks: Type.Integer(),
    }),
  ),
  printNotices: post(
    `${P}/examprint/notices`,
    'the 试卷印好 messages (print_ready) the caller received, newest first',
    Obj({}),
    Type.Array(
      Type.Object({
        /** The message's id (消息通知). */
        id: Type.Integer(),
        title: Type.String(),
        body: Type.String(),
        link: Type.String(),
        createdAt: Type.Integer(),
        /** Whether the caller has read it in 消息通知. */
        read: Type.Boolean(),
      }),
    ),
  ),
};

/**
 * Binary downloads of 试卷印刷 (GET with header `token`, errors as the JSON envelope):
 * `sheetPdf?examId&examSubjectId&classId` is the answer sheet of one task, for whoever sees it.
 */
export const examPrintDownloads = {
  sheetPdf: `${P}/examprint/sheet`,
} as const;
