import { randomUUID } from 'node:crypto';
import { markingRoutes } from '@examkit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, signIn, type TestServer } from '../test/fixtures';
import { createMarkingFixture } from './testing';
import { markingSuite } from './testKit';

describe.each(DIALECTS)('online marking results and monitoring on %s', (dialect) => {
  const kit = markingSuite(dialect);
  const { api, ok, openBlock, fetch, submit, paperStates } = kit;
  let server: TestServer;
  beforeAll(() => {
    server = kit.server;
  });

  it('finishing the subject combines objective and subjective scores; refresh_report and resetExamResultDetailAnswer', async () => {
    const { blockId, markers, fx } = await openBlock({
      students: 2,
      markers: 1,
      mode: 'single',
      questions: 2,
    });
    const [a] = markers;
    const tasks = await fetch(a!.token, blockId, 2);
    // Two questions: one score per question (10 and 5 points, step 1).
    expect((await submit(a!.token, tasks[0]!, 7)).code).toBe(400);
    for (const t of tasks)
      await ok(a!.token, markingRoutes.submit, {
        taskId: t.taskId,
        leaseToken: t.leaseToken,
        parts: [7, 3],
        idempotencyKey: randomUUID(),
      });
    expect(
      (
        await api(fx.manager.token, markingRoutes.finishSubject, {
          examSubjectId: fx.examSubjectId,
        })
      ).code,
    ).toBe(409);
    await ok(fx.manager.token, markingRoutes.blockState, { blockId, action: 'finish' });
    expect(
      await ok(fx.manager.token, markingRoutes.finishSubject, { examSubjectId: fx.examSubjectId }),
    ).toEqual({ students: 2 });
    const totals = await server.db
      .selectFrom('exam_subject_totals')
      .select(['student_id', 'score'])
      .where('exam_subject_id', '=', fx.examSubjectId)
      .orderBy('student_id')
      .execute();
    expect(totals.map((t) => Number(t.score))).toEqual([15, 15]); // 5 objective + 7 + 3
    const scores = await server.db
      .selectFrom('exam_scores')
      .select(['question_id', 'score', 'source'])
      .where('student_id', '=', fx.studentIds[0]!)
      .orderBy('question_id')
      .execute();
    expect(scores.map((s) => [s.question_id, Number(s.score), s.source])).toEqual([
      [fx.objectiveQuestionId, 5, 'objective'],
      [fx.questionIds[0], 7, 'marking'],
      [fx.questionIds[1], 3, 'marking'],
    ]);
    const examTotals = await server.db
      .selectFrom('marking_exam_totals')
      .select(['total_half'])
      .where('exam_id', '=', fx.examId)
      .execute();
    expect(examTotals.map((t) => t.total_half)).toEqual([30, 30]);
    // A leader's re-mark after finishing is refused on a finished block; a reset reopens marking for one student.
    const reset = await ok(fx.manager.token, markingRoutes.resetAnswer, {
      examSubjectId: fx.examSubjectId,
      studentId: fx.studentIds[0],
    });
    expect(reset).toEqual({ papers: 1 });
    const after = await server.db
      .selectFrom('exam_subject_totals')
      .select('score')
      .where('exam_subject_id', '=', fx.examSubjectId)
      .where('student_id', '=', fx.studentIds[0]!)
      .executeTakeFirst();
    expect(Number(after?.score)).toBe(5);
    await ok(fx.manager.token, markingRoutes.blockState, { blockId, action: 'start' });
    const [again] = await fetch(a!.token, blockId, 2);
    expect(again).toBeDefined();
    await ok(a!.token, markingRoutes.submit, {
      taskId: again!.taskId,
      leaseToken: again!.leaseToken,
      parts: [10, 5],
      idempotencyKey: randomUUID(),
    });
    await ok(fx.manager.token, markingRoutes.blockState, { blockId, action: 'finish' });
    expect(await ok(fx.manager.token, markingRoutes.refreshReport, { examId: fx.examId })).toEqual({
      subjects: 1,
      students: 2,
    });
    const refreshed = await server.db
      .selectFrom('marking_exam_totals')
      .select(['student_id', 'total_half'])
      .where('exam_id', '=', fx.examId)
      .orderBy('student_id')
      .execute();
    expect(refreshed.map((t) => t.total_half)).toEqual([40, 30]);
  });

  it('monitoring: progress, quality with re-checks and seeds, checkPaper, random check, samples', async () => {
    const { blockId, markers, fx } = await openBlock({
      students: 4,
      markers: 2,
      tolerance: 1,
      recheckPercent: 50,
      seeds: 1,
    });
    const [a, b] = markers;
    for (const m of [a!, b!]) {
      for (;;) {
        const list = await fetch(m.token, blockId, 3);
        if (list.length === 0) break;
        for (const t of list) await submit(m.token, t, m === a ? 6 : 7);
      }
    }
    const progress = await ok<{
      papers: { done: number; total: number };
      markers: { marked: number }[];
      estimatedFinishAt: number | null;
    }>(fx.manager.token, markingRoutes.progress, { blockId });
    expect(progress.papers).toMatchObject({ total: 4, done: 4 });
    expect(progress.markers.map((m) => m.marked)).toEqual([0, 4, 4]); // the arbitrator, then the markers
    const quality = await ok<{
      block: { mean: number; count: number };
      markers: {
        mean: number;
        seeds: number;
        seedExactShare: number | null;
        rechecks: number;
        recheckSameShare: number | null;
        disagreementRate: number | null;
      }[];
    }>(fx.manager.token, markingRoutes.quality, { blockId });
    expect(quality.block).toMatchObject({ count: 8, mean: 6.5 });
    expect(quality.markers[0]).toMatchObject({
      mean: 6,
      seeds: 1,
      seedExactShare: 1,
      disagreementRate: 0,
    });
    expect(quality.markers[1]).toMatchObject({ mean: 7, seeds: 1, seedExactShare: 0 });
    expect(quality.markers.reduce((n, m) => n + m.rechecks, 0)).toBeGreaterThan(0);
    expect(quality.markers.every((m) => m.rechecks === 0 || m.recheckSameShare === 1)).toBe(true);
    const check = await ok<{
      list: { studentId: number; marks: { userId: number; score: number }[] }[];
    }>(fx.manager.token, markingRoutes.checkPaper, { blockId, studentId: fx.studentIds[0] });
    expect(check.list).toHaveLength(1);
    expect(check.list[0]!.marks.filter((m) => m.score !== undefined).length).toBeGreaterThanOrEqual(
      2,
    );
    const sample = await ok<{ list: unknown[] }>(fx.manager.token, markingRoutes.randomCheck, {
      blockId,
      count: 2,
    });
    expect(sample.list).toHaveLength(2);
    const paperId = (await paperStates(blockId))[0]!.id;
    await ok(a!.token, markingRoutes.sample, { paperId, kind: 'exemplary', note: '步骤完整' });
    expect(
      (await ok<{ list: unknown[] }>(b!.token, markingRoutes.samples, { blockId })).list,
    ).toHaveLength(1);
    // Markers do not see monitoring.
    expect((await api(a!.token, markingRoutes.progress, { blockId })).code).toBe(403);
  });

  it('组长改分: a leader sets a paper’s final score with a reason, once per key, within full marks and step, shown in checkPaper', async () => {
    const { blockId, markers, fx } = await openBlock({ students: 2, markers: 2, mode: 'double' });
    const [a, b] = markers;
    const [ta] = await fetch(a!.token, blockId, 1);
    const tbs = await fetch(b!.token, blockId, 2);
    const tb = tbs.find((t) => t.paperId === ta!.paperId)!;
    await submit(a!.token, ta!, 7);
    await submit(b!.token, tb, 8);
    const paperId = ta!.paperId;
    // Give the block a leader: the first marker of another fixture.
    const lead = await createMarkingFixture(server.db, server.clock, {
      schoolId: server.seed.demoSchoolId,
      students: 0,
      markers: 1,
    });
    const leader = lead.users[0]!;
    await server.db
      .insertInto('marking_block_users')
      .values({ block_id: blockId, user_id: leader.userId, role: 'leader', quota: null })
      .execute();
    const remark = (token: string, body: Record<string, unknown>) =>
      api<{ paperId: number; score: number; duplicate: boolean }>(token, markingRoutes.remark, {
        paperId,
        reason: '漏看第二步',
        idempotencyKey: randomUUID(),
        ...body,
      });
    // Markers may not; the score must respect full marks (10) and the step (1 point).
    expect((await remark(a!.token, { score: 9 })).code).toBe(403);
    expect((await remark(leader.token, { score: 11 })).code).toBe(400);
    expect((await remark(leader.token, { score: 8.5 })).code).toBe(400);
    expect((await remark(leader.token, { score: 8, reason: '' })).code).toBe(400);
    expect((await remark(leader.token, { score: 8, reason: '   ' })).code).toBe(400);
    const key = randomUUID();
    const first = await remark(leader.token, { score: 9, idempotencyKey: key });
    expect(first.code).toBe(200);
    expect(first.data).toEqual({ paperId, score: 9, duplicate: false });
    const retry = await remark(leader.token, { score: 9, idempotencyKey: key });
    expect(retry.data).toEqual({ paperId, score: 9, duplicate: true });
    // A manager may re-mark too; the later mark wins.
    expect((await remark(fx.manager.token, { score: 10, reason: '满分' })).code).toBe(200);
    const leaderMarks = await server.db
      .selectFrom('marking_marks')
      .select(['user_id', 'score_half', 'reason'])
      .where('paper_id', '=', paperId)
      .where('kind', '=', 'leader')
      .orderBy('id')
      .execute();
    expect(leaderMarks).toEqual([
      { user_id: leader.userId, score_half: 18, reason: '漏看第二步' },
      { user_id: fx.manager.userId, score_half: 20, reason: '满分' },
    ]);
    const checked = await ok<{
      list: {
        paperId: number;
        finalScore: number;
        finalSource: string;
        marks: { kind: string; userId: number; score: number; at: number; reason: string | null }[];
      }[];
    }>(fx.manager.token, markingRoutes.checkPaper, {
      blockId,
      studentId: (await paperStates(blockId)).find((p) => p.id === paperId)!.student_id,
    });
    const paper = checked.list.find((p) => p.paperId === paperId)!;
    expect(paper).toMatchObject({ finalScore: 10, finalSource: 'leader' });
    expect(paper.marks.map((m) => [m.kind, m.score, m.reason])).toEqual([
      ['mark', 7, null],
      ['mark', 8, null],
      ['leader', 9, '漏看第二步'],
      ['leader', 10, '满分'],
    ]);
    expect(paper.marks[2]).toMatchObject({ userId: leader.userId, at: expect.any(Number) });
    // Another school's caller does not find the paper; a finished block refuses.
    const lab = await signIn(server.app, 'lab-admin');
    expect((await remark(lab.token, { score: 5 })).code).toBe(404);
    const [rest] = await fetch(a!.token, blockId, 1);
    await submit(a!.token, rest!, 5);
    await submit(
      b!.token,
      tbs.find((t) => t.paperId !== paperId)!,
      5,
    );
    await ok(fx.manager.token, markingRoutes.blockState, { blockId, action: 'finish' });
    expect((await remark(leader.token, { score: 5 })).code).toBe(409);
  });

  it('refuses another school’s block and callers without Exam-Wuhen', async () => {
    const { blockId, fx } = await openBlock({ students: 1, markers: 1, mode: 'single' });
    const lab = await signIn(server.app, 'lab-admin');
    expect((await api(lab.token, markingRoutes.getBlock, { blockId })).code).toBe(404);
    expect((await api(lab.token, markingRoutes.fetch, { blockId, count: 1 })).code).toBe(404);
    expect((await api(lab.token, markingRoutes.refreshReport, { examId: fx.examId })).code).toBe(
      404,
    );
    const foreign = await api(lab.token, markingRoutes.saveBlock, {
      setup: {
        examSubjectId: fx.examSubjectId,
        name: '外校',
        questionIds: [fx.questionIds[0]],
        mode: 'single',
        tolerance: 0,
        scoreStep: 1,
        distribution: 'pool',
        markers: [],
      },
    });
    expect(foreign.code).toBe(404);
    // A grading teacher of the school who is not on the block gets nothing from it: for them
    // the block does not exist.
    const outsider = await createMarkingFixture(server.db, server.clock, {
      schoolId: server.seed.demoSchoolId,
      students: 0,
      markers: 1,
    });
    const outside = await api(outsider.users[0]!.token, markingRoutes.fetch, { blockId, count: 1 });
    expect([outside.code, outside.msg]).toEqual([404, '阅卷题块不存在']);
    const teacher = await signIn(server.app, 'teacher');
    expect((await api(teacher.token, markingRoutes.list, {})).code).toBe(403);
  });
});
