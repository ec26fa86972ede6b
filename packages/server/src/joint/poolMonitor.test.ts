import { jointPoolRoutes, type DataOf, type PaperDetail, type UserInfo } from '@examkit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMemoryFileStore } from '../core/files';
import { DIALECTS, userIdOf, userCalls } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';
import {
  jointMathExam,
  savePoolBlock,
  signInPoolUsers,
  schoolName,
  studentsOf,
  type Leased,
  type Student,
} from './poolTestKit';

type Progress = DataOf<typeof jointPoolRoutes.jointPoolMonitorProgress>;
type Quality = DataOf<typeof jointPoolRoutes.jointPoolMonitorQuality>;

const key = (n: number) => `0000000d-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * A pool block's 阅卷进度, 阅卷质量 and 阅卷抽查 (docs/marking.md "Joint exams"): the organiser sees
 * every marker with their school; a participating school's manager its own markers by name and
 * the other school's as 外校阅卷老师; a marker who manages nothing sees none of it.
 */
describe.each(DIALECTS)('统一阅卷 monitoring of a pool block on %s', (dialect) => {
  const files = createMemoryFileStore();
  const server = sharedTestServer(dialect, { files });
  let bureau: UserInfo;
  let demoAdmin: UserInfo;
  let labAdmin: UserInfo;
  let grader: UserInfo;
  let multi: UserInfo;
  let blockId: number;
  let demoName: string;
  let labName: string;
  let labStudents: Student[];
  const { answer: as, ok } = userCalls(() => server);

  beforeAll(async () => {
    const { demoSchoolId, labSchoolId } = server.seed;
    ({ bureau, demoAdmin, labAdmin, grader, multi } = await signInPoolUsers(server));
    const examOf = new Map<number, number>();
    const joint = await jointMathExam(server, bureau, {
      idempotencyKey: 'joint-pool-monitor-1',
      name: '高一联考（统一阅卷监控）',
      pool: true,
      examOf,
      subjectOf: new Map(),
    });
    // 双评 with a 误差 of 1: both markers mark both papers.
    blockId = await savePoolBlock(server, bureau, joint.id, {
      mode: 'double',
      tolerance: 1,
      markers: [
        { userId: await userIdOf(server.db, demoSchoolId, 'grader') },
        { userId: await userIdOf(server.db, labSchoolId, 'multi') },
      ],
      arbitrators: [await userIdOf(server.db, demoSchoolId, 'grader')],
    });
    demoName = await schoolName(server, demoSchoolId);
    labName = await schoolName(server, labSchoolId);
    labStudents = await studentsOf(server, examOf.get(labSchoolId)!, 2);
    await files.put('crops/monitor/a.png', Buffer.from('a'));
    await files.put('crops/monitor/b.png', Buffer.from('b'));
    await ok(bureau, jointPoolRoutes.jointPoolPapers, {
      blockId,
      papers: labStudents.map((s, i) => ({
        studentId: s.id,
        cropKey: `crops/monitor/${'ab'[i]}.png`,
      })),
    });
    await ok(bureau, jointPoolRoutes.jointPoolBlockState, { blockId, action: 'start' });
    // The first paper agrees (9.5 and 9), the second is 2 against 11: beyond the 误差.
    const scores: Record<string, number[][]> = {
      grader: [
        [3, 6.5],
        [1, 1],
      ],
      multi: [
        [3, 6],
        [4, 7],
      ],
    };
    let n = 0;
    for (const [who, user] of [
      ['grader', grader],
      ['multi', multi],
    ] as const) {
      const leased = await ok<{ list: Leased[] }>(user, jointPoolRoutes.jointPoolFetch, {
        blockId,
        count: 2,
      });
      const order = [...leased.list].sort((a, b) => a.paperId - b.paperId);
      for (const [i, task] of order.entries())
        await ok(user, jointPoolRoutes.jointPoolSubmit, {
          taskId: task.taskId,
          leaseToken: task.leaseToken,
          idempotencyKey: key(++n),
          parts: scores[who]![i],
        });
    }
  }, 120_000);

  it('阅卷进度: the organiser sees every marker with their school, each school’s manager its own by name', async () => {
    const organiser = await ok<Progress>(bureau, jointPoolRoutes.jointPoolMonitorProgress, {
      blockId,
    });
    expect(organiser.papers).toMatchObject({ total: 2, done: 1, arbitration: 1 });
    expect(organiser.markers.map((m) => [m.name, m.marked])).toEqual([
      [`${grader.nickName}（${demoName}）`, 2],
      [`${multi.nickName}（${labName}）`, 2],
    ]);
    const lab = await ok<Progress>(labAdmin, jointPoolRoutes.jointPoolMonitorProgress, {
      blockId,
    });
    expect(lab.markers.map((m) => [m.name, m.marked])).toEqual([
      ['外校阅卷老师', 2],
      [multi.nickName, 2],
    ]);
    const demo = await ok<Progress>(demoAdmin, jointPoolRoutes.jointPoolMonitorProgress, {
      blockId,
    });
    expect(demo.markers.map((m) => m.name)).toEqual([grader.nickName, '外校阅卷老师']);
    expect(JSON.stringify(demo)).not.toContain(multi.nickName);
    expect(JSON.stringify(lab)).not.toContain(grader.nickName);
  });

  it('阅卷质量: 双评 disagreement and each marker’s mean beside the block’s, named as in 阅卷进度', async () => {
    const quality = await ok<Quality>(labAdmin, jointPoolRoutes.jointPoolMonitorQuality, {
      blockId,
    });
    // Marks 9.5, 2, 9 and 11: mean 7.875.
    expect(quality.block).toMatchObject({ count: 4, mean: 7.875 });
    expect(quality.markers.map((m) => [m.name, m.mean, m.pairs, m.disagreementRate])).toEqual([
      ['外校阅卷老师', 5.75, 2, 0.5],
      [multi.nickName, 10, 2, 0.5],
    ]);
    expect(JSON.stringify(quality)).not.toContain(grader.nickName);
  });

  it('阅卷抽查: a marked paper with its marks, no student or school; other schools’ markers anonymous to a school', async () => {
    const organiser = await ok<{ list: PaperDetail[] }>(
      bureau,
      jointPoolRoutes.jointPoolMonitorCheck,
      { blockId, count: 5 },
    );
    expect(organiser.list).toHaveLength(1);
    // The mean of 9.5 and 9, on the block's step of 0.5.
    expect(organiser.list[0]).toMatchObject({
      finalScore: 9.5,
      studentName: null,
      studentNo: null,
    });
    expect(organiser.list[0]!.marks.map((m) => [m.userName, m.score])).toEqual([
      [`${grader.nickName}（${demoName}）`, 9.5],
      [`${multi.nickName}（${labName}）`, 9],
    ]);
    const demo = await ok<{ list: PaperDetail[] }>(
      demoAdmin,
      jointPoolRoutes.jointPoolMonitorCheck,
      {
        blockId,
        count: 5,
      },
    );
    expect(demo.list[0]!.marks.map((m) => m.userName)).toEqual([grader.nickName, '外校阅卷老师']);
    const text = JSON.stringify(demo);
    for (const secret of [
      labStudents[0]!.name,
      labStudents[0]!.student_no,
      labName,
      multi.nickName,
    ])
      expect(text).not.toContain(secret);
  });

  it('a marker who manages nothing, and a school’s own block, are refused', async () => {
    for (const contract of [
      jointPoolRoutes.jointPoolMonitorProgress,
      jointPoolRoutes.jointPoolMonitorQuality,
    ])
      expect((await as(grader, contract, { blockId })).code).toBe(403);
    expect(
      (await as(multi, jointPoolRoutes.jointPoolMonitorCheck, { blockId, count: 1 })).code,
    ).toBe(403);
    expect(
      (await as(bureau, jointPoolRoutes.jointPoolMonitorProgress, { blockId: 999_999 })).code,
    ).toBe(404);
  });
});
