import { cronbachAlpha } from '@examkit/analysis';
import { reportRoutes, type DataOf, type RouteContract } from '@examkit/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, namedCalls, startTestServer, type TestServer } from '../test/fixtures';
import { invalidateExamReport } from './cache';
import { findChromium } from './exportFiles';
import { insertReportFixture, type ReportFixture } from './reportFixtures';

const r = reportRoutes;

describe.each(DIALECTS)('report calls on %s', (dialect) => {
  let server: TestServer;
  let fx: ReportFixture;
  const tokens: Record<string, string> = {};

  const { answer, signInAll } = namedCalls(() => server, tokens);
  async function ok<C extends RouteContract>(
    who: string,
    contract: C,
    body: Record<string, unknown>,
  ): Promise<DataOf<C>> {
    const result = await answer(who, contract, body);
    if (result.code !== 200)
      throw new Error(
        `${contract.url} as ${who}: ${JSON.stringify(result)} ${server.logs
          .filter((l) => l.includes('unhandled'))
          .slice(-1)
          .join('')
          .slice(0, 1500)}`,
      );
    return result.data as DataOf<C>;
  }
  async function refused(who: string, contract: RouteContract, body: Record<string, unknown>) {
    const { code, message } = await answer(who, contract, body);
    return { code, message };
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    fx = await insertReportFixture(server.db, server.seed.demoSchoolId);
    await signInAll('admin', 'teacher', 'head', 'gradelead', 'principal', 'lab-admin');
  });
  afterAll(() => server.close());

  const student = (i: number) => () => fx.students[i]!;
  const [s1, s2, s3, s4, s5] = [student(0), student(1), student(2), student(3), student(4)];

  it('the seeded 期中 exam: grade means agree with the database, teachers wait for publication', async () => {
    const exam = await server.db
      .selectFrom('exams')
      .select(['id', 'state'])
      .where('school_id', '=', server.seed.demoSchoolId)
      .where('name', '=', '2026学年第一学期高一期中考试')
      .executeTakeFirstOrThrow();
    const data = await ok('admin', r.gradeBasic, { examId: exam.id });
    const sums = await server.db
      .selectFrom('exam_subject_totals as t')
      .innerJoin('exam_subjects as s', 's.id', 't.exam_subject_id')
      .select((eb) => [
        't.exam_subject_id as id',
        eb.fn.avg<number>('t.score').as('mean'),
        eb.fn.count<number>('t.score').as('n'),
      ])
      .where('s.exam_id', '=', exam.id)
      .where('t.absent', '=', 0)
      .groupBy('t.exam_subject_id')
      .execute();
    expect(sums.length).toBeGreaterThan(0);
    for (const sum of sums) {
      const row = data.rows.find((x) => x.subjectId === sum.id)!;
      expect(row.grade.count).toBe(Number(sum.n));
      expect(row.grade.mean).toBeCloseTo(Number(sum.mean), 9);
    }
    if (exam.state !== 'published')
      expect((await refused('teacher', r.teacherClassOverview, { examId: exam.id })).code).toBe(
        403,
      );
  });

  it('class basic: class beside grade, hand-worked (数学 class mean 10, grade 8, 超均率 0.25)', async () => {
    const data = await ok('admin', r.classBasic, { examId: fx.examId, classId: fx.class1 });
    expect(data.rows.map((row) => row.subjectName)).toEqual(['总分', '数学', '语文']);
    const math = data.rows.find((row) => row.subjectId === fx.math.id)!;
    expect(math.class.mean).toBeCloseTo(10, 12);
    expect(math.grade.mean).toBeCloseTo(8, 12);
    expect(math.class.aboveMeanRate).toBeCloseTo(0.25, 12);
    expect(math.class.passRate).toBeCloseTo(2 / 3, 12); // 15 and 9 reach 9 = 0.6 × 15
    expect(math.grade.passRate).toBeCloseTo(2 / 5, 12);
    expect(math.grade.sd).toBeCloseTo(Math.sqrt(18), 12); // deviations 49 4 1 0 36
    expect(math.meanRank).toBe(1);
    expect(math.classCount).toBe(2);
    const total = data.rows[0]!;
    expect(total.class).toMatchObject({ fullMarks: 35, count: 2, absent: 1 });
    expect(total.class.mean).toBeCloseTo(25.5, 12); // 33 and 18; s3 missed 语文
    expect(total.grade.mean).toBeCloseTo(21.25, 12); // (33 + 18 + 23 + 11) / 4
    expect(total.grade.median).toBeCloseTo(20.5, 12);
    expect(math.bands.at(-1)).toMatchObject({ from: 10, to: 15, classCount: 1, gradeCount: 1 });
  });

  it('class comment: who lost points and the common wrong option', async () => {
    const data = await ok('admin', r.classComment, {
      examId: fx.examId,
      classId: fx.class1,
      subjectId: fx.math.id,
    });
    const [q1, q2] = data.questions;
    expect(q1!.class.scoreRate).toBeCloseTo(2 / 3, 12); // (5 + 0 + 5) / 3 / 5
    expect(q1!.grade.scoreRate).toBeCloseTo(0.4, 12); // 10 / 5 / 5
    expect(q1!.options.map((o) => [o.option, o.count, o.correct])).toEqual([
      ['A', 2, true],
      ['B', 1, false],
      ['C', 0, false],
      ['D', 0, false],
    ]);
    expect(q1!.options[0]!.rate).toBeCloseTo(2 / 3, 12);
    expect(q1!.commonWrong).toBe('B');
    expect(q1!.lostStudents).toEqual([
      { studentId: s2(), name: expect.any(String), score: 0, answer: 'B' },
    ]);
    expect(q2!.lostStudents.map((s) => [s.studentId, s.score])).toEqual([
      [s3(), 4],
      [s2(), 6],
    ]);
    const grade = await ok('admin', r.gradeComment, { examId: fx.examId, subjectId: fx.math.id });
    expect(grade.questions[0]!.commonWrong).toBe('B'); // B twice, C once
    const rates = grade.questions[0]!.classes.map((c) => c.scoreRate!);
    expect(rates[0]).toBeCloseTo(2 / 3, 12);
    expect(rates[1]).toBe(0);
  });

  it('class ability: knowledge points weighted by full marks', async () => {
    const data = await ok('admin', r.classAbility, {
      examId: fx.examId,
      classId: fx.class1,
      subjectId: fx.math.id,
    });
    const fn = data.knowledgePoints.find((t) => t.tag === '函数')!;
    expect(fn.questionNumbers).toEqual(['1', '2']);
    expect(fn.classScoreRate).toBeCloseTo(10 / 15, 12); // (10/3 + 20/3) / 15
    expect(fn.gradeScoreRate).toBeCloseTo(8 / 15, 12); // (2 + 6) / 15
    expect(data.knowledgePoints.find((t) => t.tag === '几何')!.gradeScoreRate).toBeCloseTo(0.6, 12);
    expect(data.abilities.map((a) => a.tag)).toEqual(['推理', '运算']);
    // Own rates on 函数: s1 15/15, s2 6/15, s3 9/15 (not under 0.6), s4 8/15, s5 2/15.
    const model = await ok('admin', r.gradeCustomKnowModel, {
      examId: fx.examId,
      subjectId: fx.math.id,
    });
    const row = model.knowledgePoints.find((t) => t.tag === '函数')!;
    expect(row.classes.map((c) => [c.classId, c.weakStudents])).toEqual([
      [fx.class1, 1],
      [fx.class9, 2],
    ]);
    expect(row.classes[1]!.scoreRate).toBeCloseTo(5 / 15, 12); // (0 + 5) / 15
  });

  it('class problem set: weakest questions first with the students who missed them', async () => {
    const data = await ok('admin', r.classProblemSet, {
      examId: fx.examId,
      classId: fx.class9,
      subjectId: fx.math.id,
    });
    expect(data.questions.map((q) => [q.number, q.classScoreRate])).toEqual([
      ['1', 0],
      ['2', 0.5],
    ]);
    expect(data.questions[0]!.students.map((s) => [s.studentId, s.answer])).toEqual([
      [s4(), 'C'],
      [s5(), 'B'],
    ]);
    expect(data.questions[1]!.students.map((s) => s.score)).toEqual([2, 8]);
    const none = await ok('admin', r.classProblemSet, {
      examId: fx.examId,
      classId: fx.class1,
      subjectId: fx.math.id,
    });
    expect(none.questions).toEqual([]); // 2/3 and 2/3 are above 0.6
  });

  it('class transcript of the 班主任: every subject and the total, by grade rank', async () => {
    const data = await ok('head', r.classTranscript, { examId: fx.examId, classId: fx.class1 });
    expect(data.students.map((s) => [s.studentId, s.total?.score, s.total?.gradeRank])).toEqual([
      [s1(), 33, 1],
      [s2(), 18, 3],
      [s3(), null, null],
    ]);
    const math = data.students[2]!.scores.find((c) => c.subjectId === fx.math.id)!;
    expect(math).toMatchObject({ score: 9, gradeRank: 2, classRank: 2, level: 'pass' });
  });

  it('scope: the 任课教师 sees only 数学 of their class and is refused another class', async () => {
    const mine = await ok('teacher', r.classTranscript, { examId: fx.examId, classId: fx.class1 });
    expect(mine.exam.subjects.map((s) => s.name)).toEqual(['数学']);
    expect(mine.students[0]!.scores.map((c) => c.subjectId)).toEqual([fx.math.id]);
    expect(mine.students[0]!.total).toBeNull();
    const basic = await ok('teacher', r.classBasic, { examId: fx.examId, classId: fx.class1 });
    expect(basic.rows.map((row) => row.subjectName)).toEqual(['数学']);

    expect(
      await refused('teacher', r.classBasic, { examId: fx.examId, classId: fx.class9 }),
    ).toEqual({
      code: 403,
      message: '超出数据范围：无权查看该班级的报告',
    });
    expect(
      (await refused('teacher', r.classTranscript, { examId: fx.examId, classId: fx.class9 })).code,
    ).toBe(403);
    expect(
      (
        await refused('teacher', r.classComment, {
          examId: fx.examId,
          classId: fx.class1,
          subjectId: fx.chinese.id,
        })
      ).code,
    ).toBe(403);
    expect(
      (
        await refused('teacher', r.studentTranscript, {
          examId: fx.examId,
          classId: fx.class9,
          studentId: s4(),
        })
      ).code,
    ).toBe(403);
    // No grade key, and a 年级主任 of 高二 has no scope over 高一.
    expect((await refused('teacher', r.gradeBasic, { examId: fx.examId })).code).toBe(403);
    expect(await refused('gradelead', r.gradeBasic, { examId: fx.examId })).toEqual({
      code: 403,
      message: '超出数据范围：无权查看年级报告',
    });
    // Another school's exam does not exist for the caller.
    expect(
      (await refused('lab-admin', r.classBasic, { examId: fx.examId, classId: fx.class1 })).code,
    ).toBe(404);
  });

  it('teachers see a report only after it is published; school-wide roles see it finished', async () => {
    const draft = await insertReportFixture(server.db, server.seed.demoSchoolId, {
      state: 'finished',
      name: '未发布月考',
    });
    expect(
      await refused('teacher', r.classBasic, { examId: draft.examId, classId: draft.class1 }),
    ).toEqual({
      code: 403,
      message: '报告尚未发布',
    });
    expect(
      (await refused('head', r.classBasic, { examId: draft.examId, classId: draft.class1 })).code,
    ).toBe(403);
    const seen = await ok('principal', r.gradeBasic, { examId: draft.examId });
    expect(seen.exam.published).toBe(false);
    const list = await ok('teacher', r.teacherGetExam, { pageNum: 1, pageSize: 50 });
    expect(list.list.map((e) => e.examId)).toContain(fx.examId);
    expect(list.list.map((e) => e.examId)).not.toContain(draft.examId);
    await server.db
      .updateTable('exams')
      .set({ state: 'published' })
      .where('id', '=', draft.examId)
      .execute();
    await ok('teacher', r.classBasic, { examId: draft.examId, classId: draft.class1 });
  });

  it('class custom lines and custom bands', async () => {
    const custom = await ok('admin', r.classCustom, {
      examId: fx.examId,
      classId: fx.class1,
      excellent: 0.9,
      good: 0.8,
      pass: 0.5,
      low: 0.2,
    });
    const math = custom.rows.find((row) => row.subjectId === fx.math.id)!;
    // Lines 13.5, 12, 7.5, 3 over 15, 6, 9.
    expect(math.class).toMatchObject({ count: 3, excellent: 1, good: 1, pass: 2, low: 0 });
    expect(math.grade).toMatchObject({ count: 5, excellent: 1, good: 1, pass: 3, low: 1 });
    const bands = await ok('admin', r.classCustom2, {
      examId: fx.examId,
      classId: fx.class1,
      subjectId: fx.math.id,
      bandWidth: 5,
    });
    expect(bands.bands.map((b) => [b.from, b.to, b.classCount, b.gradeCount])).toEqual([
      [0, 5, 0, 1],
      [5, 10, 2, 3],
      [10, 15, 1, 1],
    ]);
    expect(
      (
        await refused('admin', r.classCustom, {
          examId: fx.examId,
          classId: fx.class1,
          excellent: 0.5,
          good: 0.8,
          pass: 0.5,
          low: 0.2,
        })
      ).code,
    ).toBe(400);
  });

  it('student transcript: basic figures and the lost questions', async () => {
    const data = await ok('head', r.studentTranscript, {
      examId: fx.examId,
      classId: fx.class1,
      studentId: s2(),
    });
    const total = data.basic[0]!;
    expect(total).toMatchObject({
      subjectId: 0,
      score: 18,
      classRank: 2,
      gradeRank: 3,
      balance: null,
    });
    const math = data.basic.find((b) => b.subjectId === fx.math.id)!;
    // 数学 6 is 4th (15, 9, 8 above); total rank 3 → 偏科 4 − 3 = 1.
    expect(math).toMatchObject({ score: 6, gradeRank: 4, classRank: 3, balance: 1 });
    expect(math.classMean).toBeCloseTo(10, 12);
    const mathMistakes = data.mistakes.find((m) => m.subjectId === fx.math.id)!;
    expect(mathMistakes.questions.map((q) => [q.number, q.score, q.studentAnswer])).toEqual([
      ['1', 0, 'B'],
      ['2', 6, null],
    ]);
  });

  it('grade rank with 一分一段, grade transcript and custom groups', async () => {
    const rank = await ok('admin', r.gradeRank, {
      examId: fx.examId,
      subjectId: 0,
      pageNum: 1,
      pageSize: 10,
    });
    expect(rank.page.list.map((row) => [row.studentId, row.score, row.gradeRank])).toEqual([
      [s1(), 33, 1],
      [s4(), 23, 2],
      [s2(), 18, 3],
      [s5(), 11, 4],
      [s3(), null, null],
    ]);
    expect(rank.segments[0]).toEqual({ score: 33, count: 1, cumulative: 1, rank: 1 });
    const transcript = await ok('admin', r.gradeTranscript, {
      examId: fx.examId,
      classId: fx.class9,
      pageNum: 1,
      pageSize: 1,
    });
    expect(transcript.page.total).toBe(2);
    expect(transcript.page.list.map((row) => row.studentId)).toEqual([s4()]);
    const groups = await ok('admin', r.gradeCustomGroup, {
      examId: fx.examId,
      groups: [{ name: '九班', classIds: [fx.class9] }],
    });
    const math = groups.groups[0]!.rows.find((row) => row.subjectId === fx.math.id)!.stats;
    expect(math.mean).toBeCloseTo(5, 12);
    expect(math.aboveMeanRate).toBeCloseTo(-0.375, 12); // (5 − 8) / 8
    const contrast = await ok('admin', r.gradeCustomContrast, { examId: fx.examId });
    expect(contrast.classes.map((c) => c.cells.find((x) => x.subjectId === 0)!.meanRank)).toEqual([
      1, 2,
    ]);
  });

  it('quality, quick review, screen and warning report', async () => {
    const q = await ok('admin', r.quality, { examId: fx.examId, subjectId: fx.math.id });
    const math = q.subjects[0]!;
    expect(math.difficulty).toBeCloseTo(8 / 15, 12);
    // α = k/(k−1)(1 − Σvar/var(total)) = 2 × (1 − (6 + 8) / 18)
    expect(math.cronbachAlpha).toBeCloseTo(4 / 9, 12);
    expect(math.cronbachAlpha).toBeCloseTo(
      cronbachAlpha([
        [5, 0, 5, 0, 0],
        [10, 6, 4, 8, 2],
      ])!,
      12,
    );
    const quick = await ok('admin', r.quickReview, { examId: fx.examId });
    expect(quick.absentees).toEqual([
      { studentId: s3(), name: expect.any(String), className: '高一(1)班', subjectNames: ['语文'] },
    ]);
    expect(quick.top.map((t) => t.studentId)).toEqual([s1(), s4(), s2(), s5()]);
    const screen = await ok('principal', r.screen, { examId: fx.examId });
    expect(screen.headline).toMatchObject({ studentCount: 5, present: 4, absent: 1 });
    expect(screen.hardestQuestions[0]).toMatchObject({ number: '1', scoreRate: 0.4 });
    // Lines over 35: 及格 21, 低分 10.5; 数学 低分 4.5. The 临界 band is 5 分 (统计设置, in
    // points by default): s2's 18 is in [16, 21).
    const warning = await ok('admin', r.warningReport, { examId: fx.examId });
    expect(warning.students.map((s) => [s.studentId, s.reasons])).toEqual([
      [s2(), ['总分不及格', '总分及格临界']],
      [s5(), ['总分不及格', '数学低分']],
    ]);
  });

  it("进退步 against the grade's previous exam, and a warning for a large drop", async () => {
    const before = await insertReportFixture(server.db, server.seed.demoSchoolId, {
      name: '十一月一日周测',
      examDate: '2026-11-01',
    });
    const now = await insertReportFixture(server.db, server.seed.demoSchoolId, {
      name: '十一月五日周测',
      examDate: '2026-11-05',
    });
    // s5's 数学 q2 2 → 10: totals 33, 18, 缺考, 23, 19; ranks s1 1, s4 2, s5 3, s2 4 (were s2 3, s5 4).
    await server.db
      .updateTable('exam_scores')
      .set({ score: 10 })
      .where('question_id', '=', now.math.q2)
      .where('student_id', '=', now.students[4]!)
      .execute();
    await server.db
      .updateTable('exam_subject_totals')
      .set({ score: 10 })
      .where('exam_subject_id', '=', now.math.id)
      .where('student_id', '=', now.students[4]!)
      .execute();
    const analysis = await ok('admin', r.classAnalysis, {
      examId: now.examId,
      classId: now.class9,
    });
    expect(analysis.previousExam).toMatchObject({ examId: before.examId, examDate: '2026-11-01' });
    // 4 ranked students both times: percentile = (4 − rank) / 4 × 100
    expect(analysis.rankChanges).toEqual([
      {
        studentId: s5(),
        name: expect.any(String),
        previousRank: 4,
        gradeRank: 3,
        change: 1,
        previousPercentile: 0,
        percentile: 25,
        percentileChange: 25,
      },
      {
        studentId: s4(),
        name: expect.any(String),
        previousRank: 2,
        gradeRank: 2,
        change: 0,
        previousPercentile: 50,
        percentile: 50,
        percentileChange: 0,
      },
    ]);
    const student = await ok('admin', r.studentTranscript, {
      examId: now.examId,
      classId: now.class1,
      studentId: s2(),
    });
    expect(student.basic[0]).toMatchObject({
      subjectId: 0,
      gradeRank: 4,
      rankChange: -1,
      percentileChange: -25,
    });
    // 数学: s2's 6 was 4th of 15 6 9 8 2 and is 5th of 15 6 9 8 10.
    expect(student.basic.find((b) => b.subjectId === now.math.id)).toMatchObject({
      rankChange: -1,
    });

    const undulate = () =>
      server.db
        .deleteFrom('school_params')
        .where('school_id', '=', server.seed.demoSchoolId)
        .where('param_type', '=', 'undulate')
        .execute();
    await undulate();
    await server.db
      .insertInto('school_params')
      .values({
        school_id: server.seed.demoSchoolId,
        param_type: 'undulate',
        value: JSON.stringify({ rankChange: 1, scoreChangePercent: 10 }),
        updated_at: 3,
      })
      .execute();
    try {
      const warning = await ok('admin', r.warningReport, { examId: now.examId });
      expect(warning.students.find((x) => x.studentId === s2())?.reasons).toEqual([
        '总分不及格',
        '总分及格临界',
        '总分退步1名',
      ]);
    } finally {
      await undulate();
    }
  });

  it('comments: saved per class and question, shown on the comment pages, within scope', async () => {
    const saved = await ok('head', r.commentSave, {
      examId: fx.examId,
      classId: fx.class1,
      questionId: fx.math.q1,
      type: 1,
      content: '  审题不清，误选 B  ',
    });
    expect(saved).toMatchObject({ classId: fx.class1, content: '审题不清，误选 B', type: 1 });
    await ok('admin', r.commentSave, {
      examId: fx.examId,
      classId: 0,
      questionId: fx.math.q1,
      type: 2,
      content: '讲评函数定义域',
    });
    const got = await ok('head', r.commentGet, {
      examId: fx.examId,
      classId: fx.class1,
      questionId: fx.math.q1,
      type: 1,
    });
    expect(got.comment?.content).toBe('审题不清，误选 B');
    expect(got.question).toMatchObject({ number: '1', answer: 'A' });
    const page = await ok('admin', r.classComment, {
      examId: fx.examId,
      classId: fx.class1,
      subjectId: fx.math.id,
    });
    expect(page.questions[0]!.comments.map((c) => [c.classId, c.type])).toEqual([
      [0, 2],
      [fx.class1, 1],
    ]);
    expect(
      (
        await refused('teacher', r.commentSave, {
          examId: fx.examId,
          classId: fx.class1,
          questionId: fx.chinese.q1,
          type: 1,
          content: 'x',
        })
      ).code,
    ).toBe(403);
    expect(
      (
        await refused('head', r.commentSave, {
          examId: fx.examId,
          classId: 0,
          questionId: fx.math.q1,
          type: 1,
          content: 'x',
        })
      ).code,
    ).toBe(403);
    expect(
      await ok('head', r.commentSave, {
        examId: fx.examId,
        classId: fx.class1,
        questionId: fx.math.q1,
        type: 1,
        content: '',
      }),
    ).toBeNull();
  });

  it('the /marking-report/teacher calls follow the caller', async () => {
    const subjects = await ok('teacher', r.teacherTeachSubject, {});
    expect(subjects).toContainEqual(
      expect.objectContaining({ classId: fx.class1, className: '高一(1)班', subjectName: '数学' }),
    );
    const info = await ok('teacher', r.teacherTeachExamInfo, { examId: fx.examId });
    expect(info.classIds).toEqual([fx.class1]);
    expect(info.subjects.map((s) => s.subjectName)).toEqual(['数学']);
    expect(info.subjects[0]!.stats.mean).toBeCloseTo(10, 12);
    expect(info.subjects[0]!.grade.mean).toBeCloseTo(8, 12);
    const overview = await ok('teacher', r.teacherClassOverview, { examId: fx.examId });
    expect(overview.classes.map((c) => [c.classId, c.subjects.map((s) => s.subjectName)])).toEqual([
      [fx.class1, ['数学']],
    ]);
    const home = await ok('teacher', r.teacherOverview, {});
    expect(home.examCount).toBeGreaterThanOrEqual(1);
    expect(home.latest?.classes.every((c) => c.subjectName === '数学')).toBe(true);
    const timeline = await ok('head', r.teacherClassExam, { classId: fx.class1 });
    const row = timeline.exams.find((e) => e.examId === fx.examId)!;
    expect(row.mean).toBeCloseTo(25.5, 12);
    expect(row).toMatchObject({ meanRank: 1, classCount: 2 });
    expect((await refused('teacher', r.teacherClassExam, { classId: fx.class9 })).code).toBe(403);
  });

  it('exports a page to .xlsx with numbers kept as numbers', async () => {
    const file = await ok('admin', r.exportReport, {
      examId: fx.examId,
      page: 'class/transcript',
      format: 'xlsx',
      classId: fx.class1,
    });
    expect(file.fileName).toBe('报告测试月考-高一(1)班-班级成绩单.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(file.contentBase64, 'base64') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(4).value).toBe('总分');
    expect(sheet.getRow(2).getCell(4).value).toBe(33);
    expect(sheet.rowCount).toBe(4);
    expect(
      (
        await refused('teacher', r.exportReport, {
          examId: fx.examId,
          page: 'grade/basic',
          format: 'xlsx',
        })
      ).code,
    ).toBe(403);
  });

  it('gives the print-ready page, escaped, and lists its calls in /openapi.json', async () => {
    const file = await ok('head', r.exportReport, {
      examId: fx.examId,
      page: 'student/transcript',
      format: 'html',
      classId: fx.class1,
      studentId: s2(),
    });
    expect(file.fileName).toMatch(/^报告测试月考-高一\(1\)班-[\u4e00-\u9fff]+-学生成绩单\.html$/);
    const html = Buffer.from(file.contentBase64, 'base64').toString('utf8');
    expect(html).toContain('@page { size: A4 landscape');
    expect(html).toContain('<h2>错题</h2>');
    expect(html).not.toContain('<script');
    const spec = (await server.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    for (const contract of Object.values(r)) expect(spec.paths).toHaveProperty([contract.url]);
  });

  it('answers a clear error for a PDF when Chromium is missing', async () => {
    const saved = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = '/nonexistent/chromium';
    try {
      expect(
        await refused('admin', r.exportReport, {
          examId: fx.examId,
          page: 'quickReview',
          format: 'pdf',
        }),
      ).toEqual({
        code: 503,
        message:
          '服务器未安装 Chromium，无法生成 PDF：请安装 chromium 软件包（Debian/Ubuntu：apt-get install chromium），或以 CHROMIUM_PATH 指定浏览器路径',
      });
    } finally {
      if (saved === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = saved;
    }
  });

  // Rendering does not depend on the database, so it runs once; the test command needs Chromium.
  if (dialect === 'sqlite')
    it('renders a PDF with headless Chromium', async () => {
      expect(findChromium(), 'Chromium is required for the report PDF test').not.toBeNull();
      const file = await ok('admin', r.exportReport, {
        examId: fx.examId,
        page: 'warningReport',
        format: 'pdf',
      });
      expect(file.contentType).toBe('application/pdf');
      expect(file.fileName).toBe('报告测试月考-预警报告.pdf');
      expect(Buffer.from(file.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    }, 60_000);

  it('computes once per change of scores; a missed invalidation never serves stale numbers', async () => {
    const exam = await insertReportFixture(server.db, server.seed.demoSchoolId, {
      name: '缓存月考',
    });
    const body = { examId: exam.examId, subjectId: exam.math.id };
    const first = await ok('admin', r.gradeComment, body);
    server.clock.advance(60_000);
    const second = await ok('admin', r.gradeComment, body);
    expect(second.exam.computedAt).toBe(first.exam.computedAt);

    // s5's 数学 q2 from 2 to 7 without telling the report domain.
    server.clock.advance(60_000);
    await server.db
      .updateTable('exam_scores')
      .set({ score: 7 })
      .where('question_id', '=', exam.math.q2)
      .where('student_id', '=', exam.students[4]!)
      .execute();
    await server.db
      .updateTable('exam_subject_totals')
      .set({ score: 7 })
      .where('exam_subject_id', '=', exam.math.id)
      .where('student_id', '=', exam.students[4]!)
      .execute();
    const third = await ok('admin', r.gradeComment, body);
    expect(third.exam.computedAt).toBeGreaterThan(first.exam.computedAt);
    expect(third.questions[1]!.grade.mean).toBeCloseTo(7, 12); // (10 + 6 + 4 + 8 + 7) / 5

    await invalidateExamReport(server.db, exam.examId);
    const cached = await server.db
      .selectFrom('report_cache')
      .select('exam_id')
      .where('exam_id', '=', exam.examId)
      .execute();
    expect(cached).toEqual([]);

    server.clock.advance(60_000);
    const recomputed = await ok('admin', r.recomputeReport, { examId: exam.examId });
    expect(recomputed).toEqual({
      examId: exam.examId,
      computedAt: server.clock.now().getTime(),
      studentCount: 5,
    });
    expect((await refused('teacher', r.recomputeReport, { examId: exam.examId })).code).toBe(403);

    // The school's 等级线 are part of the version: 及格 at 50 % (7.5) also passes 8.
    const before = await ok('admin', r.gradeBasic, { examId: exam.examId });
    const math = (d: typeof before) => d.rows.find((row) => row.subjectId === exam.math.id)!.grade;
    expect(math(before).passRate).toBeCloseTo(2 / 5, 12); // 15 and 9 of 15 6 9 8 7 reach 9
    await server.db
      .updateTable('school_params')
      .set({ value: JSON.stringify({ excellent: 85, good: 70, pass: 50, low: 30 }), updated_at: 1 })
      .where('school_id', '=', server.seed.demoSchoolId)
      .where('param_type', '=', 'level')
      .execute();
    try {
      const after = await ok('admin', r.gradeBasic, { examId: exam.examId });
      expect(math(after).passRate).toBeCloseTo(3 / 5, 12);
    } finally {
      await server.db
        .updateTable('school_params')
        .set({
          value: JSON.stringify({ excellent: 85, good: 70, pass: 60, low: 30 }),
          updated_at: 2,
        })
        .where('school_id', '=', server.seed.demoSchoolId)
        .where('param_type', '=', 'level')
        .execute();
    }
  });
});
