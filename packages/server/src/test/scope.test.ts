/**
 * The data-scope table (issue #22, docs/scope.md): every route that reads personal or score data,
 * called by each demo role and a teacher of each scope kind, on the full demo school. Out-of-scope
 * classes, subjects, students and blocks are neither listed nor readable, and a single read of an
 * out-of-scope record answers exactly as a missing id. A route whose contract takes a student,
 * class, exam or block and is missing from the table fails the completeness check.
 */
import * as contracts from '@examkit/contracts';
import type { RouteContract } from '@examkit/contracts';
import type { TSchema } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock } from '../core/clock';
import { createMemoryFileStore } from '../core/files';
import { DEMO_PASSWORD, seedDemo } from '../seed/seedDemo';
import { seedMarking } from '../seed/seedMarking';
import { DEMO_EXAMS } from '../seed/seedExam';
import { createServer } from '../server';
import type { Db } from '../core/database';
import type { FastifyInstance } from 'fastify';
import { call, createTestDatabase, DIALECTS, TEST_NOW, type TestDatabase } from './fixtures';

const TABLES: Record<string, Record<string, RouteContract>> = {
  admin: contracts.administrationRoutes,
  exam: contracts.examRoutes,
  scan: contracts.scanRoutes,
  marking: contracts.markingRoutes,
  report: contracts.reportRoutes,
  auth: contracts.authRoutes,
  scope: contracts.scopeRoutes,
  print: contracts.examPrintRoutes,
  online: contracts.onlineRoutes,
  tool: contracts.examToolRoutes,
  download: contracts.downloadRoutes,
  wrong: contracts.resourceWrongRoutes,
};
const SHORT: Record<string, string> = {
  administrationRoutes: 'admin',
  examRoutes: 'exam',
  scanRoutes: 'scan',
  markingRoutes: 'marking',
  reportRoutes: 'report',
  authRoutes: 'auth',
  scopeRoutes: 'scope',
  examPrintRoutes: 'print',
  onlineRoutes: 'online',
  examToolRoutes: 'tool',
  downloadRoutes: 'download',
  resourceWrongRoutes: 'wrong',
};

/** A route by `<table>.<name>`. */
const R = (key: string): RouteContract => {
  const [table, name] = key.split('.') as [string, string];
  const route = TABLES[table]?.[name];
  if (!route) throw new Error(`no route ${key}`);
  return route;
};

/**
 * Every route contract the package exports, by `<table>.<name>`: the tables of the barrel
 * (`…Routes`), so a new domain's table is found without being listed here.
 */
function allRoutes(): Map<string, RouteContract> {
  const out = new Map<string, RouteContract>();
  const seen = new Set<string>();
  for (const [table, routes] of Object.entries(contracts)) {
    if (!table.endsWith('Routes') || typeof routes !== 'object' || routes === null) continue;
    for (const [name, r] of Object.entries(routes as Record<string, unknown>)) {
      const route = r as RouteContract;
      if (typeof route?.url !== 'string' || seen.has(route.url)) continue;
      seen.add(route.url);
      out.set(`${SHORT[table] ?? table}.${name}`, route);
    }
  }
  return out;
}

const inputsOf = (route: RouteContract): Record<string, TSchema & { default?: unknown }> =>
  ((route.body ?? route.query) as { properties?: Record<string, TSchema> } | undefined)
    ?.properties ?? {};

/** Inputs that name a student, a class, an exam or a marking block (or their papers and tasks). */
const SCOPED_INPUT =
  /^(studentId|studentIds|studentNo|classId|classIds|examId|examSubjectId|blockId|paperId|taskId)$/;
const scopedInputs = (route: RouteContract) =>
  Object.keys(inputsOf(route)).filter(
    (k) => SCOPED_INPUT.test(k) || (k === 'id' && route.url.startsWith('/marking-main/exam/')),
  );

// ---------------------------------------------------------------------------------------------
// The expected scope of each account, from docs/demo-school.md (not from the server's code).

type Scope = 'school' | 'none' | Record<string, 'all' | readonly string[]>;
const GRADE2 = ['高二(1)班', '高二(2)班', '高二(3)班', '高二(4)班'];
const SCOPES: Record<string, Scope> = {
  admin: 'school',
  director: 'school',
  principal: 'school',
  /** 班主任 of 高一(1)班: that class, every subject. */
  head: { '高一(1)班': 'all' },
  /** 任课教师 of 数学 in 高一(1)(2)班. */
  teacher: { '高一(1)班': ['数学'], '高一(2)班': ['数学'] },
  /** 年级主任 of 高二. */
  gradelead: Object.fromEntries(GRADE2.map((c) => [c, 'all' as const])),
  /** 阅卷老师: no class at all, only the blocks they mark. */
  grader: 'none',
  /** 学科组长 of 数学 in 高一 (set up below): 数学 in every 高一 class. */
  t004: Object.fromEntries([1, 2, 3, 4].map((n) => [`高一(${n})班`, ['数学']])),
  /** 学科组长 of 语文 in the whole school (set up below). */
  t005: Object.fromEntries(
    ['高一', '高二', '高三'].flatMap((g) => [1, 2, 3, 4].map((n) => [`${g}(${n})班`, ['语文']])),
  ),
};
const ROLES = Object.keys(SCOPES);

function allowed(role: string, className: string, subject: string | undefined): boolean {
  const scope = SCOPES[role]!;
  if (scope === 'school') return true;
  if (scope === 'none') return false;
  const entry = scope[className];
  if (entry === undefined) return false;
  return entry === 'all' || subject === undefined || entry.includes(subject);
}
const subjectsOf = (role: string, className: string | undefined): string[] | 'all' => {
  const scope = SCOPES[role]!;
  if (scope === 'school') return 'all';
  if (scope === 'none') return [];
  const entries = className ? [scope[className]] : Object.values(scope);
  if (entries.some((e) => e === 'all')) return 'all';
  return entries.flatMap((e) => (e && e !== 'all' ? [...e] : []));
};

// ---------------------------------------------------------------------------------------------
// The table.

interface Ctx {
  examId: number;
  classId: number;
  className: string;
  subject: string;
  subjectId: number;
  examSubjectId: number;
  studentId: number;
  blockId: number;
  paperId: number;
}

