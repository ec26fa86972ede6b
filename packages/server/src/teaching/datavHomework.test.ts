import {
  homeworkCompositionRoutes,
  homeworkReportRoutes,
  homeworkRoutes,
  teachResearchRoutes,
  type CompositionReportBasic,
  type DataOf,
  type ReportBasic,
} from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReportFixture, type ReportFixture } from '../report/reportFixtures';
import {
  assignedHomework,
  assignHomework,
  gradeOnePair,
  homeworkCallers,
  type HomeworkPair,
} from '../homework/testKit';
import { DIALECTS, startTestServer, type TestServer } from '../test/fixtures';
import { grantKey } from '../test/schoolKit';

const routes = {
  ...homeworkRoutes,
  ...homeworkReportRoutes,
  ...teachResearchRoutes,
  compositionCreate: homeworkCompositionRoutes.compositionCreate,
  compositionCorrect: homeworkCompositionRoutes.compositionCorrect,
  compositionBasic: homeworkCompositionRoutes.reportBasic,
};
type Screen = DataOf<typeof teachResearchRoutes.datav>;

/** 高一(9)班's row with one homework (or 作文) set to its two students, nothing handed in. */
const NINE_ASSIGNED = {
  name: '高一(9)班',
  assigned: 1,
  expected: 2,
  submitted: 0,
  submitRate: 0,
  scoreRate: null,
};

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
    await signInAll('admin', 'teacher', 'director', 'principal');
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
    expect(nine(assigned)).toEqual(NINE_ASSIGNED);
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

  it('the 校长 (数据大屏 key, no 校本作业 key) sees the 教务主任’s figures', async () => {
    const pair = await gradeOnePair(ok, 'admin', '数学');
    const id = await assignedHomework(ok, {
      name: '大屏校长作业',
      pair,
      classIds: [fixture.class9],
      idempotencyKey: `datav-principal-${dialect}`,
    });
    // the 校长 may not open the homework's report itself
    const basic = { id, classId: null, teachingClassId: null };
    expect((await as('principal', 'reportBasic', basic)).body.code).toBe(403);
    const director = await ok<Screen>('director', 'datav', {});
    const principal = await ok<Screen>('principal', 'datav', {});
    expect(nine(director)).toMatchObject({ assigned: 1, expected: 2, submitted: 0 });
    expect(principal.homeworkReports).toEqual(director.homeworkReports);
    expect(principal.compositionReports).toEqual(director.compositionReports);
    expect(principal.homework).toEqual(director.homework);
  });

  it('a teacher given the 数据大屏 key sees only the classes they teach', async () => {
    await grantKey(server.db, server.seed.demoSchoolId, '任课教师', 'Teach-Research-Datav');
    const options = await ok<HomeworkPair[]>('teacher', 'homeworkOptions', {});
    const own = new Set(options.flatMap((p) => p.targets.map((t) => t.name)));
    const mine = (await gradeOnePair(ok, 'teacher', '数学')).targets[0]!;
    await assignedHomework(ok, {
      name: '大屏任课作业',
      pair: await gradeOnePair(ok, 'admin', '数学'),
      classIds: [mine.id],
      idempotencyKey: `datav-teacher-${dialect}`,
    });
    const director = await ok<Screen>('director', 'datav', {});
    const teacher = await ok<Screen>('teacher', 'datav', {});
    const classes = (s: Screen) => s.homeworkReports.flatMap((g) => g.classes.map((c) => c.name));
    expect(classes(director)).toContain('高一(9)班');
    expect(own.has('高一(9)班')).toBe(false);
    expect(classes(teacher)).toContain(mine.name);
    expect(classes(teacher).every((name) => own.has(name))).toBe(true);
    expect(classes(director).length).toBeGreaterThan(classes(teacher).length);
  });

  it('作文: assigning and correcting one changes its 布置数, 提交率 and 平均得分率, the composition report’s own', async () => {
    const compositionNine = (s: Screen) =>
      s.compositionReports
        .find((g) => g.gradeName === '高一')
        ?.classes.find((c) => c.name === '高一(9)班');
    const before = await screen();
    expect(compositionNine(before)).toBeUndefined();
    const pair = await gradeOnePair(ok, 'admin', '语文');
    const { id } = await ok<{ id: number }>('admin', 'compositionCreate', {
      name: '大屏作文',
      gradeId: pair.gradeId,
      subjectId: pair.subjectId,
      prompt: '以“我的家乡”为题，写一篇记叙文。',
      genre: '记叙文',
      minWords: 600,
      rubric: { content: 25, structure: 15, language: 15, writing: 5 },
      estimatedMinutes: 40,
      idempotencyKey: `datav-composition-${dialect}`,
    });
    await assignHomework(ok, id, [fixture.class9], 40);
    const assigned = await screen();
    expect(compositionNine(assigned)).toEqual(NINE_ASSIGNED);
    // a 作文 is not a 校本作业 of the screen
    expect(assigned.homeworkReports).toEqual(before.homeworkReports);
    const grade = (s: Screen) =>
      s.compositionReports.find((g) => g.gradeName === '高一') ?? {
        assigned: 0,
        expected: 0,
        submitted: 0,
      };
    expect(grade(assigned).assigned).toBe(grade(before).assigned + 1);

    // the second student of 高一(9)班 hands in (录入, nothing scored); corrected 45 of 60
    await ok('admin', 'manualSave', {
      id,
      studentId: fixture.students[4]!,
      answers: [{ questionNo: 1, answer: null, score: null }],
    });
    const handedIn = await screen();
    expect(compositionNine(handedIn)).toMatchObject({ submitted: 1, scoreRate: null });
    const sub = await server.db
      .selectFrom('homework_submissions')
      .select('id')
      .where('homework_id', '=', id)
      .where('student_id', '=', fixture.students[4]!)
      .executeTakeFirstOrThrow();
    await ok('admin', 'compositionCorrect', {
      submissionId: sub.id,
      scores: { content: 20, structure: 10, language: 11, writing: 4 },
      comment: '',
      exemplary: false,
    });
    const corrected = await screen();
    expect(compositionNine(corrected)).toMatchObject({
      submitted: 1,
      submitRate: 0.5,
      scoreRate: 0.75,
    });
    expect(grade(corrected).submitted).toBe(grade(assigned).submitted + 1);
    const basic = await ok<CompositionReportBasic>('admin', 'compositionBasic', { id });
    expect(basic).toMatchObject({ expected: 2, submitted: 1, average: 45, fullMarks: 60 });
  });
});
