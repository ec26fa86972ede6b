import { Type, type Static } from 'typebox';
import { Obj, post, titled as t, OneOf } from './builders';
import { Paged } from './envelope';
import { ReportStats } from './report/common';
import { FileData, ImportResult } from './school/common';

/**
 * The exam tool (spec 001 §2 "Exam tool"): quick score sheets (成绩表), score-entry tasks (录入任务)
 * and 分班. The spec names the pages only; the calls are examkit's (docs/exam-tool.md).
 */

const Id = (title: string) => Type.Integer({ minimum: 1, title });
const PageNum = t('页码', Type.Integer({ minimum: 1, default: 1 }));
const PageSize = t('每页条数', Type.Integer({ minimum: 1, maximum: 100, default: 20 }));
const SheetName = t('名称', Type.String({ minLength: 1, maxLength: 60 }));
const SubjectName = t('学科名称', Type.String({ minLength: 1, maxLength: 20 }));
const FullMarks = t('满分', Type.Number({ exclusiveMinimum: 0, maximum: 1000 }));
const ClassIds = t(
  '班级',
  Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 40, uniqueItems: true }),
);

const ClassRef = Type.Object({ classId: Type.Integer(), className: Type.String() });

export const ToolSheetSubject = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  fullMarks: Type.Number(),
});
export type ToolSheetSubject = Static<typeof ToolSheetSubject>;

export const ToolSheetSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  classes: Type.Array(ClassRef),
  subjects: Type.Array(ToolSheetSubject),
  studentCount: Type.Integer(),
  /** Scores entered (student × subject cells with a score or 缺考). */
  filled: Type.Integer(),
  createdAt: Type.Integer(),
  /** The caller created the sheet or is a school-wide role: may add subjects, delete, set tasks. */
  owner: Type.Boolean(),
});
export type ToolSheetSummary = Static<typeof ToolSheetSummary>;

export const ToolSheetStudent = Type.Object({
  studentId: Type.Integer(),
  studentNo: Type.String(),
  name: Type.String(),
  classId: Type.Integer(),
  className: Type.String(),
  /** Aligned with `subjects`: a score, or null when not entered or absent. */
  scores: Type.Array(Type.Union([Type.Number(), Type.Null()])),
});
export type ToolSheetStudent = Static<typeof ToolSheetStudent>;

export const ToolSheetDetail = Type.Object({
  ...ToolSheetSummary.properties,
  students: Type.Array(ToolSheetStudent),
  /** Subject ids the caller may enter per class (`classId:subjectId`). */
  editable: Type.Array(Type.String()),
});
export type ToolSheetDetail = Static<typeof ToolSheetDetail>;

/** Figures of one score column for a group: the report pages' figures (`ReportStats`). */
export const ToolStats = Type.Object({
  /** `total` or the subject's id. */
  key: Type.String(),
  name: Type.String(),
  ...ReportStats.properties,
});
export type ToolStats = Static<typeof ToolStats>;

export const ToolGroupResult = Type.Object({
  id: Type.String(),
  name: Type.String(),
  studentCount: Type.Integer(),
  /** The total first, then each subject. */
  stats: Type.Array(ToolStats),
});
export type ToolGroupResult = Static<typeof ToolGroupResult>;

const Rank = Type.Union([Type.Integer(), Type.Null()]);
export const ToolStudentScore = Type.Object({
  key: Type.String(),
  name: Type.String(),
  score: Type.Union([Type.Number(), Type.Null()]),
  level: Type.Union([Type.String(), Type.Null()]),
  classRank: Rank,
  gradeRank: Rank,
});

export const ToolStudentResult = Type.Object({
  studentId: Type.Integer(),
  studentNo: Type.String(),
  name: Type.String(),
  classId: Type.Integer(),
  className: Type.String(),
  /** The total first, then each subject. */
  scores: Type.Array(ToolStudentScore),
});
export type ToolStudentResult = Static<typeof ToolStudentResult>;

export const ToolSheetResult = Type.Object({
  sheet: ToolSheetSummary,
  grade: ToolGroupResult,
  classes: Type.Array(ToolGroupResult),
  /** By total grade rank (absent last), in the caller's scope. */
  students: Type.Array(ToolStudentResult),
});
export type ToolSheetResult = Static<typeof ToolSheetResult>;

const SheetId = Id('成绩表');
const ScoreCell = Obj({
  studentId: Id('学生'),
  subjectId: Id('学科'),
  score: t('分数', Type.Union([Type.Number({ minimum: 0, maximum: 1000 }), Type.Null()])),
});

// ---- 分班 -------------------------------------------------------------------------------------

export const AssignSource = OneOf(['exam', 'roster'] as const);
export type AssignSource = Static<typeof AssignSource>;
export const AssignState = OneOf(['draft', 'applied', 'undone'] as const);
export type AssignState = Static<typeof AssignState>;

const AssignOptions = {
  gradeId: Id('年级'),
  /** The exam whose totals rank the students; absent: the roster, without scores. */
  examId: Type.Optional(Id('考试')),
  classIds: ClassIds,
  balanceSex: t('均衡性别', Type.Boolean()),
  byCombination: t('按选科组合分层', Type.Boolean()),
};

