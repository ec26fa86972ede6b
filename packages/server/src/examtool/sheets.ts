import {
  analyseExam,
  type ExamAnalysis,
  type GroupReport,
  type ScoreLevel,
  type ScoreStats,
  type StudentScoreColumns,
} from '@examkit/analysis';
import type {
  ToolGroupResult,
  ToolSheetStudent,
  ToolSheetSummary,
  ToolStats,
  ToolStudentResult,
} from '@examkit/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../core/database';
import { badRequest, notFound } from '../core/envelope';
import { inScopeClass, type DataScope } from '../core/scope';
import { gradeOfSchool } from '../exam/exams';
import { schoolOptions } from '../report/snapshot';
import { statsRow } from '../report/views/shared';
import type { ToolSheetsTable } from './tables';

export type SheetRow = Selectable<ToolSheetsTable>;

export const SHEET_NOT_FOUND = '成绩表不存在';

/** What a caller may do with a sheet (docs/exam-tool.md "Who may do what"). */
export interface SheetAccess {
  sheet: SheetRow;
  /** Its creator or a school-wide role: every class, add subjects, delete. */
  owner: boolean;
  /** Classes whose students the caller sees. */
  classIds: number[];
  /** `classId:subjectId` cells the caller may enter. */
  editable: Set<string>;
}

interface SheetParts {
  classes: { classId: number; className: string }[];
  subjects: { id: number; name: string; fullMarks: number }[];
}

export async function sheetParts(db: Db, sheetId: number): Promise<SheetParts> {
  const [classes, subjects] = await Promise.all([
    db
      .selectFrom('tool_sheet_classes as sc')
      .innerJoin('classes as c', 'c.id', 'sc.class_id')
      .select(['c.id as classId', 'c.name as className'])
      .where('sc.sheet_id', '=', sheetId)
      .orderBy('c.name')
      .execute(),
    db
      .selectFrom('tool_sheet_subjects')
      .select(['id', 'name', 'full_marks as fullMarks'])
      .where('sheet_id', '=', sheetId)
      .orderBy('ord')
      .orderBy('id')
      .execute(),
  ]);
  return { classes, subjects };
}

/**
 * The sheet with the caller's rights, or 404 when it is another school's or none of its classes
 * is in the caller's scope (indistinguishable from a missing one).
 */
export async function loadSheetAccess(
  db: Db,
  scope: DataScope,
  userId: number,
  sheetId: number,
): Promise<SheetAccess & SheetParts> {
  const sheet = await db
    .selectFrom('tool_sheets')
    .selectAll()
    .where('id', '=', sheetId)
    .where('school_id', '=', scope.schoolId)
    .executeTakeFirst();
  if (!sheet) throw notFound(SHEET_NOT_FOUND);
  const parts = await sheetParts(db, sheet.id);
  const owner = scope.schoolWide || sheet.created_by === userId;
  const classIds = parts.classes
    .map((c) => c.classId)
    .filter((id) => owner || inScopeClass(scope, id));
  if (classIds.length === 0) throw notFound(SHEET_NOT_FOUND);
  const editable = new Set<string>();
  const cell = (classId: number, subjectId: number) => editable.add(`${classId}:${subjectId}`);
  const taught = await teachingBySubjectName(db, scope, userId);
  const tasked = await db
    .selectFrom('tool_task_items as i')
    .innerJoin('tool_tasks as t', 't.id', 'i.task_id')
    .select(['i.class_id', 'i.subject_id'])
    .where('t.sheet_id', '=', sheet.id)
    .where('i.teacher_id', '=', userId)
    .execute();
  for (const classId of classIds)
    for (const subject of parts.subjects)
      if (owner || scope.fullClassIds.has(classId) || taught.has(`${classId}:${subject.name}`))
        cell(classId, subject.id);
  for (const t of tasked) if (classIds.includes(t.class_id)) cell(t.class_id, t.subject_id);
  return { sheet, owner, classIds, editable, ...parts };
}

/** `classId:subjectName` of the caller's teaching assignments this year. */
async function teachingBySubjectName(
  db: Db,
  scope: DataScope,
  userId: number,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('teaching_assignments as ta')
    .innerJoin('subjects as s', 's.id', 'ta.subject_id')
    .select(['ta.class_id', 's.name'])
    .where('ta.user_id', '=', userId)
    .where('ta.academic_year', '=', scope.academicYear)
    .where('ta.school_id', '=', scope.schoolId)
    .execute();
  return new Set(rows.map((r) => `${r.class_id}:${r.name}`));
}

/** Students of the sheet's classes (the current roster), by class then 学号. */
export async function sheetStudents(
  db: Db,
  sheetId: number,
  classIds: readonly number[],
): Promise<ToolSheetStudent[]> {
  if (classIds.length === 0) return [];
  const [students, subjects, scores] = await Promise.all([
    db
      .selectFrom('students as s')
      .innerJoin('classes as c', 'c.id', 's.class_id')
      .select(['s.id', 's.student_no', 's.name', 'c.id as classId', 'c.name as className'])
      .where('s.class_id', 'in', [...classIds])
      .orderBy('c.name')
      .orderBy('s.student_no')
      .execute(),
    db
      .selectFrom('tool_sheet_subjects')
      .select('id')
      .where('sheet_id', '=', sheetId)
      .orderBy('ord')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('tool_sheet_scores')
      .select(['student_id', 'subject_id', 'score'])
      .where('sheet_id', '=', sheetId)
      .execute(),
  ]);
  const cells = new Map(scores.map((s) => [`${s.student_id}:${s.subject_id}`, s.score]));
  return students.map((s) => ({
    studentId: s.id,
    studentNo: s.student_no,
    name: s.name,
    classId: s.classId,
    className: s.className,
    scores: subjects.map((sub) => cells.get(`${s.id}:${sub.id}`) ?? null),
  }));
}

