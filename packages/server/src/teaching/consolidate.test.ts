import {
  homeworkReportRoutes,
  homeworkRoutes,
  resourceWrongRoutes,
  type DataOf,
  type KnowledgeStatistics,
  type ReportBasic,
} from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeworkCallers } from '../homework/testKit';
import { DIALECTS, startTestServer, type TestServer } from '../test/fixtures';
import { enterHandIns, fromBank, twoClassHomework } from './testKit';

const routes = { ...homeworkRoutes, ...homeworkReportRoutes, ...resourceWrongRoutes };
type Errors = DataOf<(typeof resourceWrongRoutes)['homeworkClassErrors']>;

/**
 * 巩固提升 over 校本作业: one 数学 homework of the teacher's class and another class, questions 1
 * and 3 from a bank question with a knowledge point; three hand-ins of the teacher's class
 * (13.5, 20, one half-done) and one of the other class (0). The figures are the report's own.
 */
describe.each(DIALECTS)('巩固提升 with homework on %s', (dialect) => {
  let server: TestServer;
  const { as, ok, signInAll } = homeworkCallers(routes, () => server);
  let homeworkId: number;
  let classId: number;
  let otherClass: number;
  let point: string;
  let source: number;
  const all = { classId: null, teachingClassId: null };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await signInAll('admin', 'teacher', 'lab-admin');
    const set = await twoClassHomework(server, ok, {
      name: '巩固作业练习',
      idempotencyKey: `consolidate-${dialect}`,
    });
    ({ homeworkId, classId, otherClass } = set);
    // A bank question whose knowledge point another question of its subject shares.
    const shared = await server.db
      .selectFrom('question_points as qp')
      .innerJoin('knowledge_points as k', 'k.id', 'qp.point_id')
      .innerJoin('questions as q', 'q.id', 'qp.question_id')
      .innerJoin('question_points as qp2', (j) =>
        j
          .onRef('qp2.point_id', '=', 'qp.point_id')
          .onRef('qp2.question_id', '!=', 'qp.question_id'),
      )
      .innerJoin('questions as q2', 'q2.id', 'qp2.question_id')
      .select(['qp.question_id', 'k.name'])
      .whereRef('q2.subject_code', '=', 'q.subject_code')
      .where('q.parent_id', 'is', null)
      .where('q2.parent_id', 'is', null)
      .where('q.deleted_at', 'is', null)
      .where('q2.deleted_at', 'is', null)
      .orderBy('qp.question_id')
      .executeTakeFirstOrThrow();
    point = shared.name;
    source = shared.question_id;
    await fromBank(server.db, homeworkId, source);
    await enterHandIns(ok, set);
  });
  afterAll(() => server?.close());

  it('a teacher sees their class’s weakest questions and points, the report’s figures', async () => {
    const data = await ok<Errors>('teacher', 'homeworkClassErrors', { homeworkId, limit: 5 });
    expect(data).toMatchObject({ homeworkId, homeworkName: '巩固作业练习', subjectName: '数学' });
    expect(data.homeworks[0]).toMatchObject({ id: homeworkId, subjectName: '数学' });
    // The teacher corrects their class only: one class, not 高一(9)班.
    expect(data.classes.map((c) => [c.kind, c.classId])).toEqual([['class', classId]]);
    const [mine] = data.classes;
    // q1 5 + 5 + 0 of 15 = 66.67 %; q2 2.5 + 5 of 10 = 75 %; q3 6 + 10 of 20 = 80 %, lowest first.
    expect(
      mine!.questions.map((x) => [x.label, x.classScoreRate, x.wrongCount, x.fromBank]),
    ).toEqual([
      ['1', 0.6667, 1, true],
      ['2', 0.75, 1, false],
      ['3', 0.8, 1, true],
    ]);
    expect(mine!.questions[0]!.knowledgePoints).toEqual([point]);
    // (10 + 16) / (15 + 20) = 74.29 %, 错 once in each of q1 and q3.
    expect(mine!.points).toEqual([
      {
        point,
        fullMarks: 15,
        scoreRate: 0.7429,
        homeworkScoreRate: 0.7429,
        labels: ['1', '3'],
        wrongCount: 2,
      },
    ]);
    // The same figures as the homework report's 基本情况 and 知识点统计 of the class.
    const one = { id: homeworkId, classId, teachingClassId: null };
    const basic = await ok<ReportBasic>('teacher', 'reportBasic', one);
    expect(mine!.questions.map((x) => x.classScoreRate)).toEqual(
      [...basic.questions]
        .sort((a, b) => (a.scoreRate ?? 2) - (b.scoreRate ?? 2))
        .map((x) => x.scoreRate),
    );
    const stats = await ok<KnowledgeStatistics>('teacher', 'knowledgeStatistics', one);
    expect(mine!.points[0]!.scoreRate).toBe(stats.points[0]!.scoreRate);
    expect(data.untagged).toBe(1);
  });

  it('the admin sees both classes, beside the homework’s rate over them', async () => {
    const data = await ok<Errors>('admin', 'homeworkClassErrors', { homeworkId, limit: 2 });
    expect(data.classes.map((c) => c.classId)).toEqual([classId, otherClass]);
    const other = data.classes[1]!;
    expect(other.questions.map((x) => [x.label, x.classScoreRate])).toEqual([
      ['1', 0],
      ['2', 0],
    ]);
    const basic = await ok<ReportBasic>('admin', 'reportBasic', { id: homeworkId, ...all });
    expect(other.questions[0]!.homeworkScoreRate).toBe(basic.questions[0]!.scoreRate);
    // Without a homework: the newest the caller may open.
    const newest = await ok<Errors>('admin', 'homeworkClassErrors', { homeworkId: null, limit: 2 });
    expect(newest.homeworkId).toBe(homeworkId);
  });

  it('makes a class’s practice paper of similar bank questions in one step', async () => {
    const body = {
      homeworkId,
      kind: 'class',
      classId,
      point: null,
      title: '巩固作业练习 巩固练习',
      requestKey: `hw-practice-${dialect}`,
    };
    const made = await ok<{ paperId: number; questionCount: number }>(
      'teacher',
      'homeworkPracticePaper',
      body,
    );
    // q1 and q3 (the weak questions from the bank) share one source: each gets its best similar
    // question not already on the paper, never the source itself.
    const rows = await server.db
      .selectFrom('paper_questions as pq')
      .innerJoin('question_points as qp', 'qp.question_id', 'pq.question_id')
      .innerJoin('knowledge_points as k', 'k.id', 'qp.point_id')
      .select(['pq.question_id', 'k.name'])
      .where('pq.paper_id', '=', made.paperId)
      .execute();
    const onPaper = [...new Set(rows.map((r) => r.question_id))];
    expect(onPaper).toHaveLength(made.questionCount);
    expect([1, 2]).toContain(made.questionCount);
    // every question on the paper shares the point
    for (const id of onPaper)
      expect(rows.filter((r) => r.question_id === id).map((r) => r.name)).toContain(point);
    expect(onPaper).not.toContain(source);
    const paper = await server.db
      .selectFrom('papers')
      .select(['title', 'school_id'])
      .where('id', '=', made.paperId)
      .executeTakeFirstOrThrow();
    expect(paper).toEqual({ title: body.title, school_id: server.seed.demoSchoolId });
    // The same request key saves nothing twice.
    const again = await ok<{ paperId: number }>('teacher', 'homeworkPracticePaper', body);
    expect(again.paperId).toBe(made.paperId);
    // One knowledge point, or a point no weak question carries.
    const byPoint = await ok<{ questionCount: number }>('teacher', 'homeworkPracticePaper', {
      ...body,
      point,
      requestKey: `hw-point-${dialect}`,
    });
    expect(byPoint.questionCount).toBe(made.questionCount);
    const none = await as('teacher', 'homeworkPracticePaper', {
      ...body,
      point: '没有这个知识点',
      requestKey: `hw-none-${dialect}`,
    });
    expect([none.body.code, none.body.msg]).toEqual([400, '题库中暂无与这些错题共享知识点的试题']);
  });

  it('data scope: another class 404, another school 404', async () => {
    const paper = {
      homeworkId,
      kind: 'class',
      classId: otherClass,
      point: null,
      title: '外班练习',
      requestKey: `hw-other-${dialect}`,
    };
    const otherClassRes = await as('teacher', 'homeworkPracticePaper', paper);
    expect([otherClassRes.body.code, otherClassRes.body.msg]).toEqual([404, '班级不存在']);
    const school = await as('lab-admin', 'homeworkClassErrors', { homeworkId, limit: 5 });
    expect([school.body.code, school.body.msg]).toEqual([404, '作业不存在']);
    const schoolPaper = await as('lab-admin', 'homeworkPracticePaper', { ...paper, classId });
    expect(schoolPaper.body.code).toBe(404);
    const list = await ok<Errors>('lab-admin', 'homeworkClassErrors', {
      homeworkId: null,
      limit: 5,
    });
    expect(list.homeworks.some((h) => h.id === homeworkId)).toBe(false);
  });
});