/**
 * How a route is checked:
 * - `list`: read; every student, class and (with `subjects`) subject in its answer is in scope.
 * - `single`: read of one student; out of scope answers exactly as a missing id.
 * - `marking`: read of a block's papers; only the block's leaders and managers see students.
 * - `covered`: not a read of personal data through these inputs, with where its rule is tested.
 */
type Entry =
  | {
      kind: 'list';
      byClass?: boolean;
      bySubject?: boolean;
      subjects?: boolean;
      /** Send the grade 高二 (gradeId): the demo's 选科 are in 高二 and 高三. */
      grade?: boolean;
      /** Send groups of the three classes. */
      groups?: boolean;
      /** The demo has nothing here outside a teacher's scope (no scan exceptions, …). */
      emptyInDemo?: boolean;
      body?: Partial<Record<string, unknown>>;
    }
  | { kind: 'single'; body?: Partial<Record<string, unknown>> }
  | {
      kind: 'marking';
      markers: 'refused' | 'anonymous';
      /** Only markers take papers: managers and leaders who do not mark are refused. */
      markersOnly?: boolean;
      body?: Partial<Record<string, unknown>>;
    }
  | { kind: 'covered'; why: string };

const WRITE = (why = 'a write: exam managers only (exam/routes.test.ts), foreign ids below') =>
  ({ kind: 'covered', why }) as const;

const TEACHERS = WRITE(
  'teachers (no student data) of the scope: adminRoutes.test.ts “sees only the teachers of the grade”; masking below',
);

