import {
  DOWNLOAD_FILE_URL,
  downloadRoutes,
  paperRoutes,
  resourceWrongDownloads,
  resourceWrongRoutes,
  type BankQuestionInput,
  type RouteContract,
} from '@examkit/contracts';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock } from '../core/clock';
import { insertReportFixture, type ReportFixture } from '../report/reportFixtures';
import { DIALECTS, namedCalls, startTestServer, TEST_NOW, type TestServer } from '../test/fixtures';
import { seedWrongPractice } from '../seed/seedWrongPractice';
import { insertQuestion } from './questions';
import { isWrong } from './wrongRule';
import { addPoint } from './testKit';

const r = resourceWrongRoutes;
const ON_FIXTURE_DAY = { subjectName: '', dateFrom: '2026-11-10', dateTo: '2026-11-10' };

const question = (over: Partial<BankQuestionInput>): BankQuestionInput => ({
  subjectCode: '数学',
  stage: 3,
  gradeNum: 10,
  type: 'single',
  difficulty: 3,
  stem: '已知函数 $f(x)=x^2$，求 $f(2)$',
  options: ['$1$', '$2$', '$4$', '$8$'],
  answer: 'C',
  analysis: '代入即得。',
  pointIds: [],
  source: '测试',
  year: 2026,
  tags: [],
  children: [],
  ...over,
});

describe('the wrong-question rule', () => {
  it.each([
    ['objective under full marks', true, 5, 3, true],
    ['objective with full marks', true, 5, 5, false],
    ['subjective under 60 %', false, 10, 5.5, true],
    ['subjective at 60 %', false, 10, 6, false],
    ['subjective without a score row', false, 10, null, true],
  ] as const)('%s', (_, objective, fullMarks, score, wrong) => {
    expect(isWrong({ objective, fullMarks }, score)).toBe(wrong);
  });
});

