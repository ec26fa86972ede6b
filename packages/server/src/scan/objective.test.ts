import {
  examRoutes,
  scanRoutes,
  type ScanException,
  type ScanObjectiveDetail,
  type ScanObjectivePage,
} from '@examkit/contracts';
import type { SheetTruth } from '@examkit/recognizer/corpus';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { scoreObjective } from '../exam/objectiveScoring';
import { createExam, gradeOf, MATH_QUESTIONS } from '../exam/testKit';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';
import { addExamStudents, prepareScanning, sheetFile, uploadBatch, waitForBatch } from './testKit';

vi.stubEnv('REDIS_URL', '');

/** The objective items of MATH_QUESTIONS by number. */
const KEYS = Object.fromEntries(
  MATH_QUESTIONS.filter(
    (q) => q.kind === 'single' || q.kind === 'multiple' || q.kind === 'judge',
  ).map((q) => [
    q.number,
    {
      kind: q.kind as 'single' | 'multiple' | 'judge',
      fullMarks: q.fullMarks,
      answer: q.answer ?? null,
      partialMarks: q.partialMarks ?? null,
    },
  ]),
);

describe.each(DIALECTS)('objective scores of the scan page on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  let subjectId: number;
  /** Question id → number. */
  const numberOf = new Map<string, string>();
  const q: Record<string, number> = {};
  /** The exam's roster by exam number, as the page lists it. */
  let roster: { studentId: number; examNo: string; name: string }[];
  /** Students 0–4 carry the exam numbers drawn on seeds 1–5. */
  const truths: SheetTruth[] = [];

  /** What the drawn sheet is worth with the key: clear marks only (faint ones wait for a person). */
  const expectedScore = (truth: SheetTruth, numbers?: readonly string[]) =>
    truth.questions
      .filter((t) => t.kind === 'clear' || t.kind === 'blank')
      .map((t) => numberOf.get(t.questionId)!)
      .filter((n) => KEYS[n] && (!numbers || numbers.includes(n)))
      .reduce((sum, n) => {
        const drawn = truth.questions.find((t) => numberOf.get(t.questionId) === n)!.answer;
        return sum + scoreObjective(KEYS[n]!, drawn);
      }, 0);

  const list = async (body: Record<string, unknown> = {}, token = admin) =>
    call<ScanObjectivePage>(server.app, scanRoutes.objectiveScores, {
      token,
      body: { examSubjectId: subjectId, ...body },
    });
  const detail = async (studentId: number, token = admin) =>
    call<ScanObjectiveDetail>(server.app, scanRoutes.objectiveDetail, {
      token,
      body: { examSubjectId: subjectId, studentId },
    });
  const rowOf = async (studentId: number) =>
    (await list({ pageSize: 200 })).body.data.list.find((r) => r.studentId === studentId)!;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = (await signIn(server.app, 'admin')).token;
    const grade = await gradeOf(server.db, server.seed.demoSchoolId);
    const exam = await createExam(server, admin, grade);
    subjectId = exam.subjects.find((s) => s.subjectCode === '数学')!.id;
    const saved = await call<{ questions: { id: number; number: string }[] }>(
      server.app,
      examRoutes.questionsSave,
      { token: admin, body: { examSubjectId: subjectId, questions: MATH_QUESTIONS } },
    );
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    for (const question of saved.body.data.questions) {
      numberOf.set(String(question.id), question.number);
      q[question.number] = question.id;
    }
    const ct = await prepareScanning(server, exam.id, subjectId);
    const files = [];
    // The small demo grade has few students: three more take the exam without a sheet.
    const first = grade.students[0]!;
    await addExamStudents(server, exam.id, first, 'S80', '客观题测试');
    const students = await server.db
      .selectFrom('exam_students')
      .select('student_id')
      .where('exam_id', '=', exam.id)
      .orderBy('student_id')
      .execute();
    expect(students.length).toBeGreaterThanOrEqual(6);
    for (const [i, seed] of [1, 2, 3, 4, 5].entries()) {
      const s = await sheetFile(ct, seed);
      truths.push(s.truth);
      files.push({ name: `${seed}.png`, data: s.file });
      await server.db
        .updateTable('exam_students')
        .set({ exam_no: s.truth.examNumber })
        .where('exam_id', '=', exam.id)
        .where('student_id', '=', students[i]!.student_id)
        .execute();
    }
    await waitForBatch(server, admin, await uploadBatch(server, admin, subjectId, files));
    roster = (
      await server.db
        .selectFrom('exam_students as es')
        .innerJoin('students as s', 's.id', 'es.student_id')
        .select(['es.student_id as studentId', 'es.exam_no as examNo', 's.name'])
        .where('es.exam_id', '=', exam.id)
        .execute()
    ).sort((a, b) =>
      a.examNo < b.examNo ? -1 : a.examNo > b.examNo ? 1 : a.studentId - b.studentId,
    );
    // What the seeds were drawn with, and so what the server must have read.
    expect(truths.map((t) => [t.absent, t.examNumberClear])).toEqual([
      [false, true],
      [false, true],
      [true, true],
      [false, true],
      [false, true],
    ]);
    expect(truths[1]!.questions.find((t) => t.kind === 'faint')?.questionId).toBe(String(q['3']));
  }, 90_000);
  afterAll(() => server.close());

  const studentOf = (seedIndex: number) =>
    roster.find((r) => r.examNo === truths[seedIndex]!.examNumber)!;

  it('lists every student of the subject by exam number with the objective score read from the sheet', async () => {
    const r = await list({ pageSize: 200 });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    const page = r.body.data;
    expect(page).toMatchObject({ total: roster.length, pageNum: 1, pageSize: 200 });
    expect(page.fullMarks).toBe(5 + 6 + 2);
    expect(page.questionCount).toBe(3);
    expect(page.list.map((s) => s.studentId)).toEqual(roster.map((s) => s.studentId));
    const row = (i: number) => page.list.find((s) => s.studentId === studentOf(i).studentId)!;
    expect(row(0)).toMatchObject({
      status: 'scored',
      objectiveScore: expectedScore(truths[0]!),
      reviewCount: 0,
    });
    // Seed 2's question 3 is faint: questions 1 and 2 count, 3 waits for a person.
    expect(row(1)).toMatchObject({
      status: 'review',
      objectiveScore: expectedScore(truths[1]!, ['1', '2']),
      reviewCount: 1,
    });
    expect(row(2)).toMatchObject({ status: 'absent', objectiveScore: null });
    expect(row(3)).toMatchObject({ status: 'scored', objectiveScore: expectedScore(truths[3]!) });
    expect(row(4)).toMatchObject({ status: 'scored', objectiveScore: expectedScore(truths[4]!) });
    const unscanned = page.list.filter((s) => !truths.some((t) => t.examNumber === s.examNo));
    expect(unscanned.length).toBe(roster.length - 5);
    expect(unscanned.every((s) => s.status === 'no_sheet' && s.objectiveScore === null)).toBe(true);
    // The same totals the scoring wrote.
    const totals = await server.db
      .selectFrom('exam_subject_totals')
      .select(['student_id', 'score'])
      .where('exam_subject_id', '=', subjectId)
      .where('student_id', '=', studentOf(0).studentId)
      .executeTakeFirstOrThrow();
    expect(totals.score).toBe(row(0).objectiveScore);
  });

  it('pages and searches by name or part of an exam number', async () => {
    const second = await list({ pageNum: 2, pageSize: 2 });
    expect(second.body.data).toMatchObject({ total: roster.length, pageNum: 2, pageSize: 2 });
    expect(second.body.data.list.map((s) => s.studentId)).toEqual(
      roster.slice(2, 4).map((s) => s.studentId),
    );
    const target = studentOf(3);
    const byName = await list({ keyWord: target.name });
    expect(byName.body.data.list.map((s) => s.studentId)).toContain(target.studentId);
    expect(byName.body.data.list.every((s) => s.name.includes(target.name))).toBe(true);
    const byNumber = await list({ keyWord: target.examNo.slice(2, 7) });
    expect(byNumber.body.data.list.map((s) => s.studentId)).toContain(target.studentId);
    expect(byNumber.body.data.total).toBe(
      roster.filter(
        (s) =>
          s.examNo.includes(target.examNo.slice(2, 7)) ||
          s.name.includes(target.examNo.slice(2, 7)),
      ).length,
    );
    // Wildcards are taken literally.
    expect((await list({ keyWord: '%' })).body.data).toMatchObject({ total: 0, list: [] });
    expect((await list({ pageSize: 201 })).body.code).toBe(400);
    expect((await list({ pageNum: 2, unknown: 1 })).body.code).toBe(400);
  });

  it("shows one student's questions: the options read, the key and the points, then the fix", async () => {
    const student = studentOf(1);
    const before = await detail(student.studentId);
    expect(before.body.code, JSON.stringify(before.body)).toBe(200);
    expect(before.body.data.fullMarks).toBe(13);
    expect(before.body.data.student).toMatchObject({
      studentId: student.studentId,
      status: 'review',
    });
    const drawn = (n: string) =>
      truths[1]!.questions.find((t) => t.questionId === String(q[n]))!.answer;
    expect(before.body.data.questions).toEqual([
      {
        questionId: q['1'],
        number: '1',
        kind: 'single',
        fullMarks: 5,
        partialMarks: null,
        key: 'B',
        read: drawn('1'),
        readStatus: 'ok',
        score: scoreObjective(KEYS['1']!, drawn('1')),
      },
      {
        questionId: q['2'],
        number: '2',
        kind: 'multiple',
        fullMarks: 6,
        partialMarks: 3,
        key: 'ACD',
        read: drawn('2'),
        readStatus: 'ok',
        score: scoreObjective(KEYS['2']!, drawn('2')),
      },
      {
        questionId: q['3'],
        number: '3',
        kind: 'judge',
        fullMarks: 2,
        partialMarks: null,
        key: 'T',
        read: '',
        readStatus: 'review',
        score: null,
      },
    ]);

    // A person confirms the faint bubble: the list and the detail follow.
    const open = await call<{ list: ScanException[] }>(server.app, scanRoutes.exceptions, {
      token: admin,
      body: { examSubjectId: subjectId },
    });
    const faint = open.body.data.list.find((e) => e.kind === 'bubble_review')!;
    const fixed = await call(server.app, scanRoutes.resolve, {
      token: admin,
      body: {
        exceptionId: faint.id,
        action: 'answer',
        answers: [{ questionId: q['3'], answer: 'T' }],
      },
    });
    expect(fixed.body.code, JSON.stringify(fixed.body)).toBe(200);
    const after = await detail(student.studentId);
    expect(after.body.data.questions[2]).toMatchObject({
      read: 'T',
      readStatus: 'fixed',
      score: 2,
    });
    expect(await rowOf(student.studentId)).toMatchObject({
      status: 'scored',
      reviewCount: 0,
      objectiveScore: expectedScore(truths[1]!, ['1', '2']) + 2,
    });

    // An absent student has no reads and no points.
    const absent = await detail(studentOf(2).studentId);
    expect(absent.body.data.student.status).toBe('absent');
    expect(absent.body.data.questions.every((x) => x.score === null)).toBe(true);
    // Someone who does not take the subject.
    const outsider = await detail(999_999);
    expect(outsider.body).toMatchObject({ code: 400, msg: '该学生不是本考试科目的考生' });
  });

  it('follows a key change', async () => {
    const student = studentOf(0);
    const before = (await rowOf(student.studentId)).objectiveScore!;
    const drawn = truths[0]!.questions.find((t) => t.questionId === String(q['1']))!.answer;
    const newKey = drawn === 'A' ? 'B' : 'A';
    const saved = await call(server.app, examRoutes.answerSave, {
      token: admin,
      body: {
        examSubjectId: subjectId,
        answers: [{ questionId: q['1'], answer: newKey, partialMarks: null }],
      },
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    const now = await rowOf(student.studentId);
    expect(now.objectiveScore).toBe(
      before -
        scoreObjective(KEYS['1']!, drawn) +
        scoreObjective({ ...KEYS['1']!, answer: newKey }, drawn),
    );
  });

  it('refuses callers without permission and another school', async () => {
    const grader = (await signIn(server.app, 'grader')).token;
    expect((await list({}, grader)).status).toBe(403);
    const lab = (await signIn(server.app, 'lab-admin')).token;
    expect((await list({}, lab)).body.code).toBe(404);
    expect((await detail(roster[0]!.studentId, lab)).body.code).toBe(404);
  });
});
