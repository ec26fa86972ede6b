import {
  homeworkReportRoutes,
  homeworkRoutes,
  teachingAssistantRoutes,
  type CentreHomeworkTopics,
  type KnowledgeStatistics,
  type Page,
  type CentreHomeworkRow,
  type ReportBasic,
} from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeworkCallers } from '../homework/testKit';
import { DIALECTS, startTestServer, type TestServer } from '../test/fixtures';
import { enterHandIns, fromBank, twoClassHomework } from './testKit';

const routes = { ...homeworkRoutes, ...homeworkReportRoutes, ...teachingAssistantRoutes };

/**
 * 助手报告 of the report centre: one 数学 homework of two classes, three hand-ins of the
 * teacher's class typed in (13.5, 20 and one half-done) and one of the other class (0), so the
 * figures are worked by hand and match the homework report's own.
 */
describe.each(DIALECTS)('助手报告 on %s', (dialect) => {
  let server: TestServer;
  const { as, ok, signInAll } = homeworkCallers(routes, () => server);
  let homeworkId: number;
  let classId: number;
  let otherClass: number;
  let expectedMine: number;
  let point: string;
  const all = { classId: null, teachingClassId: null };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await signInAll('admin', 'teacher', 'lab-admin');
    const set = await twoClassHomework(server, ok, {
      name: '助手报告练习',
      idempotencyKey: `centre-${dialect}`,
    });
    ({ homeworkId, classId, otherClass } = set);
    expectedMine = set.mine.length;
    // Questions 1 and 3 come from a bank question with a knowledge point.
    const tagged = await server.db
      .selectFrom('question_points as qp')
      .innerJoin('knowledge_points as k', 'k.id', 'qp.point_id')
      .select(['qp.question_id', 'k.name'])
      .orderBy('qp.question_id')
      .executeTakeFirstOrThrow();
    point = tagged.name;
    await fromBank(server.db, homeworkId, tagged.question_id);
    await enterHandIns(ok, set);
  });
  afterAll(() => server?.close());

  it('lists the homework with the report’s figures over the caller’s students', async () => {
    const page = await ok<Page<CentreHomeworkRow>>('teacher', 'assistantReports', {
      pageNum: 1,
      pageSize: 10,
    });
    const row = page.list.find((h) => h.id === homeworkId)!;
    // The teacher's class only: 13.5 and 20 corrected, the third 待批改.
    expect(row).toMatchObject({
      name: '助手报告练习',
      gradeName: '高一',
      subjectName: '数学',
      targets: [expect.any(String)],
      fullMarks: 20,
      expected: expectedMine,
      submitted: 3,
      corrected: 2,
      average: 16.75,
      scoreRate: 0.8375,
    });
    const basic = await ok<ReportBasic>('teacher', 'reportBasic', { id: homeworkId, ...all });
    expect([row.average, row.scoreRate, row.corrected]).toEqual([
      basic.average,
      basic.scoreRate,
      basic.corrected,
    ]);
    // The admin counts both classes: (13.5 + 20 + 0) / 3.
    const admin = await ok<Page<CentreHomeworkRow>>('admin', 'assistantReports', {
      pageNum: 1,
      pageSize: 10,
    });
    expect(admin.list.find((h) => h.id === homeworkId)).toMatchObject({
      expected: expectedMine + 1,
      submitted: 4,
      corrected: 3,
      average: 11.17,
    });
    expect(admin.total).toBeGreaterThanOrEqual(1);
    // Another school sees none of it.
    const other = await ok<Page<CentreHomeworkRow>>('lab-admin', 'assistantReports', {
      pageNum: 1,
      pageSize: 10,
    });
    expect(other.list.some((h) => h.id === homeworkId)).toBe(false);
  });

  it('题目列表: the questions and knowledge points at or under the rate', async () => {
    const topics = await ok<CentreHomeworkTopics>('teacher', 'assistantTopics', {
      homeworkId,
      ...all,
      threshold: 0.7,
    });
    // q1 5 + 5 + 0 of 15 = 66.67 %; q2 2.5 + 5 of 10 = 75 %; q3 6 + 10 of 20 = 80 %.
    expect(topics.questions.map((q) => [q.label, q.scoreRate, q.wrong])).toEqual([
      ['1', 0.6667, 1],
    ]);
    // The point of q1 and q3: (10 + 16) / (15 + 20) = 74.29 %, over 70 %; 错 once in each.
    expect(topics.points).toEqual([]);
    expect(topics.untagged).toBe(1);
    const wider = await ok<CentreHomeworkTopics>('teacher', 'assistantTopics', {
      homeworkId,
      ...all,
      threshold: 0.8,
    });
    expect(wider.questions.map((q) => q.label)).toEqual(['1', '2', '3']);
    expect(wider.points).toEqual([
      { name: point, questionLabels: ['1', '3'], fullMarks: 15, scoreRate: 0.7429, wrong: 2 },
    ]);
    // The same figures as the report's 知识点统计.
    const stats = await ok<KnowledgeStatistics>('teacher', 'knowledgeStatistics', {
      id: homeworkId,
      ...all,
    });
    expect(stats.points[0]!.scoreRate).toBe(0.7429);
    // The admin, the other class only: every answer wrong.
    const only = await ok<CentreHomeworkTopics>('admin', 'assistantTopics', {
      homeworkId,
      classId: otherClass,
      teachingClassId: null,
      threshold: 0.6,
    });
    expect(only.questions.map((q) => [q.label, q.scoreRate])).toEqual([
      ['1', 0],
      ['2', 0],
      ['3', 0],
    ]);
    expect(only.targets.map((t) => t.id)).toEqual([classId, otherClass]);
  });

  it('without a homework it opens the newest; the picker lists what the caller may open', async () => {
    const newest = await ok<CentreHomeworkTopics>('teacher', 'assistantTopics', {
      homeworkId: null,
      ...all,
      threshold: 0.6,
    });
    expect(newest.homeworkId).toBe(homeworkId);
    expect(newest.homeworks[0]).toMatchObject({ id: homeworkId, subjectName: '数学' });
    const none = await ok<CentreHomeworkTopics>('lab-admin', 'assistantTopics', {
      homeworkId: null,
      ...all,
      threshold: 0.6,
    });
    expect(none.homeworks.some((h) => h.id === homeworkId)).toBe(false);
  });

  it('data scope: another class 404, another school 404', async () => {
    const body = { homeworkId, threshold: 0.6, teachingClassId: null };
    const otherClassRes = await as('teacher', 'assistantTopics', { ...body, classId: otherClass });
    expect([otherClassRes.body.code, otherClassRes.body.msg]).toEqual([404, '班级不存在']);
    const school = await as('lab-admin', 'assistantTopics', { ...body, classId: null });
    expect([school.body.code, school.body.msg]).toEqual([404, '作业不存在']);
  });
});