const TABLE: Record<string, Entry> = {
  // 联考 (jointExamId): a school outside the joint exam gets 404 on every joint route, a
  // participant reads only its own students (joint/joint.test.ts)
  ...Object.fromEntries(
    Object.keys(contracts.jointExamRoutes).map((name) => [
      `jointExamRoutes.${name}`,
      { kind: 'covered', why: 'joint exams: joint/joint.test.ts' } as const,
    ]),
  ),
  // 跨校考试: an invite for an exam of the caller's school and grade only (crossSchool/cross.test.ts)
  'crossSchoolRoutes.crossInvite': WRITE(
    'exam managers of the exam’s grade only; another school’s exam 404 (crossSchool/cross.test.ts)',
  ),
  // 分析中心: the classes whose totals the caller's single reports show; a class outside 403
  // (analytic/analytic.test.ts “a 班主任 sees their own class only”)
  'analyticRoutes.analyticReport': WRITE(
    'students of the classes in full scope only; another class 403, another grade’s analysis 404 (analytic/analytic.test.ts)',
  ),
  'analyticRoutes.analyticExport': WRITE(
    'the report’s own rules at the start of the job: a 班主任’s file holds their class, another class 403, another school 404 (analytic/analytic.test.ts “exports the analysis”)',
  ),
  ...Object.fromEntries(
    Object.keys(contracts.jointReportRoutes).map((name) => [
      `jointReportRoutes.${name}`,
      { kind: 'covered', why: 'joint report pages: joint/joint.test.ts' } as const,
    ]),
  ),
  // exam
  'exam.students': { kind: 'list', byClass: true },
  'exam.teachers': { kind: 'list' },
  'exam.detail': WRITE(
    'exam metadata, no personal data; exams of other grades 403 (exam/routes.test.ts)',
  ),
  'exam.create': WRITE(),
  'exam.update': WRITE(),
  'exam.remove': WRITE(),
  'exam.transition': WRITE(),
  'exam.questionsGet': WRITE('the paper of a subject, no personal data'),
  'exam.questionsSave': WRITE(),
  'exam.answerSave': WRITE(),
  'exam.scoreImport': WRITE(),
  'exam.sheetGet': WRITE('the answer sheet of a subject, no personal data'),
  'exam.sheetSave': WRITE(),
  // 试卷印刷: a teacher sees the tasks of their classes and subjects, and those they print
  'print.printGet': { kind: 'list' },
  'print.printSave': WRITE('exam managers only (print/print.test.ts)'),
  'print.printMark': WRITE('the task’s printer or an exam manager (print/print.test.ts)'),
  'print.informTeaFinish': WRITE(
    'exam managers and printers; tells each task once (print/print.test.ts)',
  ),
  // online exams (online/routes.test.ts): writes need an exam manager or the subject's teacher
  'online.save': WRITE(),
  'online.get': WRITE('the questions and window of an online exam, no personal data'),
  'online.saveQuestions': WRITE(),
  'online.saveAnswers': WRITE(),
  'online.saveTime': WRITE(),
  'online.statistics': WRITE(
    'per-student scores of the classes in the caller’s scope only (scopedClassIds, online/routes.ts)',
  ),
  'online.toMarking': WRITE(),
  'online.enter': WRITE('public student page: one student’s own exam by exam code and number'),
  'online.autosave': WRITE('public student page: the ticket’s own attempt only'),
  'online.submit': WRITE('public student page: the ticket’s own attempt only'),
  // scan: scanning is exam management; scores are scoped
  'scan.objectiveScores': { kind: 'list', bySubject: true },
  'scan.objectiveDetail': { kind: 'single' },
  'scan.reconcile': { kind: 'list', bySubject: true },
  'scan.exceptions': { kind: 'list', bySubject: true, emptyInDemo: true, body: { state: 'all' } },
  'scan.batchCreate': WRITE(),
  'scan.batchList': { kind: 'list', bySubject: true, emptyInDemo: true },
  'scan.resolve': WRITE(),
  'scan.confirmAbsent': WRITE(),
  'scan.rescore': WRITE(),
  'scan.overview': WRITE('counts per subject, no personal data; exams of other grades 403'),
  'scan.handToMarking': WRITE(),
  // marking
  'marking.list': WRITE('blocks, no students; a non-manager sees only blocks with a role (below)'),
  'marking.saveBlock': WRITE('marking managers only (below)'),
  'marking.getBlock': { kind: 'marking', markers: 'anonymous' },
  'marking.blockState': WRITE('leaders and managers (marking.test.ts)'),
  'marking.registerPapers': WRITE('marking managers only'),
  'marking.searchPapers': { kind: 'marking', markers: 'refused', body: { keyword: '' } },
  'marking.seeds': { kind: 'marking', markers: 'refused' },
  'marking.addSeed': WRITE('leaders and managers (seeds.test.ts)'),
  'marking.removeSeed': WRITE('leaders and managers (seeds.test.ts)'),
  'marking.fetch': { kind: 'marking', markers: 'anonymous', markersOnly: true, body: { count: 3 } },
  'marking.crop': WRITE('the lease holder only, without the student (marking.test.ts)'),
  'marking.submit': WRITE('the lease holder only (marking.test.ts)'),
  'marking.release': WRITE('the caller’s own leases'),
  'marking.reviewList': { kind: 'marking', markers: 'anonymous' },
  'marking.rescore': WRITE('the caller’s own marks (marking.test.ts)'),
  'marking.flagProblem': WRITE('the lease holder only'),
  'marking.resolve': WRITE('leaders and managers (marking.test.ts)'),
  'marking.problemList': { kind: 'marking', markers: 'refused' },
  'marking.remark': WRITE('leaders and managers only (below)'),
  'marking.sample': WRITE('the caller’s own papers, leaders and managers'),
  'marking.samples': { kind: 'marking', markers: 'anonymous' },
  'marking.arbitrationList': { kind: 'marking', markers: 'refused' },
  'marking.progress': { kind: 'marking', markers: 'refused' },
  'marking.quality': { kind: 'marking', markers: 'refused' },
  'marking.checkPaper': { kind: 'marking', markers: 'refused' },
  'marking.finishSubject': WRITE('marking managers only (below)'),
  'marking.refreshReport': WRITE('marking managers only'),
  'marking.resetAnswer': WRITE('marking managers only; foreign ids below'),
  'marking.randomCheck': { kind: 'marking', markers: 'refused', body: { count: 5 } },
  // reports
  'report.classBasic': { kind: 'list', byClass: true, subjects: true },
  'report.classComment': { kind: 'list', byClass: true, bySubject: true },
  'report.classAbility': { kind: 'list', byClass: true, bySubject: true },
  'report.classAnalysis': { kind: 'list', byClass: true, subjects: true },
  'report.classTranscript': { kind: 'list', byClass: true, subjects: true },
  'report.classProblemSet': { kind: 'list', byClass: true, bySubject: true },
  'report.classCustom': {
    kind: 'list',
    byClass: true,
    subjects: true,
    body: { excellent: 0.85, good: 0.75, pass: 0.6, low: 0.3 },
  },
  'report.classCustom2': { kind: 'list', byClass: true, bySubject: true, body: { bandWidth: 10 } },
  'report.studentTranscript': { kind: 'single' },
  'report.gradeBasic': { kind: 'list' },
  'report.gradeComment': { kind: 'list', bySubject: true },
  'report.gradeAbility': { kind: 'list', bySubject: true },
  'report.gradeRank': { kind: 'list', byClass: true, bySubject: true },
  'report.gradeTranscript': { kind: 'list', byClass: true },
  'report.gradeProblemSet': { kind: 'list', bySubject: true },
  'report.commentGet': WRITE('one question’s comment of a class in scope (report/routes.test.ts)'),
  'report.commentSave': WRITE('class comments: within scope (report/routes.test.ts)'),
  'report.gradeCustomGroup': { kind: 'list', groups: true },
  'report.gradeCustomContrast': { kind: 'list' },
  'report.gradeCustomKnowModel': { kind: 'list', bySubject: true },
  'report.screen': { kind: 'list' },
  'report.quickReview': { kind: 'list' },
  'report.warningReport': { kind: 'list', byClass: true },
  'report.exportReport': WRITE(
    'a file of a report page: the page’s own scope (report/routes.test.ts)',
  ),
  'report.exportJobStart': WRITE(
    'a background export of a report page: the page’s own scope; a download-centre job only its starter sees (download/downloads.test.ts)',
  ),
  'download.downloadScans': WRITE(
    "a zip of a subject's scanned sheets: only the caller's classes of that subject; another class or school answers as missing (download/downloads.test.ts)",
  ),
  'download.downloadSheets': WRITE(
    "a zip of a subject's pre-printed answer sheets: only the caller's classes (download/downloads.test.ts)",
  ),
  'download.downloadPaper': WRITE(
    "a question paper (PDF or Word) of the school's or the cloud bank, no student data; another school's paper answers as missing (resource/papers.test.ts)",
  ),
  'report.teacherClassOverview': { kind: 'list' },
  'report.teacherTeachExamInfo': { kind: 'list', emptyInDemo: true },
  'report.teacherClassExam': { kind: 'list', byClass: true },
  'report.quality': { kind: 'list', emptyInDemo: true },
  'report.recomputeReport': WRITE('grade managers only (report/routes.test.ts)'),
  // messages
  'messageRoutes.noticeSend': WRITE(
    'a notice: school administrators only; classes of the school and year (message/messages.test.ts)',
  ),
  // papers
  'paperRoutes.toExam': WRITE(
    'an exam from a paper: grade managers only, classes of the school’s grade (resource/papers.test.ts)',
  ),
  // administration
  'admin.getPermSubject': { kind: 'list', byClass: true },
  'admin.queryClassRole': { kind: 'list', byClass: true },
  'admin.addClassRole': WRITE('school-wide roles only (adminRoutes.test.ts)'),
  'admin.sysClassDelete': WRITE('school-wide roles only (adminRoutes.test.ts)'),
  'admin.queryTeachers': TEACHERS,
  'admin.queryTeacherByClass': TEACHERS,
  'admin.listTeacherProfile': TEACHERS,
  'admin.getCourseTeacher': TEACHERS,
  'admin.exportTeachers': WRITE(
    'an .xlsx of query_ts: same rows and masking (adminRoutes.test.ts)',
  ),
  'admin.addStudent': WRITE('the class must be in scope (adminRoutes.test.ts)'),
  'admin.deleteStudents': WRITE('out of scope answers as a missing student (adminRoutes.test.ts)'),
  'admin.getStudents': { kind: 'list', byClass: true },
  'admin.updateStudent': WRITE('out of scope answers as a missing student (adminRoutes.test.ts)'),
  'admin.setStudentStatistics': WRITE('out of scope answers as a missing student'),
  'admin.exportStudents': WRITE(
    'an .xlsx of get_stu: same rows and masking (importExport.test.ts)',
  ),
  'admin.getStudentNo': WRITE('the next free number of a class in scope, no personal data'),
  'admin.setElective': WRITE('out of scope answers as a missing student'),
  'admin.queryStudentTeachClass': { kind: 'single' },
  'admin.teachClassList': { kind: 'list', byClass: true, emptyInDemo: true },
  'admin.teachClassAllot': WRITE(
    'students of the teaching class’s grade in scope (adminRoutes.test.ts)',
  ),
  'admin.electiveStudents': { kind: 'list', grade: true, body: { classId: undefined } },
  // exam tool (examtool/examtool.test.ts “keeps teachers to their classes”, “grade managers only”)
  'tool.sheetCreate': WRITE('classes in the caller’s scope only (examtool.test.ts)'),
  'tool.sheetStudent': WRITE(
    'a student of the sheet’s classes in scope; another school’s sheet 404 (examtool.test.ts)',
  ),
  'tool.assignPreview': WRITE(
    '分班: school-wide roles and the grade’s 年级主任 (examtool.test.ts)',
  ),
  'tool.assignCreate': WRITE('分班: school-wide roles and the grade’s 年级主任 (examtool.test.ts)'),
  // 校本作业 (homework/homework.test.ts “keeps a teacher to their classes and subjects”)
  'homeworkRoutes.assignCheck': WRITE(
    'minutes per class, no personal data; a class outside the caller’s subject scope answers as missing (homework.test.ts)',
  ),
  'homeworkRoutes.assign': WRITE(
    'classes and teaching classes of the caller’s grade × subject only; others answer as missing (homework.test.ts)',
  ),
  // 作业提交与批改 (homework/submissions/submissions.test.ts “keeps a teacher to their classes’ hand-ins”)
  'homeworkSubmissionRoutes.scanResolve': WRITE(
    'a student of the caller’s assigned classes only; another student answers as missing (submissions.test.ts)',
  ),
  // 校本作业 from the bank (homework/store.test.ts): a homework id of another school or outside
  // the caller's grades × subjects answers 作业不存在; basket-confirm only for their grade × subject
  'homeworkStoreRoutes.questionItems': WRITE(
    'questions of one homework, no personal data; another school’s homework 404 (store.test.ts)',
  ),
  'homeworkStoreRoutes.basketConfirm': WRITE(
    'a grade × subject the caller teaches only, else refused (store.test.ts)',
  ),
  // 新高考 (gaokao/gaokao.test.ts): analyses of exams of the caller's grades; transcripts show the
  // classes in scope only (inScopeClass)
  'gaokaoRoutes.create': WRITE(
    'exam managers of the exam’s grade only; another school’s exam 404 (gaokao.test.ts)',
  ),
  'tool.taskDetail': WRITE(
    'the task’s creator sees every part, a teacher only theirs; others 404 (examtool.test.ts)',
  ),
  // error questions (resource/wrongRoutes.test.ts): the report's data scope per exam
  'wrong.studentWrongList': {
    kind: 'list',
    byClass: true,
    body: { gradeId: null, subjectName: '', dateFrom: '', dateTo: '' },
  },
  'wrong.studentWrongDetail': {
    kind: 'single',
    body: { subjectName: '', dateFrom: '', dateTo: '' },
  },
  'wrong.commonErrors': { kind: 'list', subjects: true, body: { limit: 3 } },
  'wrong.weakPoints': { kind: 'list', subjects: true, body: { limit: 3 } },
  'wrong.similarRecommend': { kind: 'list', subjects: true, body: { limit: 2 } },
  'wrong.notebookJob': WRITE(
    'a class outside the scope or of another school answers 404 (resource/wrongRoutes.test.ts “a class’s 错题本”)',
  ),
  'wrong.practicePaper': WRITE(
    'the exam opens with the report’s scope, another school’s questions 404 (resource/wrongRoutes.test.ts)',
  ),
};

