import {
  homeworkReportRoutes,
  homeworkRoutes,
  teachingRoutes,
  type DataOf,
  type ReportBasic,
} from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeworkCallers } from '../homework/testKit';
import { DIALECTS, startTestServer, type TestServer } from '../test/fixtures';
import { enterHandIns, twoClassHomework } from './testKit';

const routes = { ...homeworkRoutes, ...homeworkReportRoutes, ...teachingRoutes };
type StudentRecord = DataOf<typeof teachingRoutes.studentRecord>;

/**
 * 学生学情's homework: one 数学 homework of the teacher's class and another class, hand-ins of
 * 13.5, 20 and a half-done one in the teacher's class (the numbers of teaching/assistant.test.ts),
 * so the student's score rate is 13.5 / 20 and the class's is the homework report's own.
 */
describe.each(DIALECTS)('学生学情 with homework on %s', (dialect) => {
  let server: TestServer;
  const { as, ok, signInAll } = homeworkCallers(routes, () => server);
  let homeworkId: number;
  let classId: number;
  let mine: { id: number }[];
  let otherStudent: number;
  let otherClass: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const { db } = server;
    const schoolId = server.seed.demoSchoolId;
    // the 任课教师 is given 学生学情 and 班级学情 (the demo gives them to 班主任 and the leaders)
    const role = await db
      .selectFrom('roles')
      .select('id')
      .where('school_id', '=', schoolId)
      .where('role_name', '=', '任课教师')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('role_permissions')
      .values(
        ['Study-Student', 'Study-Class'].map((perm_code) => ({ role_id: role.id, perm_code })),
      )
      .execute();
    await signInAll('admin', 'teacher', 'principal', 'lab-admin');
    const set = await twoClassHomework(server, ok, {
      name: '学情作业',
      idempotencyKey: `study-${dialect}`,
    });
    ({ homeworkId, classId, otherClass, otherStudent, mine } = set);
    await enterHandIns(ok, set);
  });
  afterAll(() => server?.close());

  const homeworkOf = (r: StudentRecord) => r.homework.filter((h) => h.homeworkId === homeworkId);

  it('shows the student’s score rate beside the class’s, as the homework report has them', async () => {
    const basic = await ok<ReportBasic>('admin', 'reportBasic', {
      id: homeworkId,
      classId,
      teachingClassId: null,
    });
    const record = await ok<StudentRecord>('admin', 'studentRecord', { studentId: mine[0]!.id });
    expect(homeworkOf(record)).toEqual([
      {
        homeworkId,
        name: '学情作业',
        subjectName: '数学',
        assignedAt: expect.any(Number),
        fullMarks: 20,
        status: expect.stringMatching(/^(finished|modified)$/),
        score: 13.5,
        scoreRate: 0.675,
        classScoreRate: basic.scoreRate,
      },
    ]);
    // (13.5 + 20) / 2 of 20: the other class's 0 is not in it
    expect(basic.scoreRate).toBe(0.8375);
    // its wrong questions, by the 错题本's rule: 2 (B of BD, 2.5 of 5) and 3 (6 of 10)
    expect(
      record.homeworkWrong
        .filter((w) => w.homeworkId === homeworkId)
        .map((w) => [w.homeworkName, w.subjectName, w.label, w.score, w.fullMarks]),
    ).toEqual([
      ['学情作业', '数学', '2', 2.5, 5],
      ['学情作业', '数学', '3', 6, 10],
    ]);
    const full = await ok<StudentRecord>('admin', 'studentRecord', { studentId: mine[1]!.id });
    expect(full.homeworkWrong.filter((w) => w.homeworkId === homeworkId)).toEqual([]);
    // a hand-in not corrected yet has no score
    const half = await ok<StudentRecord>('admin', 'studentRecord', { studentId: mine[2]!.id });
    expect(homeworkOf(half).map((h) => [h.score, h.scoreRate])).toEqual([[null, null]]);
  });

  it('keeps to the caller: their class’s students, the homework whose report they may open', async () => {
    const record = await ok<StudentRecord>('teacher', 'studentRecord', { studentId: mine[1]!.id });
    expect(homeworkOf(record).map((h) => h.score)).toEqual([20]);
    // another class's student is not the teacher's: as missing as an unknown one
    const other = await as('teacher', 'studentRecord', { studentId: otherStudent });
    expect(other.body.code).toBe(404);
    // the 校长 holds 学生学情 but no 校本作业 key: the exams without the homework
    const principal = await ok<StudentRecord>('principal', 'studentRecord', {
      studentId: mine[0]!.id,
    });
    expect(principal.homework).toEqual([]);
    // another school's caller
    expect((await as('lab-admin', 'studentRecord', { studentId: mine[0]!.id })).body.code).toBe(
      404,
    );
  });

  it('班级学情: each homework’s 基本情况 over the class, the report’s own; scope as the record’s', async () => {
    type ClassRecord = DataOf<typeof teachingRoutes.classRecord>;
    const basic = await ok<ReportBasic>('admin', 'reportBasic', {
      id: homeworkId,
      classId,
      teachingClassId: null,
    });
    const record = await ok<ClassRecord>('teacher', 'classRecord', { classId });
    const row = record.homework.find((h) => h.homeworkId === homeworkId);
    // three hand-ins of the class, two corrected (13.5 and 20)
    expect(row).toEqual({
      homeworkId,
      name: '学情作业',
      subjectName: '数学',
      assignedAt: expect.any(Number),
      fullMarks: 20,
      expected: basic.expected,
      submitted: 3,
      corrected: 2,
      average: 16.75,
      scoreRate: 0.8375,
    });
    expect([row!.expected, row!.average, row!.scoreRate]).toEqual([
      basic.expected,
      basic.average,
      basic.scoreRate,
    ]);
    // the other class is not the teacher's; the 校长 sees the class without the homework
    expect((await as('teacher', 'classRecord', { classId: otherClass })).body.code).toBe(403);
    const principal = await ok<ClassRecord>('principal', 'classRecord', { classId });
    expect(principal.homework).toEqual([]);
    expect((await as('lab-admin', 'classRecord', { classId })).body.code).toBe(404);
  });
});
