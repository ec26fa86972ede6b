import {
  authRoutes,
  homeworkPaperRoutes,
  homeworkQuestionPointRoutes,
  homeworkReportRoutes,
  homeworkRoutes,
  homeworkStoreRoutes,
  resourceQuestionRoutes,
  resourceWrongRoutes,
  teachingRoutes,
  type DataOf,
  type HomeworkDetail,
  type HomeworkQuestionPoint,
  type KnowledgeNode,
  type KnowledgeStatistics,
  type UserInfo,
} from '@examkit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEAT_READ_ONLY_MESSAGE, seatMayCall } from '../core/seatAccess';
import { DEMO_PASSWORD } from '../seed/seedDemo';
import { DIALECTS, call, signIn } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';
import { grantKey } from '../test/schoolKit';
import { enterHandIns, fromBank, twoClassHomework } from '../teaching/testKit';
import { homeworkCallers, TEST_PAPER_PDF, TEST_QUESTIONS } from './testKit';

const routes = {
  ...homeworkRoutes,
  ...homeworkPaperRoutes,
  ...homeworkStoreRoutes,
  ...homeworkReportRoutes,
  ...homeworkQuestionPointRoutes,
  ...resourceQuestionRoutes,
  ...resourceWrongRoutes,
  ...teachingRoutes,
};
type StudentRecord = DataOf<typeof teachingRoutes.studentRecord>;
type ClassRecord = DataOf<typeof teachingRoutes.classRecord>;
type WrongDetail = DataOf<typeof resourceWrongRoutes.studentWrongDetail>;

/**
 * Knowledge points of a paper's homework questions (docs/homework.md): the 数学 homework of the
 * teaching views' kit (1: A 5, 2: BD 5, 3: subjective 10) with its hand-ins, tagged by the
 * teacher from the school's 高中 数学 tree; the report's 知识点统计, 学情 and the 错题本 read them.
 */
