import { randomUUID } from 'node:crypto';
import { markingRoutes, type RouteContract } from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryFileStore } from '../core/files';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';
import type { SeedPaper } from './seeds';
import { createMarkingFixture } from './testing';

interface Leased {
  taskId: number;
  paperId: number;
  leaseToken: string;
}
interface Option {
  paperId: number;
  studentId: number;
  studentName: string | null;
  studentNo: string | null;
  state: string;
  finalScore: number | null;
  seeded: boolean;
}

describe.each(DIALECTS)('hidden seed papers (隐藏样卷) on %s', (dialect) => {
  let server: TestServer;
  const files = createMemoryFileStore();

  beforeAll(async () => {
    server = await startTestServer(dialect, { files });
  });
  afterAll(async () => {
    await server.close();
  });

  const api = async <T = unknown>(
    token: string,
    contract: RouteContract,
    body: Record<string, unknown>,
  ) => (await call<T>(server.app, contract, { token, body })).body;
  async function ok<T>(token: string, contract: RouteContract, body: Record<string, unknown>) {
    const result = await api<T>(token, contract, body);
    if (result.code !== 200) throw new Error(`${contract.url}: ${result.code} ${result.msg}`);
    return result.data;
  }

  /**
   * A single-question (10 points, step 1) double-marking block of `students` papers: markers
   * a and b, a leader who is no manager; started unless `start` is false.
   */
  async function block(options: { students?: number; start?: boolean; recheck?: number } = {}) {
    const fx = await createMarkingFixture(server.db, server.clock, {
      schoolId: server.seed.demoSchoolId,
      students: options.students ?? 4,
      markers: 3,
    });
    const [leader, a, b] = fx.users as [
      (typeof fx.users)[0],
      (typeof fx.users)[0],
      (typeof fx.users)[0],
    ];
    const { blockId } = await ok<{ blockId: number }>(fx.manager.token, markingRoutes.saveBlock, {
      setup: {
        examSubjectId: fx.examSubjectId,
        name: '第2题',
        questionIds: [fx.questionIds[0]],
        mode: 'double',
        tolerance: 2,
        scoreStep: 1,
        distribution: 'pool',
        recheckPercent: options.recheck ?? 0,
        markers: [{ userId: a.userId }, { userId: b.userId }],
        arbitrators: [leader.userId],
        leaders: [leader.userId],
      },
    });
    await ok(fx.manager.token, markingRoutes.registerPapers, {
      blockId,
      papers: fx.studentIds.map((studentId) => ({
        studentId,
        cropKey: `crops/${fx.examSubjectId}/${blockId}/${studentId}.png`,
      })),
    });
    if (options.start !== false)
      await ok(fx.manager.token, markingRoutes.blockState, { blockId, action: 'start' });
    return { fx, blockId, leader, a, b };
  }

  const seeds = (token: string, blockId: number) =>
    ok<{ list: SeedPaper[] }>(token, markingRoutes.seeds, { blockId }).then((d) => d.list);
  const search = (token: string, blockId: number, extra: Record<string, unknown> = {}) =>
    ok<{ list: Option[] }>(token, markingRoutes.searchPapers, { blockId, ...extra }).then(
      (d) => d.list,
    );
  const fetch = (token: string, blockId: number, count = 5) =>
    ok<{ list: Leased[] }>(token, markingRoutes.fetch, { blockId, count }).then((d) => d.list);
  const submit = (token: string, task: Leased, score: number) =>
    api(token, markingRoutes.submit, {
      taskId: task.taskId,
      leaseToken: task.leaseToken,
      score,
      idempotencyKey: randomUUID(),
    });

  it('registering a seed paper again corrects its known score and crop', async () => {
    const { blockId, fx, leader } = await block({ start: false });
    const register = (seedScore: number, cropKey: string) =>
      ok(fx.manager.token, markingRoutes.registerPapers, {
        blockId,
        papers: [{ studentId: fx.studentIds[0], cropKey, seedScore }],
      });
    await register(4, 'crops/seed-a.png');
    await register(7, 'crops/seed-b.png');
    const list = await seeds(leader.token, blockId);
    expect(list.map((x) => [x.studentId, x.seedScore])).toEqual([[fx.studentIds[0], 7]]);
    const row = await server.db
      .selectFrom('marking_papers')
      .select('crop_key')
      .where('block_id', '=', blockId)
      .where('is_seed', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row.crop_key).toBe('crops/seed-b.png');
  });

  it('saves the re-check share and block/get loads it back', async () => {
    const { blockId, fx } = await block({ recheck: 15, start: false });
    const saved = await ok<{ recheckPercent: number }>(fx.manager.token, markingRoutes.getBlock, {
      blockId,
    });
    expect(saved.recheckPercent).toBe(15);
    const tooMuch = await api(fx.manager.token, markingRoutes.saveBlock, {
      blockId,
      setup: {
        examSubjectId: fx.examSubjectId,
        name: '第2题',
        questionIds: [fx.questionIds[0]],
        mode: 'single',
        tolerance: 0,
        scoreStep: 1,
        distribution: 'pool',
        recheckPercent: 51,
        markers: [{ userId: fx.users[1]!.userId }],
      },
    });
    expect(tooMuch.code).toBe(400);
  });

  it('the leader finds a paper by exam number or name and makes it a seed that every marker gets once', async () => {
    const { blockId, leader, a, b } = await block();
    const byName = await search(leader.token, blockId, { keyword: '考生2' });
    expect(byName.map((p) => p.studentName)).toEqual(['考生2']);
    const studentNo = byName[0]!.studentNo!;
    const byNumber = await search(leader.token, blockId, { keyword: studentNo.slice(-4) });
    expect(byNumber.map((p) => p.studentNo)).toContain(studentNo);
    // LIKE wildcards in the keyword are taken literally.
    expect(await search(leader.token, blockId, { keyword: '%' })).toEqual([]);
    expect(await search(leader.token, blockId)).toHaveLength(4);

    const source = byName[0]!;
    const added = await ok<{ paperId: number }>(leader.token, markingRoutes.addSeed, {
      blockId,
      paperId: source.paperId,
      seedScore: 6,
    });
    expect(added.paperId).not.toBe(source.paperId);
    expect(await seeds(leader.token, blockId)).toEqual([
      expect.objectContaining({
        paperId: added.paperId,
        studentId: source.studentId,
        studentName: '考生2',
        studentNo,
        seedScore: 6,
        assigned: 2,
        marked: 0,
        exact: 0,
      }),
    ]);
    const after = await search(leader.token, blockId, { keyword: '考生2' });
    expect(after[0]).toMatchObject({ paperId: source.paperId, seeded: true });
    // One seed per student; the score keeps full marks and the step.
    const twice = await api(leader.token, markingRoutes.addSeed, {
      blockId,
      paperId: source.paperId,
      seedScore: 5,
    });
    expect(twice.code).toBe(409);
    const other = (await search(leader.token, blockId, { keyword: '考生3' }))[0]!;
    for (const seedScore of [11, 6.5]) {
      const bad = await api(leader.token, markingRoutes.addSeed, {
        blockId,
        paperId: other.paperId,
        seedScore,
      });
      expect(bad.code).toBe(400);
      expect(bad.msg).toBe('样卷分数须在 0–10 分之间，且为 1 分的倍数');
    }
    // A seed is not a source, and a paper of another block is not found.
    expect(
      (
        await api(leader.token, markingRoutes.addSeed, {
          blockId,
          paperId: added.paperId,
          seedScore: 6,
        })
      ).code,
    ).toBe(404);
    const elsewhere = await block({ students: 1 });
    const foreignPaper = (await search(elsewhere.leader.token, elsewhere.blockId))[0]!;
    expect(
      (
        await api(leader.token, markingRoutes.addSeed, {
          blockId,
          paperId: foreignPaper.paperId,
          seedScore: 6,
        })
      ).code,
    ).toBe(404);

    // Both markers mark everything: a gives 6 (the known score), b gives 8.
    for (const [m, score] of [
      [a, 6],
      [b, 8],
    ] as const) {
      for (;;) {
        const list = await fetch(m.token, blockId);
        if (list.length === 0) break;
        for (const t of list) expect((await submit(m.token, t, score)).code).toBe(200);
      }
    }
    expect(await seeds(leader.token, blockId)).toEqual([
      expect.objectContaining({ seedScore: 6, assigned: 2, marked: 2, exact: 1 }),
    ]);
    const quality = await ok<{
      markers: { userId: number; seeds: number; seedExactShare: number; seedMeanError: number }[];
    }>(leader.token, markingRoutes.quality, { blockId });
    expect(quality.markers.find((m) => m.userId === a.userId)).toMatchObject({
      seeds: 1,
      seedExactShare: 1,
      seedMeanError: 0,
    });
    expect(quality.markers.find((m) => m.userId === b.userId)).toMatchObject({
      seeds: 1,
      seedExactShare: 0,
      seedMeanError: 2,
    });
    // The seed counts towards no progress: 4 papers, all done.
    const progress = await ok<{ papers: { total: number; done: number } }>(
      leader.token,
      markingRoutes.progress,
      { blockId },
    );
    expect(progress.papers).toMatchObject({ total: 4, done: 4 });
    // Marked seeds stay.
    const removal = await api(leader.token, markingRoutes.removeSeed, { paperId: added.paperId });
    expect(removal.code).toBe(409);
    expect(removal.msg).toBe('已有阅卷老师评过该样卷，不能删除');
    expect(await seeds(leader.token, blockId)).toHaveLength(1);
    // Done papers only, with their final score to start from.
    const done = await search(leader.token, blockId, { done: true, limit: 2 });
    expect(done).toHaveLength(2);
    expect(done.every((p) => p.state === 'done' && p.finalScore === 7)).toBe(true);
  });

  it('removes a seed nobody marked; a seed a marker is holding stays until the lease is gone', async () => {
    const { blockId, leader, a, fx } = await block({ students: 2, start: false });
    const [first, second] = await search(leader.token, blockId);
    const before = await ok<{ paperId: number }>(leader.token, markingRoutes.addSeed, {
      blockId,
      paperId: first!.paperId,
      seedScore: 3,
    });
    // Not started: no marker has it yet.
    expect((await seeds(leader.token, blockId))[0]).toMatchObject({ assigned: 0, marked: 0 });
    await ok(leader.token, markingRoutes.removeSeed, { paperId: before.paperId });
    expect(await seeds(leader.token, blockId)).toEqual([]);
    // A student paper is not a seed.
    expect(
      (await api(leader.token, markingRoutes.removeSeed, { paperId: first!.paperId })).code,
    ).toBe(400);

    const held = await ok<{ paperId: number }>(leader.token, markingRoutes.addSeed, {
      blockId,
      paperId: second!.paperId,
      seedScore: 4,
    });
    await ok(fx.manager.token, markingRoutes.blockState, { blockId, action: 'start' });
    expect((await seeds(leader.token, blockId))[0]).toMatchObject({ assigned: 2 });
    // Marker a takes every paper of theirs, the seed among them, and holds it.
    const leased = await fetch(a.token, blockId, 10);
    expect(leased.map((t) => t.paperId)).toContain(held.paperId);
    const busy = await api(leader.token, markingRoutes.removeSeed, { paperId: held.paperId });
    expect(busy.code).toBe(409);
    expect(busy.msg).toBe('有阅卷老师正在评阅该样卷，请稍后再删除');
    // The lease runs out: the seed goes, with the other marker's waiting task.
    server.clock.advance(6 * 60_000);
    await ok(leader.token, markingRoutes.removeSeed, { paperId: held.paperId });
    expect(await seeds(leader.token, blockId)).toEqual([]);
    const tasks = await server.db
      .selectFrom('marking_tasks')
      .select('id')
      .where('paper_id', '=', held.paperId)
      .execute();
    expect(tasks).toEqual([]);
    // Once the block is finished nothing changes: no more seeds.
    const finished = await block({ students: 1 });
    for (const m of [finished.a, finished.b])
      for (const t of await fetch(m.token, finished.blockId)) await submit(m.token, t, 5);
    await ok(finished.fx.manager.token, markingRoutes.blockState, {
      blockId: finished.blockId,
      action: 'finish',
    });
    const paper = (await search(finished.leader.token, finished.blockId))[0]!;
    const late = await api(finished.leader.token, markingRoutes.addSeed, {
      blockId: finished.blockId,
      paperId: paper.paperId,
      seedScore: 5,
    });
    expect(late.code).toBe(409);
  });

  it('keeps seeds to the block’s leader and managers of the school', async () => {
    const { blockId, leader, a } = await block({ students: 1 });
    const paper = (await search(leader.token, blockId))[0]!;
    const seed = await ok<{ paperId: number }>(leader.token, markingRoutes.addSeed, {
      blockId,
      paperId: paper.paperId,
      seedScore: 2,
    });
    // A marker of the block may not see or change seeds.
    expect((await api(a.token, markingRoutes.seeds, { blockId })).code).toBe(403);
    expect((await api(a.token, markingRoutes.searchPapers, { blockId })).code).toBe(403);
    expect(
      (await api(a.token, markingRoutes.addSeed, { blockId, paperId: paper.paperId, seedScore: 1 }))
        .code,
    ).toBe(403);
    expect((await api(a.token, markingRoutes.removeSeed, { paperId: seed.paperId })).code).toBe(
      403,
    );
    // Another school's administrator finds nothing.
    const lab = await signIn(server.app, 'lab-admin');
    expect((await api(lab.token, markingRoutes.seeds, { blockId })).code).toBe(404);
    expect((await api(lab.token, markingRoutes.searchPapers, { blockId })).code).toBe(404);
    expect(
      (
        await api(lab.token, markingRoutes.addSeed, {
          blockId,
          paperId: paper.paperId,
          seedScore: 1,
        })
      ).code,
    ).toBe(404);
    expect((await api(lab.token, markingRoutes.removeSeed, { paperId: seed.paperId })).code).toBe(
      404,
    );
    expect(await seeds(leader.token, blockId)).toHaveLength(1);
  });
});