export const AssignStudent = Type.Object({
  studentId: Type.Integer(),
  studentNo: Type.String(),
  name: Type.String(),
  /** 0 unknown, 1 男, 2 女. */
  sex: Type.Integer(),
  combination: Type.Union([Type.String(), Type.Null()]),
  score: Type.Union([Type.Number(), Type.Null()]),
  /** Rank by score in the grade (null without a score). */
  rank: Type.Union([Type.Integer(), Type.Null()]),
  fromClassId: Type.Integer(),
  toClassId: Type.Integer(),
});
export type AssignStudent = Static<typeof AssignStudent>;

export const AssignClassBalance = Type.Object({
  classId: Type.Integer(),
  className: Type.String(),
  count: Type.Integer(),
  mean: Type.Union([Type.Number(), Type.Null()]),
  sd: Type.Union([Type.Number(), Type.Null()]),
  male: Type.Integer(),
  female: Type.Integer(),
  combinations: Type.Array(Type.Object({ name: Type.String(), count: Type.Integer() })),
});
export type AssignClassBalance = Static<typeof AssignClassBalance>;

export const AssignPlan = Type.Object({
  students: Type.Array(AssignStudent),
  classes: Type.Array(AssignClassBalance),
  /** Largest minus smallest class mean (null without scores). */
  meanRange: Type.Union([Type.Number(), Type.Null()]),
  /** Largest minus smallest class size. */
  sizeRange: Type.Integer(),
});
export type AssignPlan = Static<typeof AssignPlan>;

export const AssignSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  examId: Type.Union([Type.Integer(), Type.Null()]),
  examName: Type.Union([Type.String(), Type.Null()]),
  source: AssignSource,
  balanceSex: Type.Boolean(),
  byCombination: Type.Boolean(),
  classCount: Type.Integer(),
  studentCount: Type.Integer(),
  state: AssignState,
  createdAt: Type.Integer(),
  appliedAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type AssignSummary = Static<typeof AssignSummary>;

export const AssignRecord = Type.Object({
  id: Type.Integer(),
  assignId: Type.Integer(),
  assignName: Type.String(),
  gradeName: Type.String(),
  action: OneOf(['apply', 'undo'] as const),
  /** Students whose class changed. */
  moved: Type.Integer(),
  /** Students left where they were on undo (moved again since). */
  skipped: Type.Integer(),
  operator: Type.String(),
  at: Type.Integer(),
});
export type AssignRecord = Static<typeof AssignRecord>;

const AssignId = Id('分班方案');

// ---- 录入任务 ---------------------------------------------------------------------------------

export const TaskItem = Type.Object({
  classId: Type.Integer(),
  className: Type.String(),
  subjectId: Type.Integer(),
  subjectName: Type.String(),
  teacherId: Type.Integer(),
  teacherName: Type.String(),
  /** Students of the class and scores entered for the subject. */
  total: Type.Integer(),
  entered: Type.Integer(),
});
export type TaskItem = Static<typeof TaskItem>;

export const TaskSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  sheetId: Type.Integer(),
  sheetName: Type.String(),
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  deadline: Type.String(),
  note: Type.String(),
  itemCount: Type.Integer(),
  doneCount: Type.Integer(),
  createdAt: Type.Integer(),
});
export type TaskSummary = Static<typeof TaskSummary>;

export const TaskDetail = Type.Object({
  ...TaskSummary.properties,
  items: Type.Array(TaskItem),
});
export type TaskDetail = Static<typeof TaskDetail>;

const TaskId = Id('任务');

