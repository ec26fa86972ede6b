import {
  paperRoutes as p,
  resourceWrongRoutes as W,
  resourceQuestionRoutes as R,
  type BankQuestionInput,
  type BankQuestionItem,
  type DataOf,
  type RouteContract,
} from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineId, readExamReport } from '../report/cache';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';
import { mathQuestion } from './bankFixtures';
import { insertPaper } from './papers';
import { insertQuestion } from './questions';
import { recommendFor } from './wrongRecommend';
import { gradeOf } from '../exam/testKit';
import { addPoint } from './testKit';

const math = (over: Partial<BankQuestionInput>) =>
  mathQuestion({ answer: 'B', analysis: '', source: '统计测试', ...over });

/**
 * Question statistics from real use: a paper becomes two exams (生成考试), scores are entered,
 * and the bank's list, the question and the paper show the report's own question figures.
 */
describe.each(DIALECTS)('bank question statistics on %s', (dialect) => {
  let server: TestServer;
  let token: string;
  const ok = async <T>(contract: RouteContract, body: object): Promise<T> => {
    const reply = await call<T>(server.app, contract, {
      token,
      body: body as Record<string, unknown>,
    });
    expect(reply.body.code, reply.body.msg).toBe(200);
    return reply.body.data;
  };
  let easy: number;
  let hard: number;
  let unused: number;
  let twin: number;
  let decoy: number;
  let firstExam: { examId: number; examSubjectId: number; questionIds: number[] };
  let secondExam: { examId: number; examSubjectId: number; questionIds: number[] };
  let paperId: number;
  let gradeId: number;
  let classIds: number[];

  beforeAll(async () => {
    server = await startTestServer(dialect);
    token = (await signIn(server.app, 'director')).token;
    const own = { schoolId: server.seed.demoSchoolId, userId: null };
    const point = await addPoint(server.db, '乘法');
    const add = (stem: string, schoolId: number | null, over: Partial<BankQuestionInput> = {}) =>
      insertQuestion(
        server.db,
        server.clock,
        { schoolId, userId: null },
        math({ stem: `统计测试：${stem}`, ...over }),
      );
    easy = await add('$2+2=$', own.schoolId);
    // A cloud question: every school reads it, each sees only its own exams' figures.
    hard = await add(
      '某班有 3 个小组，每个小组有 3 名同学，这个班参加植树活动的同学一共有多少名？',
      null,
      {
        pointIds: [point],
      },
    );
    unused = await add('$5-1=$', own.schoolId);
    // For 相似题推荐: a near-duplicate of the exam question, and a question of the same point whose
    // difficulty fits the class better but whose text is unrelated.
    twin = await add(
      '某班有 3 个小组，每个小组有 3 名同学，这个班参加植树活动的一共有多少名同学？',
      own.schoolId,
      {
        pointIds: [point],
        difficulty: 2,
      },
    );
    decoy = await add('计算 $7\\times 8$ 的结果。', own.schoolId, {
      pointIds: [point],
      difficulty: 4,
    });
    paperId = await insertPaper(
      server.db,
      own,
      {
        subjectCode: 'math',
        title: '统计测试卷',
        subtitle: '',
        durationMinutes: 40,
        gradeNum: 10,
        sections: [
          {
            title: '选择题',
            questions: [
              { questionId: easy, score: 5 },
              { questionId: hard, score: 5 },
            ],
          },
        ],
      },
      0,
      null,
    );
    ({ gradeId, classIds } = await gradeOf(server.db, server.seed.demoSchoolId));
  }, 60_000);
  afterAll(() => server.close());

  /** Makes an exam from the paper and enters scores: `pattern(i)` is student i's [easy, hard]. */
  const examWith = async (key: string, pattern: (i: number) => [number, number]) => {
    const made = await ok<{ examId: number; examSubjectId: number }>(p.toExam, {
      id: paperId,
      name: `统计测试考试${key}`,
      examType: '周练',
      examDate: '2026-11-20',
      gradeId,
      classIds: classIds.slice(0, 1),
      requestKey: `usage-exam-${key}`,
    });
    const questions = await server.db
      .selectFrom('exam_questions')
      .select(['id', 'number'])
      .where('exam_subject_id', '=', made.examSubjectId)
      .orderBy('sort_order')
      .execute();
    const students = await server.db
      .selectFrom('exam_students')
      .select('student_id')
      .where('exam_id', '=', made.examId)
      .orderBy('student_id')
      .execute();
    expect(students.length).toBeGreaterThan(4);
    const rows = students.flatMap((s, i) =>
      pattern(i).map((score, k) => ({
        exam_subject_id: made.examSubjectId,
        question_id: questions[k]!.id,
        student_id: s.student_id,
        score,
        source: 'import',
        answer: null,
        updated_at: 1,
      })),
    );
    await server.db.insertInto('exam_scores').values(rows).execute();
    return { ...made, questionIds: questions.map((q) => q.id) };
  };

  /** The report's grade figure of an exam question, as the report pages read it. */
  const reportFigure = async (examId: number, examSubjectId: number, questionId: number) => {
    const read = await readExamReport(server.db, server.clock, examId);
    const subject = read!.report.analysis.grade.subjects.find(
      (s) => s.subjectId === engineId(examSubjectId),
    )!;
    return subject.questions.find((q) => q.questionId === engineId(questionId))!;
  };

  const listed = async (bank: 'school' | 'cloud' = 'school') =>
    (
      await ok<DataOf<typeof R.questionList>>(R.questionList, {
        bank,
        subjectCode: 'math',
        keyWord: '统计测试',
        pageNum: 1,
        pageSize: 10,
      })
    ).list;

  it('shows each used question’s score rate and discrimination from the exam report', async () => {
    const first = await examWith('a', (i) => [i % 5 === 0 ? 0 : 5, i % 3 === 0 ? 5 : 0]);
    firstExam = first;
    // A draft exam counts for nothing yet.
    expect((await listed()).every((q) => q.usage === undefined)).toBe(true);
    await server.db
      .updateTable('exams')
      .set({ state: 'finished' })
      .where('id', '=', first.examId)
      .execute();
    const easyStats = await reportFigure(first.examId, first.examSubjectId, first.questionIds[0]!);
    const hardStats = await reportFigure(first.examId, first.examSubjectId, first.questionIds[1]!);
    expect(easyStats.scoreRate).toBeGreaterThan(0.7);
    expect(hardStats.scoreRate).toBeLessThan(easyStats.scoreRate!);

    const byId = new Map([...(await listed()), ...(await listed('cloud'))].map((q) => [q.id, q]));
    expect(byId.get(easy)!.usage).toEqual({
      exams: 1,
      students: easyStats.count,
      scoreRate: easyStats.scoreRate,
      discrimination: easyStats.discrimination,
    });
    expect(byId.get(hard)!.usage).toMatchObject({
      exams: 1,
      scoreRate: hardStats.scoreRate,
      discrimination: hardStats.discrimination,
    });
    expect(byId.get(unused)!.usage).toBeUndefined();

    const one = await ok<BankQuestionItem>(R.questionGet, { id: hard });
    expect(one.usage?.scoreRate).toBe(hardStats.scoreRate);
    const paper = await ok<DataOf<typeof p.detail>>(p.detail, { id: paperId });
    expect(paper.sections[0]!.questions.map((x) => x.question.usage?.scoreRate)).toEqual([
      easyStats.scoreRate,
      hardStats.scoreRate,
    ]);

    // A second exam of the same paper: the figures are weighted by the students of both.
    const second = await examWith('b', () => [5, 5]);
    secondExam = second;
    await server.db
      .updateTable('exams')
      .set({ state: 'published' })
      .where('id', '=', second.examId)
      .execute();
    const easy2 = await reportFigure(second.examId, second.examSubjectId, second.questionIds[0]!);
    expect(easy2.scoreRate).toBe(1);
    const both = (await ok<BankQuestionItem>(R.questionGet, { id: easy })).usage!;
    expect(both.exams).toBe(2);
    expect(both.students).toBe(easyStats.count + easy2.count);
    expect(both.scoreRate).toBeCloseTo(
      (easyStats.scoreRate! * easyStats.count + easy2.count) / (easyStats.count + easy2.count),
      10,
    );

    // A score changed in marking shows on the next read.
    await server.db
      .updateTable('exam_scores')
      .set({ score: 0, updated_at: 2 })
      .where('exam_subject_id', '=', second.examSubjectId)
      .where('question_id', '=', second.questionIds[0]!)
      .execute();
    const after = (await ok<BankQuestionItem>(R.questionGet, { id: easy })).usage!;
    expect(after.scoreRate).toBeCloseTo(
      (easyStats.scoreRate! * easyStats.count) / (easyStats.count + easy2.count),
      10,
    );
  });

  it('counts only the caller’s school’s exams: another school reads the cloud question bare', async () => {
    const labToken = (await signIn(server.app, 'lab-admin')).token;
    const reply = await call<BankQuestionItem>(server.app, R.questionGet, {
      token: labToken,
      body: { id: hard },
    });
    expect(reply.body.code, reply.body.msg).toBe(200);
    expect(reply.body.data.usage).toBeUndefined();
    expect((await ok<BankQuestionItem>(R.questionGet, { id: hard })).usage?.exams).toBe(2);
  });

  it('keeps each exam’s figures between reads; a score changed afterwards still shows on the next read', async () => {
    const before = (await listed()).find((q) => q.id === easy)!.usage!;
    // Kept: with no score changed, a list read needs no exam report (none is read or made again).
    await server.db.deleteFrom('report_cache').execute();
    expect((await listed()).find((q) => q.id === easy)!.usage).toEqual(before);
    expect(await server.db.selectFrom('report_cache').select('exam_id').execute()).toEqual([]);

    // The second exam's first question marked full again: the list shows the new figures.
    await server.db
      .updateTable('exam_scores')
      .set({ score: 5, updated_at: 3 })
      .where('exam_subject_id', '=', secondExam.examSubjectId)
      .where('question_id', '=', secondExam.questionIds[0]!)
      .execute();
    const after = (await listed()).find((q) => q.id === easy)!.usage!;
    const a = await reportFigure(
      firstExam.examId,
      firstExam.examSubjectId,
      firstExam.questionIds[0]!,
    );
    const b = await reportFigure(
      secondExam.examId,
      secondExam.examSubjectId,
      secondExam.questionIds[0]!,
    );
    expect(b.scoreRate).toBe(1);
    expect(after.scoreRate).toBeGreaterThan(before.scoreRate!);
    expect(after.scoreRate).toBeCloseTo(
      (a.scoreRate! * a.count + b.count) / (a.count + b.count),
      10,
    );
    expect(after).toMatchObject({ exams: 2, students: a.count + b.count });
  });

  it('相似题推荐 ranks the near-duplicate of a question made from the bank first, never itself', async () => {
    const data = await ok<DataOf<typeof W.similarRecommend>>(W.similarRecommend, {
      examId: firstExam.examId,
      limit: 1,
    });
    const weakest = data.classes[0]!.questions[0]!;
    expect(weakest.questionId).toBe(firstExam.questionIds[1]);
    const ids = weakest.recommendations.map((x) => x.question.id);
    expect(ids[0]).toBe(twin);
    expect(ids).toContain(decoy);
    expect(ids).not.toContain(hard);
    // Without the bank link the class's rate alone ranks: the 较难 decoy fits a 40 % class better.
    const [plain] = await recommendFor(
      server.db,
      server.seed.demoSchoolId,
      ['math'],
      [{ points: ['乘法'], scoreRate: weakest.classScoreRate }],
      3,
    );
    expect(plain!.map((x) => x.question.id).indexOf(decoy)).toBeLessThan(
      plain!.map((x) => x.question.id).indexOf(twin),
    );
  });
});
