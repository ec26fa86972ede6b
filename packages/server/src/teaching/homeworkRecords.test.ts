import {
  homeworkReportRoutes,
  homeworkRoutes,
  teachingRoutes,
  type DataOf,
  type KnowledgeStatistics,
  type ReportBasic,
} from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeworkCallers } from '../homework/testKit';
import { DIALECTS, startTestServer, type TestServer } from '../test/fixtures';
import { grantKey } from '../test/schoolKit';
import { enterHandIns, fromBank, twoClassHomework } from './testKit';
import { combineMastery } from './homeworkRecords';

const routes = { ...homeworkRoutes, ...homeworkReportRoutes, ...teachingRoutes };
type StudentRecord = DataOf<typeof teachingRoutes.studentRecord>;
type ClassRecord = DataOf<typeof teachingRoutes.classRecord>;
type Mastery = StudentRecord['points'][number];

/** A point's 全部 figure worked from its two parts: each part's marks over their full marks. */
function combined(p: Mastery): number | null {
  const parts = [p.exam, p.homework].flatMap((x) => (x && x.scoreRate !== null ? [x] : []));
  const full = parts.reduce((s, x) => s + x.fullMarks, 0);
  return full === 0 ? null : parts.reduce((s, x) => s + x.scoreRate! * x.fullMarks, 0) / full;
}

describe('知识点掌握 over exams and homework (combineMastery)', () => {
  it('weighs each part by its full marks and keeps each part apart, lowest first', () => {
    const rows = combineMastery(
      [
        { subjectName: '数学', point: '函数', fullMarks: 10, scoreRate: 0.5 },
        { subjectName: '数学', point: '几何', fullMarks: 8, scoreRate: 0.25 },
      ],
      [
        { subjectName: '数学', point: '函数', fullMarks: 30, scoreRate: 0.9, count: 2 },
        { subjectName: '物理', point: '力学', fullMarks: 5, scoreRate: 0.6, count: 1 },
      ],
    );
    expect(rows.map((r) => [r.subjectName, r.point, r.fullMarks])).toEqual([
      ['数学', '几何', 8],
      ['物理', '力学', 5],
      ['数学', '函数', 40],
    ]);
    // (0.5 × 10 + 0.9 × 30) / 40
    expect(rows[2]!.scoreRate).toBeCloseTo(0.8, 10);
    expect(rows[2]!.exam).toEqual({ fullMarks: 10, scoreRate: 0.5 });
    expect(rows[2]!.homework).toEqual({ fullMarks: 30, scoreRate: 0.9, count: 2 });
    expect(rows[0]).toMatchObject({ scoreRate: 0.25, homework: null });
    expect(rows[1]).toMatchObject({ scoreRate: 0.6, exam: null });
  });

  it('leaves a part without a figure out of 全部', () => {
    const [row] = combineMastery(
      [{ subjectName: '数学', point: '函数', fullMarks: 10, scoreRate: null }],
      [{ subjectName: '数学', point: '函数', fullMarks: 5, scoreRate: 0.4, count: 1 }],
    );
    expect(row).toMatchObject({ fullMarks: 15, scoreRate: 0.4 });
  });
});

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
  let point: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const { db } = server;
    const schoolId = server.seed.demoSchoolId;
    // the 任课教师 is given 学生学情 and 班级学情 (the demo gives them to 班主任 and the leaders)
    for (const key of ['Study-Student', 'Study-Class'])
      await grantKey(db, schoolId, '任课教师', key);
    await signInAll('admin', 'teacher', 'principal', 'lab-admin');
    const set = await twoClassHomework(server, ok, {
      name: '学情作业',
      idempotencyKey: `study-${dialect}`,
    });
    ({ homeworkId, classId, otherClass, otherStudent, mine } = set);
    // Questions 1 and 3 (15 of the 20 marks) come from a bank question with a knowledge point.
    const tagged = await db
      .selectFrom('question_points as qp')
      .innerJoin('knowledge_points as k', 'k.id', 'qp.point_id')
      .select(['qp.question_id', 'k.name'])
      .orderBy('qp.question_id')
      .executeTakeFirstOrThrow();
    point = tagged.name;
    await fromBank(db, homeworkId, tagged.question_id);
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
  const pointOf = (points: Mastery[]) =>
    points.find((p) => p.subjectName === '数学' && p.point === point);

  it('知识点掌握 adds the student’s own homework points to the exams’', async () => {
    const record = await ok<StudentRecord>('admin', 'studentRecord', { studentId: mine[0]!.id });
    const row = pointOf(record.points)!;
    // questions 1 (5 of 5) and 3 (6 of 10): 11 of 15
    expect(row.homework).toEqual({ fullMarks: 15, scoreRate: expect.any(Number), count: 1 });
    expect(row.homework!.scoreRate).toBeCloseTo(11 / 15, 4);
    expect(row.scoreRate).toBeCloseTo(combined(row)!, 10);
    expect(row.fullMarks).toBe(15 + (row.exam?.fullMarks ?? 0));
    // the half-done hand-in: question 1 scored (0 of 5), question 3 not yet
    const half = await ok<StudentRecord>('admin', 'studentRecord', { studentId: mine[2]!.id });
    expect(pointOf(half.points)!.homework).toEqual({ fullMarks: 15, scoreRate: 0, count: 1 });
    // the 校长 without 校本作业: no homework part
    const principal = await ok<StudentRecord>('principal', 'studentRecord', {
      studentId: mine[0]!.id,
    });
    expect(principal.points.every((p) => p.homework === null)).toBe(true);
  });

  it('班级学情’s 知识点掌握: the homework part is the report’s 知识点统计 of the class', async () => {
    const knowledge = await ok<KnowledgeStatistics>('teacher', 'knowledgeStatistics', {
      id: homeworkId,
      classId,
      teachingClassId: null,
    });
    const stat = knowledge.points.find((p) => p.name === point)!;
    // question 1: 5 + 5 + 0 of 15; question 3: 6 + 10 of 20 (the half-done one not scored)
    expect(stat.scoreRate).toBe(0.7429);
    const record = await ok<ClassRecord>('teacher', 'classRecord', { classId });
    const row = pointOf(record.points)!;
    expect(row.homework).toEqual({ fullMarks: stat.fullMarks, scoreRate: 0.7429, count: 1 });
    expect(row.scoreRate).toBeCloseTo(combined(row)!, 10);
    // the other class (the admin corrects it): its one hand-in scored 0 of 15
    const other = await ok<ClassRecord>('admin', 'classRecord', { classId: otherClass });
    expect(pointOf(other.points)!.homework).toEqual({ fullMarks: 15, scoreRate: 0, count: 1 });
    // the teacher does not see the other class; the 校长 sees the exams' part only
    expect((await as('teacher', 'classRecord', { classId: otherClass })).body.code).toBe(403);
    const principal = await ok<ClassRecord>('principal', 'classRecord', { classId });
    expect(principal.points.every((p) => p.homework === null)).toBe(true);
  });
});
