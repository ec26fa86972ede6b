import {
  examRoutes,
  jointExamRoutes,
  jointSnapshotRoutes,
  type JointReportStatus,
  type UserInfo,
} from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFirstSubjectMarks } from '../exam/testKit';
import { DIALECTS, signIn, startTestServer, userCalls, type TestServer } from '../test/fixtures';
import { addSchoolInRegion } from '../test/schoolKit';
import type { JointRow } from './access';
import { jointMathExam, type Joint } from './poolTestKit';
import { jointVersion, readySchoolReports } from './report';
import { readSnapshot, refreshSnapshot } from './snapshotJob';
import { jointSnapshotTarget, refreshJointSnapshot } from './snapshots';

const HEADER = ['考号/学号', '姓名', '1', '2', '3', '4', '5(1)', '5(2)'];
const marksOf = (n: number) => [n % 2 ? 5 : 0, n % 3 ? 6 : 3, 2, n % 6, n % 5, (n * 3) % 9];

describe.each(DIALECTS)('the joint report computed in the background on %s', (dialect) => {
  let server: TestServer;
  let bureau: UserInfo;
  let demo: UserInfo;
  let lab: UserInfo;
  let outside: UserInfo;
  let joint: Joint;
  const examOf = new Map<number, number>();

  const { answer: as, ok } = userCalls(() => server);
  const status = (user = bureau) =>
    ok<JointReportStatus>(user, jointSnapshotRoutes.jointReportStatus, { jointExamId: joint.id });
  /**
   * Reads the status until the snapshot is ready, as the report page does, then lets the job end:
   * the status is ready once the caches are written, the job's row a moment later.
   */
  const untilReady = async () => {
    for (let i = 0; i < 300; i++) {
      const s = await status();
      if (s.state === 'ready' || s.state === 'failed') {
        for (let j = 0; j < 100; j++) {
          const row = await server.db
            .selectFrom('joint_report_snapshots')
            .select('state')
            .where('joint_exam_id', '=', joint.id)
            .executeTakeFirst();
          if (row?.state !== 'computing') break;
          await new Promise((r) => setTimeout(r, 20));
        }
        return s;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('the snapshot did not finish');
  };
  const cacheVersions = async () =>
    Promise.all(
      (['joint_report_cache', 'joint_class_report_cache'] as const).map(
        async (table) =>
          (
            await server.db
              .selectFrom(table)
              .select('version')
              .where('joint_exam_id', '=', joint.id)
              .executeTakeFirst()
          )?.version,
      ),
    );

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await addSchoolInRegion(server.db, {
      schoolName: '第四中学',
      loginName: 'fourth-admin',
      prefix: 'F40',
      region: 'demo-district',
    });
    bureau = await signIn(server.app, 'bureau', { schoolId: server.seed.demoSchoolId });
    demo = await signIn(server.app, 'admin');
    lab = await signIn(server.app, 'lab-admin');
    outside = await signIn(server.app, 'fourth-admin');
    joint = await jointMathExam(server, bureau, {
      idempotencyKey: 'joint-snapshot-1',
      name: '2026学年高一快照联考',
      examOf,
    });
    for (const user of [demo, lab])
      await importFirstSubjectMarks(server, user, examOf.get(user.schoolId)!, HEADER, marksOf);
  }, 60_000);
  afterAll(() => server.close());

  it('waits before any school has finished; a school outside gets 404', async () => {
    expect(await status()).toMatchObject({ state: 'waiting', progress: 0 });
    expect(
      await as(outside, jointSnapshotRoutes.jointReportStatus, { jointExamId: joint.id }),
    ).toMatchObject({ code: 404, msg: '联考不存在' });
  });

  it('a school finishing its exam starts the job: both caches are kept under the schools’ version', async () => {
    await ok(demo, examRoutes.transition, { id: examOf.get(demo.schoolId), to: 'finished' });
    expect(await untilReady()).toMatchObject({ state: 'ready', progress: 100, stage: '已完成' });
    const row = await server.db
      .selectFrom('joint_report_snapshots')
      .selectAll()
      .where('joint_exam_id', '=', joint.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('ready');
    const [school, perClass] = await cacheVersions();
    expect(school).toBe(row.version);
    expect(perClass).toBe(row.version);
    // the demo school's exam only so far
    expect(JSON.parse(row.version).map((v: unknown[]) => v[0])).toEqual([
      examOf.get(demo.schoolId),
    ]);
    // the report pages read the snapshot: nothing is computed again
    const at = await server.db
      .selectFrom('joint_report_cache')
      .select('computed_at')
      .executeTakeFirstOrThrow();
    await ok(demo, jointExamRoutes.jointGradeBasic, { jointExamId: joint.id });
    expect(
      (
        await server.db
          .selectFrom('joint_report_cache')
          .select('computed_at')
          .executeTakeFirstOrThrow()
      ).computed_at,
    ).toBe(at.computed_at);
  });

  it('a second school finishing, then a score change, make a new version computed in the background', async () => {
    await ok(lab, examRoutes.transition, { id: examOf.get(lab.schoolId), to: 'finished' });
    await untilReady();
    const [both] = await cacheVersions();
    expect(JSON.parse(both!).map((v: unknown[]) => v[0])).toEqual([
      examOf.get(demo.schoolId),
      examOf.get(lab.schoolId),
    ]);
    // a mark changes in the lab school: the status read notices the new version
    const subject = await server.db
      .selectFrom('exam_subjects')
      .select('id')
      .where('exam_id', '=', examOf.get(lab.schoolId)!)
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('exam_scores')
      .set({ score: 1, updated_at: Date.now() })
      .where('exam_subject_id', '=', subject.id)
      .execute();
    await untilReady();
    const [changed, changedClass] = await cacheVersions();
    expect(changed).not.toBe(both);
    expect(changedClass).toBe(changed);
  });

  it('the version comes from the schools’ scores versions and report times, without reading the reports', async () => {
    const row = (await server.db
      .selectFrom('joint_exams')
      .selectAll()
      .where('id', '=', joint.id)
      .executeTakeFirstOrThrow()) as JointRow;
    const expected = (await readySchoolReports(server.db, server.clock, row)).version;
    expect(await jointVersion(server.db, server.clock, row)).toBe(expected);
    // a cached report that cannot be parsed: the version does not read it
    const examId = examOf.get(lab.schoolId)!;
    const { payload } = await server.db
      .selectFrom('report_cache')
      .select('payload')
      .where('exam_id', '=', examId)
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('report_cache')
      .set({ payload: '{' })
      .where('exam_id', '=', examId)
      .execute();
    try {
      expect(await jointVersion(server.db, server.clock, row)).toBe(expected);
    } finally {
      await server.db
        .updateTable('report_cache')
        .set({ payload })
        .where('exam_id', '=', examId)
        .execute();
    }
  });

  it('shows its progress while the job waits in the queue', async () => {
    await server.db
      .updateTable('exam_scores')
      .set({ score: 2, updated_at: Date.now() + 1 })
      .where('exam_subject_id', 'in', (eb) =>
        eb
          .selectFrom('exam_subjects')
          .select('id')
          .where('exam_id', '=', examOf.get(lab.schoolId)!),
      )
      .execute();
    const row = await server.db
      .selectFrom('joint_exams')
      .selectAll()
      .where('id', '=', joint.id)
      .executeTakeFirstOrThrow();
    // a queue that holds the job until released
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let task: Promise<void> | undefined;
    const deps = {
      db: server.db,
      clock: server.clock,
      downloads: {
        background: (_key: string, run: () => Promise<void>) =>
          (task ??= held.then(run).catch(() => undefined)),
      },
    };
    expect(await refreshJointSnapshot(deps, row)).toEqual({
      state: 'computing',
      progress: 0,
      stage: '排队中',
      message: null,
    });
    // asked again while it waits: the same job, the same progress
    expect((await refreshJointSnapshot(deps, row)).state).toBe('computing');
    expect(await status()).toMatchObject({ state: 'computing', stage: '排队中' });
    release();
    await task;
    expect(await refreshJointSnapshot(deps, row)).toMatchObject({ state: 'ready', progress: 100 });
  });

  it('a job that ended after the first check is found in the row: the same version is not computed again', async () => {
    const row: JointRow = await server.db
      .selectFrom('joint_exams')
      .selectAll()
      .where('id', '=', joint.id)
      .executeTakeFirstOrThrow();
    const version = await jointVersion(server.db, server.clock, row);
    const target = jointSnapshotTarget(joint.id);
    expect(await readSnapshot(server.db, target)).toMatchObject({ version, state: 'ready' });
    let runs = 0;
    let task: Promise<void> | undefined;
    const deps = {
      db: server.db,
      clock: server.clock,
      downloads: { background: (_key: string, run: () => Promise<void>) => (task = run()) },
    };
    const counted = {
      key: `joint-report:${joint.id}`,
      failed: '计算失败',
      work: async () => {
        runs += 1;
        return {};
      },
    };
    // The row says ready and the figures are there: no second job.
    const ready = await refreshSnapshot(deps, target, version, counted, async () => true);
    expect(ready).toMatchObject({ state: 'ready', progress: 100 });
    expect(runs).toBe(0);
    // The row says ready but its figures are gone (a cache dropped): computed again.
    const again = await refreshSnapshot(deps, target, version, counted, async () => false);
    expect(again).toMatchObject({ state: 'computing', stage: '排队中' });
    await task;
    expect(runs).toBe(1);
    expect(await readSnapshot(server.db, target)).toMatchObject({ version, state: 'ready' });
  });
});
