import type { HomeworkDetail, RouteContract } from '@examkit/contracts';
import { toRecognitionTemplate } from '@examkit/answer-sheet';
import { blankPage, encodeScan, fillSheet, type CorpusTemplate } from '@examkit/recognizer/corpus';
import { expect } from 'vitest';
import { readSheetRows } from '../exam/spreadsheets';
import { call, signIn, TEST_NOW, type CallResult, type TestServer } from '../test/fixtures';
import { homeworkSheetDocument, sheetQuestionOf } from './sheet';
import { wordCardDocument } from './wordExercise/card';

/** A one-page PDF, the uploaded paper of a homework made in a test. */
export const TEST_PAPER_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n',
).toString('base64');

/** Two objective questions (one 多选) and a subjective one, 20 points in all. */
export const TEST_QUESTIONS = [
  { label: '1', type: 'objective', answer: 'A', fullMarks: 5 },
  { label: '2', type: 'objective', answer: 'BD', fullMarks: 5 },
  { label: '3', type: 'subjective', answer: null, fullMarks: 10 },
];

const DPI = 150;

/** A grade × subject the caller may set homework for, with the classes it may assign. */
export interface HomeworkPair {
  gradeId: number;
  gradeName: string;
  subjectName: string;
  subjectId: number;
  targets: { kind: string; id: number; name: string }[];
}

/**
 * Callers of a table of routes for the demo accounts of a homework test: `as` answers the whole
 * envelope, `ok` the data after asserting code 200. `signInAll` fills the tokens.
 */