describe.each(DIALECTS)('知识点 of a paper’s homework questions on %s', (dialect) => {
  const server = sharedTestServer(dialect);
  const { as, ok, signInAll, tokens } = homeworkCallers(routes, () => server);
  let homeworkId: number;
  let classId: number;
  let mine: { id: number }[];
  /** Two 数学 points that no demo homework question carries, each on some bank questions. */
  let p: { id: number; name: string };
  let q: { id: number; name: string };
  let english: number;

  beforeAll(async () => {
    const { db } = server;
    const schoolId = server.seed.demoSchoolId;
    for (const key of ['Study-Student', 'Study-Class'])
      await grantKey(db, schoolId, '任课教师', key);
    await signInAll('admin', 'teacher', 'lab-admin');
    const set = await twoClassHomework(server, ok, {
      name: '知识点作业',
      idempotencyKey: `points-${dialect}`,
    });
    ({ homeworkId, classId, mine } = set);
    await enterHandIns(ok, set);
    const taken = new Set(
      (
        await db
          .selectFrom('homework_question_points')
          .select('point_id')
          .union(
            db
              .selectFrom('homework_questions as hq')
              .innerJoin('question_points as qp', 'qp.question_id', 'hq.bank_question_id')
              .select('qp.point_id'),
          )
          .execute()
      ).map((r) => r.point_id),
    );
    const tree = await ok<KnowledgeNode[]>('admin', 'listPoint', { subjectCode: '02', stage: 3 });
    const free = tree.filter((n) => n.questionCount > 0 && !taken.has(n.id));
    [p, q] = [free[0]!, free[1]!];
    english = (await ok<KnowledgeNode[]>('admin', 'listPoint', { subjectCode: '03', stage: 3 }))[0]!
      .id;
  });

  const save = (who: string, questionNo: number, pointIds: number[], id = homeworkId) =>
    as<HomeworkQuestionPoint[]>(who, 'questionPointSave', { homeworkId: id, questionNo, pointIds });
  const detail = () => ok<HomeworkDetail>('teacher', 'homeworkDetail', { id: homeworkId });

  it('offers the bank’s knowledge tree of the homework’s subject and stage', async () => {
    const tree = await ok<KnowledgeNode[]>('teacher', 'questionPointTree', { homeworkId });
    const bank = await ok<KnowledgeNode[]>('admin', 'listPoint', { subjectCode: '02', stage: 3 });
    expect(tree.map((n) => n.id)).toEqual(bank.map((n) => n.id));
    expect(tree.length).toBeGreaterThan(3);
    expect((await as('lab-admin', 'questionPointTree', { homeworkId })).body).toMatchObject({
      code: 404,
      msg: '作业不存在',
    });
  });

  it('replaces a question’s points, a retry saving the same, an empty list clearing them', async () => {
    const first = await save('teacher', 2, [q.id, p.id]);
    expect(first.body.code, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.map((x) => x.id).sort()).toEqual([p.id, q.id].sort());
    expect((await detail()).questions.map((x) => x.points.length)).toEqual([0, 2, 0]);
    const replaced = await save('teacher', 2, [q.id]);
    expect(replaced.body.data).toEqual([{ id: q.id, name: q.name }]);
    expect((await save('teacher', 2, [q.id])).body.data).toEqual([{ id: q.id, name: q.name }]);
    expect((await detail()).questions[1]!.points).toEqual([{ id: q.id, name: q.name }]);
    expect((await save('teacher', 2, [])).body.data).toEqual([]);
    expect((await detail()).questions.every((x) => x.points.length === 0)).toBe(true);
  });

  it('refuses another school, another subject’s point, a missing question and the bureau seat', async () => {
    const { db } = server;
    expect((await save('lab-admin', 1, [p.id])).body).toMatchObject({
      code: 404,
      msg: '作业不存在',
    });
    expect((await save('teacher', 1, [english])).body).toMatchObject({
      code: 404,
      msg: '知识点不存在，或不属于本作业的学科和学段',
    });
    // A node of another school's own tree is not the demo school's.
    const lab = await db
      .selectFrom('schools')
      .select('id')
      .where('id', '!=', server.seed.demoSchoolId)
      .executeTakeFirstOrThrow();
    const { id: theirs } = await db
      .insertInto('knowledge_points')
      .values({
        school_id: lab.id,
        subject_code: '02',
        stage: 3,
        parent_id: null,
        name: '别校知识点',
        ord: 99,
        created_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await save('teacher', 1, [p.id, theirs])).body.code).toBe(404);
    expect((await save('teacher', 9, [p.id])).body).toMatchObject({
      code: 404,
      msg: '题目不存在',
    });
    expect((await detail()).questions[0]!.points).toEqual([]);
    const seat = (
      await call<UserInfo>(server.app, authRoutes.loginPassword, {
        body: { loginName: 'bureau', password: DEMO_PASSWORD, schoolId: server.seed.demoSchoolId },
      })
    ).body.data;
    const bySeat = await call(server.app, homeworkQuestionPointRoutes.questionPointSave, {
      token: seat.token,
      body: { homeworkId, questionNo: 1, pointIds: [p.id] },
    });
    expect(bySeat.body).toMatchObject({ code: 403, msg: SEAT_READ_ONLY_MESSAGE });
  });

  it('keeps a point with its 题号 when the list is confirmed again, and refuses a bank question', async () => {
    const { id } = await ok<{ id: number }>('admin', 'homeworkCreate', {
      name: '重拆作业',
      gradeId: (await detail()).gradeId,
      subjectId: (await detail()).subjectId,
      paper: { fileName: 'a.pdf', contentBase64: TEST_PAPER_PDF },
      idempotencyKey: `resplit-${dialect}`,
    });
    await ok('admin', 'splitConfirm', { id, questions: TEST_QUESTIONS });
    expect((await save('admin', 3, [p.id], id)).body.code).toBe(200);
    expect((await save('admin', 1, [q.id], id)).body.code).toBe(200);
    // Question 1 goes: 题号 3 becomes the second question and keeps its point.
    const again = await ok<HomeworkDetail>('admin', 'splitConfirm', {
      id,
      questions: TEST_QUESTIONS.slice(1),
    });
    expect(again.questions.map((x) => [x.label, x.points.map((y) => y.name)])).toEqual([
      ['2', []],
      ['3', [p.name]],
    ]);
    await fromBank(server.db, id, 1);
    const bank = await save('admin', 1, [p.id], id);
    expect(bank.body).toMatchObject({ code: 400 });
    expect(bank.body.msg).toContain('题库');
  });

  it('知识点统计 of the report, 学情 and the 错题本 read the tagged points', async () => {
    expect((await save('teacher', 1, [p.id])).body.code).toBe(200);
    expect((await save('teacher', 3, [p.id])).body.code).toBe(200);
    expect((await save('teacher', 2, [q.id])).body.code).toBe(200);
    const knowledge = await ok<KnowledgeStatistics>('teacher', 'knowledgeStatistics', {
      id: homeworkId,
      classId,
      teachingClassId: null,
    });
    // p: question 1 (5 + 5 + 0 of 15) and 3 (6 + 10 of 20); q: question 2 (2.5 + 5 of 10).
    expect(knowledge).toEqual({
      untagged: 0,
      points: [
        { name: p.name, questionNos: [1, 3], fullMarks: 15, scoreRate: 0.7429, wrong: 2 },
        { name: q.name, questionNos: [2], fullMarks: 5, scoreRate: 0.75, wrong: 1 },
      ],
    });
    // 学生学情: the student's own hand-in (A, B, 6): p 11 of 15, q 2.5 of 5.
    const record = await ok<StudentRecord>('teacher', 'studentRecord', { studentId: mine[0]!.id });
    const of = (points: StudentRecord['points'], name: string) =>
      points.find((x) => x.subjectName === '数学' && x.point === name)!;
    expect(of(record.points, p.name).homework).toEqual({
      fullMarks: 15,
      scoreRate: expect.closeTo(11 / 15, 4),
      count: 1,
    });
    expect(of(record.points, q.name).homework).toEqual({ fullMarks: 5, scoreRate: 0.5, count: 1 });
    // 班级学情: the report's 知识点统计 of the class.
    const klass = await ok<ClassRecord>('teacher', 'classRecord', { classId });
    expect(of(klass.points, p.name).homework).toEqual({
      fullMarks: 15,
      scoreRate: 0.7429,
      count: 1,
    });
    // The 错题本: question 2 answered B is wrong, with its point and bank questions sharing it.
    const wrong = await ok<WrongDetail>('teacher', 'studentWrongDetail', {
      studentId: mine[0]!.id,
      subjectName: '',
      dateFrom: '',
      dateTo: '',
    });
    const two = wrong.homework.find((h) => h.homeworkId === homeworkId && h.label === '2')!;
    expect(two.knowledgePoints).toEqual([q.name]);
    expect(two.bankQuestion).toBeNull();
    expect(two.recommendations.length).toBeGreaterThan(0);
    expect(two.recommendations.every((r) => r.sharedPoints.includes(q.name))).toBe(true);
  });

  it('试题详情 (questionItem) shows each question’s tagged points', async () => {
    // Tagged by the test before: 1 and 3 with p, 2 with q.
    type Items = DataOf<typeof homeworkStoreRoutes.questionItems>;
    const items = await ok<Items>('teacher', 'questionItems', { id: homeworkId });
    expect(items.source).toBe('paper');
    expect(items.questions.map((x) => [x.label, x.points])).toEqual([
      ['1', [{ id: p.id, name: p.name }]],
      ['2', [{ id: q.id, name: q.name }]],
      ['3', [{ id: p.id, name: p.name }]],
    ]);
  });

  it('the bureau seat: reads only where seatAccess lists them, every change 403, nothing changed', async () => {
    tokens.seat = (
      await signIn(server.app, 'bureau', { schoolId: server.seed.demoSchoolId })
    ).token;
    const before = await detail();
    const question = before.questions[0]!;
    const edit = {
      id: homeworkId,
      no: 1,
      label: question.label,
      type: question.type,
      answer: 'B',
      fullMarks: question.fullMarks,
    };
    const refused = { code: 403, msg: SEAT_READ_ONLY_MESSAGE };
    // The changes: never listed for the seat, refused before the body is read.
    const writes = [
      ['splitConfirm', { id: homeworkId, questions: TEST_QUESTIONS }],
      ['questionEdit', edit],
      ['questionPointSave', { homeworkId, questionNo: 1, pointIds: [q.id] }],
    ] as const;
    for (const [route, body] of writes) {
      expect(seatMayCall('POST', routes[route].url), route).toBe(false);
      expect((await as('seat', route, body)).body, route).toMatchObject(refused);
    }
    // The reads behind split-confirm, question/edit and 标注知识点: allowed only when listed (none
    // of them is: the seat holds no 校本作业, and its 教辅 pages read the chapter calls only).
    const reads = [
      ['homeworkDetail', { id: homeworkId }],
      ['questionEditCheck', edit],
      ['questionPointTree', { homeworkId }],
      ['questionItems', { id: homeworkId }],
    ] as const;
    for (const [route, body] of reads) {
      const listed = seatMayCall('POST', routes[route].url);
      const answer = (await as('seat', route, body)).body;
      if (listed) expect(answer.code, route).toBe(200);
      else expect(answer, route).toMatchObject(refused);
    }
    expect(await detail()).toEqual(before);
  });

  it('巩固提升 reads the tagged points and practises a paper’s questions by them', async () => {
    type Errors = DataOf<typeof resourceWrongRoutes.homeworkClassErrors>;
    const errors = await ok<Errors>('teacher', 'homeworkClassErrors', { homeworkId, limit: 5 });
    expect(errors.untagged).toBe(0);
    const mineClass = errors.classes.find((c) => c.classId === classId)!;
    expect(mineClass.points.map((x) => x.point)).toEqual([p.name, q.name]);
    expect(mineClass.questions.find((x) => x.no === 2)!.knowledgePoints).toEqual([q.name]);
    const made = await ok<{ paperId: number; questionCount: number }>(
      'teacher',
      'homeworkPracticePaper',
      {
        homeworkId,
        kind: 'class',
        classId,
        point: q.name,
        title: '知识点作业 巩固练习',
        requestKey: `points-practice-${dialect}`,
      },
    );
    expect(made.questionCount).toBe(1);
    // The paper's question is a bank question sharing the tagged point.
    const onPaper = await server.db
      .selectFrom('paper_questions as pq')
      .innerJoin('question_points as qp', 'qp.question_id', 'pq.question_id')
      .select('qp.point_id')
      .where('pq.paper_id', '=', made.paperId)
      .execute();
    expect(onPaper.map((r) => r.point_id)).toContain(q.id);
  });

  it('a tagged point of the school’s own tree is not deleted', async () => {
    const { id } = await ok<{ id: number }>('admin', 'pointAdd', {
      subjectCode: '02',
      stage: 3,
      parentId: p.id,
      name: '本校作业知识点',
    });
    expect((await save('teacher', 2, [q.id, id])).body.code).toBe(200);
    expect((await as('admin', 'pointDelete', { id })).body).toMatchObject({
      code: 400,
      msg: '该知识点已被 1 道作业题标注，不能删除',
    });
  });
});
