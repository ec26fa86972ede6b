import {
  homeworkOnlineRoutes,
  homeworkRoutes,
  homeworkSubmissionRoutes,
  type AssignCheck,
  type CorrectionOverview,
  type HomeworkDetail,
  type StudentHomework,
} from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryFileStore } from '../core/files';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';
import { DEMO_HOMEWORK, seedHomework } from './seedHomework';
import { DEMO_ONLINE_HOMEWORK, seedHomeworkOnline } from './seedHomeworkOnline';

describe.each(DIALECTS)('demo homework handed in on screen on %s', (dialect) => {
  let server: TestServer;
  let token: string;
  let seeded: { id: number; code: string };
  const files = createMemoryFileStore();
  beforeAll(async () => {
    server = await startTestServer(dialect, { files });
    await seedHomework(server.db, files, { clock: server.clock });
    seeded = (await seedHomeworkOnline(server.db, files, { clock: server.clock }))!;
    // Again: idempotent, the same homework and code.
    expect(await seedHomeworkOnline(server.db, files, { clock: server.clock })).toEqual(seeded);
    ({ token } = await signIn(server.app, 'teacher'));
  });
  afterAll(() => server.close());

  it('is handed out on screen with a 作业码 and two hand-ins, one corrected', async () => {
    const state = await call<{ code: string | null }>(
      server.app,
      homeworkOnlineRoutes.onlineState,
      {
        token,
        body: { id: seeded.id },
      },
    );
    expect(state.body.data.code).toBe(seeded.code);
    expect(seeded.code).toMatch(/^[A-Z2-9]{8}$/);
    const overview = await call<CorrectionOverview>(
      server.app,
      homeworkSubmissionRoutes.correctOverview,
      { token, body: { id: seeded.id } },
    );
    expect(overview.body.data.name).toBe(DEMO_ONLINE_HOMEWORK);
    const [first, second, third] = overview.body.data.students;
    // A, BD right and 8 of 10: 18; C wrong, B of BD half marks: 2.5 with question 3 to correct.
    expect([first, second, third].map((s) => [s?.source, s?.status, s?.score])).toEqual([
      ['online', 'finished', 18],
      ['online', 'submitted', 2.5],
      [null, 'not_submitted', null],
    ]);
  });

  it('the second student may still replace the hand-in on the student page, the first may not', async () => {
    const overview = await call<CorrectionOverview>(
      server.app,
      homeworkSubmissionRoutes.correctOverview,
      { token, body: { id: seeded.id } },
    );
    const enter = (studentNo: string) =>
      call<StudentHomework>(server.app, homeworkOnlineRoutes.onlineEnter, {
        body: { code: seeded.code, studentNo },
      });
    const [first, second] = overview.body.data.students;
    const a = await enter(first!.studentNo);
    expect(a.body.data.submission).toMatchObject({
      status: 'finished',
      objectiveScore: 10,
      pendingMarks: 0,
      replaceable: false,
    });
    const b = await enter(second!.studentNo);
    expect(b.body.data.submission).toMatchObject({
      status: 'submitted',
      objectiveScore: 2.5,
      pendingMarks: 10,
      replaceable: true,
    });
    expect(b.body.data.submission!.answers.map((x) => x.answer)).toEqual([
      'C',
      'B',
      'f(-x) = -f(x)，是奇函数',
    ]);
  });

  it("was assigned yesterday: today's 双减 total of 高一(1)班 is the other demo homework's", async () => {
    const list = await call<{ list: { id: number; name: string }[] }>(
      server.app,
      homeworkRoutes.homeworkPage,
      { token, body: { pageNum: 1, pageSize: 20 } },
    );
    const ready = list.body.data.list.find((h) => h.name === DEMO_HOMEWORK.ready)!;
    const detail = await call<HomeworkDetail>(server.app, homeworkRoutes.homeworkDetail, {
      token,
      body: { id: seeded.id },
    });
    const classId = detail.body.data.assignments[0]!.id;
    const check = await call<AssignCheck>(server.app, homeworkRoutes.assignCheck, {
      token,
      body: {
        id: ready.id,
        classIds: [classId],
        teachingClassIds: [],
        dueAt: detail.body.data.assignments[0]!.dueAt,
        estimatedMinutes: 10,
      },
    });
    expect(check.body.data.loads[0]!.assignedMinutes).toBe(25);
  });
});
