import { randomUUID } from 'node:crypto';
import { markingRoutes, type RouteContract } from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryFileStore } from '../core/files';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';
import { claimTasks } from './assignment';
import { registerPapers } from './blocks';
import { createMarkingFixture, type MarkingFixture } from './testing';

interface Leased {
  taskId: number;
  paperId: number;
  kind: string;
  leaseToken: string;
  marks: { score: number }[];
  studentName: string | null;
}

describe.each(DIALECTS)('online marking on %s', (dialect) => {
  let server: TestServer;
  const files = createMemoryFileStore();

  beforeAll(async () => {
    server = await startTestServer(dialect, { files });
  });
  afterAll(async () => {
    await server.close();
  });

  async function api<T = unknown>(
    token: string,
    contract: RouteContract,
    body: Record<string, unknown>,
  ) {
    const result = await call<T>(server.app, contract, { token, body });
    return result.body;
  }
  async function ok<T>(
    token: string,
    contract: RouteContract,
    body: Record<string, unknown>,
  ): Promise<T> {
    const result = await api<T>(token, contract, body);
    if (result.code !== 200) throw new Error(`${contract.url}: ${result.code} ${result.msg}`);
    return result.data;
  }

  /** A started block over `students` papers with `markers` markers (user 0 is the arbitrator). */
  async function openBlock(
    options: {
      students?: number;
      markers?: number;
      mode?: 'single' | 'double' | 'triple';
      tolerance?: number;
      questions?: 1 | 2;
      distribution?: 'pool' | 'quota';
      quota?: number;
      anonymous?: boolean;
      recheckPercent?: number;
      seeds?: number;
    } = {},
  ) {
    const fx = await createMarkingFixture(server.db, server.clock, {
      schoolId: server.seed.demoSchoolId,
      students: options.students ?? 4,
      markers: (options.markers ?? 3) + 1,
    });
    const [arbitrator, ...markers] = fx.users;
    const questionIds = options.questions === 2 ? fx.questionIds : [fx.questionIds[0]!];
    const { blockId } = await ok<{ blockId: number }>(fx.manager.token, markingRoutes.saveBlock, {
      setup: {
        examSubjectId: fx.examSubjectId,
        name: '第13题',
        questionIds,
        mode: options.mode ?? 'double',
        tolerance: options.tolerance ?? 2,
        scoreStep: 1,
        distribution: options.distribution ?? 'pool',
        anonymous: options.anonymous ?? true,
        guide: '按步骤给分',
        answer: 'x = 2',
        recheckPercent: options.recheckPercent ?? 0,
        markers: markers.map((m) => ({ userId: m.userId, quota: options.quota ?? null })),
        arbitrators: [arbitrator!.userId],
        leaders: [],
      },
    });
    for (const id of fx.studentIds)
      await files.put(
        `crops/${fx.examSubjectId}/${blockId}/${id}.png`,
        Buffer.from([137, 80, 78, 71, id % 256]),
      );
    await ok(fx.manager.token, markingRoutes.registerPapers, {
      blockId,
      papers: [
        ...fx.studentIds.map((studentId) => ({
          studentId,
          cropKey: `crops/${fx.examSubjectId}/${blockId}/${studentId}.png`,
        })),
        ...fx.studentIds.slice(0, options.seeds ?? 0).map((studentId) => ({
          studentId,
          cropKey: `crops/${fx.examSubjectId}/${blockId}/${studentId}.png`,
          seedScore: 6,
        })),
      ],
    });
    await ok(fx.manager.token, markingRoutes.blockState, { blockId, action: 'start' });
    return { fx, blockId, arbitrator: arbitrator!, markers };
  }

  const fetch = (token: string, blockId: number, count = 3, arbitration = false) =>
    ok<{ list: Leased[] }>(token, markingRoutes.fetch, { blockId, count, arbitration }).then(
      (d) => d.list,
    );
  const submit = (token: string, task: Leased, score: number, key: string = randomUUID()) =>
    api<{ duplicate: boolean; score: number }>(token, markingRoutes.submit, {
      taskId: task.taskId,
      leaseToken: task.leaseToken,
      score,
      idempotencyKey: key,
    });

  async function paperStates(blockId: number) {
    return server.db
      .selectFrom('marking_papers')
      .select(['id', 'student_id', 'state', 'final_score_half', 'final_source'])
      .where('block_id', '=', blockId)
      .where('is_seed', '=', 0)
      .orderBy('id')
      .execute();
  }

  it('hands out leased papers, takes each submit once per idempotency key, and never gives a marker the same paper twice', async () => {
    const { blockId, markers } = await openBlock({ students: 3, markers: 2 });
    const [a, b] = markers as [MarkingFixture['manager'], MarkingFixture['manager']];
    const first = await fetch(a.token, blockId, 5);
    expect(first).toHaveLength(3);
    expect(new Set(first.map((t) => t.paperId)).size).toBe(3);
    expect(first.every((t) => t.studentName === null)).toBe(true);
    // Fetching again returns the same live leases instead of new ones.
    expect((await fetch(a.token, blockId, 5)).map((t) => t.taskId)).toEqual(
      first.map((t) => t.taskId),
    );
    const key = randomUUID();
    const once = await submit(a.token, first[0]!, 7, key);
    const again = await submit(a.token, first[0]!, 7, key);
    expect(once.code).toBe(200);
    expect(again).toMatchObject({ code: 200, data: { duplicate: true, score: 7 } });
    const rows = await server.db
      .selectFrom('marking_marks')
      .select('id')
      .where('idempotency_key', '=', key)
      .execute();
    expect(rows).toHaveLength(1);
    // A different key for the same task is refused: the paper is already submitted.
    expect((await submit(a.token, first[0]!, 8)).code).toBe(409);
    for (const t of first.slice(1)) expect((await submit(a.token, t, 5)).code).toBe(200);
    // Marker a has marked every paper once: nothing more for a; b gets the second marks.
    expect(await fetch(a.token, blockId, 5)).toEqual([]);
    const second = await fetch(b.token, blockId, 5);
    expect(second.map((t) => t.paperId).sort()).toEqual(first.map((t) => t.paperId).sort());
  });

  it('serves the crop only to the lease holder, without the student', async () => {
    const { blockId, markers, fx } = await openBlock({ students: 1, markers: 2 });
    const [task] = await fetch(markers[0]!.token, blockId, 1);
    const crop = await ok<{ dataUrl: string }>(markers[0]!.token, markingRoutes.crop, {
      taskId: task!.taskId,
      leaseToken: task!.leaseToken,
    });
    expect(crop.dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    expect(JSON.stringify(crop)).not.toContain(String(fx.studentIds[0]));
    const other = await api(markers[1]!.token, markingRoutes.crop, {
      taskId: task!.taskId,
      leaseToken: task!.leaseToken,
    });
    expect(other.code).toBe(403);
  });

  it('returns an abandoned lease to the pool; a late submit is refused once another marker took it, and reconciled when nobody did', async () => {
    const { blockId, markers } = await openBlock({ students: 2, markers: 3, mode: 'single' });
    const [a, b] = markers;
    const held = await fetch(a!.token, blockId, 2);
    expect(await fetch(b!.token, blockId, 2)).toEqual([]);
    server.clock.advance(6 * 60_000);
    const taken = await fetch(b!.token, blockId, 1);
    expect(taken).toHaveLength(1);
    const stolen = held.find((t) => t.taskId === taken[0]!.taskId)!;
    const kept = held.find((t) => t.taskId !== taken[0]!.taskId)!;
    expect((await submit(a!.token, stolen, 4)).code).toBe(409);
    expect((await submit(b!.token, taken[0]!, 6)).code).toBe(200);
    // The other expired lease was not claimed again: the late submit counts.
    expect((await submit(a!.token, kept, 3)).code).toBe(200);
    const marks = await server.db
      .selectFrom('marking_marks')
      .select(['paper_id', 'score_half'])
      .where('block_id', '=', blockId)
      .orderBy('paper_id')
      .execute();
    expect(marks).toHaveLength(2);
    expect((await paperStates(blockId)).every((p) => p.state === 'done')).toBe(true);
  });

  it('double marking: the rounded mean within the tolerance, arbitration beyond it, created once', async () => {
    const { blockId, markers, arbitrator } = await openBlock({
      students: 2,
      markers: 2,
      tolerance: 2,
    });
    const [a, b] = markers;
    const ta = await fetch(a!.token, blockId, 2);
    const tb = await fetch(b!.token, blockId, 2);
    const byPaper = (list: Leased[], paperId: number) => list.find((t) => t.paperId === paperId)!;
    const [p1, p2] = ta.map((t) => t.paperId) as [number, number];
    // Paper 1: 7 and 8 → mean 7.5 rounds half up to 8. Paper 2: 2 and 9 → arbitration.
    await Promise.all([
      submit(a!.token, byPaper(ta, p1), 7),
      submit(b!.token, byPaper(tb, p1), 8),
      submit(a!.token, byPaper(ta, p2), 2),
      submit(b!.token, byPaper(tb, p2), 9),
    ]);
    const states = await paperStates(blockId);
    expect(states.find((p) => p.id === p1)).toMatchObject({
      state: 'done',
      final_score_half: 16,
      final_source: 'mean',
    });
    expect(states.find((p) => p.id === p2)).toMatchObject({
      state: 'arbitration',
      final_score_half: null,
    });
    const arbitrations = await server.db
      .selectFrom('marking_tasks')
      .select('id')
      .where('paper_id', '=', p2)
      .where('slot', '=', 9)
      .execute();
    expect(arbitrations).toHaveLength(1);
    // Markers cannot fetch arbitration; the arbitrator sees both marks and decides.
    expect(
      (await api(a!.token, markingRoutes.fetch, { blockId, count: 1, arbitration: true })).code,
    ).toBe(403);
    const [arb] = await fetch(arbitrator.token, blockId, 3, true);
    expect(arb).toMatchObject({ paperId: p2, kind: 'arbitration' });
    expect(arb!.marks.map((m) => m.score).sort()).toEqual([2, 9]);
    expect((await submit(arbitrator.token, arb!, 6)).code).toBe(200);
    expect((await paperStates(blockId)).find((p) => p.id === p2)).toMatchObject({
      state: 'done',
      final_score_half: 12,
      final_source: 'arbitration',
    });
  });

  it('triple marking asks a third marker before the arbitrator', async () => {
    const { blockId, markers, arbitrator } = await openBlock({
      students: 2,
      markers: 3,
      mode: 'triple',
      tolerance: 1,
    });
    const [a, b, c] = markers;
    const [ta] = await fetch(a!.token, blockId, 1);
    const [tb] = await fetch(b!.token, blockId, 1);
    expect(tb!.paperId).toBe(ta!.paperId);
    await submit(a!.token, ta!, 2);
    await submit(b!.token, tb!, 8);
    // c gets the third mark of that paper before the other paper's first marks (lower task id first is not required).
    const tc = (await fetch(c!.token, blockId, 3)).find((t) => t.paperId === ta!.paperId)!;
    expect(tc).toBeDefined();
    await submit(c!.token, tc, 7);
    expect((await paperStates(blockId)).find((p) => p.id === ta!.paperId)).toMatchObject({
      state: 'done',
      final_score_half: 16, // 8 and 7 → 7.5 → 8
      final_source: 'third',
    });
    expect(await fetch(arbitrator.token, blockId, 3, true)).toEqual([]);
  });

  it('problem papers leave the pool for the leader; a block cannot finish while papers are unmarked, in arbitration or flagged', async () => {
    const { blockId, markers, fx } = await openBlock({ students: 2, markers: 1, mode: 'single' });
    const [a] = markers;
    const [t1, t2] = await fetch(a!.token, blockId, 2);
    const finish = () =>
      api(fx.manager.token, markingRoutes.blockState, { blockId, action: 'finish' });
    expect((await finish()).code).toBe(409);
    expect(
      (
        await api(a!.token, markingRoutes.flagProblem, {
          taskId: t1!.taskId,
          reason: 'unclear',
          note: '看不清',
        })
      ).code,
    ).toBe(200);
    await submit(a!.token, t2!, 4);
    expect(await fetch(a!.token, blockId, 2)).toEqual([]);
    const problems = await ok<{ list: { paperId: number; problem: { reason: string } }[] }>(
      fx.manager.token,
      markingRoutes.problemList,
      { blockId },
    );
    expect(problems.list).toEqual([
      expect.objectContaining({
        paperId: t1!.paperId,
        problem: expect.objectContaining({ reason: 'unclear' }),
      }),
    ]);
    const refused = await finish();
    expect(refused.code).toBe(409);
    expect(refused.msg).toContain('1 份问题卷');
    // Markers may not resolve; the leader returns it to the pool, it is marked, and the block finishes.
    expect(
      (
        await api(a!.token, markingRoutes.resolve, {
          paperId: t1!.paperId,
          action: 'return',
          idempotencyKey: randomUUID(),
        })
      ).code,
    ).toBe(403);
    await ok(fx.manager.token, markingRoutes.resolve, {
      paperId: t1!.paperId,
      action: 'return',
      idempotencyKey: randomUUID(),
    });
    const [again] = await fetch(a!.token, blockId, 2);
    expect(again!.paperId).toBe(t1!.paperId);
    await submit(a!.token, again!, 9);
    expect(
      await ok(fx.manager.token, markingRoutes.blockState, { blockId, action: 'finish' }),
    ).toEqual({ state: 'finished' });
    expect((await api(a!.token, markingRoutes.fetch, { blockId, count: 1 })).code).toBe(409);
  });

  it('回评: a marker re-scores their own paper and the paper is decided again', async () => {
    const { blockId, markers } = await openBlock({ students: 1, markers: 2, tolerance: 1 });
    const [a, b] = markers;
    const [ta] = await fetch(a!.token, blockId);
    const [tb] = await fetch(b!.token, blockId);
    await submit(a!.token, ta!, 5);
    await submit(b!.token, tb!, 6);
    expect((await paperStates(blockId))[0]).toMatchObject({ state: 'done', final_score_half: 12 });
    const review = await ok<{ list: { taskId: number; canRescore: boolean }[] }>(
      a!.token,
      markingRoutes.reviewList,
      { blockId },
    );
    expect(review.list).toEqual([
      expect.objectContaining({ taskId: ta!.taskId, canRescore: true }),
    ]);
    const key = randomUUID();
    await ok(a!.token, markingRoutes.rescore, {
      taskId: ta!.taskId,
      score: 1,
      idempotencyKey: key,
    });
    await ok(a!.token, markingRoutes.rescore, {
      taskId: ta!.taskId,
      score: 1,
      idempotencyKey: key,
    });
    expect((await paperStates(blockId))[0]).toMatchObject({
      state: 'arbitration',
      final_score_half: null,
    });
    await ok(a!.token, markingRoutes.rescore, {
      taskId: ta!.taskId,
      score: 6,
      idempotencyKey: randomUUID(),
    });
    expect((await paperStates(blockId))[0]).toMatchObject({ state: 'done', final_score_half: 12 });
    expect(
      (
        await api(b!.token, markingRoutes.rescore, {
          taskId: ta!.taskId,
          score: 6,
          idempotencyKey: randomUUID(),
        })
      ).code,
    ).toBe(403);
    const arbitration = await server.db
      .selectFrom('marking_tasks')
      .select('state')
      .where('slot', '=', 9)
      .where('block_id', '=', blockId)
      .execute();
    expect(arbitration).toEqual([{ state: 'cancelled' }]);
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

  it('a paused block hands out nothing but takes submits of leased papers', async () => {
    const { blockId, markers, fx } = await openBlock({ students: 2, markers: 1, mode: 'single' });
    const [held] = await fetch(markers[0]!.token, blockId, 1);
    await ok(fx.manager.token, markingRoutes.blockState, { blockId, action: 'pause' });
    expect((await api(markers[0]!.token, markingRoutes.fetch, { blockId, count: 1 })).code).toBe(
      409,
    );
    expect((await submit(markers[0]!.token, held!, 3)).code).toBe(200);
    await ok(fx.manager.token, markingRoutes.blockState, { blockId, action: 'start' });
    expect(await fetch(markers[0]!.token, blockId, 2)).toHaveLength(1);
  });

  it('quota distribution stops a marker at their quota', async () => {
    const { blockId, markers } = await openBlock({
      students: 4,
      markers: 2,
      mode: 'single',
      distribution: 'quota',
      quota: 1,
    });
    const [a] = markers;
    const got = await fetch(a!.token, blockId, 3);
    expect(got).toHaveLength(1);
    await submit(a!.token, got[0]!, 3);
    expect(await fetch(a!.token, blockId, 3)).toEqual([]);
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

  it('registerPapers joins a caller’s transaction (the scan domain’s), and a paper registered again gets the new crop', async () => {
    const { blockId, fx, markers } = await openBlock({ students: 2, markers: 1, mode: 'single' });
    const extra = await createMarkingFixture(server.db, server.clock, {
      schoolId: server.seed.demoSchoolId,
      students: 1,
      markers: 0,
    });
    await server.db.transaction().execute(async (trx) => {
      await registerPapers(trx, server.clock, blockId, [
        { studentId: extra.studentIds[0]!, cropKey: 'crops/x/new.png' },
        { studentId: fx.studentIds[0]!, cropKey: 'crops/x/again.png' },
      ]);
    });
    const papers = await server.db
      .selectFrom('marking_papers')
      .select(['student_id', 'crop_key'])
      .where('block_id', '=', blockId)
      .orderBy('id')
      .execute();
    expect(papers).toHaveLength(3);
    expect(papers[0]!.crop_key).toBe('crops/x/again.png');
    expect(await fetch(markers[0]!.token, blockId, 5)).toHaveLength(3);
  });

  it('claimTasks: concurrent claims take disjoint papers (dialect branch)', async () => {
    const { blockId, markers } = await openBlock({ students: 30, markers: 6, mode: 'single' });
    const claims = await Promise.all(
      markers.map((m) =>
        claimTasks(server.db, server.clock, { blockId, userId: m.userId, count: 5 }),
      ),
    );
    const ids = claims.flat().map((c) => c.taskId);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
  });
});
