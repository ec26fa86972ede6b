import {
  assistantRoutes as a,
  paperRoutes as p,
  type AssistantSettings,
  type BankQuestionInput,
  type DataOf,
  type RouteContract,
} from '@examkit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, signIn } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';
import { bandOf, bandQuotas, pickByMix } from './assistant';
import { insertPaper } from './papers';
import { insertQuestion } from './questions';
import { addPoint } from './testKit';

const math = (over: Partial<BankQuestionInput>): BankQuestionInput => ({
  subjectCode: 'math',
  stage: 3,
  gradeNum: 10,
  type: 'single',
  difficulty: 3,
  stem: '若 $x^2=4$，则 $x$ 可以是',
  options: ['1', '2', '3', '5'],
  answer: 'B',
  analysis: '',
  pointIds: [],
  source: '测试',
  year: 2026,
  tags: [],
  children: [],
  ...over,
});

describe('组卷助手 picking', () => {
  it('splits a count by the mix with the largest remainders', () => {
    expect(bandQuotas(4, [0.3, 0.5, 0.2])).toEqual([1, 2, 1]);
    expect(bandQuotas(10, [0.5, 0.4, 0.1])).toEqual([5, 4, 1]);
    expect(bandQuotas(3, [0.2, 0.4, 0.4])).toEqual([1, 1, 1]);
  });

  it('takes each band its quota, fills a short band from the others, the same for the same salt', () => {
    const pool = [1, 2, 3, 4, 5, 6].map((id) => ({ id, difficulty: id <= 5 ? 1 : 3 }));
    const picked = pickByMix(pool, 4, [0.3, 0.5, 0.2], 'k');
    expect(picked).toHaveLength(4);
    expect(picked).toContain(6); // the only medium question
    expect(new Set(picked).size).toBe(4);
    expect(pickByMix(pool, 4, [0.3, 0.5, 0.2], 'k')).toEqual(picked);
    expect(pickByMix(pool, 9, [0.3, 0.5, 0.2], 'k')).toHaveLength(6);
  });
});

