import {
  homeworkReportRoutes,
  homeworkRoutes,
  teachResearchRoutes,
  type DataOf,
  type ReportBasic,
} from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReportFixture, type ReportFixture } from '../report/reportFixtures';
import {
  assignedHomework,
  gradeOnePair,
  homeworkCallers,
  TEST_PAPER_PDF,
  TEST_QUESTIONS,
} from '../homework/testKit';
import { chinaDate } from '../core/chinaTime';
import { DIALECTS, startTestServer, TEST_NOW, type TestServer } from '../test/fixtures';
import { grantKey } from '../test/schoolKit';

const routes = { ...homeworkRoutes, ...homeworkReportRoutes, ...teachResearchRoutes };
const ATTENTION = { drop: 10, line: 20 };
type Students = DataOf<typeof teachResearchRoutes.studyStudents>;
type Teachers = DataOf<typeof teachResearchRoutes.studyTeachers>;
type Detail = DataOf<typeof teachResearchRoutes.teacherDetail>;

/**
 * Homework in 教研中心·师生学情: the exams of two report fixtures list s1 (fell) and s5 (under the
 * line); the 数学 teacher sets a homework to 高一(1)班 (s1 13.5 of 20, s2 20), the admin another to
 * 高一(9)班 (s5 0 of 20).
 */