describe.each(DIALECTS)('error questions on %s', (dialect) => {
  let server: TestServer;
  let fx: ReportFixture;
  const tokens: Record<string, string> = {};
  const bank: Record<string, number> = {};

  const { answer, ok, signInAll } = namedCalls(() => server, tokens);
  const code = async (who: string, contract: RouteContract, body: object) =>
    (await answer(who, contract, body)).code;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    fx = await insertReportFixture(server.db, server.seed.demoSchoolId);
    await signInAll('admin', 'head', 'teacher', 'lab-admin');
    const point = (name: string) => addPoint(server.db, name, { subjectCode: '数学' });
    const fn = await point('函数');
    const geo = await point('几何');
    const set = await point('集合');
    const clock = createFakeClock(TEST_NOW);
    const demo = { schoolId: server.seed.demoSchoolId, userId: null };
    const cloud = { schoolId: null, userId: null };
    bank.both = await insertQuestion(
      server.db,
      clock,
      demo,
      question({ pointIds: [fn, geo], difficulty: 3 }),
    );
    bank.easy = await insertQuestion(
      server.db,
      clock,
      cloud,
      question({ pointIds: [fn], difficulty: 2 }),
    );
    bank.hard = await insertQuestion(
      server.db,
      clock,
      cloud,
      question({ pointIds: [fn], difficulty: 5 }),
    );
    bank.lab = await insertQuestion(
      server.db,
      clock,
      { schoolId: server.seed.labSchoolId, userId: null },
      question({ pointIds: [fn, geo], difficulty: 3 }),
    );
    bank.other = await insertQuestion(server.db, clock, cloud, question({ pointIds: [set] }));
  }, 180_000);
  afterAll(() => server.close());

  it('counts each student’s wrong questions by the rule (s1 0, s2 1, s3 1, s4 1, s5 3)', async () => {
    const grade = { gradeId: fx.gradeId, classId: null, ...ON_FIXTURE_DAY };
    const data = await ok('admin', r.studentWrongList, grade);
    const counts = fx.students.map(
      (id) => data.rows.find((row) => row.studentId === id)?.wrongCount,
    );
    expect(counts).toEqual([0, 1, 1, 1, 3]);
    expect(data.exams.map((e) => e.id)).toEqual([fx.examId]);
  });

  it('a 班主任 sees only their own class; a 数学 teacher only 数学 wrong questions there', async () => {
    const head = await ok('head', r.studentWrongList, {
      gradeId: null,
      classId: null,
      ...ON_FIXTURE_DAY,
    });
    expect(new Set(head.rows.map((row) => row.classId))).toEqual(new Set([fx.class1]));
    expect(head.classes.map((c) => c.id)).toEqual([fx.class1]);
    expect(
      await code('head', r.studentWrongDetail, { studentId: fx.students[4]!, ...ON_FIXTURE_DAY }),
    ).toBe(404);
    const teacher = await ok('teacher', r.weakPoints, { examId: fx.examId, limit: 10 });
    expect(teacher.classes.map((c) => c.classId)).toEqual([fx.class1]);
    expect(teacher.classes[0]!.points.map((p) => p.subjectName)).toEqual(['数学', '数学']);
  });

  it('another school’s student and exam answer as missing', async () => {
    expect(
      await code('lab-admin', r.studentWrongDetail, {
        studentId: fx.students[0]!,
        ...ON_FIXTURE_DAY,
      }),
    ).toBe(404);
    expect(await code('lab-admin', r.commonErrors, { examId: fx.examId, limit: 5 })).toBe(404);
    expect(await code('lab-admin', r.similarRecommend, { examId: fx.examId, limit: 5 })).toBe(404);
  });

  it('a student’s wrong questions carry the class score rate and recommendations sharing points', async () => {
    const data = await ok('head', r.studentWrongDetail, {
      studentId: fx.students[2]!,
      ...ON_FIXTURE_DAY,
    });
    expect(data.student.name).toBeTruthy();
    expect(data.questions).toHaveLength(1);
    const q = data.questions[0]!;
    expect(q).toMatchObject({
      number: '2',
      score: 4,
      fullMarks: 10,
      knowledgePoints: ['函数', '几何'],
    });
    expect(q.classScoreRate).toBeCloseTo(2 / 3, 12);
    // both points first, then by the difficulty nearest 2/3 (容易 0.75 before 困难 0.3); never another school's
    expect(q.recommendations.map((x) => x.question.id)).toEqual([bank.both, bank.easy, bank.hard]);
    expect(q.recommendations[0]!.sharedPoints).toEqual(['几何', '函数'].sort());
    const again = await ok('head', r.studentWrongDetail, {
      studentId: fx.students[2]!,
      ...ON_FIXTURE_DAY,
    });
    expect(again).toEqual(data);
  });

  it('common errors: each class’s lowest score rates; weak points from the report engine', async () => {
    const errors = await ok('admin', r.commonErrors, { examId: fx.examId, limit: 2 });
    const nine = errors.classes.find((c) => c.classId === fx.class9)!;
    expect(nine.questions.map((q) => [q.subjectName, q.number, q.classScoreRate])).toEqual([
      ['数学', '1', 0],
      ['数学', '2', 0.5],
    ]);
    expect(nine.questions[0]!.wrongCount).toBe(2);
    expect(nine.questions[0]!.gradeScoreRate).toBeCloseTo(0.4, 12);
    const points = await ok('admin', r.weakPoints, { examId: fx.examId, limit: 3 });
    const one = points.classes.find((c) => c.classId === fx.class1)!;
    expect(one.points.map((p) => p.point)).toEqual(['函数', '几何', '写作']);
    expect(one.points[0]!.scoreRate).toBeCloseTo(2 / 3, 12);
    const head = await ok('head', r.weakPoints, { examId: fx.examId, limit: 3 });
    expect(head.classes.map((c) => c.classId)).toEqual([fx.class1]);
  });

  it('similar recommendation: class 9’s weakest question gets the hardest-fitting practice first', async () => {
    const data = await ok('admin', r.similarRecommend, { examId: fx.examId, limit: 1 });
    const nine = data.classes.find((c) => c.classId === fx.class9)!;
    // 数学 1 (函数), class rate 0: 困难 (0.3) nearest, then 中等 (0.6), then 较易 (0.75)
    expect(nine.questions[0]!.recommendations.map((x) => x.question.id)).toEqual([
      bank.hard,
      bank.both,
      bank.easy,
    ]);
    expect(nine.questions[0]!.recommendations.every((x) => x.sharedPoints.includes('函数'))).toBe(
      true,
    );
  });

  it('the error-question bank lists low rates of the grade, or the teacher’s own classes', async () => {
    const all = await ok('admin', r.errorBank, {
      gradeId: fx.gradeId,
      subjectName: '数学',
      maxScoreRate: 0.5,
      pageNum: 1,
      pageSize: 100,
    });
    const mine = all.list.filter((row) => row.examId === fx.examId);
    expect(mine.map((row) => [row.number, row.groupName, row.scoreRate, row.wrongCount])).toEqual([
      ['1', '年级', 0.4, 3],
    ]);
    const head = await ok('head', r.errorBank, {
      gradeId: null,
      subjectName: '',
      maxScoreRate: 1,
      pageNum: 1,
      pageSize: 100,
    });
    expect(head.list.length).toBeGreaterThan(0);
    expect(head.list.every((row) => row.classId === fx.class1)).toBe(true);
  });

  it('the practice seed matches the seeded exams’ points by name, once', async () => {
    await seedWrongPractice(server.db, server.seed.demoSchoolId);
    await seedWrongPractice(server.db, server.seed.demoSchoolId);
    // Eight points, each on one question of the school's demo bank: none is written for them.
    const tagged = await server.db
      .selectFrom('question_points as qp')
      .innerJoin('knowledge_points as kp', 'kp.id', 'qp.point_id')
      .innerJoin('questions as q', 'q.id', 'qp.question_id')
      .select(['kp.name', 'q.source'])
      .where('kp.school_id', '=', server.seed.demoSchoolId)
      .where('kp.name', 'in', [
        '集合',
        '函数的概念',
        '指数函数',
        '对数函数',
        '三角函数',
        '不等式',
        '数列',
        '立体几何',
      ])
      .execute();
    expect(tagged).toHaveLength(8);
    expect(tagged.every((t) => t.source.startsWith('示范中学原创'))).toBe(true);
    // No two seeded questions a school reads (its own and the cloud bank) share a stem (this
    // file's own questions, source 测试, are alike on purpose).
    const stems = await server.db
      .selectFrom('questions')
      .select(['stem', (eb) => eb.fn.countAll<number>().as('n')])
      .where((eb) =>
        eb.or([eb('school_id', 'is', null), eb('school_id', '=', server.seed.demoSchoolId)]),
      )
      .where('parent_id', 'is', null)
      .where('source', '!=', '测试')
      .groupBy('stem')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(stems).toEqual([]);
    const student = await server.db
      .selectFrom('exam_students as es')
      .innerJoin('exams as e', 'e.id', 'es.exam_id')
      .select('es.student_id')
      .where('e.name', '=', '2026学年第一学期高一期中考试')
      .orderBy('es.student_id')
      .executeTakeFirstOrThrow();
    const data = await ok('admin', r.studentWrongDetail, {
      studentId: student.student_id,
      subjectName: '数学',
      dateFrom: '2026-11-12',
      dateTo: '2026-11-12',
    });
    const math = data.questions;
    expect(math.length).toBeGreaterThan(0);
    for (const q of math) {
      expect(q.recommendations.map((x) => x.question.id)).toHaveLength(1);
      expect(q.recommendations[0]!.sharedPoints).toEqual(q.knowledgePoints);
    }
  });

  it('downloads the 错题本 as a .docx naming the student and as a PDF', async () => {
    const get = (format: string, who = 'head') =>
      server.app.inject({
        method: 'GET',
        url: `${resourceWrongDownloads.notebook}?studentId=${fx.students[2]}&format=${format}&dateFrom=2026-11-10&dateTo=2026-11-10`,
        headers: { token: tokens[who]! },
      });
    const docx = await get('docx');
    expect(docx.statusCode).toBe(200);
    const xml = strFromU8(unzipSync(new Uint8Array(docx.rawPayload))['word/document.xml']!);
    const name = (
      await ok('head', r.studentWrongDetail, { studentId: fx.students[2]!, ...ON_FIXTURE_DAY })
    ).student.name;
    expect(xml).toContain(`${name}的错题本`);
    expect(xml).toContain('练习答案');
    // The practice questions' formulas are real Word equations, not LaTeX text.
    expect(xml).toContain('<m:oMath>');
    expect(xml).toContain('<m:sSup>');
    expect(xml).not.toContain('$f(x)=x^2$');
    const pdf = await get('pdf');
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get('pdf', 'lab-admin')).json().code).toBe(404);
  }, 120_000);

  it('exports chosen recommendations as a 错题练习 paper; unknown ids refused', async () => {
    const url = (ids: string) =>
      `${resourceWrongDownloads.practice}?examId=${fx.examId}&questionIds=${ids}&format=docx`;
    const res = await server.app.inject({
      method: 'GET',
      url: url(`${bank.both},${bank.easy}`),
      headers: { token: tokens.admin! },
    });
    expect(res.statusCode).toBe(200);
    const xml = strFromU8(unzipSync(new Uint8Array(res.rawPayload))['word/document.xml']!);
    expect(xml).toContain('错题练习');
    expect(xml).toContain('答案与解析');
    const lab = await server.app.inject({
      method: 'GET',
      url: url(String(bank.lab)),
      headers: { token: tokens.admin! },
    });
    expect(lab.json()).toMatchObject({ code: 400, message: '所选试题不存在' });
  });

  async function finishedJob(who: string, jobId: number) {
    for (let i = 0; i < 600; i++) {
      const job = await ok(who, downloadRoutes.downloadStatus, { jobId });
      if (job.state === 'done' || job.state === 'failed') return job;
      await new Promise((res) => setTimeout(res, 50));
    }
    throw new Error('job did not finish');
  }

  it("a class's 错题本 runs as one download job: every student of the class, formulas typeset", async () => {
    const body = { classId: fx.class1, format: 'pdf', ...ON_FIXTURE_DAY };
    const { jobId } = await ok('head', r.notebookJob, body);
    // Asked again while it runs (or after), the same export is the same job.
    expect((await ok('head', r.notebookJob, body)).jobId).toBe(jobId);
    const job = await finishedJob('head', jobId);
    expect(job).toMatchObject({ state: 'done', kind: 'notebook', progress: 100 });
    expect(job.fileName).toMatch(/错题本\.pdf$/);
    const pdf = await server.app.inject({
      method: 'GET',
      url: `${DOWNLOAD_FILE_URL}?jobId=${jobId}`,
      headers: { token: tokens.head! },
    });
    expect(pdf.statusCode).toBe(200);
    const path = join(mkdtempSync(join(tmpdir(), 'notebook-')), 'class.pdf');
    writeFileSync(path, pdf.rawPayload);
    const text = execFileSync('pdftotext', [path, '-']).toString();
    const names = (
      await ok('head', r.studentWrongList, { gradeId: null, classId: fx.class1, ...ON_FIXTURE_DAY })
    ).rows.map((row) => row.name);
    expect(names.length).toBeGreaterThan(1);
    for (const name of names) expect(text).toContain(`${name}的错题本`);
    expect(text).toContain('巩固练习');
    expect(text).not.toMatch(/\$|\\frac/);
    // One student a part: each starts a page.
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path]).toString())![1]);
    expect(pages).toBeGreaterThanOrEqual(names.length);
    // A class outside the caller's scope, or of another school, answers as missing.
    expect(await code('head', r.notebookJob, { ...body, classId: fx.class9 })).toBe(404);
    expect(await code('lab-admin', r.notebookJob, body)).toBe(404);
  }, 120_000);

  it('saves chosen recommendations as a school paper by type, once per request key', async () => {
    const body = {
      examId: fx.examId,
      questionIds: [bank.both!, bank.easy!],
      title: '期中错题练习',
      requestKey: 'practice-paper-0001',
    };
    const { paperId } = await ok('admin', r.practicePaper, body);
    expect((await ok('admin', r.practicePaper, body)).paperId).toBe(paperId);
    const paper = await ok('admin', paperRoutes.detail, { id: paperId });
    expect(paper.title).toBe('期中错题练习');
    expect(
      paper.sections.map((s) => [s.title, s.questions.map((q) => [q.question.id, q.score])]),
    ).toEqual([
      [
        '单选题',
        [
          [bank.both, 5],
          [bank.easy, 5],
        ],
      ],
    ]);
    expect(paper.fullMarks).toBe(10);
    const lab = { ...body, questionIds: [bank.lab!], requestKey: 'practice-paper-0002' };
    expect(await code('admin', r.practicePaper, lab)).toBe(404);
    const chinese = await insertQuestion(
      server.db,
      createFakeClock(TEST_NOW),
      { schoolId: server.seed.demoSchoolId, userId: null },
      question({ subjectCode: '语文' }),
    );
    const mixed = {
      ...body,
      questionIds: [bank.both!, chinese],
      requestKey: 'practice-paper-0003',
    };
    expect(await code('admin', r.practicePaper, mixed)).toBe(400);
    expect(
      await code('lab-admin', r.practicePaper, { ...body, requestKey: 'practice-paper-0004' }),
    ).toBe(404);
  });
});
