import {
  examRoutes,
  type ExamDetail,
  type QuestionInput,
  type RouteContract,
} from '@examkit/contracts';
import ExcelJS from 'exceljs';
import type { Db } from '../core/database';
import { call, type TestServer } from '../test/fixtures';

/** Test helpers of the exam domain (not shipped in the server's build). */

export interface GradeInfo {
  gradeId: number;
  classIds: number[];
  students: { id: number; studentNo: string; name: string; classId: number }[];
}

/** A grade of a school in the seeded academic year, with its classes and students. */
export async function gradeOf(db: Db, schoolId: number, name = '高一'): Promise<GradeInfo> {
  const grade = await db
    .selectFrom('grades')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('name', '=', name)
    .orderBy('academic_year', 'desc')
    .executeTakeFirstOrThrow();
  const classes = await db
    .selectFrom('classes')
    .select('id')
    .where('grade_id', '=', grade.id)
    .orderBy('id')
    .execute();
  const students = await db
    .selectFrom('students')
    .select(['id', 'student_no as studentNo', 'name', 'class_id as classId'])
    .where(
      'class_id',
      'in',
      classes.map((c) => c.id),
    )
    .orderBy('student_no')
    .execute();
  return { gradeId: grade.id, classIds: classes.map((c) => c.id), students };
}

export const SUBJECTS = [
  { subjectCode: '数学', subjectName: '数学', fullMarks: 30 },
  { subjectCode: '物理', subjectName: '物理', fullMarks: 20, elective: true },
];

/** Math: 1 single (5), 2 multiple (6, half credit 3), 3 judge (2), 4 fill (5), 5 (1)(2) subjective (4 + 8). */
export const MATH_QUESTIONS: QuestionInput[] = [
  {
    number: '1',
    kind: 'single',
    fullMarks: 5,
    optionCount: 4,
    answer: 'B',
    knowledgePoints: ['集合'],
  },
  { number: '2', kind: 'multiple', fullMarks: 6, optionCount: 4, answer: 'ACD', partialMarks: 3 },
  { number: '3', kind: 'judge', fullMarks: 2, answer: 'T' },
  { number: '4', kind: 'fill', fullMarks: 5, blankCount: 1, knowledgePoints: ['函数'] },
  {
    number: '5',
    kind: 'subjective',
    fullMarks: 12,
    children: [
      { number: '(1)', kind: 'subjective', fullMarks: 4 },
      { number: '(2)', kind: 'subjective', fullMarks: 8, scoreStep: 0.5, abilities: ['推理'] },
    ],
  },
];

export async function createExam(
  server: TestServer,
  token: string,
  grade: GradeInfo,
  overrides: Record<string, unknown> = {},
): Promise<ExamDetail> {
  const result = await call<ExamDetail>(server.app, examRoutes.create, {
    token,
    body: {
      name: '测试期中考试',
      examType: '期中',
      gradeId: grade.gradeId,
      examDate: '2026-11-10',
      subjects: SUBJECTS,
      classIds: grade.classIds,
      ...overrides,
    },
  });
  if (result.body.code !== 200) throw new Error(JSON.stringify(result.body));
  return result.body.data;
}

/** An .xlsx with the given rows, base64, as the import calls take it. */
export async function xlsxBase64(
  rows: readonly (readonly (string | number | null)[])[],
): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('成绩');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer).toString('base64');
}

/**
 * Imports every student's marks into an exam's first subject (or the one at `subjectIndex`) as
 * the school's import page does (`marksOf(n)`: the leaf marks of the n-th student of the exam's
 * list, under `header`).
 */
export async function importFirstSubjectMarks(
  server: TestServer,
  user: { token: string; schoolId: number },
  examId: number,
  header: readonly string[],
  marksOf: (n: number) => number[],
  subjectIndex = 0,
): Promise<void> {
  const as = async <T>(contract: RouteContract, body: Record<string, unknown>) => {
    const result = await call<T>(server.app, contract, { ...user, body });
    if (result.body.code !== 200) throw new Error(JSON.stringify(result.body));
    return result.body.data;
  };
  const detail = await as<{ subjects: { id: number }[] }>(examRoutes.detail, { id: examId });
  const students = await as<{ studentNo: string; name: string }[]>(examRoutes.students, {
    id: examId,
  });
  await as(examRoutes.scoreImport, {
    examSubjectId: detail.subjects[subjectIndex]!.id,
    file: await xlsxBase64([
      header,
      ...students.map((s, n) => [s.studentNo, s.name, ...marksOf(n)]),
    ]),
  });
}

/** Rows of the first sheet of an .xlsx download. */
export async function readXlsx(data: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell) =>
      cells.push(cell.value === null ? '' : String(cell.value)),
    );
    rows.push(cells);
  });
  return rows;
}