/** Calls of the exam tool (docs/exam-tool.md lists who may make each). */
export const examToolRoutes = {
  sheetList: post(
    '/marking-main/exam/tool/sheet/list',
    'quick score sheets whose classes meet the caller’s scope, newest first',
    Obj({
      pageNum: PageNum,
      pageSize: PageSize,
      keyWord: Type.Optional(t('关键字', Type.String({ maxLength: 60 }))),
    }),
    Paged(ToolSheetSummary),
  ),
  sheetCreate: post(
    '/marking-main/exam/tool/sheet/create',
    'create a quick score sheet for classes of one grade, with its subjects and full marks',
    Obj({
      name: SheetName,
      gradeId: Id('年级'),
      classIds: ClassIds,
      subjects: t(
        '学科',
        Type.Array(Obj({ name: SubjectName, fullMarks: FullMarks }), { minItems: 1, maxItems: 20 }),
      ),
    }),
    Type.Object({ id: Type.Integer() }),
  ),
  sheetAddSubject: post(
    '/marking-main/exam/tool/sheet/subject/add',
    'add a subject to a score sheet',
    Obj({ sheetId: SheetId, name: SubjectName, fullMarks: FullMarks }),
    ToolSheetSubject,
  ),
  sheetDetail: post(
    '/marking-main/exam/tool/sheet/detail',
    'a score sheet with the students and scores in the caller’s scope',
    Obj({ sheetId: SheetId }),
    ToolSheetDetail,
  ),
  sheetSaveScores: post(
    '/marking-main/exam/tool/sheet/scores/save',
    'enter scores (null clears a cell); every cell is checked first and nothing is saved on a bad one',
    Obj({
      sheetId: SheetId,
      scores: t('成绩', Type.Array(ScoreCell, { minItems: 1, maxItems: 5000 })),
    }),
    Type.Object({ saved: Type.Integer() }),
  ),
  sheetImport: post(
    '/marking-main/exam/tool/sheet/import',
    'import scores from .xlsx (学号, 姓名, then one column per subject; 缺考 or empty leaves a cell empty); all rows or none',
    Obj({ sheetId: SheetId, file: FileData }),
    ImportResult,
  ),
  sheetTemplate: post(
    '/marking-main/exam/tool/sheet/template',
    'the .xlsx to fill in: the students in scope with their current scores',
    Obj({ sheetId: SheetId }),
    FileData,
  ),
  sheetResult: post(
    '/marking-main/exam/tool/sheet/result',
    'the analysis of a score sheet (the exam reports’ engine): grade and classes, students ranked',
    Obj({ sheetId: SheetId }),
    ToolSheetResult,
  ),
  sheetStudent: post(
    '/marking-main/exam/tool/sheet/student',
    'one student’s scores, ranks and levels on a score sheet, beside the class and grade means',
    Obj({ sheetId: SheetId, studentId: Id('学生') }),
    Type.Object({
      sheet: ToolSheetSummary,
      student: ToolStudentResult,
      classStats: ToolGroupResult,
      gradeStats: ToolGroupResult,
    }),
  ),
  sheetRemove: post(
    '/marking-main/exam/tool/sheet/remove',
    'delete a score sheet (its creator or a school-wide role)',
    Obj({ sheetId: SheetId }),
    Type.Object({ id: Type.Integer() }),
  ),

  assignPreview: post(
    '/marking-main/exam/tool/classAssign/preview',
    '分班 plan of a grade into the chosen classes, balanced by score, sex and 选科组合; saves nothing',
    Obj(AssignOptions),
    AssignPlan,
  ),
  assignCreate: post(
    '/marking-main/exam/tool/classAssign/create',
    'save a 分班 plan (recomputed on the server, deterministic) as a draft',
    Obj({ name: SheetName, ...AssignOptions }),
    Type.Object({ id: Type.Integer() }),
  ),
  assignList: post(
    '/marking-main/exam/tool/classAssign/list',
    '分班 plans of the grades the caller manages, newest first',
    Obj({ pageNum: PageNum, pageSize: PageSize }),
    Paged(AssignSummary),
  ),
  assignDetail: post(
    '/marking-main/exam/tool/classAssign/detail',
    'a saved 分班 plan with its students and balance',
    Obj({ assignId: AssignId }),
    Type.Object({ assign: AssignSummary, plan: AssignPlan }),
  ),
  assignApply: post(
    '/marking-main/exam/tool/classAssign/apply',
    'move the students into their planned classes in one transaction, recorded',
    Obj({ assignId: AssignId }),
    AssignRecord,
  ),
  assignUndo: post(
    '/marking-main/exam/tool/classAssign/undo',
    'move the students of an applied plan back where they were (those moved since stay), recorded',
    Obj({ assignId: AssignId }),
    AssignRecord,
  ),
  assignRecords: post(
    '/marking-main/exam/tool/classAssign/record',
    'applications and undos of 分班 plans, newest first',
    Obj({ pageNum: PageNum, pageSize: PageSize }),
    Paged(AssignRecord),
  ),

  taskCreate: post(
    '/marking-main/exam/tool/task/create',
    'a score-entry task on a score sheet: one teacher per class and subject, with a deadline',
    Obj({
      name: SheetName,
      sheetId: SheetId,
      deadline: t('截止日期', Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
      note: Type.Optional(t('说明', Type.String({ maxLength: 200 }))),
      items: t(
        '分工',
        Type.Array(Obj({ classId: Id('班级'), subjectId: Id('学科'), teacherId: Id('教师') }), {
          minItems: 1,
          maxItems: 400,
        }),
      ),
    }),
    Type.Object({ id: Type.Integer() }),
  ),
  taskList: post(
    '/marking-main/exam/tool/task/list',
    'entry tasks the caller created or has a part in, newest first, with completion',
    Obj({ pageNum: PageNum, pageSize: PageSize }),
    Paged(TaskSummary),
  ),
  taskDetail: post(
    '/marking-main/exam/tool/task/detail',
    'one task’s parts in a grade: teacher, students and scores entered per class and subject',
    Obj({ taskId: TaskId, gradeId: Id('年级') }),
    TaskDetail,
  ),
  taskTeachers: post(
    '/marking-main/exam/tool/task/teachers',
    'who teaches each subject of a sheet in each of its classes (by subject name), and the school’s teachers to choose from',
    Obj({ sheetId: SheetId }),
    Type.Object({
      suggested: Type.Array(
        Type.Object({
          classId: Type.Integer(),
          subjectId: Type.Integer(),
          teacherId: Type.Union([Type.Integer(), Type.Null()]),
        }),
      ),
      teachers: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
    }),
  ),
} as const;