export function homeworkCallers<R extends Record<string, RouteContract>>(
  routes: R,
  server: () => TestServer,
) {
  const tokens: Record<string, string> = {};
  const as = <T>(
    who: string,
    route: keyof R,
    body: Record<string, unknown>,
  ): Promise<CallResult<T>> =>
    call<T>(server().app, routes[route]!, { token: tokens[who] ?? '', body });
  const ok = async <T>(who: string, route: keyof R, body: Record<string, unknown>): Promise<T> => {
    const r = await as<T>(who, route, body);
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const signInAll = async (...who: string[]) => {
    for (const name of who) tokens[name] = (await signIn(server().app, name)).token;
  };
  return { tokens, as, ok, signInAll };
}

type Ok = <T>(who: string, route: 'homeworkOptions', body: Record<string, unknown>) => Promise<T>;

/** The 高一 pair of a subject among the homework options of `who`. */
export async function gradeOnePair(
  ok: Ok,
  who: string,
  subjectName: string,
): Promise<HomeworkPair> {
  const options = await ok<HomeworkPair[]>(who, 'homeworkOptions', {});
  return options.find((o) => o.gradeName === '高一' && o.subjectName === subjectName)!;
}

type HomeworkOk = <T>(
  who: string,
  route: 'homeworkCreate' | 'splitConfirm' | 'assign',
  body: Record<string, unknown>,
) => Promise<T>;

/**
 * A 校本作业 made by the admin from an uploaded paper with {@link TEST_QUESTIONS}, assigned to
 * `classIds` for tomorrow (20 minutes); its id.
 */
export async function assignedHomework(
  ok: HomeworkOk,
  input: { name: string; pair: HomeworkPair; classIds: number[]; idempotencyKey: string },
): Promise<number> {
  const { id } = await ok<{ id: number }>('admin', 'homeworkCreate', {
    name: input.name,
    gradeId: input.pair.gradeId,
    subjectId: input.pair.subjectId,
    paper: { fileName: `${input.name}.pdf`, contentBase64: TEST_PAPER_PDF },
    idempotencyKey: input.idempotencyKey,
  });
  await ok<HomeworkDetail>('admin', 'splitConfirm', { id, questions: TEST_QUESTIONS });
  await assignHomework(ok, id, input.classIds, 20);
  return id;
}

/** Assigns a homework (by the admin) to classes, due a day after the test's clock. */
export async function assignHomework(
  ok: HomeworkOk,
  id: number,
  classIds: number[],
  estimatedMinutes: number,
): Promise<void> {
  await ok<HomeworkDetail>('admin', 'assign', {
    id,
    classIds,
    teachingClassIds: [],
    dueAt: TEST_NOW.getTime() + 86_400_000,
    estimatedMinutes,
    confirmOverLimit: false,
  });
}

/** The answer sheet of a homework as the recogniser's test corpus sees it, to draw scans on. */
export async function homeworkSheet(
  server: TestServer,
  homeworkId: number,
  subject: string,
): Promise<CorpusTemplate> {
  const row = await server.db
    .selectFrom('homeworks')
    .selectAll()
    .where('id', '=', homeworkId)
    .executeTakeFirstOrThrow();
  const document = await homeworkSheetDocument(server.db, row);
  const questions = await server.db
    .selectFrom('homework_questions')
    .selectAll()
    .where('homework_id', '=', homeworkId)
    .orderBy('no')
    .execute();
  return {
    paper: { subject, questions: questions.map(sheetQuestionOf) },
    document,
    template: toRecognitionTemplate(document),
  };
}

/** The 听写卡 of a word list as the recogniser's test corpus sees it, to draw scans on. */
export async function wordCardSheet(
  server: TestServer,
  exerciseId: number,
): Promise<CorpusTemplate> {
  const row = await server.db
    .selectFrom('homework_word_exercises')
    .selectAll()
    .where('id', '=', exerciseId)
    .executeTakeFirstOrThrow();
  const words = await server.db
    .selectFrom('homework_words')
    .select('position')
    .where('exercise_id', '=', exerciseId)
    .orderBy('position')
    .execute();
  const document = await wordCardDocument(
    server.db,
    row,
    words.map((w) => Number(w.position)),
  );
  // The corpus caches blank pages by paper and settings: the card's identity keeps them apart.
  return {
    paper: { subject: `EKW|${exerciseId}`, questions: [] },
    document,
    template: toRecognitionTemplate(document),
  };
}

/** A 150-dpi PNG scan (base64) of the sheet filled in by a student: their 学号 and options. */
export async function filledScan(
  sheet: CorpusTemplate,
  studentNo: string,
  answers: Record<string, string>,
): Promise<string> {
  const blank = await blankPage(sheet, 0, DPI);
  const img = fillSheet(blank, sheet.template, 0, DPI, { examNumber: studentNo, answers });
  return (await encodeScan(img, 'png', { dpi: DPI })).toString('base64');
}

/**
 * A teaching class (教学班) of the pair's grade × subject, with no teacher, in the demo school
 * or `schoolId`, and `studentIds` as its members; answers its id.
 */
export async function addTeachingClass(
  server: TestServer,
  pair: Pick<HomeworkPair, 'gradeId' | 'subjectId'>,
  name: string,
  options: { schoolId?: number; studentIds?: number[] } = {},
): Promise<number> {
  const { id } = await server.db
    .insertInto('teaching_classes')
    .values({
      school_id: options.schoolId ?? server.seed.demoSchoolId,
      grade_id: pair.gradeId,
      subject_id: pair.subjectId,
      name,
      teacher_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const student_id of options.studentIds ?? [])
    await server.db
      .insertInto('teaching_class_students')
      .values({ teaching_class_id: id, student_id })
      .execute();
  return id;
}

/** The id of a school other than the demo school. */
export async function otherSchoolId(server: TestServer): Promise<number> {
  const other = await server.db
    .selectFrom('schools')
    .select('id')
    .where('id', '!=', server.seed.demoSchoolId)
    .executeTakeFirstOrThrow();
  return other.id;
}

/**
 * Adds 高一(9)班 to the grade: a class the demo 班主任 and 数学 teacher do not teach, with
 * `count` students 外班学生1… (学号 2026100901…). Answers its id.
 */
export async function addOuterClass(server: TestServer, gradeId: number, count = 2) {
  const { id } = await server.db
    .insertInto('classes')
    .values({ grade_id: gradeId, name: '高一(9)班' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('students')
    .values(
      Array.from({ length: count }, (_, i) => ({
        school_id: server.seed.demoSchoolId,
        class_id: id,
        student_no: `20261009${String(i + 1).padStart(2, '0')}`,
        name: `外班学生${i + 1}`,
        tel: null,
      })),
    )
    .execute();
  return id;
}

/** The rows of the Excel a GET of `url` downloads as the holder of `token`, which must answer 200. */
export async function downloadedSheetRows(server: TestServer, url: string, token: string) {
  const file = await server.app.inject({ method: 'GET', url, headers: { token } });
  expect(file.statusCode).toBe(200);
  return readSheetRows(file.rawPayload);
}
