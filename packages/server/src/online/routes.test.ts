import {
  examRoutes,
  onlineRoutes,
  type OnlineDetail,
  type OnlineQuestionInput,
  type OnlineStatistics,
} from '@examkit/contracts';
import { describe, expect, it } from 'vitest';
import { insertQuestion } from '../resource/questions';
import { call, DIALECTS, signIn } from '../test/fixtures';
import { MINUTE, ONLINE_QUESTIONS, onlineSuite } from './testKit';

/** Online exams, the staff's side: the steps, bank questions, another school's exam, the statistics' scope. */
describe.each(DIALECTS)('online exams (staff) on %s', (dialect) => {
  const t = onlineSuite(dialect);

  it('creates an online exam step by step: basics, questions, keys, time; it is listed as online', async () => {
    const exam = await t.readyExam('在线测验一');
    expect(exam).toMatchObject({
      name: '在线测验一',
      state: 'draft',
      subjectName: '数学',
      fullMarks: 20,
      durationMinutes: 60,
      studentCount: t.grade.students.length,
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
      t.server.app,
      examRoutes.list,
      { token: t.admin, body: { pageSize: 100 } },
    );
    expect(list.body.data.list.find((e) => e.id === exam.id)?.online).toBe(true);
    // Saving the questions again keeps the keys of questions that stay the same kind.
    const again = await t.ok<OnlineDetail>(onlineRoutes.saveQuestions, {
      id: exam.id,
      questions: ONLINE_QUESTIONS,
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
    const exam = await t.readyExam('在线测验校验');
    const noOptions = await t.staff(onlineRoutes.saveQuestions, {
      id: exam.id,
      questions: [{ kind: 'single', stem: '题', options: ['甲'], fullMarks: 1 }],
    });
    expect(noOptions.body.code).toBe(400);
    const badTime = await t.staff(onlineRoutes.saveTime, {
      id: exam.id,
      startsAt: 1_000_000,
      endsAt: 1_000_000 + 30 * MINUTE,
      durationMinutes: 45,
    });
    expect(badTime.body).toMatchObject({ code: 400, msg: '考试时长不能超过开始到结束的时间段' });
    const wrongKey = await t.staff(onlineRoutes.saveAnswers, {
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
      t.server.db,
      t.server.clock,
      { schoolId: t.server.seed.demoSchoolId, userId: null },
      bankQuestion('本校题库：$2+3=$', 'single', 'C'),
    );
    const fill = await insertQuestion(
      t.server.db,
      t.server.clock,
      { schoolId: t.server.seed.demoSchoolId, userId: null },
      bankQuestion('本校题库：$2 \\times 3=$____', 'blank', '6'),
    );
    const foreign = await insertQuestion(
      t.server.db,
      t.server.clock,
      { schoolId: t.server.seed.labSchoolId, userId: null },
      bankQuestion('别校题库：$1+3=$', 'single', 'B'),
    );
    const cloud = await t.server.db
      .selectFrom('questions')
      .select(['id', 'stem', 'options', 'answer'])
      .where('school_id', 'is', null)
      .where('parent_id', 'is', null)
      .where('type', '=', 'single')
      .where('answer', 'in', ['A', 'B', 'C', 'D'])
      .executeTakeFirstOrThrow();
    const cloudOptions = JSON.parse(cloud.options) as string[];
    const exam = await t.readyExam('在线测验题库');
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
    const saved = await t.ok<OnlineDetail>(onlineRoutes.saveQuestions, {
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
    await t.ok(onlineRoutes.saveAnswers, {
      id: exam.id,
      answers: [{ questionId: saved.questions[0]!.id, answer: 'D' }],
    });
    const again = await t.ok<OnlineDetail>(onlineRoutes.saveQuestions, {
      id: exam.id,
      questions: picked,
    });
    expect(again.questions[0]!.answer).toBe('D');

    for (const sourceRef of [String(foreign), '999999999']) {
      const refused = await t.staff(onlineRoutes.saveQuestions, {
        id: exam.id,
        questions: [picked[3], { ...picked[0], sourceRef }],
      });
      expect(refused.body).toMatchObject({ code: 404, msg: '第 2 题引用的题库试题不存在' });
    }
    const noRef = await t.staff(onlineRoutes.saveQuestions, {
      id: exam.id,
      questions: [{ ...picked[0], sourceRef: undefined }],
    });
    expect(noRef.body).toMatchObject({ code: 400, msg: '第 1 题来自题库，但缺少题库试题编号' });
    const unchanged = await t.ok<OnlineDetail>(onlineRoutes.get, { id: exam.id });
    expect(unchanged.questions.map((q) => q.sourceRef)).toEqual(
      again.questions.map((q) => q.sourceRef),
    );
  });

  it("answers another school's online exam as missing, on every staff call", async () => {
    const exam = await t.readyExam('在线测验隔离');
    for (const [route, body] of [
      [onlineRoutes.get, { id: exam.id }],
      [onlineRoutes.statistics, { id: exam.id }],
      [onlineRoutes.toMarking, { id: exam.id }],
      [onlineRoutes.saveQuestions, { id: exam.id, questions: ONLINE_QUESTIONS }],
      [onlineRoutes.saveAnswers, { id: exam.id, answers: [] }],
      [onlineRoutes.saveTime, { id: exam.id, startsAt: 0, endsAt: 2 * MINUTE, durationMinutes: 1 }],
      [
        onlineRoutes.save,
        {
          id: exam.id,
          name: '改名',
          gradeId: t.grade.gradeId,
          classIds: t.grade.classIds,
          subjectCode: '数学',
          subjectName: '数学',
        },
      ],
    ] as const) {
      const r = await t.staff(route, body, t.lab);
      expect(r.body.code, route.url).toBeGreaterThanOrEqual(400);
      expect([400, 404], route.url).toContain(r.body.code);
    }
    expect((await t.staff(onlineRoutes.get, { id: exam.id }, t.lab)).body).toMatchObject({
      code: 404,
      msg: '在线考试不存在',
    });
    // A teacher who does not manage the grade may not change the window.
    const denied = await t.staff(
      onlineRoutes.saveTime,
      { id: exam.id, startsAt: 0, endsAt: 2 * MINUTE, durationMinutes: 1 },
      t.teacher,
    );
    expect(denied.body.code).toBe(403);
    expect((await t.ok<OnlineDetail>(onlineRoutes.get, { id: exam.id })).name).toBe('在线测验隔离');
  });

  it('shows the statistics within the data scope: the 班主任 sees their class, another grade’s lead nothing', async () => {
    const exam = await t.readyExam('在线测验范围');
    const head = (await signIn(t.server.app, 'head')).token;
    const gradelead = (await signIn(t.server.app, 'gradelead')).token;
    const seen = await t.staff<OnlineStatistics>(onlineRoutes.statistics, { id: exam.id }, head);
    expect(seen.body.code).toBe(200);
    expect(seen.body.data.students.length).toBeGreaterThan(0);
    expect(new Set(seen.body.data.students.map((s) => s.className))).toEqual(
      new Set(['高一(1)班']),
    );
    expect(seen.body.data.canHandToMarking).toBe(false);
    const detail = await t.staff<OnlineDetail>(onlineRoutes.get, { id: exam.id }, head);
    expect(detail.body.data.canManage).toBe(false);
    expect((await t.staff(onlineRoutes.statistics, { id: exam.id }, gradelead)).body.code).toBe(
      403,
    );
  });
});