describe.each(DIALECTS)('师生学情 with homework on %s', (dialect) => {
  let server: TestServer;
  const { as, ok, signInAll } = homeworkCallers(routes, () => server);
  let first: ReportFixture;
  let teacherId: number;
  let mine: number;
  let theirs: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const { db } = server;
    const schoolId = server.seed.demoSchoolId;
    first = await insertReportFixture(db, schoolId, {
      name: '作业学情一测',
      examDate: '2026-12-20',
    });
    const second = await insertReportFixture(db, schoolId, {
      name: '作业学情二测',
      examDate: '2026-12-25',
    });
    // s1 falls: 2 in the second exam's 语文
    for (const table of ['exam_scores', 'exam_subject_totals'] as const)
      await db
        .updateTable(table)
        .set({ score: 2 })
        .where('exam_subject_id', '=', second.chinese.id)
        .where('student_id', '=', second.students[0]!)
        .execute();
    await grantKey(db, schoolId, '班主任', 'Teach-Research-Study');
    teacherId = (
      await db
        .selectFrom('users')
        .select('id')
        .where('login_name', '=', 'teacher')
        .executeTakeFirstOrThrow()
    ).id;
    await signInAll('admin', 'teacher', 'head', 'principal', 'lab-admin');
    const pair = await gradeOnePair(ok, 'teacher', '数学');
    // the teacher's own homework, set to their class
    mine = (
      await ok<{ id: number }>('teacher', 'homeworkCreate', {
        name: '师生学情作业',
        gradeId: pair.gradeId,
        subjectId: pair.subjectId,
        paper: { fileName: '师生学情作业.pdf', contentBase64: TEST_PAPER_PDF },
        idempotencyKey: `research-mine-${dialect}`,
      })
    ).id;
    await ok('teacher', 'splitConfirm', { id: mine, questions: TEST_QUESTIONS });
    await ok('teacher', 'assign', {
      id: mine,
      classIds: [first.class1],
      teachingClassIds: [],
      dueAt: TEST_NOW.getTime() + 86_400_000,
      estimatedMinutes: 20,
      confirmOverLimit: false,
    });
    theirs = await assignedHomework(ok, {
      name: '九班作业',
      pair,
      classIds: [first.class9],
      idempotencyKey: `research-theirs-${dialect}`,
    });
    const q = (no: number, answer: string | null, score: number | null) => ({
      questionNo: no,
      answer,
      score,
    });
    const enter = (who: string, id: number, studentId: number, answers: unknown[]) =>
      ok(who, 'manualSave', { id, studentId, answers });
    const [s1, s2, , , s5] = first.students;
    await enter('teacher', mine, s1!, [q(1, 'A', null), q(2, 'B', null), q(3, null, 6)]);
    await enter('teacher', mine, s2!, [q(1, 'A', null), q(2, 'BD', null), q(3, null, 10)]);
    await enter('admin', theirs, s5!, [q(1, 'C', null), q(2, 'C', null), q(3, null, 0)]);
  });
  afterAll(() => server?.close());

  const rowOf = (data: Students, studentId: number) =>
    data.homework.students.find((s) => s.studentId === studentId);

  it('学生: each student listed with their homework score rate, from the reports’ own rows', async () => {
    const data = await ok<Students>('admin', 'studyStudents', {
      gradeId: first.gradeId,
      ...ATTENTION,
    });
    const [s1, , , , s5] = first.students;
    expect(data.students.map((s) => s.studentId)).toEqual(expect.arrayContaining([s1, s5]));
    expect(data.homework.list.map((h) => [h.homeworkId, h.name, h.fullMarks])).toEqual([
      [mine, '师生学情作业', 20],
      [theirs, '九班作业', 20],
    ]);
    // and the trend per homework of the list (s1 has no 九班作业, s5 no 师生学情作业)
    expect(rowOf(data, s1!)).toEqual({
      studentId: s1,
      corrected: 1,
      scoreRate: 0.675,
      scoreRates: [0.675, null],
    });
    expect(rowOf(data, s5!)).toEqual({
      studentId: s5,
      corrected: 1,
      scoreRate: 0,
      scoreRates: [null, 0],
    });
    // one row per student listed
    expect(data.homework.students.map((s) => s.studentId)).toEqual(
      data.students.map((s) => s.studentId),
    );
  });

  it('学生 and 教师: a period chosen reads the homework first assigned in it; refused when reversed or over a year', async () => {
    // 九班作业 was assigned 40 days before 师生学情作业
    const earlier = TEST_NOW.getTime() - 40 * 86_400_000;
    await server.db
      .updateTable('homework_assignments')
      .set({ assigned_at: earlier })
      .where('homework_id', '=', theirs)
      .execute();
    const [s1, , , , s5] = first.students;
    const students = (homeworkPeriod: unknown) =>
      ok<Students>('admin', 'studyStudents', {
        gradeId: first.gradeId,
        ...ATTENTION,
        homeworkPeriod,
      });
    const lastWeek = {
      dateFrom: chinaDate(TEST_NOW.getTime() - 6 * 86_400_000),
      dateTo: chinaDate(TEST_NOW.getTime()),
    };
    const week = await students(lastWeek);
    expect(week.homework.list.map((h) => h.homeworkId)).toEqual([mine]);
    expect(rowOf(week, s1!)).toMatchObject({ corrected: 1, scoreRates: [0.675] });
    expect(rowOf(week, s5!)).toMatchObject({ corrected: 0, scoreRate: null, scoreRates: [null] });
    // the day 九班作业 was assigned only
    const thatDay = { dateFrom: chinaDate(earlier), dateTo: chinaDate(earlier) };
    expect((await students(thatDay)).homework.list.map((h) => h.homeworkId)).toEqual([theirs]);
    // no period: the newest, both, oldest first
    expect((await students(null)).homework.list.map((h) => h.homeworkId)).toEqual([theirs, mine]);
    // 教师学情 and its detail read the same period
    const teachers = await ok<Teachers>('admin', 'studyTeachers', {
      gradeId: first.gradeId,
      homeworkPeriod: thatDay,
    });
    expect(teachers.homework.list.map((h) => h.homeworkId)).toEqual([theirs]);
    expect(teachers.homework.teachers.find((t) => t.userId === teacherId)).toMatchObject({
      assigned: 0,
      corrected: 0,
    });
    const detail = await ok<Detail>('admin', 'teacherDetail', {
      gradeId: first.gradeId,
      userId: teacherId,
      homeworkPeriod: lastWeek,
    });
    expect(detail.homework.teachers).toEqual([{ userId: teacherId, assigned: 1, corrected: 2 }]);
    const refused = async (homeworkPeriod: unknown) =>
      (await as('admin', 'studyStudents', { gradeId: first.gradeId, ...ATTENTION, homeworkPeriod }))
        .body;
    expect(await refused({ dateFrom: lastWeek.dateTo, dateTo: chinaDate(earlier) })).toMatchObject({
      code: 400,
      msg: '开始日期不能晚于结束日期',
    });
    expect(await refused({ dateFrom: '2025-01-01', dateTo: lastWeek.dateTo })).toMatchObject({
      code: 400,
      msg: '统计时间不能超过一年',
    });
    expect((await refused({ dateFrom: '2026/11/01', dateTo: lastWeek.dateTo })).code).toBe(400);
    await server.db
      .updateTable('homework_assignments')
      .set({ assigned_at: TEST_NOW.getTime() })
      .where('homework_id', '=', theirs)
      .execute();
  });

  it('学生: a 班主任 reads their class’s homework only; without 校本作业 there is none', async () => {
    const data = await ok<Students>('head', 'studyStudents', { gradeId: null, ...ATTENTION });
    expect(data.homework.list.map((h) => h.homeworkId)).toEqual([mine]);
    expect(data.homework.students.map((s) => s.studentId)).not.toContain(first.students[4]);
    expect(rowOf(data, first.students[0]!)).toMatchObject({ corrected: 1, scoreRate: 0.675 });
    // the 校长 holds 师生学情 but not 校本作业
    const principal = await ok<Students>('principal', 'studyStudents', {
      gradeId: first.gradeId,
      ...ATTENTION,
    });
    expect(principal.students.length).toBeGreaterThan(0);
    expect(principal.homework.list).toEqual([]);
    expect(
      principal.homework.students.every((s) => s.corrected === 0 && s.scoreRate === null),
    ).toBe(true);
    expect(
      (await as('lab-admin', 'studyStudents', { gradeId: first.gradeId, ...ATTENTION })).body.code,
    ).toBe(404);
  });

  it('教师: their class’s homework score rate is the report’s 各班 figure; what they assigned and corrected', async () => {
    const basic = await ok<ReportBasic>('admin', 'reportBasic', {
      id: mine,
      classId: null,
      teachingClassId: null,
    });
    const classRate = basic.classes.find((c) => c.kind === 'class' && c.id === first.class1)!;
    // (13.5 + 20) / 2 of 20
    expect(classRate.scoreRate).toBe(0.8375);
    const data = await ok<Teachers>('admin', 'studyTeachers', { gradeId: first.gradeId });
    const row = data.homework.classes.find(
      (c) => c.userId === teacherId && c.classId === first.class1 && c.subjectName === '数学',
    );
    expect(row).toEqual({
      userId: teacherId,
      classId: first.class1,
      subjectName: '数学',
      count: 1,
      scoreRate: 0.8375,
    });
    // one row per class shown; a subject without homework has none
    expect(data.homework.classes).toHaveLength(data.classes.length);
    expect(
      data.homework.classes.find((c) => c.classId === first.class1 && c.subjectName === '语文'),
    ).toMatchObject({ count: 0, scoreRate: null });
    expect(data.homework.teachers.find((t) => t.userId === teacherId)).toEqual({
      userId: teacherId,
      assigned: 1,
      corrected: 2,
    });
  });

  it('教师: a 班主任 sees their class’s rows; 教师详情 one teacher’s; the 校长 none', async () => {
    const data = await ok<Teachers>('head', 'studyTeachers', { gradeId: null });
    expect(new Set(data.homework.classes.map((c) => c.classId))).toEqual(new Set([first.class1]));
    expect(data.homework.list.map((h) => h.homeworkId)).toEqual([mine]);
    const detail = await ok<Detail>('admin', 'teacherDetail', {
      gradeId: first.gradeId,
      userId: teacherId,
    });
    expect(detail.homework.teachers).toEqual([{ userId: teacherId, assigned: 1, corrected: 2 }]);
    expect(detail.homework.classes.every((c) => c.userId === teacherId)).toBe(true);
    expect(
      detail.homework.classes.find((c) => c.classId === first.class1 && c.subjectName === '数学'),
    ).toMatchObject({ count: 1, scoreRate: 0.8375 });
    const principal = await ok<Teachers>('principal', 'studyTeachers', { gradeId: first.gradeId });
    expect(principal.homework.list).toEqual([]);
    expect(principal.homework.classes.every((c) => c.count === 0)).toBe(true);
    expect(
      (await as('lab-admin', 'teacherDetail', { gradeId: first.gradeId, userId: teacherId })).body
        .code,
    ).toBe(404);
  });
});
