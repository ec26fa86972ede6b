import {
  homeworkReportRoutes,
  homeworkRoutes,
  teachResearchRoutes,
  type DataOf,
  type ReportBasic,
} from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReportFixture, type ReportFixture } from '../report/reportFixtures';
import { assignedHomework, gradeOnePair, homeworkCallers } from '../homework/testKit';
import { DIALECTS, startTestServer, type TestServer } from '../test/fixtures';

const routes = { ...homeworkRoutes, ...homeworkReportRoutes, ...teachResearchRoutes };
type Screen = DataOf<typeof teachResearchRoutes.datav>;

/**
 * 数据大屏's homework figures: a 校本作业 set to the new 高一(9)班 (s4, s5) shows on the screen
 * once assigned, its 提交率 and 平均得分率 change when a hand-in is scored, and they are the
 * homework report's own figures.
 */
describe.each(DIALECTS)('数据大屏 homework figures on %s', (dialect) => {
  let server: TestServer;
  const { as, ok, signInAll } = homeworkCallers(routes, () => server);
  let fixture: ReportFixture;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    fixture = await insertReportFixture(server.db, server.seed.demoSchoolId, {
      name: '大屏作业测',
      examDate: '2026-12-20',
    });
    await signInAll('admin', 'teacher');
  });
  afterAll(() => server?.close());

  const screen = () => ok<Screen>('admin', 'datav', {});
  const gradeOne = (s: Screen) => s.homeworkReports.find((g) => g.gradeName === '高一');
  const nine = (s: Screen) => gradeOne(s)?.classes.find((c) => c.name === '高一(9)班');

  it('assigning and scoring a homework changes 布置数, 提交率 and 平均得分率', async () => {
    const before = await screen();
    expect(nine(before)).toBeUndefined();
    const pair = await gradeOnePair(ok, 'admin', '数学');
    const id = await assignedHomework(ok, {
      name: '大屏作业',
      pair,
      classIds: [fixture.class9],
      idempotencyKey: `datav-homework-${dialect}`,
    });
    const assigned = await screen();
    expect(nine(assigned)).toEqual({
      name: '高一(9)班',
      assigned: 1,
      expected: 2,
      submitted: 0,
      submitRate: 0,
      scoreRate: null,
    });
    const grade = (s: Screen) => gradeOne(s) ?? { assigned: 0, expected: 0, submitted: 0 };
    expect(grade(assigned).assigned).toBe(grade(before).assigned + 1);
    expect(grade(assigned).expected).toBe(grade(before).expected + 2);

    // s5 hands in: 1 right (5), 2 wrong (0), 3 scored 10 → 15 of 20
    const s5 = fixture.students[4]!;
    await ok('admin', 'manualSave', {
      id,
      studentId: s5,
      answers: [
        { questionNo: 1, answer: 'A', score: null },
        { questionNo: 2, answer: 'C', score: null },
        { questionNo: 3, answer: null, score: 10 },
      ],
    });
    const scored = await screen();
    expect(nine(scored)).toMatchObject({ submitted: 1, submitRate: 0.5, scoreRate: 0.75 });
    expect(grade(scored).submitted).toBe(grade(assigned).submitted + 1);
    // the homework report's own figures for the class
    const basic = await ok<ReportBasic>('admin', 'reportBasic', {
      id,
      classId: null,
      teachingClassId: null,
    });
    const row = basic.classes.find((c) => c.name === '高一(9)班')!;
    expect(nine(scored)).toMatchObject({
      expected: row.expected,
      submitted: row.submitted,
      scoreRate: row.scoreRate,
    });

    // assigned 31 days ago: out of the last 30 days, off the screen
    await server.db
      .updateTable('homework_assignments')
      .set({ assigned_at: server.clock.now().getTime() - 31 * 86_400_000 })
      .where('homework_id', '=', id)
      .execute();
    expect(nine(await screen())).toBeUndefined();
  });

  it('a caller without the 数据大屏 key is refused', async () => {
    expect((await as('teacher', 'datav', {})).body.code).toBe(403);
  });
});