// ---------------------------------------------------------------------------------------------

interface Ids {
  db: Db;
  classes: Map<string, { id: number; gradeId: number }>;
  classNameOf: Map<number, string>;
  subjects: Map<string, number>;
  examSubjects: Map<string, number>;
  markingSubjectId: number;
  students: Map<number, { className: string; studentNo: string; examNo: string }>;
  byClass: Map<string, number>;
  /** Class of each student number and exam number. */
  classOfNumber: Map<string, string>;
  examId: number;
  markingExamId: number;
  blockId: number;
  paperId: number;
}

async function idsOf(db: Db, schoolId: number): Promise<Ids> {
  const classRows = await db
    .selectFrom('classes as c')
    .innerJoin('grades as g', 'g.id', 'c.grade_id')
    .select(['c.id', 'c.name', 'g.id as gradeId'])
    .where('g.school_id', '=', schoolId)
    .where('g.academic_year', '=', 2026)
    .execute();
  const classes = new Map(classRows.map((c) => [c.name, { id: c.id, gradeId: c.gradeId }]));
  const classNameOf = new Map(classRows.map((c) => [c.id, c.name]));
  const subjects = new Map(
    (
      await db
        .selectFrom('subjects')
        .select(['id', 'name'])
        .where('school_id', '=', schoolId)
        .execute()
    ).map((s) => [s.name, s.id]),
  );
  const exam = await db
    .selectFrom('exams')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('state', '=', 'finished')
    .where('name', '=', DEMO_EXAMS.midterm)
    .executeTakeFirstOrThrow();
  const marking = await db
    .selectFrom('exams')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('state', '=', 'marking')
    .executeTakeFirstOrThrow();
  const examSubjects = new Map(
    (
      await db
        .selectFrom('exam_subjects')
        .select(['id', 'subject_name'])
        .where('exam_id', '=', exam.id)
        .execute()
    ).map((s) => [s.subject_name, s.id]),
  );
  const markingSubject = await db
    .selectFrom('exam_subjects')
    .select('id')
    .where('exam_id', '=', marking.id)
    .executeTakeFirstOrThrow();
  const studentRows = await db
    .selectFrom('exam_students as es')
    .innerJoin('students as s', 's.id', 'es.student_id')
    .select(['s.id', 's.student_no', 'es.exam_no', 'es.class_id'])
    .where('es.exam_id', '=', exam.id)
    .orderBy('s.id')
    .execute();
  const allStudents = await db
    .selectFrom('students')
    .select(['id', 'student_no', 'class_id'])
    .where('school_id', '=', schoolId)
    .execute();
  const students = new Map<number, { className: string; studentNo: string; examNo: string }>();
  for (const s of allStudents)
    students.set(s.id, {
      className: classNameOf.get(s.class_id) ?? '',
      studentNo: s.student_no,
      examNo: s.student_no,
    });
  for (const s of studentRows) students.get(s.id)!.examNo = s.exam_no;
  const classOfNumber = new Map<string, string>();
  for (const s of students.values()) {
    classOfNumber.set(s.studentNo, s.className);
    classOfNumber.set(s.examNo, s.className);
  }
  const byClass = new Map<string, number>();
  for (const s of studentRows) {
    const name = classNameOf.get(s.class_id)!;
    if (!byClass.has(name)) byClass.set(name, s.id);
  }
  const block = await db
    .selectFrom('marking_blocks')
    .select('id')
    .where('school_id', '=', schoolId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const paper = await db
    .selectFrom('marking_papers')
    .select('id')
    .where('block_id', '=', block.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return {
    db,
    classes,
    classNameOf,
    subjects,
    examSubjects,
    markingSubjectId: markingSubject.id,
    students,
    byClass,
    classOfNumber,
    examId: exam.id,
    markingExamId: marking.id,
    blockId: block.id,
    paperId: paper.id,
  };
}

/** A body for the route from its schema and the context; unknown required inputs take defaults. */
function bodyFor(route: RouteContract, ctx: Ctx, extra: Record<string, unknown> = {}) {
  const props = inputsOf(route);
  const required = new Set(
    ((route.body ?? route.query) as { required?: string[] } | undefined)?.required ?? [],
  );
  const body: Record<string, unknown> = {};
  const isExamRoute = route.url.startsWith('/marking-main/exam/');
  for (const [key, schema] of Object.entries(props)) {
    const value =
      key === 'examId'
        ? ctx.examId
        : key === 'id' && isExamRoute
          ? ctx.examId
          : key === 'classId'
            ? ctx.classId
            : key === 'subjectId'
              ? ctx.subjectId
              : key === 'examSubjectId'
                ? ctx.examSubjectId
                : key === 'studentId'
                  ? ctx.studentId
                  : key === 'blockId'
                    ? ctx.blockId
                    : key === 'paperId'
                      ? ctx.paperId
                      : key === 'pageNum'
                        ? 1
                        : key === 'pageSize'
                          ? Math.min(200, Number((schema as { maximum?: number }).maximum ?? 200))
                          : required.has(key)
                            ? schema.default
                            : undefined;
    if (value !== undefined) body[key] = value;
  }
  return { ...body, ...extra };
}

/** Every student, class and subject an answer names, found by its field names. */
function named(data: unknown) {
  const found = {
    studentIds: new Set<number>(),
    studentNos: new Set<string>(),
    classIds: new Set<number>(),
    classNames: new Set<string>(),
    subjects: new Set<string>(),
    names: 0,
  };
  const walk = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (v === null || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (k === 'studentId' && typeof x === 'number') found.studentIds.add(x);
      else if ((k === 'studentNo' || k === 'examNo') && typeof x === 'string')
        found.studentNos.add(x);
      else if (k === 'classId' && typeof x === 'number') found.classIds.add(x);
      else if (k === 'classIds' && Array.isArray(x))
        x.forEach((id) => typeof id === 'number' && found.classIds.add(id));
      else if (k === 'className' && typeof x === 'string') found.classNames.add(x);
      else if (k === 'subjectName' && typeof x === 'string') found.subjects.add(x);
      else if ((k === 'studentName' || k === 'name') && typeof x === 'string' && x) found.names++;
      else walk(x);
    }
  };
  walk(data);
  return found;
}

describe.each(DIALECTS)('data scope on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let ids: Ids;
  const tokens: Record<string, string> = {};
  const as = (role: string, route: RouteContract, body: Record<string, unknown>) =>
    call<unknown>(app, route, { token: tokens[role] ?? '', body });

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedDemo(database.db, { size: 'full' });
    const clock = createFakeClock(TEST_NOW);
    const files = createMemoryFileStore();
    await seedMarking(database.db, files, { clock, classes: 2 });
    app = await createServer({
      database: database.schema
        ? { db: database.db, schema: database.schema }
        : { db: database.db },
      clock,
      files,
      secret: 'test-secret',
      nodeEnv: 'test',
      rateLimit: { addressLimit: 100_000 },
    });
    const school = await database.db
      .selectFrom('schools')
      .select('id')
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
    ids = await idsOf(database.db, school.id);
    // Two 任课教师 become 学科组长 instead of teaching their own classes.
    const leads: [string, string, string | null][] = [
      ['t004', '数学', '高一(1)班'],
      ['t005', '语文', null],
    ];
    for (const [login, subject, gradeOf] of leads) {
      const user = await database.db
        .selectFrom('users')
        .select('id')
        .where('school_id', '=', school.id)
        .where('login_name', '=', login)
        .executeTakeFirstOrThrow();
      await database.db.deleteFrom('teaching_assignments').where('user_id', '=', user.id).execute();
      await database.db.deleteFrom('class_roles').where('user_id', '=', user.id).execute();
      await database.db
        .insertInto('subject_roles')
        .values({
          school_id: school.id,
          academic_year: 2026,
          subject_id: ids.subjects.get(subject)!,
          grade_id: gradeOf === null ? null : ids.classes.get(gradeOf)!.gradeId,
          user_id: user.id,
        })
        .execute();
    }
    for (const role of ROLES) {
      const r = await call<{ token: string }>(app, contracts.authRoutes.loginPassword, {
        body: { loginName: role, password: DEMO_PASSWORD, schoolId: school.id },
      });
      tokens[role] = r.body.data.token;
    }
    // Teachers see published reports only.
    const published = await as('admin', R('exam.transition'), { id: ids.examId, to: 'published' });
    expect(published.body.code, JSON.stringify(published.body)).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('names every route that takes a student, class, exam or block (completeness)', () => {
    const missing = [...allRoutes()]
      .filter(([name, route]) => scopedInputs(route).length > 0 && !(name in TABLE))
      .map(([name, route]) => `${name} ${route.url}`);
    expect(missing, 'add these routes to TABLE in scope.test.ts').toEqual([]);
  });

  const ctxFor = (className: string, subject: string, studentClass = className): Ctx => ({
    examId: ids.examId,
    classId: ids.classes.get(className)!.id,
    className,
    subject,
    subjectId: ids.subjects.get(subject)!,
    examSubjectId: ids.examSubjects.get(subject)!,
    studentId: ids.byClass.get(studentClass)!,
    blockId: ids.blockId,
    paperId: ids.paperId,
  });
  const CLASSES = ['高一(1)班', '高一(2)班', '高一(3)班'];
  const SUBJECTS = ['数学', '语文'];

  const lists = Object.entries(TABLE).filter(([, e]) => e.kind === 'list');
  it.each(lists)(
    '%s: lists only classes, subjects and students in scope',
    async (name, entry) => {
      if (entry.kind !== 'list') return;
      const route = R(name);
      const classes = entry.byClass ? CLASSES : ['高一(1)班'];
      const subjects = entry.bySubject ? SUBJECTS : ['数学'];
      let adminSawOutside = false;
      for (const className of classes)
        for (const subject of subjects) {
          const ctx = ctxFor(className, subject);
          for (const role of ROLES) {
            const extra = {
              ...entry.body,
              ...(entry.groups
                ? { groups: CLASSES.map((c) => ({ name: c, classIds: [ids.classes.get(c)!.id] })) }
                : {}),
              ...(entry.grade ? { gradeId: ids.classes.get('高二(1)班')!.gradeId } : {}),
            };
            const res = await as(role, route, bodyFor(route, ctx, extra));
            const where = `${role} ${name} ${className} ${subject}: ${JSON.stringify(res.body).slice(0, 300)}`;
            if (role === 'admin') expect(res.body.code, where).toBe(200);
            if (res.body.code !== 200) {
              expect([403, 404], where).toContain(res.body.code);
              continue;
            }
            const subjectCtx = entry.bySubject ? subject : undefined;
            const seen = named(res.body.data);
            for (const id of seen.studentIds) {
              const s = ids.students.get(id);
              expect(s, `${where} (unknown student ${id})`).toBeDefined();
              expect(allowed(role, s!.className, subjectCtx), `${where} student ${id}`).toBe(true);
              if (role === 'admin' && !allowed('teacher', s!.className, subjectCtx))
                adminSawOutside = true;
            }
            for (const no of seen.studentNos) {
              const cls = ids.classOfNumber.get(no);
              if (cls === undefined) continue; // a paper's or another school's number
              expect(allowed(role, cls, subjectCtx), `${where} student ${no}`).toBe(true);
              if (role === 'admin' && !allowed('teacher', cls, subjectCtx)) adminSawOutside = true;
            }
            for (const classId of seen.classIds) {
              const cls = ids.classNameOf.get(classId);
              if (cls === undefined) continue; // a teaching class or another kind of id
              expect(allowed(role, cls, subjectCtx), `${where} class ${cls}`).toBe(true);
              if (role === 'admin' && !allowed('teacher', cls, subjectCtx)) adminSawOutside = true;
            }
            if (entry.subjects) {
              const mine = subjectsOf(role, entry.byClass ? className : undefined);
              if (mine !== 'all')
                for (const subj of seen.subjects)
                  if (ids.subjects.has(subj))
                    expect(mine, `${where} subject ${subj}`).toContain(subj);
            }
          }
        }
      // The probe itself sees data outside a teacher's scope, so it can fail.
      if (!entry.emptyInDemo && !['admin.getPermSubject', 'admin.queryClassRole'].includes(name))
        expect(
          adminSawOutside,
          `${name}: the admin's answer names nobody outside the teacher's scope`,
        ).toBe(true);
    },
    120_000,
  );

  const singles = Object.entries(TABLE).filter(([, e]) => e.kind === 'single');
  it.each(singles)(
    '%s: an out-of-scope student answers as a missing id',
    async (name, entry) => {
      if (entry.kind !== 'single') return;
      const route = R(name);
      for (const className of CLASSES)
        for (const subject of SUBJECTS)
          for (const role of ROLES) {
            const ctx = ctxFor(className, subject);
            const found = await as(role, route, bodyFor(route, ctx, entry.body));
            const missing = await as(
              role,
              route,
              bodyFor(route, { ...ctx, studentId: 9_999_999 }, entry.body),
            );
            const where = `${role} ${name} ${className} ${subject}`;
            if (role === 'admin') expect(found.body.code, where).toBe(200);
            const props = Object.keys(inputsOf(route));
            const bySubject = props.includes('subjectId') || props.includes('examSubjectId');
            if (
              allowed(role, className, bySubject ? subject : undefined) &&
              found.body.code === 200
            )
              continue;
            expect(found.body, where).toEqual(missing.body);
          }
      // A student of 高一(3)班 asked through a class the user sees answers as a missing one too.
      for (const role of ROLES) {
        if (allowed(role, '高一(3)班', undefined)) continue;
        const ctx = ctxFor('高一(1)班', '数学', '高一(3)班');
        const other = await as(role, route, bodyFor(route, ctx, entry.body));
        const missing = await as(
          role,
          route,
          bodyFor(route, { ...ctx, studentId: 9_999_999 }, entry.body),
        );
        expect(other.body, `${role} ${name} via 高一(1)班`).toEqual(missing.body);
      }
    },
    120_000,
  );

  const marking = Object.entries(TABLE).filter(([, e]) => e.kind === 'marking');
  it.each(marking)(
    '%s: markers see their blocks only, without students',
    async (name, entry) => {
      if (entry.kind !== 'marking') return;
      const route = R(name);
      const ctx: Ctx = {
        ...ctxFor('高一(1)班', '数学'),
        examSubjectId: ids.markingSubjectId,
        studentId: ids.byClass.get('高一(1)班')!,
      };
      for (const role of ROLES) {
        const res = await as(role, route, bodyFor(route, ctx, entry.body));
        const where = `${role} ${name}: ${JSON.stringify(res.body).slice(0, 300)}`;
        if (role === 'admin' || role === 'director') {
          // Managers and leaders who do not mark take no papers.
          expect(res.body.code, where).toBe(entry.markersOnly ? 403 : 200);
          continue;
        }
        if (role === 'teacher' || role === 'grader') {
          // Markers of the block (任课教师 + marker, 阅卷老师): no manager through Exam-Single.
          if (entry.markers === 'refused') {
            expect([res.body.code, res.body.msg], where).toEqual([
              403,
              '只有题块组长或阅卷管理员可以进行此操作',
            ]);
          } else {
            expect(res.body.code, where).toBe(200);
            const seen = named(res.body.data);
            expect([...seen.studentIds, ...seen.studentNos], where).toEqual([]);
            const papers = JSON.stringify(res.body.data).match(/"studentName":"[^"]+"/g);
            expect(papers, where).toBeNull();
          }
          continue;
        }
        // No role on the block and no marking key.
        expect(res.body.code, where).toBe(403);
      }
    },
    120_000,
  );

  it('marking roles are per block: a teacher who marks is not a manager, the director is', async () => {
    const remark = await as('teacher', R('marking.remark'), {
      paperId: ids.paperId,
      score: 1,
      reason: '改分',
      idempotencyKey: '00000000-0000-4000-8000-000000000001',
    });
    expect([remark.body.code, remark.body.msg]).toEqual([
      403,
      '只有题块组长或阅卷管理员可以进行此操作',
    ]);
    const finish = await as('teacher', R('marking.finishSubject'), {
      examSubjectId: ids.markingSubjectId,
    });
    expect([finish.body.code, finish.body.msg]).toEqual([403, '只有阅卷管理员可以进行此操作']);
    const save = await as('teacher', R('marking.saveBlock'), { blockId: ids.blockId, setup: {} });
    expect(save.body.code).not.toBe(200);
    // The teacher has no marking role key, yet reaches the blocks they mark.
    const list = await as('teacher', R('marking.list'), {});
    expect(list.body.code).toBe(200);
    expect((list.body.data as { list: unknown[] }).list.length).toBe(2);
    const scope = await as('teacher', contracts.scopeRoutes.myScope, {});
    expect(scope.body.data).toMatchObject({ markingManager: false, schoolWide: false });
    expect((scope.body.data as { markingBlockIds: number[] }).markingBlockIds).toHaveLength(2);
    const director = await as('director', contracts.scopeRoutes.myScope, {});
    expect(director.body.data).toMatchObject({ markingManager: true, schoolWide: true });
    // The head marks nothing: no marking at all.
    expect((await as('head', R('marking.list'), {})).body.code).toBe(403);
  });

  it('the sign-in gives a teacher named on a block the 网上阅卷 entry', async () => {
    const r = await call<contracts.UserInfo>(app, contracts.authRoutes.loginPassword, {
      body: { loginName: 'teacher', password: DEMO_PASSWORD },
    });
    expect(r.body.data.perms.map((p) => p.permCode)).toContain('Exam-Wuhen');
    const head = await call<contracts.UserInfo>(app, contracts.authRoutes.loginPassword, {
      body: { loginName: 'head', password: DEMO_PASSWORD },
    });
    expect(head.body.data.perms.map((p) => p.permCode)).not.toContain('Exam-Wuhen');
  });

  it('my_scope tells a screen the classes and subjects of each kind of teacher', async () => {
    const subjectsIn = async (role: string) => {
      const data = (await as(role, contracts.scopeRoutes.myScope, {})).body
        .data as contracts.MyScope;
      return data.classes.map((c) => [
        ids.classNameOf.get(c.classId),
        c.allSubjects
          ? 'all'
          : c.subjectIds.map((id) => [...ids.subjects].find(([, v]) => v === id)?.[0]),
      ]);
    };
    expect(await subjectsIn('teacher')).toEqual([
      ['高一(1)班', ['数学']],
      ['高一(2)班', ['数学']],
    ]);
    expect(await subjectsIn('head')).toEqual([['高一(1)班', 'all']]);
    expect((await subjectsIn('gradelead')).map(([c]) => c)).toEqual(GRADE2);
    expect(await subjectsIn('grader')).toEqual([]);
    expect(await subjectsIn('t004')).toEqual([1, 2, 3, 4].map((n) => [`高一(${n})班`, ['数学']]));
    expect((await subjectsIn('t005')).length).toBe(12);
  });

  it('exam/students and objective scores list exactly the classes in scope', async () => {
    const classesIn = (data: unknown) =>
      [...named(data).studentIds].map((id) => ids.students.get(id)!.className);
    const students = await as('teacher', R('exam.students'), { id: ids.examId });
    expect(new Set(classesIn(students.body.data))).toEqual(new Set(['高一(1)班', '高一(2)班']));
    const other = await as('teacher', R('exam.students'), {
      id: ids.examId,
      classId: ids.classes.get('高一(3)班')!.id,
    });
    expect(other.body.data).toEqual([]);
    const math = await as('teacher', R('scan.objectiveScores'), {
      examSubjectId: ids.examSubjects.get('数学')!,
      pageSize: 200,
    });
    expect(new Set(classesIn(math.body.data))).toEqual(new Set(['高一(1)班', '高一(2)班']));
    const chinese = await as('teacher', R('scan.objectiveScores'), {
      examSubjectId: ids.examSubjects.get('语文')!,
      pageSize: 200,
    });
    expect((chinese.body.data as { total: number }).total).toBe(0);
    const head = await as('head', R('scan.objectiveScores'), {
      examSubjectId: ids.examSubjects.get('语文')!,
      pageSize: 200,
    });
    expect(new Set(classesIn(head.body.data))).toEqual(new Set(['高一(1)班']));
    // Scanning and reconciling is exam management.
    const reconcile = await as('head', R('scan.reconcile'), {
      examSubjectId: ids.examSubjects.get('语文')!,
    });
    expect(reconcile.body.code).toBe(403);
  });

  it('exam/detail offers state changes (撤回报告 …) only to the exam’s managers', async () => {
    const detail = async (role: string) =>
      (await as(role, R('exam.detail'), { id: ids.examId })).body.data as {
        allowedTransitions: string[];
      };
    expect((await detail('admin')).allowedTransitions).toContain('finished');
    expect((await detail('head')).allowedTransitions).toEqual([]);
    expect((await detail('teacher')).allowedTransitions).toEqual([]);
    const withdraw = await as('head', R('exam.transition'), { id: ids.examId, to: 'finished' });
    expect(withdraw.body.code).toBe(403);
  });

  it('another school’s ids in marking writes answer exactly as missing ids', async () => {
    const lab = await database.db
      .selectFrom('schools')
      .select('id')
      .where('code', '=', 'lab')
      .executeTakeFirstOrThrow();
    const labStudent = await database.db
      .selectFrom('students')
      .select('id')
      .where('school_id', '=', lab.id)
      .executeTakeFirstOrThrow();
    const reset = (body: Record<string, unknown>) => as('admin', R('marking.resetAnswer'), body);
    const base = { examSubjectId: ids.markingSubjectId, studentId: ids.byClass.get('高一(1)班')! };
    expect((await reset({ ...base, studentId: labStudent.id })).body).toEqual(
      (await reset({ ...base, studentId: 9_999_999 })).body,
    );
    expect((await reset({ ...base, studentId: 9_999_999 })).body.code).toBe(404);
    // A foreign exam subject: create one in the lab school is not needed; every id of the
    // lab school's exam subjects reads as missing.
    const labSubject = await database.db
      .selectFrom('exam_subjects as s')
      .innerJoin('exams as e', 'e.id', 's.exam_id')
      .select('s.id')
      .where('e.school_id', '=', lab.id)
      .executeTakeFirst();
    if (labSubject)
      expect((await reset({ ...base, examSubjectId: labSubject.id })).body).toEqual(
        (await reset({ ...base, examSubjectId: 9_999_999 })).body,
      );
    expect((await reset({ ...base, examSubjectId: 9_999_999 })).body.msg).toBe('考试科目不存在');
    expect((await reset({ ...base, blockId: 9_999_999 })).body.msg).toBe('阅卷题块不存在');
    // Paper and task ids: a missing one and another school's give the same answer.
    const missingPaper = await as('admin', R('marking.remark'), {
      paperId: 9_999_999,
      score: 1,
      reason: 'x',
      idempotencyKey: '00000000-0000-4000-8000-000000000002',
    });
    expect([missingPaper.body.code, missingPaper.body.msg]).toEqual([404, '试卷不存在']);
  });

  it('every route answers another school’s student, class, exam or subject exactly as a missing id', async () => {
    const lab = await database.db
      .selectFrom('schools')
      .select('id')
      .where('code', '=', 'lab')
      .executeTakeFirstOrThrow();
    const labClass = await database.db
      .selectFrom('classes as c')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select(['c.id', 'g.id as gradeId'])
      .where('g.school_id', '=', lab.id)
      .executeTakeFirstOrThrow();
    const labStudent = await database.db
      .selectFrom('students')
      .select('id')
      .where('class_id', '=', labClass.id)
      .executeTakeFirstOrThrow();
    const labAdmin = await call<{ token: string }>(app, contracts.authRoutes.loginPassword, {
      body: { loginName: 'lab-admin', password: DEMO_PASSWORD },
    });
    const labExam = await call<{ id: number; subjects: { id: number }[] }>(app, R('exam.create'), {
      token: labAdmin.body.data.token,
      body: {
        name: '实验中学考试',
        examType: '期中',
        gradeId: labClass.gradeId,
        examDate: '2026-11-10',
        subjects: [{ subjectCode: '数学', subjectName: '数学', fullMarks: 150 }],
        classIds: [labClass.id],
      },
    });
    expect(labExam.body.code, JSON.stringify(labExam.body)).toBe(200);
    const foreign: Record<string, number> = {
      studentId: labStudent.id,
      classId: labClass.id,
      examId: labExam.body.data.id,
      id: labExam.body.data.id,
      examSubjectId: labExam.body.data.subjects[0]!.id,
    };
    const differ: string[] = [];
    let compared = 0;
    for (const [name, route] of allRoutes()) {
      if (name.startsWith('auth.')) continue;
      const ctx = ctxFor('高一(1)班', '数学');
      const base = bodyFor(route, ctx, TABLE[name]?.kind === 'list' ? TABLE[name].body : {});
      for (const input of scopedInputs(route)) {
        const key = input.replace(/s$/, '');
        const value = foreign[input === 'id' ? 'id' : key];
        if (value === undefined) continue;
        const plural = input.endsWith('Ids');
        const theirs = { ...base, [input]: plural ? [value] : value };
        const missing = { ...base, [input]: plural ? [9_999_999] : 9_999_999 };
        const a = await as('admin', route, theirs);
        const b = await as('admin', route, missing);
        // A body the generic builder leaves incomplete proves nothing about the id.
        if (!a.body.msg.startsWith('请求参数错误')) compared++;
        if (a.body.code !== b.body.code || a.body.msg !== b.body.msg)
          differ.push(
            `${name}.${input}: ${a.body.code} ${a.body.msg} ≠ ${b.body.code} ${b.body.msg}`,
          );
      }
    }
    expect(compared).toBeGreaterThan(50);
    expect(differ).toEqual([]);
  }, 120_000);

  it('phones and login names made of phones are masked without System-Tel', async () => {
    const add = await as('admin', R('admin.addTeacher'), { name: '手机登录', tel: '13912345678' });
    expect(add.body.code, JSON.stringify(add.body)).toBe(200);
    for (const route of [R('admin.queryTeachers'), R('admin.listTeacher')]) {
      const body =
        route === R('admin.listTeacher')
          ? { keyWord: '手机登录' }
          : { pageNum: 1, pageSize: 20, keyWord: '手机登录' };
      const director = await as('director', route, body);
      const text = JSON.stringify(director.body);
      expect(director.body.code, text).toBe(200);
      expect(text).toContain('139****5678');
      expect(text).not.toMatch(/1[0-9]{10}/);
      const admin = await as('admin', route, body);
      expect(JSON.stringify(admin.body.data)).toContain('13912345678');
    }
  });
});