describe.each(DIALECTS)('组卷助手 and 备课组资源 on %s', (dialect) => {
  const server = sharedTestServer(dialect);
  const tokens: Record<string, string> = {};
  const users: Record<string, number> = {};
  const as = <T = unknown>(login: string, contract: RouteContract, body: object) =>
    call<T>(server.app, contract, { token: tokens[login]!, body: body as Record<string, unknown> });
  const ok = async <C extends RouteContract>(login: string, contract: C, body: object) => {
    const reply = await as<DataOf<C>>(login, contract, body);
    expect(reply.body.code, reply.body.msg).toBe(200);
    return reply.body.data;
  };
  let point: number;
  const pointed = new Set<number>();
  const difficulty = new Map<number, number>();

  const settings = (over: Partial<AssistantSettings> = {}): AssistantSettings => ({
    title: '函数单元练习',
    subjectCode: 'math',
    stage: 3,
    gradeNum: 10,
    pointIds: [],
    rows: [
      { type: 'single', count: 4, score: 5 },
      { type: 'blank', count: 5, score: 4 },
    ],
    mix: 'balanced',
    ...over,
  });

  beforeAll(async () => {
    for (const login of ['teacher', 'director', 'admin', 'lab-admin']) {
      const info = await signIn(server.app, login);
      tokens[login] = info.token;
      users[login] = Number(info.userId);
    }
    point = await addPoint(server.db, '函数');
    const own = { schoolId: server.seed.demoSchoolId, userId: null };
    // 12 单选 over the five difficulties (every third on the point), 2 填空.
    for (let i = 0; i < 12; i++) {
      const d = (i % 5) + 1;
      const id = await insertQuestion(
        server.db,
        server.clock,
        i % 5 === 4 ? { schoolId: null, userId: null } : own,
        math({ difficulty: d, stem: `第 ${i} 题：$x^${i}$`, pointIds: i % 3 === 0 ? [point] : [] }),
      );
      difficulty.set(id, d);
      if (i % 3 === 0) pointed.add(id);
    }
    for (let i = 0; i < 2; i++)
      await insertQuestion(
        server.db,
        server.clock,
        own,
        math({ type: 'blank', stem: `$\\sqrt{${i + 4}}=$____`, options: [], answer: '2' }),
      );
    // Another school's question is never picked.
    await insertQuestion(
      server.db,
      server.clock,
      { schoolId: server.seed.labSchoolId, userId: null },
      math({ stem: '别校的题' }),
    );
  }, 180_000);

  let planId: number;

  it('generates a plan by type and mix, says what is short, and a retry answers the same plan', async () => {
    const body = { settings: settings(), requestKey: 'assistant-0001' };
    planId = (await ok('teacher', a.generate, body)).planId;
    expect((await ok('teacher', a.generate, body)).planId).toBe(planId);
    const plan = await ok('teacher', a.detail, { planId });
    expect(plan.title).toBe('函数单元练习');
    const [single, blank] = plan.sections;
    expect(single!.questions).toHaveLength(4);
    // 均衡: 30 % easy, 50 % medium, 20 % hard of 4 → 1, 2, 1.
    const bands = [0, 0, 0];
    for (const q of single!.questions) bands[bandOf(q.difficulty)]! += 1;
    expect(bands).toEqual([1, 2, 1]);
    expect(single!.questions.every((q) => q.type === 'single')).toBe(true);
    expect(blank).toMatchObject({ wanted: 5, title: '填空题' });
    expect(blank!.questions).toHaveLength(2);
    expect(plan).toMatchObject({ questionCount: 6, wantedCount: 9, fullMarks: 28, paperId: null });
    expect(JSON.stringify(plan)).not.toContain('别校的题');
  });

  it('keeps to the knowledge points chosen', async () => {
    const { planId: id } = await ok('teacher', a.generate, {
      settings: settings({ pointIds: [point], rows: [{ type: 'single', count: 10, score: 5 }] }),
      requestKey: 'assistant-0002',
    });
    const plan = await ok('teacher', a.detail, { planId: id });
    const ids = plan.sections[0]!.questions.map((q) => q.id);
    expect(ids.length).toBe(pointed.size);
    expect(ids.every((q) => pointed.has(q))).toBe(true);
  });

  it('换一题 puts another question of the type and band in the same place', async () => {
    const before = await ok('teacher', a.detail, { planId });
    // The first question is an easy one, of which the bank holds more.
    const old = before.sections[0]!.questions[0]!;
    const after = await ok('teacher', a.swap, { planId, questionId: old.id });
    const now = after.sections[0]!.questions;
    expect(now).toHaveLength(4);
    expect(now.map((q) => q.id)).not.toContain(old.id);
    expect(new Set(now.map((q) => q.id)).size).toBe(4);
    const fresh = now[0]!;
    expect(fresh.type).toBe('single');
    expect(bandOf(difficulty.get(fresh.id)!)).toBe(bandOf(old.difficulty));
    expect(now.slice(1).map((q) => q.id)).toEqual(
      before.sections[0]!.questions.slice(1).map((q) => q.id),
    );
  });

  it('saves the plan as a school paper once; then it is no longer swapped', async () => {
    const body = { planId, durationMinutes: 45, requestKey: 'assistant-save-0001' };
    const { paperId } = await ok('teacher', a.save, body);
    expect(
      (await ok('teacher', a.save, { ...body, requestKey: 'assistant-save-0002' })).paperId,
    ).toBe(paperId);
    const plan = await ok('teacher', a.detail, { planId });
    const paper = await ok('teacher', p.detail, { id: paperId });
    expect(paper.title).toBe('函数单元练习');
    expect(paper.sections.map((s) => [s.title, s.questions.map((q) => q.question.id)])).toEqual(
      plan.sections.map((s) => [s.title, s.questions.map((q) => q.id)]),
    );
    expect(paper.fullMarks).toBe(28);
    const swap = await as('teacher', a.swap, {
      planId,
      questionId: plan.sections[0]!.questions[0]!.id,
    });
    expect(swap.body.code).toBe(400);
    const list = await ok('teacher', a.list, { pageNum: 1, pageSize: 10 });
    expect(list.total).toBe(2);
    expect(list.list.find((x) => x.id === planId)).toMatchObject({ paperId });
  });

  it('another user’s or school’s plan answers as missing; bad settings are refused', async () => {
    expect((await as('admin', a.detail, { planId })).body.code).toBe(404);
    expect((await as('lab-admin', a.detail, { planId })).body.code).toBe(404);
    expect((await as('lab-admin', a.swap, { planId, questionId: 1 })).body.code).toBe(404);
    const twice = settings({
      rows: [
        { type: 'single', count: 1, score: 5 },
        { type: 'single', count: 1, score: 5 },
      ],
    });
    expect(
      (await as('teacher', a.generate, { settings: twice, requestKey: 'assistant-0003' })).body
        .code,
    ).toBe(400);
    const none = settings({ subjectCode: 'physics' });
    const reply = await as('teacher', a.generate, { settings: none, requestKey: 'assistant-0004' });
    expect(reply.body).toMatchObject({
      code: 400,
      msg: '题库中没有符合条件的试题，请减少知识点或换个年级再试',
    });
    expect(
      (
        await as('teacher', a.generate, {
          settings: { ...settings(), rows: [] },
          requestKey: 'assistant-0005',
        })
      ).body.code,
    ).toBe(400);
  });

  it('备课组资源 lists the papers of the teachers sharing a grade and subject with the caller', async () => {
    const db = server.db;
    const school = server.seed.demoSchoolId;
    const mine = await db
      .selectFrom('teaching_assignments as ta')
      .innerJoin('classes as c', 'c.id', 'ta.class_id')
      .select(['ta.subject_id', 'c.grade_id', 'ta.academic_year'])
      .where('ta.user_id', '=', users.teacher!)
      .executeTakeFirst();
    const classes = await db
      .selectFrom('classes as c')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select(['c.id', 'c.grade_id'])
      .where('g.school_id', '=', school)
      .execute();
    const year = mine?.academic_year ?? 2026;
    let subject = mine?.subject_id;
    if (!mine) {
      const s = await db
        .selectFrom('subjects')
        .select('id')
        .where('school_id', '=', school)
        .executeTakeFirstOrThrow();
      subject = s.id;
      await db
        .insertInto('teaching_assignments')
        .values({
          school_id: school,
          academic_year: year,
          user_id: users.teacher!,
          class_id: classes[0]!.id,
          subject_id: s.id,
        })
        .execute();
    }
    const grade = mine?.grade_id ?? classes[0]!.grade_id;
    // The director teaches the same subject in the same grade; the admin teaches nothing.
    await db
      .insertInto('teaching_assignments')
      .values({
        school_id: school,
        academic_year: year,
        user_id: users.director!,
        class_id: classes.find((c) => c.grade_id === grade)!.id,
        subject_id: subject!,
      })
      .execute();
    await db.deleteFrom('teaching_assignments').where('user_id', '=', users.admin!).execute();
    const [q] = await db
      .selectFrom('questions')
      .select('id')
      .where('school_id', '=', school)
      .where('type', '=', 'single')
      .where('subject_code', '=', 'math')
      .execute();
    const paperBy = (userId: number, title: string) =>
      insertPaper(
        db,
        { schoolId: school, userId },
        {
          subjectCode: 'math',
          title,
          subtitle: '',
          durationMinutes: 40,
          gradeNum: 10,
          sections: [{ title: '单选题', questions: [{ questionId: q!.id, score: 5 }] }],
        },
        1,
        null,
      );
    await paperBy(users.director!, '备课组同事的试卷');
    await paperBy(users.admin!, '组外的试卷');
    const list = await ok('teacher', p.groupList, { pageNum: 1, pageSize: 50 });
    const titles = list.list.map((x) => x.title);
    expect(titles).toContain('备课组同事的试卷');
    expect(titles).toContain('函数单元练习'); // the teacher's own, saved above
    expect(titles).not.toContain('组外的试卷');
    // The admin, in no 备课组, sees their own papers only.
    const lone = await ok('admin', p.groupList, { pageNum: 1, pageSize: 50 });
    expect(lone.list.map((x) => x.title)).toContain('组外的试卷');
    expect(lone.list.map((x) => x.title)).not.toContain('备课组同事的试卷');
    expect((await ok('lab-admin', p.groupList, { pageNum: 1, pageSize: 50 })).total).toBe(0);
  });
});
