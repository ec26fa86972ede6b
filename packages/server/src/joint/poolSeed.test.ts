import { jointPoolRoutes, markingRoutes, type DataOf, type UserInfo } from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryFileStore } from '../core/files';
import { DIALECTS, startTestServer, userIdOf, type TestServer, userCalls } from '../test/fixtures';
import {
  jointMathExam,
  savePoolBlock,
  schoolName,
  signInPoolUsers,
  studentsOf,
  type Leased,
  type Student,
} from './poolTestKit';

type Seeds = DataOf<typeof jointPoolRoutes.jointPoolSeeds>;
type Papers = DataOf<typeof jointPoolRoutes.jointPoolSeedPapers>;
type Quality = DataOf<typeof jointPoolRoutes.jointPoolMonitorQuality>;
type Progress = DataOf<typeof jointPoolRoutes.jointPoolMonitorProgress>;
type Blocks = DataOf<typeof jointPoolRoutes.jointPoolBlocks>;

const key = (n: number) => `0000000e-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * 隐藏样卷 and 任务量 on a pool block (docs/marking.md "Joint exams"): the organiser or the
 * block's 组长 picks papers of any school without their student, adds and removes seeds; every
 * marker gets a seed once and the pool's 阅卷质量 reports 样本卷准确率; a block's quotas show in
 * the organiser's blocks and in 阅卷进度.
 */
describe.each(DIALECTS)('统一阅卷: seeds and quotas of a pool block on %s', (dialect) => {
  let server: TestServer;
  const files = createMemoryFileStore();
  let users: Awaited<ReturnType<typeof signInPoolUsers>>;
  let jointExamId: number;
  let blockId: number;
  let lab1: Student;
  let lab2: Student;
  let demo1: Student;
  let demoName: string;
  let labName: string;
  const paperIds = new Map<number, number>();
  const { answer: as, ok } = userCalls(() => server);

  beforeAll(async () => {
    server = await startTestServer(dialect, { files });
    const { demoSchoolId, labSchoolId } = server.seed;
    users = await signInPoolUsers(server);
    const examOf = new Map<number, number>();
    const joint = await jointMathExam(server, users.bureau, {
      idempotencyKey: 'joint-pool-seed-1',
      name: '高一联考（统一阅卷样卷）',
      pool: true,
      examOf,
      subjectOf: new Map(),
    });
    jointExamId = joint.id;
    blockId = await savePoolBlock(server, users.bureau, joint.id, {
      markers: [
        { userId: await userIdOf(server.db, demoSchoolId, 'grader') },
        { userId: await userIdOf(server.db, labSchoolId, 'multi') },
      ],
      leaders: [await userIdOf(server.db, demoSchoolId, 'teacher')],
    });
    [lab1, lab2] = (await studentsOf(server, examOf.get(labSchoolId)!, 2)) as [Student, Student];
    [demo1] = (await studentsOf(server, examOf.get(demoSchoolId)!, 1)) as [Student];
    demoName = await schoolName(server, demoSchoolId);
    labName = await schoolName(server, labSchoolId);
    await files.put('crops/seed/lab1.png', Buffer.from('lab-one'));
    await files.put('crops/seed/lab2.png', Buffer.from('lab-two'));
    await files.put('crops/seed/demo1.png', Buffer.from('demo-one'));
    await ok(users.bureau, jointPoolRoutes.jointPoolPapers, {
      blockId,
      papers: [
        { studentId: lab1.id, cropKey: 'crops/seed/lab1.png' },
        { studentId: lab2.id, cropKey: 'crops/seed/lab2.png' },
        { studentId: demo1.id, cropKey: 'crops/seed/demo1.png' },
      ],
    });
    for (const s of [lab1, lab2, demo1]) {
      const row = await server.db
        .selectFrom('marking_papers')
        .select('id')
        .where('block_id', '=', blockId)
        .where('student_id', '=', s.id)
        .executeTakeFirstOrThrow();
      paperIds.set(s.id, row.id);
    }
  });

  afterAll(async () => {
    await server?.close();
  });

  const noStudent = (data: unknown) => {
    const text = JSON.stringify(data);
    for (const s of [lab1, lab2, demo1]) {
      expect(text).not.toContain(s.name);
      expect(text).not.toContain(s.student_no);
    }
    expect(text).not.toContain(labName);
    expect(text).not.toContain(demoName);
  };

  let seedId: number;

  it('the organiser picks a paper of the other school without its student, looks at it and makes it a seed', async () => {
    const found = await ok<Papers>(users.bureau, jointPoolRoutes.jointPoolSeedPapers, {
      blockId,
    });
    expect(found.list.map((p) => [p.paperId, p.studentId, p.studentName, p.studentNo])).toEqual(
      [lab1, lab2, demo1].map((s) => [paperIds.get(s.id), 0, null, null]),
    );
    noStudent(found);
    const crop = await ok<{ dataUrl: string }>(users.bureau, jointPoolRoutes.jointPoolPaperCrop, {
      paperId: paperIds.get(lab1.id),
    });
    expect(Buffer.from(crop.dataUrl.split(',')[1]!, 'base64').toString()).toBe('lab-one');

    ({ paperId: seedId } = await ok<{ paperId: number }>(
      users.bureau,
      jointPoolRoutes.jointPoolSeedAdd,
      { blockId, paperId: paperIds.get(lab1.id), seedScore: 8 },
    ));
    const seeds = await ok<Seeds>(users.bureau, jointPoolRoutes.jointPoolSeeds, { blockId });
    expect(seeds.list).toMatchObject([
      { paperId: seedId, studentId: 0, studentName: null, studentNo: null, seedScore: 8 },
    ]);
    expect(seeds.list[0]!.assigned).toBe(0);
    noStudent(seeds);
    // The paper now shows as a seed; the same student twice is refused, retries write nothing.
    const again = await ok<Papers>(users.bureau, jointPoolRoutes.jointPoolSeedPapers, {
      blockId,
    });
    expect(again.list.map((p) => p.seeded)).toEqual([true, false, false]);
    const twice = await as(users.bureau, jointPoolRoutes.jointPoolSeedAdd, {
      blockId,
      paperId: paperIds.get(lab1.id),
      seedScore: 8,
    });
    expect(twice).toMatchObject({ code: 409, message: '该考生的答卷已是隐藏样卷' });
  });

  it('the 组长 of another school adds and removes a seed; the score keeps full marks and step', async () => {
    const leader = users.teacher;
    const off = await as(leader, jointPoolRoutes.jointPoolSeedAdd, {
      blockId,
      paperId: paperIds.get(lab2.id),
      seedScore: 12.25,
    });
    expect(off.code).toBe(400);
    const over = await as(leader, jointPoolRoutes.jointPoolSeedAdd, {
      blockId,
      paperId: paperIds.get(lab2.id),
      seedScore: 13,
    });
    expect(over.code).toBe(400);
    const { paperId } = await ok<{ paperId: number }>(leader, jointPoolRoutes.jointPoolSeedAdd, {
      blockId,
      paperId: paperIds.get(lab2.id),
      seedScore: 6.5,
    });
    const listed = await ok<Seeds>(leader, jointPoolRoutes.jointPoolSeeds, { blockId });
    expect(listed.list.map((s) => [s.paperId, s.seedScore])).toEqual([
      [seedId, 8],
      [paperId, 6.5],
    ]);
    noStudent(listed);
    expect(await ok(leader, jointPoolRoutes.jointPoolSeedRemove, { paperId })).toBeNull();
    const left = await ok<Seeds>(users.bureau, jointPoolRoutes.jointPoolSeeds, { blockId });
    expect(left.list.map((s) => s.paperId)).toEqual([seedId]);
  });

  it('a marker, a school’s manager and the school’s own seed calls are refused', async () => {
    // A marker of the block: 403; a school's manager with no role and no organising: 404.
    for (const [user, code] of [
      [users.grader, 403],
      [users.labAdmin, 404],
      [users.demoAdmin, 404],
    ] as const) {
      expect((await as(user, jointPoolRoutes.jointPoolSeeds, { blockId })).code).toBe(code);
      expect(
        (
          await as(user, jointPoolRoutes.jointPoolSeedAdd, {
            blockId,
            paperId: paperIds.get(lab2.id),
            seedScore: 4,
          })
        ).code,
      ).toBe(code);
      expect((await as(user, jointPoolRoutes.jointPoolSeedRemove, { paperId: seedId })).code).toBe(
        code === 403 ? 403 : 404,
      );
      expect((await as(user, jointPoolRoutes.jointPoolSeedPapers, { blockId })).code).toBe(code);
    }
    // The school's own seed calls never reach a pool block, even for its 组长.
    expect((await as(users.teacher, markingRoutes.seeds, { blockId })).code).toBe(404);
    expect((await as(users.demoAdmin, markingRoutes.removeSeed, { paperId: seedId })).code).toBe(
      404,
    );
    // A school's own paper is no pool seed to remove.
    const seeds = await ok<Seeds>(users.bureau, jointPoolRoutes.jointPoolSeeds, { blockId });
    expect(seeds.list).toHaveLength(1);
  });

  it('every marker gets the seed once; 阅卷质量 reports 样本卷准确率 and the seed stays out of progress', async () => {
    await ok(users.bureau, jointPoolRoutes.jointPoolBlockState, { blockId, action: 'start' });
    let n = 0;
    const markAll = async (user: UserInfo, seedParts: number[]) => {
      const got: number[] = [];
      for (;;) {
        const { list } = await ok<{ list: Leased[] }>(user, jointPoolRoutes.jointPoolFetch, {
          blockId,
          count: 1,
        });
        if (list.length === 0) return got;
        const task = list[0]!;
        got.push(task.paperId);
        n += 1;
        await ok(user, jointPoolRoutes.jointPoolSubmit, {
          taskId: task.taskId,
          leaseToken: task.leaseToken,
          idempotencyKey: key(n),
          parts: task.paperId === seedId ? seedParts : [2, 4],
        });
        // The seed given, it cannot go any more.
        if (task.paperId === seedId) {
          const refused = await as(user, jointPoolRoutes.jointPoolSeedRemove, { paperId: seedId });
          expect(refused.code).not.toBe(200);
        }
      }
    };
    // 王阅卷 (school A) gives the known 8 exactly; 钱多校 (school B) gives 5.
    const graderGot = await markAll(users.grader, [3, 5]);
    const multiGot = await markAll(users.multi, [1, 4]);
    expect(graderGot.filter((id) => id === seedId)).toHaveLength(1);
    expect(multiGot.filter((id) => id === seedId)).toHaveLength(1);

    const seeds = await ok<Seeds>(users.teacher, jointPoolRoutes.jointPoolSeeds, { blockId });
    expect(seeds.list).toMatchObject([{ paperId: seedId, assigned: 2, marked: 2, exact: 1 }]);
    const removed = await as(users.bureau, jointPoolRoutes.jointPoolSeedRemove, {
      paperId: seedId,
    });
    expect(removed).toMatchObject({ code: 409, message: '已有阅卷老师评过该样卷，不能删除' });

    const quality = await ok<Quality>(users.bureau, jointPoolRoutes.jointPoolMonitorQuality, {
      blockId,
    });
    expect(
      quality.markers.map((m) => [m.name, m.seeds, m.seedExactShare, m.seedMeanError]),
    ).toEqual([
      [`${users.grader.nickName}（${demoName}）`, 1, 1, 0],
      [`${users.multi.nickName}（${labName}）`, 1, 0, 3],
    ]);
    // School B's manager sees school A's marker as 外校阅卷老师 beside the seed figures.
    const lab = await ok<Quality>(users.labAdmin, jointPoolRoutes.jointPoolMonitorQuality, {
      blockId,
    });
    expect(lab.markers.map((m) => [m.name, m.seeds, m.seedExactShare])).toEqual([
      ['外校阅卷老师', 1, 1],
      [users.multi.nickName, 1, 0],
    ]);
    const progress = await ok<Progress>(users.bureau, jointPoolRoutes.jointPoolMonitorProgress, {
      blockId,
    });
    expect(progress.papers).toMatchObject({ total: 3, done: 3 });
  });

  it('任务量: a quota block keeps each marker’s quota in the organiser’s blocks and in 阅卷进度', async () => {
    const { demoSchoolId, labSchoolId } = server.seed;
    const grader = await userIdOf(server.db, demoSchoolId, 'grader');
    const multi = await userIdOf(server.db, labSchoolId, 'multi');
    const joint = await jointMathExam(server, users.bureau, {
      idempotencyKey: 'joint-pool-seed-2',
      name: '高一联考（统一阅卷任务量）',
      pool: true,
      examOf: new Map(),
      subjectOf: new Map(),
    });
    const quotaBlock = await savePoolBlock(server, users.bureau, joint.id, {
      distribution: 'quota',
      markers: [
        { userId: grader, quota: 120 },
        { userId: multi, quota: 80 },
      ],
    });
    const blocks = await ok<Blocks>(users.bureau, jointPoolRoutes.jointPoolBlocks, {
      jointExamId: joint.id,
    });
    expect(blocks.list[0]).toMatchObject({
      blockId: quotaBlock,
      distribution: 'quota',
      fullScore: 12,
      scoreStep: 0.5,
      quotas: [
        { userId: grader, quota: 120 },
        { userId: multi, quota: 80 },
      ],
    });
    const progress = await ok<Progress>(users.bureau, jointPoolRoutes.jointPoolMonitorProgress, {
      blockId: quotaBlock,
    });
    expect(progress.markers.map((m) => [m.name, m.quota])).toEqual([
      [`${users.grader.nickName}（${demoName}）`, 120],
      [`${users.multi.nickName}（${labName}）`, 80],
    ]);
    // The first joint exam's block stays 整体分配 with no quota.
    const first = await ok<Blocks>(users.bureau, jointPoolRoutes.jointPoolBlocks, {
      jointExamId,
    });
    expect(first.list[0]).toMatchObject({ distribution: 'pool' });
    expect(first.list[0]!.quotas.every((q) => q.quota === null)).toBe(true);
  });
});
