import { randomUUID } from 'node:crypto';
import { markingRoutes } from '@examkit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestServer } from '../test/fixtures';
import { claimTasks } from './claim';
import { registerPapers } from './blocks';
import { createMarkingFixture, type MarkingFixture } from './testing';
import { markingSuite, type Leased } from './testKit';

describe.each(DIALECTS)('online marking on %s', (dialect) => {
  const kit = markingSuite(dialect);
  const { api, ok, openBlock, fetch, submit, paperStates } = kit;
  let server: TestServer;
  beforeAll(() => {
    server = kit.server;
  });

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