/** The sheet's summary; `owner` is whether the caller created it or is a school-wide role. */
export async function summaryOf(
  db: Db,
  sheet: SheetRow,
  owner: boolean,
): Promise<ToolSheetSummary> {
  const [parts, grade, counts] = await Promise.all([
    sheetParts(db, sheet.id),
    db.selectFrom('grades').select('name').where('id', '=', sheet.grade_id).executeTakeFirst(),
    db
      .selectFrom('tool_sheet_scores')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sheet_id', '=', sheet.id)
      .executeTakeFirst(),
  ]);
  const students = parts.classes.length
    ? await db
        .selectFrom('students')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(
          'class_id',
          'in',
          parts.classes.map((c) => c.classId),
        )
        .executeTakeFirst()
    : { n: 0 };
  return {
    id: sheet.id,
    name: sheet.name,
    gradeId: sheet.grade_id,
    gradeName: grade?.name ?? '',
    classes: parts.classes,
    subjects: parts.subjects,
    studentCount: Number(students?.n ?? 0),
    filled: Number(counts?.n ?? 0),
    createdAt: Number(sheet.created_at),
    owner,
  };
}

const LEVEL_NAMES: Record<ScoreLevel, string> = {
  excellent: '优秀',
  good: '良好',
  pass: '及格',
  fail: '不及格',
  low: '低分',
};

/** The analysis of a sheet: every student of its classes, one question per subject. */
export async function analyseSheet(
  db: Db,
  schoolId: number,
  sheetId: number,
  subjects: SheetParts['subjects'],
  classIds: readonly number[],
): Promise<{ students: ToolSheetStudent[]; analysis: ExamAnalysis }> {
  const students = await sheetStudents(db, sheetId, classIds);
  const analysis = analyseExam(
    {
      students: students.map((s) => ({ id: String(s.studentId), classId: String(s.classId) })),
      classIds: classIds.map(String),
      subjects: subjects.map((s) => ({
        id: String(s.id),
        fullMarks: s.fullMarks,
        questions: [{ id: `${s.id}`, fullMarks: s.fullMarks, kind: 'subjective', tags: [] }],
      })),
      scores: subjects.map((s, j) => {
        const column = Float64Array.from(students, (st) => st.scores[j] ?? Number.NaN);
        return { subjectId: String(s.id), questions: [column], totals: column };
      }),
    },
    await schoolOptions(db, schoolId),
  );
  return { students, analysis };
}

const TOTAL = 'total';

const statsOf = (key: string, name: string, s: ScoreStats): ToolStats => ({
  key,
  name,
  ...statsRow(s),
});

export function groupResult(
  group: GroupReport,
  name: string,
  subjects: SheetParts['subjects'],
): ToolGroupResult {
  return {
    id: group.id,
    name,
    studentCount: group.studentCount,
    stats: [
      statsOf(TOTAL, '总分', group.total),
      ...subjects.map((s) => {
        const stats = group.subjects.find((x) => x.subjectId === String(s.id));
        if (!stats) throw new Error(`no figures of subject ${s.id}`);
        return statsOf(String(s.id), s.name, stats);
      }),
    ],
  };
}

/** Each student's scores, levels and ranks, the total first. */
export function studentResults(
  analysis: ExamAnalysis,
  students: readonly ToolSheetStudent[],
  subjects: SheetParts['subjects'],
): ToolStudentResult[] {
  const columns: { key: string; name: string; col: StudentScoreColumns }[] = [
    { key: TOTAL, name: '总分', col: analysis.students.total },
    ...subjects.map((s) => ({
      key: String(s.id),
      name: s.name,
      col: analysis.students.subjects.find((c) => c.subjectId === String(s.id))!,
    })),
  ];
  return students.map((st, i) => ({
    studentId: st.studentId,
    studentNo: st.studentNo,
    name: st.name,
    classId: st.classId,
    className: st.className,
    scores: columns.map(({ key, name, col }) => {
      const level = col.levels[i] ?? null;
      return {
        key,
        name,
        score: col.scores[i] ?? null,
        level: level ? LEVEL_NAMES[level] : null,
        classRank: col.classRanks[i] ?? null,
        gradeRank: col.gradeRanks[i] ?? null,
      };
    }),
  }));
}

/**
 * A grade of the school with every class it has; 400 when the grade is another school's or
 * missing, or when a chosen class is not one of its classes.
 */
export async function loadGradeClasses(
  db: Db,
  schoolId: number,
  gradeId: number,
  chosen: readonly number[],
): Promise<{ id: number; academicYear: number; classes: Map<number, string> }> {
  const grade = await gradeOfSchool(db, schoolId, gradeId);
  const rows = await db
    .selectFrom('classes')
    .select(['id', 'name'])
    .where('grade_id', '=', grade.id)
    .execute();
  const classes = new Map(rows.map((c) => [c.id, c.name]));
  if (!chosen.every((id) => classes.has(id))) throw badRequest('班级不存在或不属于该年级');
  return { id: grade.id, academicYear: grade.academic_year, classes };
}
