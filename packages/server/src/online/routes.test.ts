import {
  examRoutes,
  markingRoutes,
  onlineRoutes,
  type OnlineDetail,
  type OnlineQuestionInput,
  type OnlineStatistics,
  type OnlineSubmitResult,
  type StudentExam,
} from '@examkit/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';
import { gradeOf, type GradeInfo } from '../exam/testKit';
import { insertQuestion } from '../resource/questions';
import { ALREADY_STARTED, ENTRY_REFUSED, TICKET_REFUSED } from './routes';

const QUESTIONS: OnlineQuestionInput[] = [
  { kind: 'single', stem: '$1+1=$', options: ['1', '2', '3', '4'], fullMarks: 2 },
  { kind: 'multiple', stem: '下列是偶数的是', options: ['2', '3', '4', '5'], fullMarks: 4 },
  { kind: 'judge', stem: '三角形内角和是一百八十度', fullMarks: 2 },
  { kind: 'fill', stem: '水的化学式是', fullMarks: 2 },
  { kind: 'subjective', stem: '证明勾股定理', fullMarks: 10 },
];
const MINUTE = 60_000;

describe.each(DIALECTS)('online exams on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  let lab: string;
  let teacher: string;
  let grade: GradeInfo;
  let ip = 0;
  /** Each test's public calls come from an address of their own (the limit counts per address). */
  const address = () => `10.9.0.${++ip}`;

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      rateLimit: { addressLimit: 5 },
      // The clock moves through exam windows; staff sessions outlive them here.
      session: { idleMs: 7 * 24 * 3_600_000, absoluteMs: 7 * 24 * 3_600_000 },
    });
    admin = (await signIn(server.app, 'admin')).token;
    lab = (await signIn(server.app, 'lab-admin')).token;
    teacher = (await signIn(server.app, 'teacher')).token;
    grade = await gradeOf(server.db, server.seed.demoSchoolId);
  });
  afterAll(() => server.close());

  const staff = async <T>(
    route: (typeof onlineRoutes)[keyof typeof onlineRoutes],
    body: Record<string, unknown>,
    token = admin,
  ) => call<T>(server.app, route, { token, body });
  const ok = async <T>(
    route: (typeof onlineRoutes)[keyof typeof onlineRoutes],
    body: Record<string, unknown>,
  ) => {
    const r = await staff<T>(route, body);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200 });
    return r.body.data;
  };
  const student = <T>(
    route: typeof onlineRoutes.enter | typeof onlineRoutes.autosave | typeof onlineRoutes.submit,
    body: Record<string, unknown>,
    remoteAddress: string,
  ) => call<T>(server.app, route, { body, remoteAddress });

  /** A ready exam: questions, keys and a window from now to now + 2 h, 60 minutes each. */
  async function readyExam(name: string): Promise<OnlineDetail> {
    const created = await ok<OnlineDetail>(onlineRoutes.save, {
      name,
      gradeId: grade.gradeId,
      classIds: grade.classIds,
      subjectCode: '数学',
      subjectName: '数学',
    });
    const withQuestions = await ok<OnlineDetail>(onlineRoutes.saveQuestions, {
      id: created.id,
      questions: QUESTIONS,
    });
    const [single, multiple, judge, fill, free] = withQuestions.questions.map((q) => q.id);
    await ok(onlineRoutes.saveAnswers, {
      id: created.id,
      answers: [
        { questionId: single, answer: 'B' },
        { questionId: multiple, answer: 'AC', partialMarks: 2 },
        { questionId: judge, answer: 'T' },
        { questionId: fill, accepted: ['H2O'] },
        { questionId: free, reference: '用面积法证明' },
      ],
    });
    const start = server.clock.now().getTime();
    return ok<OnlineDetail>(onlineRoutes.saveTime, {
      id: created.id,
      startsAt: start,
      endsAt: start + 120 * MINUTE,
      durationMinutes: 60,
    });
  }

  const answersFor = (exam: OnlineDetail, values: string[]) =>
    exam.questions.map((q, i) => ({ questionId: q.id, answer: values[i] ?? '' }));

  it('creates an online exam step by step: basics, questions, keys, time; it is listed as online', async () => {
    const exam = await readyExam('在线测验一');
    expect(exam).toMatchObject({
      name: '在线测验一',
      state: 'draft',
      subjectName: '数学',
      fullMarks: 20,
      durationMinutes: 60,
      studentCount: grade.students.length,
      startedCount: 0,
      questionsEditable: true,
      canManage: true,
      canEdit: true,
    });
    expect(exam.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(
      exam.questions.map((q) => [q.number, q.kind, q.answer, q.accepted, q.reference]),
    ).toEqual([
      ['1', 'single', 'B', [], ''],
      ['2', 'multiple', 'AC', [], ''],
      ['3', 'judge', 'T', [], ''],
      ['4', 'fill', null, ['H2O'], ''],
      ['5', 'subjective', null, [], '用面积法证明'],
    ]);
    expect(exam.questions[0]!.options).toEqual(['1', '2', '3', '4']);
    const list = await call<{ list: { id: number; online?: boolean }[] }>(
      server.app,
      examRoutes.list,
      { token: admin, body: { pageSize: 100 } },
    );
    expect(list.body.data.list.find((e) => e.id === exam.id)?.online).toBe(true);
    // Saving the questions again keeps the keys of questions that stay the same kind.
    const again = await ok<OnlineDetail>(onlineRoutes.saveQuestions, {
      id: exam.id,
      questions: QUESTIONS,
    });
    expect(again.questions.map((q) => q.answer ?? q.accepted.join())).toEqual([
      'B',
      'AC',
      'T',
      'H2O',
      '',
    ]);
  });

  it('refuses bad input with the reason', async () => {
    const exam = await readyExam('在线测验校验');
    const noOptions = await staff(onlineRoutes.saveQuestions, {
      id: exam.id,
      questions: [{ kind: 'single', stem: '题', options: ['甲'], fullMarks: 1 }],
    });
    expect(noOptions.body.code).toBe(400);
    const badTime = await staff(onlineRoutes.saveTime, {
      id: exam.id,
      startsAt: 1_000_000,
      endsAt: 1_000_000 + 30 * MINUTE,
      durationMinutes: 45,
    });
    expect(badTime.body).toMatchObject({ code: 400, msg: '考试时长不能超过开始到结束的时间段' });
    const wrongKey = await staff(onlineRoutes.saveAnswers, {
      id: exam.id,
      answers: [{ questionId: exam.questions[0]!.id, answer: 'F' }],
    });
    expect(wrongKey.body.code).toBe(400);
  });

  it("takes questions from the school's bank and the cloud bank with their keys; another school's item is missing", async () => {
    const bankQuestion = (stem: string, type: 'single' | 'blank', answer: string) => ({
      subjectCode: '02',
      stage: 3 as const,
      gradeNum: null,
      type,
      difficulty: 2,
      stem,
      options: type === 'single' ? ['3', '4', '5', '6'] : [],
      answer,
      analysis: '',
      pointIds: [],
      source: '',
      year: null,
      tags: [],
      children: [],
    });
    const own = await insertQuestion(
      server.db,
      server.clock,
      { schoolId: server.seed.demoSchoolId, userId: null },
      bankQuestion('本校题库：$2+3=$', 'single', 'C'),
    );
    const fill = await insertQuestion(
      server.db,
      server.clock,
      { schoolId: server.seed.demoSchoolId, userId: null },
      bankQuestion('本校题库：$2 \\times 3=$____', 'blank', '6'),
    );
    const foreign = await insertQuestion(
      server.db,
      server.clock,
      { schoolId: server.seed.labSchoolId, userId: null },
      bankQuestion('别校题库：$1+3=$', 'single', 'B'),
    );
    const cloud = await server.db
      .selectFrom('questions')
      .select(['id', 'stem', 'options', 'answer'])
      .where('school_id', 'is', null)
      .where('parent_id', 'is', null)
      .where('type', '=', 'single')
      .where('answer', 'in', ['A', 'B', 'C', 'D'])
      .executeTakeFirstOrThrow();
    const cloudOptions = JSON.parse(cloud.options) as string[];
    const exam = await readyExam('在线测验题库');
    const picked: OnlineQuestionInput[] = [
      {
        kind: 'single',
        stem: '本校题库：$2+3=$',
        options: ['3', '4', '5', '6'],
        fullMarks: 3,
        source: 'bank',
        sourceRef: String(own),
      },
      {
        kind: 'fill',
        stem: '本校题库：$2 \\times 3=$____',
        fullMarks: 3,
        source: 'bank',
        sourceRef: String(fill),
      },
      {
        kind: 'single',
        stem: cloud.stem.slice(0, 4000),
        options: cloudOptions,
        fullMarks: 4,
        source: 'bank',
        sourceRef: String(cloud.id),
      },
      { kind: 'judge', stem: '自己输入的题', fullMarks: 2 },
    ];
    const saved = await ok<OnlineDetail>(onlineRoutes.saveQuestions, {
      id: exam.id,
      questions: picked,
    });
    expect(saved.questions.map((q) => [q.source, q.sourceRef, q.answer, q.accepted])).toEqual([
      ['bank', String(own), 'C', []],
      ['bank', String(fill), null, ['6']],
      ['bank', String(cloud.id), cloud.answer, []],
      ['typed', null, null, []],
    ]);
    expect(saved.fullMarks).toBe(12);
    // A key the teacher changes stays when the questions are saved again from the same items.
    await ok(onlineRoutes.saveAnswers, {
      id: exam.id,
      answers: [{ questionId: saved.questions[0]!.id, answer: 'D' }],
    });
    const again = await ok<OnlineDetail>(onlineRoutes.saveQuestions, {
      id: exam.id,
      questions: picked,
    });
    expect(again.questions[0]!.answer).toBe('D');

    for (const sourceRef of [String(foreign), '999999999']) {
      const refused = await staff(onlineRoutes.saveQuestions, {
        id: exam.id,
        questions: [picked[3], { ...picked[0], sourceRef }],
      });
      expect(refused.body).toMatchObject({ code: 404, msg: '第 2 题引用的题库试题不存在' });
    }
    const noRef = await staff(onlineRoutes.saveQuestions, {
      id: exam.id,
      questions: [{ ...picked[0], sourceRef: undefined }],
    });
    expect(noRef.body).toMatchObject({ code: 400, msg: '第 1 题来自题库，但缺少题库试题编号' });
    const unchanged = await ok<OnlineDetail>(onlineRoutes.get, { id: exam.id });
    expect(unchanged.questions.map((q) => q.sourceRef)).toEqual(
      again.questions.map((q) => q.sourceRef),
    );
  });

  it("answers another school's online exam as missing, on every staff call", async () => {
    const exam = await readyExam('在线测验隔离');
    for (const [route, body] of [
      [onlineRoutes.get, { id: exam.id }],
      [onlineRoutes.statistics, { id: exam.id }],
      [onlineRoutes.toMarking, { id: exam.id }],
      [onlineRoutes.saveQuestions, { id: exam.id, questions: QUESTIONS }],
      [onlineRoutes.saveAnswers, { id: exam.id, answers: [] }],
      [onlineRoutes.saveTime, { id: exam.id, startsAt: 0, endsAt: 2 * MINUTE, durationMinutes: 1 }],
      [
        onlineRoutes.save,
        {
          id: exam.id,
          name: '改名',
          gradeId: grade.gradeId,
          classIds: grade.classIds,
          subjectCode: '数学',
          subjectName: '数学',
        },
      ],
    ] as const) {
      const r = await staff(route, body, lab);
      expect(r.body.code, route.url).toBeGreaterThanOrEqual(400);
      expect([400, 404], route.url).toContain(r.body.code);
    }
    expect((await staff(onlineRoutes.get, { id: exam.id }, lab)).body).toMatchObject({
      code: 404,
      msg: '在线考试不存在',
    });
    // A teacher who does not manage the grade may not change the window.
    const denied = await staff(
      onlineRoutes.saveTime,
      { id: exam.id, startsAt: 0, endsAt: 2 * MINUTE, durationMinutes: 1 },
      teacher,
    );
    expect(denied.body.code).toBe(403);
    expect((await ok<OnlineDetail>(onlineRoutes.get, { id: exam.id })).name).toBe('在线测验隔离');
  });

  it('shows the statistics within the data scope: the 班主任 sees their class, another grade’s lead nothing', async () => {
    const exam = await readyExam('在线测验范围');
    const head = (await signIn(server.app, 'head')).token;
    const gradelead = (await signIn(server.app, 'gradelead')).token;
    const seen = await staff<OnlineStatistics>(onlineRoutes.statistics, { id: exam.id }, head);
    expect(seen.body.code).toBe(200);
    expect(seen.body.data.students.length).toBeGreaterThan(0);
    expect(new Set(seen.body.data.students.map((s) => s.className))).toEqual(
      new Set(['高一(1)班']),
    );
    expect(seen.body.data.canHandToMarking).toBe(false);
    const detail = await staff<OnlineDetail>(onlineRoutes.get, { id: exam.id }, head);
    expect(detail.body.data.canManage).toBe(false);
    expect((await staff(onlineRoutes.statistics, { id: exam.id }, gradelead)).body.code).toBe(403);
  });

  it('refuses a wrong code or a number not in the exam with one message, and limits guessing', async () => {
    const exam = await readyExam('在线测验考试码');
    const from = address();
    const wrongCode = await student(
      onlineRoutes.enter,
      { code: 'ZZZZ2222', studentNo: grade.students[0]!.studentNo },
      from,
    );
    expect(wrongCode.body).toMatchObject({ code: 404, msg: ENTRY_REFUSED });
    const wrongNo = await student(
      onlineRoutes.enter,
      { code: exam.code, studentNo: '99999999' },
      from,
    );
    expect(wrongNo.body).toMatchObject({ code: 404, msg: ENTRY_REFUSED });
    for (let i = 0; i < 3; i++)
      await student(onlineRoutes.enter, { code: `WRONG${i}22`, studentNo: '1' }, from);
    const limited = await student(
      onlineRoutes.enter,
      { code: exam.code, studentNo: grade.students[0]!.studentNo },
      from,
    );
    expect(limited.body).toMatchObject({ code: 429, msg: '请求过于频繁，请稍后再试' });
    // Another address is not affected; lower-case codes are accepted.
    const right = await student(
      onlineRoutes.enter,
      { code: exam.code.toLowerCase(), studentNo: grade.students[0]!.studentNo },
      address(),
    );
    expect(right.body.code).toBe(200);
  });

  it('is closed before the start and after the end; time running out hands in what was saved', async () => {
    const exam = await readyExam('在线测验时间');
    const start = server.clock.now().getTime() + 30 * MINUTE;
    await ok(onlineRoutes.saveTime, {
      id: exam.id,
      startsAt: start,
      endsAt: start + 60 * MINUTE,
      durationMinutes: 40,
    });
    const [first, second] = grade.students;
    const enter = (no: string) =>
      student<StudentExam>(onlineRoutes.enter, { code: exam.code, studentNo: no }, address());
    const early = await enter(first!.studentNo);
    expect(early.body.code).toBe(400);
    expect(early.body.msg).toMatch(/^考试尚未开始，开始时间：/);

    server.clock.set(new Date(start + 10 * MINUTE));
    const entered = (await enter(first!.studentNo)).body.data;
    expect(entered.deadlineAt).toBe(start + 50 * MINUTE);
    expect(entered.questions[0]).toEqual({
      id: exam.questions[0]!.id,
      number: '1',
      kind: 'single',
      stem: '$1+1=$',
      options: ['1', '2', '3', '4'],
      fullMarks: 2,
    });
    expect(JSON.stringify(entered.questions)).not.toContain('H2O');
    const from = address();
    await student(
      onlineRoutes.autosave,
      { ticket: entered.ticket, answers: answersFor(exam, ['B', 'A']) },
      from,
    );
    // 40 minutes after entering: the student's own time is up.
    server.clock.set(new Date(start + 51 * MINUTE));
    const late = await student(
      onlineRoutes.autosave,
      { ticket: entered.ticket, answers: answersFor(exam, ['C']) },
      from,
    );
    expect(late.body).toMatchObject({ code: 400, msg: '考试时间已到，已按最后保存的答案交卷' });
    const stats = await ok<OnlineStatistics>(onlineRoutes.statistics, { id: exam.id });
    expect(stats.students.find((s) => s.studentId === first!.id)).toMatchObject({
      status: 'submitted',
      score: 4, // B right (2), A of AC: partial (2)
    });
    // After the end nobody new may enter.
    server.clock.set(new Date(start + 61 * MINUTE));
    expect((await enter(second!.studentNo)).body).toMatchObject({ code: 400, msg: '考试已结束' });
  });

  it('two students answer, autosave, submit once (a retry changes nothing), scores flow into the exam scores', async () => {
    const exam = await readyExam('在线测验作答');
    const [a, b] = grade.students;
    const fromA = address();
    const enterA = await student<StudentExam>(
      onlineRoutes.enter,
      { code: exam.code, studentNo: a!.studentNo },
      fromA,
    );
    expect(enterA.body.data).toMatchObject({
      studentName: a!.name,
      submittedAt: null,
      answers: [],
    });
    const ticket = enterA.body.data.ticket;
    const saved = await student<{ savedAt: number }>(
      onlineRoutes.autosave,
      { ticket, answers: answersFor(exam, ['B', 'AC']) },
      fromA,
    );
    expect(saved.body.code).toBe(200);
    // Entering again (a reload, another device) shows the saved answers; the old page's ticket ends.
    const again = await student<StudentExam>(
      onlineRoutes.enter,
      { code: exam.code, studentNo: a!.studentNo },
      fromA,
    );
    expect(again.body.data.answers).toEqual(
      expect.arrayContaining([{ questionId: exam.questions[0]!.id, answer: 'B' }]),
    );
    const stale = await student(onlineRoutes.autosave, { ticket, answers: [] }, fromA);
    expect(stale.body).toMatchObject({ code: 404, msg: TICKET_REFUSED });
    // The questions are fixed once a student started.
    expect(
      (await staff(onlineRoutes.saveQuestions, { id: exam.id, questions: QUESTIONS })).body,
    ).toMatchObject({ code: 400, msg: ALREADY_STARTED });

    const answersA = answersFor(exam, [
      'B',
      'AC',
      '对',
      ' h2o ',
      '直角三角形两直角边的平方和等于斜边的平方',
    ]);
    const submitted = await student<OnlineSubmitResult>(
      onlineRoutes.submit,
      { ticket: again.body.data.ticket, answers: answersA },
      fromA,
    );
    expect(submitted.body.data).toMatchObject({
      objectiveScore: 10,
      objectiveFull: 10,
      pendingMarks: 10,
    });
    const retry = await student<OnlineSubmitResult>(
      onlineRoutes.submit,
      { ticket: again.body.data.ticket, answers: answersFor(exam, ['A', 'B', 'F', 'x']) },
      fromA,
    );
    expect(retry.body.data).toEqual(submitted.body.data);
    const afterSubmit = await student(
      onlineRoutes.autosave,
      { ticket: again.body.data.ticket, answers: [] },
      fromA,
    );
    expect(afterSubmit.body).toMatchObject({ code: 400, msg: '已经交卷，不能再修改答案' });

    const fromB = address();
    const enterB = await student<StudentExam>(
      onlineRoutes.enter,
      { code: exam.code, studentNo: b!.studentNo },
      fromB,
    );
    const resultB = await student<OnlineSubmitResult>(
      onlineRoutes.submit,
      { ticket: enterB.body.data.ticket, answers: answersFor(exam, ['C', 'A', 'F', '水', '']) },
      fromB,
    );
    expect(resultB.body.data).toMatchObject({ objectiveScore: 2, pendingMarks: 10 });

    const rows = await server.db
      .selectFrom('exam_scores')
      .select(['student_id', 'question_id', 'score', 'source', 'answer'])
      .where('exam_subject_id', '=', exam.examSubjectId)
      .execute();
    expect(rows).toHaveLength(8); // 4 auto-scored questions × 2 students, each once
    expect(rows.every((r) => r.source === 'objective')).toBe(true);
    const totals = await server.db
      .selectFrom('exam_subject_totals')
      .select(['student_id', 'score'])
      .where('exam_subject_id', '=', exam.examSubjectId)
      .orderBy('score', 'desc')
      .execute();
    expect(totals.map((t) => [t.student_id, t.score])).toEqual([
      [a!.id, 10],
      [b!.id, 2],
    ]);

    const stats = await ok<OnlineStatistics>(onlineRoutes.statistics, { id: exam.id });
    expect(stats).toMatchObject({
      studentCount: grade.students.length,
      submittedCount: 2,
      average: 6,
      fullMarks: 20,
      canHandToMarking: true,
    });
    expect(stats.questions.map((q) => [q.number, q.correctRate, q.average, q.answered])).toEqual([
      ['1', 0.5, 1, 2],
      ['2', 0.5, 3, 2],
      ['3', 0.5, 1, 2],
      ['4', 0.5, 1, 2],
      ['5', null, null, 1],
    ]);
    expect(stats.questions[0]!.options).toEqual([
      { option: 'A', count: 0 },
      { option: 'B', count: 1 },
      { option: 'C', count: 1 },
      { option: 'D', count: 0 },
    ]);
    expect(stats.questions[2]!.options).toEqual([
      { option: 'T', count: 1 },
      { option: 'F', count: 1 },
    ]);
    expect(stats.students.filter((s) => s.status === 'submitted')).toHaveLength(2);
    expect(stats.students.find((s) => s.studentId === a!.id)).toMatchObject({
      score: 10,
      pendingMarks: 10,
    });
    expect(stats.students.filter((s) => s.status === 'absent')).toHaveLength(
      grade.students.length - 2,
    );

    // A key changed after submissions: the submitted answers are scored again.
    await ok(onlineRoutes.saveAnswers, {
      id: exam.id,
      answers: [
        { questionId: exam.questions[0]!.id, answer: 'C' },
        { questionId: exam.questions[3]!.id, accepted: ['H2O', '水'] },
      ],
    });
    const rescored = await ok<OnlineStatistics>(onlineRoutes.statistics, { id: exam.id });
    expect(rescored.students.find((s) => s.studentId === b!.id)?.score).toBe(6);
    expect(rescored.students.find((s) => s.studentId === a!.id)?.score).toBe(8);
  });

  it('hands the free answers to marking as images; the marks complete the scores', async () => {
    const exam = await readyExam('在线测验阅卷');
    const [a] = grade.students;
    const from = address();
    const entered = await student<StudentExam>(
      onlineRoutes.enter,
      { code: exam.code, studentNo: a!.studentNo },
      from,
    );
    await student(
      onlineRoutes.submit,
      {
        ticket: entered.body.data.ticket,
        answers: answersFor(exam, [
          'B',
          'AC',
          'T',
          'H2O',
          '设直角边为甲乙，斜边为丙，由面积可得结论。',
        ]),
      },
      from,
    );
    const handed = await ok<{ blocks: { blockId: number; registered: number }[] }>(
      onlineRoutes.toMarking,
      { id: exam.id },
    );
    expect(handed.blocks).toHaveLength(1);
    expect(handed.blocks[0]!.registered).toBe(1);
    expect((await ok<OnlineDetail>(onlineRoutes.get, { id: exam.id })).state).toBe('marking');
    // The marker (the teacher who handed it over) takes the paper and sees the answer as an image.
    const blockId = handed.blocks[0]!.blockId;
    const fetched = await call<{ list: { taskId: number; leaseToken: string }[] }>(
      server.app,
      markingRoutes.fetch,
      { token: admin, body: { blockId, count: 1 } },
    );
    expect(fetched.body.code, JSON.stringify(fetched.body)).toBe(200);
    const task = fetched.body.data.list[0]!;
    const crop = await call<{ dataUrl: string }>(server.app, markingRoutes.crop, {
      token: admin,
      body: { taskId: task.taskId, leaseToken: task.leaseToken },
    });
    const png = Buffer.from(crop.body.data.dataUrl.split(',')[1]!, 'base64');
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 760 });
    const marked = await call(server.app, markingRoutes.submit, {
      token: admin,
      body: {
        taskId: task.taskId,
        leaseToken: task.leaseToken,
        score: 8,
        idempotencyKey: '0a1b2c3d-0000-4000-8000-00000000000' + (dialect === 'sqlite' ? '1' : '2'),
      },
    });
    expect(marked.body.code, JSON.stringify(marked.body)).toBe(200);
    await call(server.app, markingRoutes.blockState, {
      token: admin,
      body: { blockId, action: 'finish' },
    });
    // Finishing the subject in the marking module writes the free-answer scores.
    const finished = await call(server.app, markingRoutes.finishSubject, {
      token: admin,
      body: { examSubjectId: exam.examSubjectId },
    });
    expect(finished.body.code, JSON.stringify(finished.body)).toBe(200);
    const stats = await ok<OnlineStatistics>(onlineRoutes.statistics, { id: exam.id });
    expect(stats.students.find((s) => s.studentId === a!.id)).toMatchObject({
      score: 18,
      pendingMarks: 0,
    });
    expect(stats.questions[4]).toMatchObject({ average: 8, correctRate: 0 });
  });
});
