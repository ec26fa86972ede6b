import {
  homeworkRoutes,
  homeworkWordExerciseRoutes,
  homeworkWordScanRoutes,
  type HomeworkScanOverview,
  type HomeworkScanPage,
  type WordAccuracy,
  type WordExerciseDetail,
  type WordMarkStudent,
} from '@examkit/contracts';
import type { CorpusTemplate } from '@examkit/recognizer/corpus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, TEST_NOW, type TestServer } from '../../test/fixtures';
import { filledScan, gradeOnePair, homeworkCallers, wordCardSheet } from '../testKit';

const routes = { ...homeworkRoutes, ...homeworkWordExerciseRoutes, ...homeworkWordScanRoutes };

const WORDS = [
  { word: '蜻蜓', reading: 'qīng tíng', meaning: '' },
  { word: '蝴蝶', reading: 'hú dié', meaning: '' },
  { word: '展开', reading: 'zhǎn kāi', meaning: '' },
];

describe.each(DIALECTS)('听写卡扫描 on %s', (dialect) => {
  let server: TestServer;
  const { as, ok, signInAll } = homeworkCallers(routes, () => server);
  let exercise: WordExerciseDetail;
  let card: CorpusTemplate;
  let students: WordMarkStudent[];
  /** A student of 高一(2)班, not the 班主任's. */
  let outsider: string;

  const make = async (name: string, key: string) => {
    const pair = await gradeOnePair(ok, 'head', '语文');
    const made = await ok<WordExerciseDetail>('head', 'wordExerciseSave', {
      id: null,
      name,
      gradeId: pair.gradeId,
      subjectId: pair.subjectId,
      words: WORDS,
      idempotencyKey: `${key}-${dialect}`,
    });
    return ok<WordExerciseDetail>('head', 'wordExerciseAssign', {
      id: made.id,
      classIds: made.targets.map((t) => t.id),
      dueAt: TEST_NOW.getTime() + 86_400_000,
    });
  };
  /** A card filled in by a student (学号), with the teacher's 错 boxes filled for `wrong`. */
  const scan = (studentNo: string, wrong: number[], sheet = card) =>
    filledScan(sheet, studentNo, Object.fromEntries(wrong.map((p) => [`x${p}`, 'F'])));
  const upload = (who: string, contentBase64: string, id = exercise.id) =>
    as<HomeworkScanPage>(who, 'wordScanUpload', { id, fileName: 'card.png', contentBase64 });
  const marks = () =>
    ok<WordMarkStudent[]>('head', 'wordExerciseMarks', { id: exercise.id, classId: null });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await signInAll('admin', 'head', 'teacher', 'lab-admin');
    exercise = await make('第二单元听写', 'scan');
    card = await wordCardSheet(server, exercise.id);
    students = await marks();
    const other = await server.db
      .selectFrom('students as s')
      .innerJoin('classes as c', 'c.id', 's.class_id')
      .select('s.student_no')
      .where('c.name', '=', '高一(2)班')
      .executeTakeFirstOrThrow();
    outsider = other.student_no;
  }, 120_000);
  afterAll(() => server?.close());

  it('prints the card with the 学号 boxes and a √/× pair per word under its identity', () => {
    const kinds = card.template.elements.map((e) => e.kind);
    expect(kinds).toContain('examNumberCell');
    const wrongBoxes = card.template.elements.filter(
      (e) => e.kind === 'bubble' && 'questionId' in e && /^x\d$/.test(e.questionId),
    );
    expect(wrongBoxes).toHaveLength(WORDS.length * 2);
    expect(JSON.stringify(card.document)).toContain(`EKW|${exercise.id}`);
  }, 120_000);

  it('matches a card by 学号 and marks its struck words wrong as on screen; the same file again changes nothing', async () => {
    const file = await scan(students[0]!.studentNo, [2]);
    const page = (await upload('head', file)).body;
    expect(page.code, JSON.stringify(page)).toBe(200);
    expect(page.data).toMatchObject({
      status: 'matched',
      studentName: students[0]!.name,
      reason: null,
    });
    expect((await upload('head', file)).body.data.id).toBe(page.data.id);
    const clean = (await upload('head', await scan(students[1]!.studentNo, []))).body.data;
    expect(clean.status).toBe('matched');
    const after = await marks();
    expect(after[0]!.wrong).toEqual([2]);
    expect(after[1]!.wrong).toEqual([]);
    const rows = await server.db
      .selectFrom('homework_word_marks')
      .select('student_id')
      .where('exercise_id', '=', exercise.id)
      .execute();
    expect(rows).toHaveLength(2);
    const accuracy = await ok<WordAccuracy>('head', 'wordExerciseAccuracy', {
      id: exercise.id,
      classId: null,
    });
    // One of the two marked students wrote 蝴蝶 wrong: the lowest 正确率.
    expect(accuracy.words[0]).toMatchObject({
      word: '蝴蝶',
      rate: 50,
      wrongNames: [students[0]!.name],
    });
    // A later card of the same student replaces the result (a correction), still one row.
    await upload('head', await scan(students[0]!.studentNo, [1, 3]));
    expect((await marks())[0]!.wrong).toEqual([1, 3]);
  }, 120_000);

  it('keeps cards without a readable 学号 or of another class as exceptions to hand to a student', async () => {
    const blank = (await upload('head', await scan('', [3]))).body.data;
    expect(blank.status).toBe('exception');
    expect(blank.reason).toMatch(/^学号填涂不清（第 1 位未涂/);
    const foreign = (await upload('head', await scan(outsider, []))).body.data;
    expect(foreign).toMatchObject({
      status: 'exception',
      reason: `学号 ${outsider} 不是本字词练习布置的学生（或不在您任教的班级）`,
    });
    let list = await ok<HomeworkScanOverview>('head', 'wordScanList', { id: exercise.id });
    expect(list).toMatchObject({ expected: students.length, submitted: 2, openExceptions: 2 });
    const target = students[2]!;
    const resolved = await ok<HomeworkScanPage>('head', 'wordScanResolve', {
      pageId: blank.id,
      studentId: target.studentId,
    });
    expect(resolved).toMatchObject({ status: 'resolved', studentName: target.name });
    expect((await marks())[2]!.wrong).toEqual([3]);
    expect(
      (await as('head', 'wordScanResolve', { pageId: blank.id, studentId: target.studentId })).body,
    ).toMatchObject({ code: 400, msg: '该扫描页已处理，请刷新' });
    list = await ok<HomeworkScanOverview>('head', 'wordScanList', { id: exercise.id });
    expect(list).toMatchObject({ submitted: 3, openExceptions: 1 });
  }, 120_000);

  it('refuses the card of another word list, and hands nothing of it to a student', async () => {
    const other = await make('第三单元听写', 'scan-other');
    const otherCard = await wordCardSheet(server, other.id);
    const page = (await upload('head', await scan(students[3]!.studentNo, [1], otherCard))).body
      .data;
    expect(page.status).toBe('exception');
    expect(page.reason).toMatch(/^不是本字词练习的听写卡/);
    expect(
      (await as('head', 'wordScanResolve', { pageId: page.id, studentId: students[3]!.studentId }))
        .body,
    ).toMatchObject({ code: 400, msg: '这张扫描页没有读出批改栏，不能指定学生' });
    expect((await marks())[3]!.wrong).toBeNull();
  }, 120_000);

  it('answers another school and another subject’s teacher as missing', async () => {
    const file = await scan(students[0]!.studentNo, []);
    for (const who of ['lab-admin', 'teacher']) {
      expect((await upload(who, file)).body, who).toMatchObject({
        code: 404,
        msg: '字词练习不存在',
      });
      expect((await as(who, 'wordScanList', { id: exercise.id })).body, who).toMatchObject({
        code: 404,
      });
    }
    const [exception] = (
      await ok<HomeworkScanOverview>('head', 'wordScanList', { id: exercise.id })
    ).pages.filter((p) => p.status === 'exception');
    expect(
      (
        await as('lab-admin', 'wordScanResolve', {
          pageId: exception!.id,
          studentId: students[0]!.studentId,
        })
      ).body,
    ).toMatchObject({ code: 404, msg: '扫描页不存在' });
  }, 120_000);
});
