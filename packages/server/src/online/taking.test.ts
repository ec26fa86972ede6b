import {
  markingRoutes,
  onlineRoutes,
  type OnlineDetail,
  type OnlineStatistics,
  type OnlineSubmitResult,
  type StudentExam,
} from '@examkit/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { call, DIALECTS } from '../test/fixtures';
import { ALREADY_STARTED, ENTRY_REFUSED, TICKET_REFUSED } from './routes';
import { MINUTE, ONLINE_QUESTIONS, onlineSuite } from './testKit';

/** Online exams, the students' side: the exam code, the window, answering and handing in, scores and marking. */
describe.each(DIALECTS)('online exams (students) on %s', (dialect) => {
  const t = onlineSuite(dialect);

  it('refuses a wrong code or a number not in the exam with one message, and limits guessing', async () => {
    const exam = await t.readyExam('在线测验考试码');
    const from = t.address();
    const wrongCode = await t.student(
      onlineRoutes.enter,
      { code: 'ZZZZ2222', studentNo: t.grade.students[0]!.studentNo },
      from,
    );
    expect(wrongCode.body).toMatchObject({ code: 404, msg: ENTRY_REFUSED });
    const wrongNo = await t.student(
      onlineRoutes.enter,
      { code: exam.code, studentNo: '99999999' },
      from,
    );
    expect(wrongNo.body).toMatchObject({ code: 404, msg: ENTRY_REFUSED });
    for (let i = 0; i < 3; i++)
      await t.student(onlineRoutes.enter, { code: `WRONG${i}22`, studentNo: '1' }, from);
    const limited = await t.student(
      onlineRoutes.enter,
      { code: exam.code, studentNo: t.grade.students[0]!.studentNo },
      from,
    );
    expect(limited.body).toMatchObject({ code: 429, msg: '请求过于频繁，请稍后再试' });
    // Another address is not affected; lower-case codes are accepted.
    const right = await t.student(
      onlineRoutes.enter,
      { code: exam.code.toLowerCase(), studentNo: t.grade.students[0]!.studentNo },
      t.address(),
    );
    expect(right.body.code).toBe(200);
  });

  it('is closed before the start and after the end; time running out hands in what was saved', async () => {
    const exam = await t.readyExam('在线测验时间');
    const start = t.server.clock.now().getTime() + 30 * MINUTE;
    await t.ok(onlineRoutes.saveTime, {
      id: exam.id,
      startsAt: start,
      endsAt: start + 60 * MINUTE,
      durationMinutes: 40,
    });
    const [first, second] = t.grade.students;
    const enter = (no: string) =>
      t.student<StudentExam>(onlineRoutes.enter, { code: exam.code, studentNo: no }, t.address());
    const early = await enter(first!.studentNo);
    expect(early.body.code).toBe(400);
    expect(early.body.msg).toMatch(/^考试尚未开始，开始时间：/);

    t.server.clock.set(new Date(start + 10 * MINUTE));
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
    const from = t.address();
    await t.student(
      onlineRoutes.autosave,
      { ticket: entered.ticket, answers: t.answersFor(exam, ['B', 'A']) },
      from,
    );
    // 40 minutes after entering: the student's own time is up.
    t.server.clock.set(new Date(start + 51 * MINUTE));
    const late = await t.student(
      onlineRoutes.autosave,
      { ticket: entered.ticket, answers: t.answersFor(exam, ['C']) },
      from,
    );
    expect(late.body).toMatchObject({ code: 400, msg: '考试时间已到，已按最后保存的答案交卷' });
    const stats = await t.ok<OnlineStatistics>(onlineRoutes.statistics, { id: exam.id });
    expect(stats.students.find((s) => s.studentId === first!.id)).toMatchObject({
      status: 'submitted',
      score: 4, // B right (2), A of AC: partial (2)
    });
    // After the end nobody new may enter.
    t.server.clock.set(new Date(start + 61 * MINUTE));
    expect((await enter(second!.studentNo)).body).toMatchObject({ code: 400, msg: '考试已结束' });
  });

  it('two students answer, autosave, submit once (a retry changes nothing), scores flow into the exam scores', async () => {
    const exam = await t.readyExam('在线测验作答');
    const [a, b] = t.grade.students;
    const fromA = t.address();
    const enterA = await t.student<StudentExam>(
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
    const saved = await t.student<{ savedAt: number }>(
      onlineRoutes.autosave,
      { ticket, answers: t.answersFor(exam, ['B', 'AC']) },
      fromA,
    );
    expect(saved.body.code).toBe(200);
    // Entering again (a reload, another device) shows the saved answers; the old page's ticket ends.
    const again = await t.student<StudentExam>(
      onlineRoutes.enter,
      { code: exam.code, studentNo: a!.studentNo },
      fromA,
    );
    expect(again.body.data.answers).toEqual(
      expect.arrayContaining([{ questionId: exam.questions[0]!.id, answer: 'B' }]),
    );
    const stale = await t.student(onlineRoutes.autosave, { ticket, answers: [] }, fromA);
    expect(stale.body).toMatchObject({ code: 404, msg: TICKET_REFUSED });
    // The questions are fixed once a student started.
    expect(
      (await t.staff(onlineRoutes.saveQuestions, { id: exam.id, questions: ONLINE_QUESTIONS }))
        .body,
    ).toMatchObject({ code: 400, msg: ALREADY_STARTED });

    const answersA = t.answersFor(exam, [
      'B',
      'AC',
      '对',
      ' h2o ',
      '直角三角形两直角边的平方和等于斜边的平方',
    ]);
    const submitted = await t.student<OnlineSubmitResult>(
      onlineRoutes.submit,
      { ticket: again.body.data.ticket, answers: answersA },
      fromA,
    );
    expect(submitted.body.data).toMatchObject({
      objectiveScore: 10,
      objectiveFull: 10,
      pendingMarks: 10,
    });
    const retry = await t.student<OnlineSubmitResult>(
      onlineRoutes.submit,
      { ticket: again.body.data.ticket, answers: t.answersFor(exam, ['A', 'B', 'F', 'x']) },
      fromA,
    );
    expect(retry.body.data).toEqual(submitted.body.data);
    const afterSubmit = await t.student(
      onlineRoutes.autosave,
      { ticket: again.body.data.ticket, answers: [] },
      fromA,
    );
    expect(afterSubmit.body).toMatchObject({ code: 400, msg: '已经交卷，不能再修改答案' });

    const fromB = t.address();
    const enterB = await t.student<StudentExam>(
      onlineRoutes.enter,
      { code: exam.code, studentNo: b!.studentNo },
      fromB,
    );
    const resultB = await t.student<OnlineSubmitResult>(
      onlineRoutes.submit,
      { ticket: enterB.body.data.ticket, answers: t.answersFor(exam, ['C', 'A', 'F', '水', '']) },
      fromB,
    );
    expect(resultB.body.data).toMatchObject({ objectiveScore: 2, pendingMarks: 10 });

    const rows = await t.server.db
      .selectFrom('exam_scores')
      .select(['student_id', 'question_id', 'score', 'source', 'answer'])
      .where('exam_subject_id', '=', exam.examSubjectId)
      .execute();
    expect(rows).toHaveLength(8); // 4 auto-scored questions × 2 students, each once
    expect(rows.every((r) => r.source === 'objective')).toBe(true);
    const totals = await t.server.db
      .selectFrom('exam_subject_totals')
      .select(['student_id', 'score'])
      .where('exam_subject_id', '=', exam.examSubjectId)
      .orderBy('score', 'desc')
      .execute();
    expect(totals.map((t) => [t.student_id, t.score])).toEqual([
      [a!.id, 10],
      [b!.id, 2],
    ]);

    const stats = await t.ok<OnlineStatistics>(onlineRoutes.statistics, { id: exam.id });
    expect(stats).toMatchObject({
      studentCount: t.grade.students.length,
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
      t.grade.students.length - 2,
    );

    // A key changed after submissions: the submitted answers are scored again.
    await t.ok(onlineRoutes.saveAnswers, {
      id: exam.id,
      answers: [
        { questionId: exam.questions[0]!.id, answer: 'C' },
        { questionId: exam.questions[3]!.id, accepted: ['H2O', '水'] },
      ],
    });
    const rescored = await t.ok<OnlineStatistics>(onlineRoutes.statistics, { id: exam.id });
    expect(rescored.students.find((s) => s.studentId === b!.id)?.score).toBe(6);
    expect(rescored.students.find((s) => s.studentId === a!.id)?.score).toBe(8);
  });

  it('hands the free answers to marking as images; the marks complete the scores', async () => {
    const exam = await t.readyExam('在线测验阅卷');
    const [a] = t.grade.students;
    const from = t.address();
    const entered = await t.student<StudentExam>(
      onlineRoutes.enter,
      { code: exam.code, studentNo: a!.studentNo },
      from,
    );
    await t.student(
      onlineRoutes.submit,
      {
        ticket: entered.body.data.ticket,
        answers: t.answersFor(exam, [
          'B',
          'AC',
          'T',
          'H2O',
          '设直角边为甲乙，斜边为丙，由面积可得结论。',
        ]),
      },
      from,
    );
    const handed = await t.ok<{ blocks: { blockId: number; registered: number }[] }>(
      onlineRoutes.toMarking,
      { id: exam.id },
    );
    expect(handed.blocks).toHaveLength(1);
    expect(handed.blocks[0]!.registered).toBe(1);
    expect((await t.ok<OnlineDetail>(onlineRoutes.get, { id: exam.id })).state).toBe('marking');
    // The marker (the teacher who handed it over) takes the paper and sees the answer as an image.
    const blockId = handed.blocks[0]!.blockId;
    const fetched = await call<{ list: { taskId: number; leaseToken: string }[] }>(
      t.server.app,
      markingRoutes.fetch,
      { token: t.admin, body: { blockId, count: 1 } },
    );
    expect(fetched.body.code, JSON.stringify(fetched.body)).toBe(200);
    const task = fetched.body.data.list[0]!;
    const crop = await call<{ dataUrl: string }>(t.server.app, markingRoutes.crop, {
      token: t.admin,
      body: { taskId: task.taskId, leaseToken: task.leaseToken },
    });
    const png = Buffer.from(crop.body.data.dataUrl.split(',')[1]!, 'base64');
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 760 });
    const marked = await call(t.server.app, markingRoutes.submit, {
      token: t.admin,
      body: {
        taskId: task.taskId,
        leaseToken: task.leaseToken,
        score: 8,
        idempotencyKey: '0a1b2c3d-0000-4000-8000-00000000000' + (dialect === 'sqlite' ? '1' : '2'),
      },
    });
    expect(marked.body.code, JSON.stringify(marked.body)).toBe(200);
    await call(t.server.app, markingRoutes.blockState, {
      token: t.admin,
      body: { blockId, action: 'finish' },
    });
    // Finishing the subject in the marking module writes the free-answer scores.
    const finished = await call(t.server.app, markingRoutes.finishSubject, {
      token: t.admin,
      body: { examSubjectId: exam.examSubjectId },
    });
    expect(finished.body.code, JSON.stringify(finished.body)).toBe(200);
    const stats = await t.ok<OnlineStatistics>(onlineRoutes.statistics, { id: exam.id });
    expect(stats.students.find((s) => s.studentId === a!.id)).toMatchObject({
      score: 18,
      pendingMarks: 0,
    });
    expect(stats.questions[4]).toMatchObject({ average: 8, correctRate: 0 });
  });
});
