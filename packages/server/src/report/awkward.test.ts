import { examRoutes, reportRoutes, type DataOf, type RouteContract } from '@examkit/contracts';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeParam } from '../school/params';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';
import {
  AWKWARD_CHINESE,
  AWKWARD_MATH,
  insertAwkwardExam,
  type AwkwardFixture,
} from './awkwardFixtures';

const r = reportRoutes;

// Every expected figure below is worked by hand from the table in awkwardFixtures.ts, or
// recomputed here from its columns (AWKWARD_MATH, AWKWARD_CHINESE), never read from the engine.
describe.each(DIALECTS)('the awkward exam on %s', (dialect) => {
  let server: TestServer;
  let fx: AwkwardFixture;
  let token = '';
  let clockTick = 10;

  async function ok<C extends RouteContract>(
    contract: C,
    body: Record<string, unknown>,
  ): Promise<DataOf<C>> {
    const result = await call<DataOf<C>>(server.app, contract, { token, body });
    if (result.body.code !== 200)
      throw new Error(`${contract.url}: ${JSON.stringify(result.body)}`);
    return result.body.data;
  }
  /** Saves one parameter page as a school would (a new save time changes the report's version). */
  const setParam = (type: Parameters<typeof writeParam>[2], value: Record<string, unknown>) =>
    writeParam(
      server.db,
      server.seed.demoSchoolId,
      type,
      value as Record<string, number | boolean>,
      clockTick++,
    );

  beforeAll(async () => {
    server = await startTestServer(dialect);
    fx = await insertAwkwardExam(server.db, server.seed.demoSchoolId);
    token = (await signIn(server.app, 'admin')).token;
  });
  afterEach(async () => {
    await server.db
      .deleteFrom('school_params')
      .where('school_id', '=', server.seed.demoSchoolId)
      .where('param_type', 'in', ['level', 'count', 'average', 'knowledge'])
      .execute();
  });
  afterAll(() => server.close());

  const s = (n: number) => fx.students[n - 1]!;
  const gradeRow = async (subjectId: number) =>
    (await ok(r.gradeBasic, { examId: fx.examId })).rows.find((x) => x.subjectId === subjectId)!;

  it('the hard cases themselves: 缺考, a zero, full marks, the class of one, the paper nobody sat', async () => {
    const chinese = await gradeRow(fx.chinese.id);
    // 语文: 11 present (s12 absent), 64 points, max 10 (full marks), min 0
    expect(chinese.grade).toMatchObject({ count: 11, absent: 1, max: 10, min: 0 });
    expect(chinese.grade.mean).toBeCloseTo(64 / 11, 12);
    // the class of one: 高一(8)班 sat 数学 (6) only
    const math = await gradeRow(fx.math.id);
    const lone = math.classes.find((c) => c.classId === fx.class8)!;
    expect(lone.stats).toMatchObject({ count: 1, mean: 6, max: 6, min: 6, sd: 0, median: 6 });
    // 化学: nobody sat, so it is no part of the total (full marks 30 = 数学 20 + 语文 10)
    const chemistry = await gradeRow(fx.chemistry.id);
    expect(chemistry.grade).toMatchObject({ count: 0, absent: 12, mean: null });
    const total = await gradeRow(0);
    expect(total.grade).toMatchObject({ fullMarks: 30, count: 11, absent: 1, max: 27, min: 5 });
  });

  it('1. customGroup uses the school’s level lines, like every other report', async () => {
    const group = async () =>
      (
        await ok(r.gradeCustomGroup, {
          examId: fx.examId,
          groups: [{ name: '一班', classIds: [fx.class1] }],
        })
      ).groups[0]!.rows.find((x) => x.subjectId === fx.chinese.id)!.stats;
    // 语文 of 高一(1)班: 10 6 6 0 8 8 7 7 6 3 3. Default lines 85/70/60/30 %: 及格 ≥ 6 → 8 of 11,
    // 低分 < 3 → 1 of 11.
    expect(await group()).toMatchObject({ passRate: 8 / 11, lowRate: 1 / 11 });
    await setParam('level', { excellent: 90, good: 80, pass: 70, low: 40 });
    // 90/80/70/40 %: 优秀 ≥ 9 → 1, 良好 ≥ 8 → 3, 及格 ≥ 7 → 5, 低分 < 4 → 3 (0, 3, 3)
    const custom = await group();
    expect(custom).toMatchObject({
      excellentRate: 1 / 11,
      goodRate: 3 / 11,
      passRate: 5 / 11,
      lowRate: 3 / 11,
    });
    // the same figures as the class report under the same lines
    const basic = await ok(r.classBasic, { examId: fx.examId, classId: fx.class1 });
    const row = basic.rows.find((x) => x.subjectId === fx.chinese.id)!;
    expect(row.class.passRate).toBe(custom.passRate);
    expect(row.class.lowRate).toBe(custom.lowRate);
  });

  it('3. equal score rates are equal: ties in question number order, however floats round', async () => {
    // q3: 33 / (12 × 9); q4: 11 / (12 × 3): both 0.30555…, but not in floating point
    expect(11 / 12 / 3).not.toBe(33 / 12 / 9);
    const set = await ok(r.gradeProblemSet, {
      examId: fx.examId,
      subjectId: fx.math.id,
      maxScoreRate: 0.6,
    });
    // q2 (nobody answered) 0, then q3 and q4 tied, by number; q1 (50 / 60) is above 0.6
    expect(set.questions.map((q) => q.number)).toEqual(['2', '3', '4']);
    expect(set.questions[0]!.gradeScoreRate).toBe(0);
    const screen = await ok(r.screen, { examId: fx.examId });
    expect(screen.hardestQuestions.map((q) => `${q.subjectName}${q.number}`)).toEqual([
      '数学2',
      '数学3',
      '数学4',
      '语文1',
      '数学1',
    ]);
    // a question exactly on the line is in the set: 语文 q1 is 64 / 110
    const chinese = await ok(r.gradeProblemSet, {
      examId: fx.examId,
      subjectId: fx.chinese.id,
      maxScoreRate: 64 / 110,
    });
    expect(chinese.questions.map((q) => q.number)).toEqual(['1']);
  });

  it('4. 均分不计零分 and 缺考不计 change the 均分 and 超均率 only', async () => {
    const before = await gradeRow(fx.chinese.id);
    // default: zeros count, absent students do not: 64 / 11
    expect(before.grade.mean).toBeCloseTo(64 / 11, 12);
    await setParam('average', { excludeZero: true, excludeAbsent: true });
    const noZero = await gradeRow(fx.chinese.id);
    // s4's 0 left out: 64 / 10
    expect(noZero.grade.mean).toBeCloseTo(6.4, 12);
    await setParam('average', { excludeZero: false, excludeAbsent: false });
    const withAbsent = await gradeRow(fx.chinese.id);
    // s12 counted as 0: 64 / 12; 高一(1)班 64 / 11 is (64/11 − 64/12) / (64/12) = 1/11 above
    expect(withAbsent.grade.mean).toBeCloseTo(64 / 12, 12);
    const class1 = withAbsent.classes.find((c) => c.classId === fx.class1)!;
    expect(class1.stats.aboveMeanRate).toBeCloseTo(1 / 11, 12);
    expect(before.classes.find((c) => c.classId === fx.class1)!.stats.aboveMeanRate).toBe(0);
    // the class of one, absent: 均分 0 instead of none
    expect(withAbsent.classes.find((c) => c.classId === fx.class8)!.stats.mean).toBe(0);
    // nothing else moves
    for (const row of [noZero, withAbsent]) {
      const { mean: _m, aboveMeanRate: _a, ...rest } = row.grade;
      const { mean: _m0, aboveMeanRate: _a0, ...restBefore } = before.grade;
      expect(rest).toEqual(restBefore);
    }
  });

  it('4. 后 N% sets the lower group of the discrimination', async () => {
    // 数学 totals, highest first, ties by student id (as text): the upper and lower groups
    const totals = AWKWARD_MATH.map(([, a, b, c], i) => ({
      id: String(s(i + 1)),
      i,
      t: a + b + c,
    }));
    const order = [...totals].sort((x, y) => y.t - x.t || (x.id < y.id ? -1 : 1));
    const q3 = (members: typeof order) =>
      members.reduce((sum, m) => sum + AWKWARD_MATH[m.i]![2], 0) / members.length;
    // 12 present: upper and lower 27 % are round(3.24) = 3 each; 后 50 % is 6
    const upper = q3(order.slice(0, 3));
    const expected = (lower: number) => (upper - q3(order.slice(12 - lower))) / 9;
    const d = async () =>
      (await ok(r.quality, { examId: fx.examId, subjectId: fx.math.id })).subjects
        .find((x) => x.subjectId === fx.math.id)!
        .questions.find((q) => q.number === '3')!.discrimination;
    expect(await d()).toBeCloseTo(expected(3), 12);
    await setParam('count', { bottomPercent: 50 });
    expect(await d()).toBeCloseTo(expected(6), 12);
    expect(expected(6)).not.toBeCloseTo(expected(3), 3);
  });

  it('4. 薄弱线 (知识点设置) counts the students weak on a knowledge point', async () => {
    const weak = async () =>
      (await ok(r.gradeAbility, { examId: fx.examId, subjectId: fx.math.id })).knowledgePoints
        .find((k) => k.tag === '几何')!
        .classes.map((c) => [c.classId, c.weakStudents]);
    // 几何 = q3 + q4 of 12: s1 12, s3 6, s5 6, the rest under 6. Under 60 %: all but s1.
    expect(await weak()).toEqual([
      [fx.class1, 10],
      [fx.class8, 1],
    ]);
    // under 50 %: s3 and s5 (exactly 50 %) are not weak
    await setParam('knowledge', { weakPercent: 50 });
    expect(await weak()).toEqual([
      [fx.class1, 8],
      [fx.class8, 1],
    ]);
  });

  it('5. 临界 band: 5 分 by default, 5 % of full marks when the school says so', async () => {
    const pass = async () => (await gradeRow(fx.math.id)).critical.find((c) => c.line === 'pass')!;
    // 数学 及格 line 12; 5 分 → [7, 12): s5 11, s2 9, s6 9, s7 8, s8 7, s9 7, s10 7
    const points = await pass();
    expect(points).toMatchObject({ lineScore: 12, from: 7 });
    expect(points.students.map((x) => x.studentId).sort()).toEqual(
      [s(2), s(5), s(6), s(7), s(8), s(9), s(10)].sort(),
    );
    await setParam('count', { border: 5, borderInPercent: true });
    // 5 % of 20 = 1 → [11, 12): s5
    const percent = await pass();
    expect(percent).toMatchObject({ lineScore: 12, from: 11 });
    expect(percent.students.map((x) => x.studentId)).toEqual([s(5)]);
  });

  it('6. quick review’s top 10 keeps everyone tied with the 10th', async () => {
    const quick = await ok(r.quickReview, { examId: fx.examId });
    // totals 27 19 17 15 15 14 13 12 10 5 5: s4 and s11 share rank 10, so 11 students
    expect(quick.top).toHaveLength(11);
    expect(quick.top.slice(-2).map((t) => [t.gradeRank, t.score])).toEqual([
      [10, 5],
      [10, 5],
    ]);
    expect(
      quick.top
        .slice(-2)
        .map((t) => t.studentId)
        .sort(),
    ).toEqual([s(4), s(11)].sort());
    // s12 missed 语文; 化学, which nobody sat, is nobody's absence
    expect(quick.absentees.map((a) => [a.studentId, a.subjectNames])).toEqual([[s(12), ['语文']]]);
  });

  it('2. option counts: counted where choices were recorded, 未录入选项 where the import had none', async () => {
    const comment = async () =>
      (await ok(r.gradeComment, { examId: fx.examId, subjectId: fx.math.id })).questions;
    const [q1, q2, q3] = await comment();
    // q1 (key A): A s1 s2 s4–s10 s12 = 10, B s11 = 1, C s3 = 1, D 0; of 12 present
    expect(q1!.choicesRecorded).toBe(true);
    expect(q1!.options.map((o) => [o.option, o.count, o.correct])).toEqual([
      ['A', 10, true],
      ['B', 1, false],
      ['C', 1, false],
      ['D', 0, false],
    ]);
    expect(q1!.commonWrong).toBe('B');
    // q2: recorded, nobody answered: every option 0 (blanks are choices recorded as blank)
    expect(q2!.choicesRecorded).toBe(true);
    expect(q2!.options.every((o) => o.count === 0)).toBe(true);
    expect(q3!.choicesRecorded).toBe(false);
    // the same paper imported without choices: answers null → 未录入选项, no zero counts
    await server.db
      .updateTable('exam_scores')
      .set({ answer: null, updated_at: Date.parse('2026-12-01T00:00:00Z') })
      .where('question_id', '=', fx.math.q[0]!)
      .execute();
    try {
      const [bare] = await comment();
      expect(bare!.choicesRecorded).toBe(false);
      expect(bare!.options).toEqual([]);
      expect(bare!.commonWrong).toBeNull();
      const sheet = await ok(r.exportReport, {
        examId: fx.examId,
        page: 'grade/comment',
        format: 'html',
        subjectId: fx.math.id,
      });
      expect(Buffer.from(sheet.contentBase64, 'base64').toString('utf8')).toContain('未录入选项');
    } finally {
      for (const [i, sid] of fx.students.entries())
        await server.db
          .updateTable('exam_scores')
          .set({ answer: AWKWARD_MATH[i]![0], updated_at: Date.parse('2026-12-02T00:00:00Z') })
          .where('question_id', '=', fx.math.q[0]!)
          .where('student_id', '=', sid)
          .execute();
    }
  });

  it('11. raw scores out as .xlsx and .csv; the score import takes each back unchanged', async () => {
    const file = async (format: 'xlsx' | 'csv') =>
      ok(r.exportReport, { examId: fx.examId, page: 'rawScores', format, subjectId: fx.math.id });
    const xlsx = await file('xlsx');
    const csv = await file('csv');
    expect(xlsx.fileName).toBe('疑难月考-数学-原始成绩.xlsx');
    expect(csv.contentType).toBe('text/csv; charset=utf-8');
    const text = Buffer.from(csv.contentBase64, 'base64').toString('utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // every question, then the choice columns of the objective ones
    expect(lines[0]).toBe('考号/学号,姓名,1,2,3,4,1选项,2选项');
    // s1: K01 甲一 5 0 9 3, chose A, left q2 blank
    expect(lines[1]).toBe('K01,甲一,5,0,9,3,A,');
    expect(lines).toHaveLength(13);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(xlsx.contentBase64, 'base64') as never);
    expect(book.worksheets[0]!.getRow(4).values).toEqual([
      undefined,
      'K03',
      '丙三',
      0,
      0,
      4,
      2,
      'C',
      '',
    ]);

    const snapshot = () =>
      server.db
        .selectFrom('exam_scores')
        .select(['student_id', 'question_id', 'score', 'answer', 'source', 'updated_at'])
        .where('exam_subject_id', '=', fx.math.id)
        .orderBy('student_id')
        .orderBy('question_id')
        .execute();
    const before = await snapshot();
    // imports are for exams still being entered: reopen the exam for the round trip
    await server.db
      .updateTable('exams')
      .set({ state: 'draft' })
      .where('id', '=', fx.examId)
      .execute();
    try {
      for (const f of [xlsx, csv]) {
        const back = await call<{ imported: number; absent: number; unchanged: number }>(
          server.app,
          examRoutes.scoreImport,
          { token, body: { examSubjectId: fx.math.id, file: f.contentBase64 } },
        );
        expect(back.body.code, JSON.stringify(back.body)).toBe(200);
        expect(back.body.data).toEqual({ imported: 12, absent: 0, unchanged: 12 });
        expect(await snapshot()).toEqual(before);
      }
    } finally {
      await server.db
        .updateTable('exams')
        .set({ state: 'published' })
        .where('id', '=', fx.examId)
        .execute();
    }
  });

  it('10. 一分一段 of every subject and the total: count, cumulative, rank; on screen and in .xlsx', async () => {
    const rank = await ok(r.gradeRank, {
      examId: fx.examId,
      subjectId: fx.chinese.id,
      pageNum: 1,
      pageSize: 20,
    });
    // 语文 10 8 8 7 7 6 6 6 3 3 0, 1-point steps from 10 down to 0
    expect(rank.segments.map((x) => [x.score, x.count, x.cumulative, x.rank])).toEqual([
      [10, 1, 1, 1],
      [9, 0, 1, null],
      [8, 2, 3, 2],
      [7, 2, 5, 4],
      [6, 3, 8, 6],
      [5, 0, 8, null],
      [4, 0, 8, null],
      [3, 2, 10, 9],
      [2, 0, 10, null],
      [1, 0, 10, null],
      [0, 1, 11, 11],
    ]);
    // the band width setting does not change the step
    await setParam('count', { border: 5 });
    const file = await ok(r.exportReport, {
      examId: fx.examId,
      page: 'grade/segments',
      format: 'xlsx',
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file.contentBase64, 'base64') as never);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      '总分一分一段',
      '数学一分一段',
      '语文一分一段',
      '化学一分一段',
    ]);
    const total = book.getWorksheet('总分一分一段')!;
    expect(total.getRow(1).values).toEqual([undefined, '分数', '人数', '累计人数', '名次']);
    // totals 27 19 17 15 15 14 13 12 10 5 5: the top row is 27, the 15s are rank 4
    expect(total.getRow(2).values).toEqual([undefined, 27, 1, 1, 1]);
    const fifteen = total
      .getRows(2, total.rowCount - 1)!
      .find((row) => row.getCell(1).value === 15)!;
    expect(fifteen.values).toEqual([undefined, 15, 2, 5, 4]);
  });

  it('9. T scores 50 + 10z, or 500 + 100z when the school says so', async () => {
    const math = AWKWARD_MATH.map(([, a, b, c]) => a + b + c);
    const mean = math.reduce((x, y) => x + y, 0) / math.length;
    const sd = Math.sqrt(math.reduce((x, y) => x + (y - mean) ** 2, 0) / math.length);
    const z = (17 - mean) / sd;
    const t = async () =>
      (
        await ok(r.studentTranscript, { examId: fx.examId, classId: fx.class1, studentId: s(1) })
      ).basic.find((b) => b.subjectId === fx.math.id)!.t;
    expect(await t()).toBeCloseTo(50 + 10 * z, 10);
    await setParam('count', { tScore500: true });
    expect(await t()).toBeCloseTo(500 + 100 * z, 10);
  });

  it('8. 选考: totals over the subjects each student takes, ranks within 物理类 / 历史类', async () => {
    // s1–s6 take 物理 (8 6 7 5 9 4), s7–s12 take 历史 (9 3 5 8 2 6); both 选考, 10 marks
    const physics = [8, 6, 7, 5, 9, 4];
    const history = [9, 3, 5, 8, 2, 6];
    const added: number[] = [];
    const elective = async (name: string, takers: number[], scores: number[], sort: number) => {
      const { id } = await server.db
        .insertInto('exam_subjects')
        .values({
          exam_id: fx.examId,
          subject_code: name,
          subject_name: name,
          full_marks: 10,
          elective: 1,
          sort_order: sort,
          sheet_design: null,
          sheet_template: null,
          sheet_saved_at: null,
          answer_key_version: 1,
          rescore_needed: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      added.push(id);
      await server.db
        .insertInto('exam_student_electives')
        .values(takers.map((sid) => ({ exam_subject_id: id, student_id: sid })))
        .execute();
      await server.db
        .insertInto('exam_subject_totals')
        .values(
          takers.map((sid, k) => ({
            exam_subject_id: id,
            student_id: sid,
            score: scores[k]!,
            absent: 0,
            updated_at: 1,
          })),
        )
        .execute();
      return id;
    };
    try {
      const physicsId = await elective('物理', fx.students.slice(0, 6), physics, 4);
      await elective('历史', fx.students.slice(6), history, 5);
      // 数学 + 语文 + the elective: s1 35, s2 21, s3 19, s4 10, s5 28, s6 21,
      // s7 24, s8 17, s9 18, s10 18, s11 7; s12 absent from 语文
      const base = AWKWARD_MATH.map(([, a, b, c], i) => a + b + c + (AWKWARD_CHINESE[i] ?? NaN));
      const expected = base.map((v, i) => v + (i < 6 ? physics[i]! : history[i - 6]!));
      expect(expected.slice(0, 11)).toEqual([35, 21, 19, 10, 28, 21, 24, 17, 18, 18, 7]);
      const rank = await ok(r.gradeRank, {
        examId: fx.examId,
        subjectId: 0,
        pageNum: 1,
        pageSize: 20,
      });
      const row = (n: number) => rank.page.list.find((x) => x.studentId === s(n))!;
      expect(rank.page.list.filter((x) => x.score !== null)).toHaveLength(11);
      expect([1, 2, 5, 6, 7, 9, 10, 8, 11].map((n) => [row(n).score, row(n).gradeRank])).toEqual([
        [35, 1],
        [21, 4],
        [28, 2],
        [21, 4],
        [24, 3],
        [18, 7],
        [18, 7],
        [17, 9],
        [7, 11],
      ]);
      // 物理类 35 21 19 10 28 21; 历史类 24 17 18 18 7
      expect([1, 5, 2, 6, 3, 4].map((n) => [row(n).track, row(n).trackRank])).toEqual([
        ['物理类', 1],
        ['物理类', 2],
        ['物理类', 3],
        ['物理类', 3],
        ['物理类', 5],
        ['物理类', 6],
      ]);
      expect([7, 9, 10, 8, 11].map((n) => [row(n).combination, row(n).combinationRank])).toEqual([
        ['历史', 1],
        ['历史', 2],
        ['历史', 2],
        ['历史', 4],
        ['历史', 5],
      ]);
      expect(row(12)).toMatchObject({ score: null, trackRank: null, track: '历史类' });
      // 物理's own figures: the six who take it, nobody absent
      const basic = await ok(r.gradeBasic, { examId: fx.examId });
      const p = basic.rows.find((x) => x.subjectId === physicsId)!;
      expect(p.grade).toMatchObject({ count: 6, absent: 0, mean: 39 / 6 });
      // the total's full marks: 数学 20 + 语文 10 + one elective 10
      expect(basic.rows.find((x) => x.subjectId === 0)!.grade.fullMarks).toBe(40);
      // not taking 物理 is no absence in the quick review
      const quick = await ok(r.quickReview, { examId: fx.examId });
      expect(quick.absentees.map((a) => [a.studentId, a.subjectNames])).toEqual([
        [s(12), ['语文']],
      ]);
    } finally {
      for (const id of added) {
        await server.db
          .deleteFrom('exam_student_electives')
          .where('exam_subject_id', '=', id)
          .execute();
        await server.db
          .deleteFrom('exam_subject_totals')
          .where('exam_subject_id', '=', id)
          .execute();
        await server.db.deleteFrom('exam_subjects').where('id', '=', id).execute();
      }
    }
  });
});
