import {
  homeworkGroupRoutes,
  homeworkRoutes,
  type HomeworkGroup,
  type HomeworkGroupReport,
} from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, TEST_NOW, type TestServer } from '../../test/fixtures';
import {
  assignedHomework,
  gradeOnePair,
  homeworkCallers,
  TEST_PAPER_PDF,
  TEST_QUESTIONS,
  type HomeworkPair,
} from '../testKit';

const routes = { ...homeworkRoutes, ...homeworkGroupRoutes };

describe.each(DIALECTS)('作业分组 on %s', (dialect) => {
  let server: TestServer;
  const { as, ok, signInAll } = homeworkCallers(routes, () => server);
  let math: HomeworkPair;
  let chinese: HomeworkPair;
  let classId: number;
  let first: number;
  let second: number;
  let ready: number;
  let chineseHomework: number;
  let mine: { id: number; student_no: string; name: string }[];

  const save = (who: string, body: Record<string, unknown>) =>
    as<HomeworkGroup>(who, 'groupSave', {
      id: null,
      name: '第三单元',
      gradeId: math.gradeId,
      subjectId: math.subjectId,
      homeworkIds: [first, second],
      ...body,
    });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await signInAll('admin', 'teacher', 'lab-admin', 'gradelead');
    math = await gradeOnePair(ok, 'teacher', '数学');
    chinese = await gradeOnePair(ok, 'admin', '语文');
    classId = math.targets.find((t) => t.kind === 'class')!.id;
    let seq = 0;
    const make = (name: string, pair: HomeworkPair) =>
      assignedHomework(ok, {
        name,
        pair,
        classIds: [classId],
        idempotencyKey: `group-${dialect}-${++seq}`,
      });
    first = await make('单元一', math);
    second = await make('单元二', math);
    chineseHomework = await make('默写', chinese);
    ready = (
      await ok<{ id: number }>('admin', 'homeworkCreate', {
        name: '未布置',
        gradeId: math.gradeId,
        subjectId: math.subjectId,
        paper: { fileName: 'a.pdf', contentBase64: TEST_PAPER_PDF },
        idempotencyKey: `group-${dialect}-ready`,
      })
    ).id;
    await ok('admin', 'splitConfirm', { id: ready, questions: TEST_QUESTIONS });
    mine = await server.db
      .selectFrom('students')
      .select(['id', 'student_no', 'name'])
      .where('class_id', '=', classId)
      .orderBy('student_no')
      .execute();
    // Student 1 handed in both (12 and 18 of 20), student 2 only the first, not yet corrected.
    const hand = (homeworkId: number, studentId: number, status: string, score: number | null) =>
      server.db
        .insertInto('homework_submissions')
        .values({
          homework_id: homeworkId,
          school_id: server.seed.demoSchoolId,
          student_id: studentId,
          class_id: classId,
          status,
          source: 'manual',
          image_key: null,
          score,
          submitted_at: TEST_NOW.getTime(),
          corrected_by: null,
          corrected_at: null,
          updated_at: TEST_NOW.getTime(),
        })
        .execute();
    await hand(first, mine[0]!.id, 'finished', 12);
    await hand(second, mine[0]!.id, 'finished', 18);
    await hand(first, mine[1]!.id, 'submitted', 5);
  });
  afterAll(() => server?.close());

  it('makes a group, answers it again on a retried create, and lists it for the subject’s teachers', async () => {
    const made = await save('teacher', { homeworkIds: [second, first, ready] });
    expect(made.body.code).toBe(200);
    expect(made.body.data).toMatchObject({
      name: '第三单元',
      gradeName: '高一',
      subjectName: '数学',
      homeworkIds: [second, first, ready],
      mine: true,
    });
    const again = await save('teacher', { homeworkIds: [first, second, ready] });
    expect(again.body.data.id).toBe(made.body.data.id);
    expect(again.body.data.homeworkIds).toEqual([first, second, ready]);
    // The admin (school-wide) sees it and may change it; another school does not see it.
    const adminList = await ok<HomeworkGroup[]>('admin', 'groupList', {});
    expect(adminList.find((g) => g.id === made.body.data.id)).toMatchObject({ mine: true });
    const other = await ok<HomeworkGroup[]>('lab-admin', 'groupList', {});
    expect(other.map((g) => g.id)).not.toContain(made.body.data.id);
    // The admin's own group of the same name: refused, the teacher's is theirs.
    expect((await save('admin', {})).body).toMatchObject({
      code: 400,
      msg: '同名的作业分组已存在',
    });
  });

  it('sums a group over the caller’s students', async () => {
    const group = (await save('teacher', { name: '汇总', homeworkIds: [first, second, ready] }))
      .body.data;
    const report = await ok<HomeworkGroupReport>('teacher', 'groupReport', { id: group.id });
    expect(report.homeworks.map((h) => [h.name, h.assigned, h.submitted, h.average])).toEqual([
      ['单元一', true, 2, 12],
      ['单元二', true, 1, 18],
      ['未布置', false, 0, null],
    ]);
    expect(report.homeworks[0]!.expected).toBe(mine.length);
    expect(report.students).toHaveLength(mine.length);
    expect(report.students[0]).toMatchObject({
      studentNo: mine[0]!.student_no,
      expected: 2,
      submitted: 2,
      score: 30,
      fullMarks: 40,
      rate: 75,
    });
    expect(report.students[1]).toMatchObject({ submitted: 1, score: 5, fullMarks: 20, rate: 25 });
    expect(report.students[2]).toMatchObject({ submitted: 0, score: 0, rate: null });
  });

  it('refuses homework of another subject, another school, and needs 作业分组', async () => {
    expect(
      (await save('teacher', { name: '混合', homeworkIds: [first, chineseHomework] })).body,
    ).toMatchObject({ code: 404, msg: '作业不存在，或不属于所选年级科目' });
    // 语文 is not the teacher's subject.
    expect(
      (await save('teacher', { subjectId: chinese.subjectId, homeworkIds: [chineseHomework] }))
        .body,
    ).toMatchObject({ code: 400, msg: '年级或科目不存在，或不在您的任教范围' });
    const group = (
      await save('admin', {
        name: '语文组',
        subjectId: chinese.subjectId,
        homeworkIds: [chineseHomework],
      })
    ).body.data;
    // The teacher (not of 语文) and another school: as missing.
    for (const who of ['teacher', 'lab-admin']) {
      expect((await as(who, 'groupReport', { id: group.id })).body).toMatchObject({
        code: 404,
        msg: '作业分组不存在',
      });
      expect((await as(who, 'groupRemove', { id: group.id })).body.code).toBe(404);
    }
    // 年级主任 has 作业分析 but not 作业分组.
    expect((await as('gradelead', 'groupList', {})).body.code).toBe(403);
  });

  it('lets only the maker or a school-wide role change or delete a group', async () => {
    const group = (await save('admin', { name: '管理员的分组' })).body.data;
    // The teacher sees it (their subject) but may not change it.
    const list = await ok<HomeworkGroup[]>('teacher', 'groupList', {});
    expect(list.find((g) => g.id === group.id)).toMatchObject({ mine: false });
    expect((await save('teacher', { id: group.id, name: '改名' })).body).toMatchObject({
      code: 400,
      msg: '只有创建人可以修改这个分组',
    });
    expect((await as('teacher', 'groupRemove', { id: group.id })).body.msg).toBe(
      '只有创建人可以删除这个分组',
    );
    await ok('admin', 'groupRemove', { id: group.id });
    expect((await as('admin', 'groupReport', { id: group.id })).body.code).toBe(404);
    // Its homework stay.
    expect((await as('admin', 'homeworkDetail', { id: first })).body.code).toBe(200);
  });
});
