import {
  administrationRoutes,
  DOWNLOAD_FILE_URL,
  downloadRoutes,
  gaokaoRoutes as R,
  type DataOf,
  type GaokaoReport,
  type RouteContract,
} from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gradeOf, readXlsx } from '../exam/testKit';
import { DEMO_YEARS } from '../seed/seedDemo';
import { DEMO_GAOKAO, seedGaokao } from '../seed/seedGaokao';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';

// 20 students of 高二: p0–p11 choose 物理+化学+生物, h0–h7 历史+政治+地理. 语数外 100 each;
// 物理 80, 历史 70. 化学 = 生物 and 政治 = 地理, so a student's two converted scores are equal.
const CHEMISTRY = [100, 100, 90, 85, 80, 75, 70, 65, 60, 55, 50, 45];
const POLITICS = [90, 80, 80, 70, 60, 50, 40, 30];

describe.each(DIALECTS)('新高考 simulation on %s', (dialect) => {
  let server: TestServer;
  let director: string;
  let teacher: string;
  let lab: string;
  let examId: number;
  let ids: { p: number[]; h: number[] };

  const reply = async <C extends RouteContract>(
    contract: C,
    token: string,
    body: Record<string, unknown>,
  ) => (await call<DataOf<C>>(server.app, contract, { token, body })).body;
  const ok = async <C extends RouteContract>(
    contract: C,
    token: string,
    body: Record<string, unknown>,
  ) => {
    const r = await reply(contract, token, body);
    expect(r.code, r.message).toBe(200);
    return r.data;
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    director = (await signIn(server.app, 'director')).token;
    teacher = (await signIn(server.app, 'teacher')).token;
    lab = (await signIn(server.app, 'lab-admin')).token;
    const { db } = server;
    const schoolId = server.seed.demoSchoolId;
    // the demo's 高二 exam and analysis (the full demo has them; the test server's small one not)
    await seedGaokao(db, { schoolId, academicYear: DEMO_YEARS.current });
    const grade = await gradeOf(db, schoolId, '高二');
    const classId = grade.classIds[0]!;
    for (let i = 0; i < 20 - grade.students.length; i++)
      await db
        .insertInto('students')
        .values({
          school_id: schoolId,
          class_id: classId,
          student_no: `gk${String(i).padStart(3, '0')}`,
          name: `学生${i}`,
          tel: null,
        })
        .execute();
    const students = (await gradeOf(db, schoolId, '高二')).students;
    expect(students).toHaveLength(20);
    ids = { p: students.slice(0, 12).map((s) => s.id), h: students.slice(12).map((s) => s.id) };
    // 选科 through the roster's call, as student_submit sends it
    await ok(administrationRoutes.setElective, director, {
      studentIds: ids.p,
      comboType: '3+1+2',
      subjects: ['物理', '化学', '生物'],
    });
    await ok(administrationRoutes.setElective, director, {
      studentIds: ids.h,
      comboType: '3+1+2',
      subjects: ['历史', '政治', '地理'],
    });
    const year = await db
      .selectFrom('grades')
      .select('academic_year')
      .where('id', '=', grade.gradeId)
      .executeTakeFirstOrThrow();
    const exam = await db
      .insertInto('exams')
      .values({
        school_id: schoolId,
        academic_year: year.academic_year,
        grade_id: grade.gradeId,
        exam_type: '月测',
        name: '新高考测试考试',
        exam_date: '2026-11-20',
        state: 'finished',
        created_by: 1,
        created_at: 0,
        updated_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    examId = exam.id;
    await db
      .insertInto('exam_students')
      .values(
        students.map((s) => ({
          exam_id: examId,
          student_id: s.id,
          class_id: s.classId,
          exam_no: s.studentNo,
        })),
      )
      .execute();
    const scores: Record<string, [number, number | null][]> = {
      语文: students.map((s) => [s.id, 100]),
      数学: students.map((s) => [s.id, 100]),
      // h7 is absent from 英语: no total, no rank
      英语: students.map((s) => [s.id, s.id === ids.h[7] ? null : 100]),
      物理: ids.p.map((id) => [id, 80]),
      历史: ids.h.map((id) => [id, 70]),
      化学: ids.p.map((id, k) => [id, CHEMISTRY[k]!]),
      生物: ids.p.map((id, k) => [id, CHEMISTRY[k]!]),
      政治: ids.h.map((id, k) => [id, POLITICS[k]!]),
      地理: ids.h.map((id, k) => [id, POLITICS[k]!]),
    };
    for (const [order, [name, rows]] of Object.entries(scores).entries()) {
      const subject = await db
        .insertInto('exam_subjects')
        .values({
          exam_id: examId,
          subject_code: name,
          subject_name: name,
          full_marks: order < 3 ? 150 : 100,
          elective: order < 3 ? 0 : 1,
          sort_order: order,
          answer_key_version: 1,
          rescore_needed: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('exam_subject_totals')
        .values(
          rows.map(([student_id, score]) => ({
            exam_subject_id: subject.id,
            student_id,
            score,
            absent: score === null ? 1 : 0,
            updated_at: 0,
          })),
        )
        .execute();
    }
  });
  afterAll(() => server.close());

  const create = (body: Record<string, unknown>, token = director) =>
    reply(R.create, token, {
      idempotencyKey: `key-${Math.random().toString(36).slice(2, 10)}`,
      name: '测试分析',
      examId,
      profileCode: 'common',
      convertedSubjects: ['化学', '生物', '政治', '地理'],
      ...body,
    });

  it('lists the five built-in profiles with their levels', async () => {
    const profiles = await ok(R.profiles, director, {});
    expect(profiles.map((p) => p.code)).toEqual([
      'common',
      'guangdong',
      'shandong',
      'zhejiang',
      'shanghai',
    ]);
    expect(profiles[0]!.levels.map((l) => [l.name, l.percent, l.high, l.low])).toEqual([
      ['A', 15, 100, 86],
      ['B', 35, 85, 71],
      ['C', 35, 70, 56],
      ['D', 13, 55, 41],
      ['E', 2, 40, 30],
    ]);
  });

  it('offers finished exams with 语数外 and 物理 or 历史', async () => {
    const exams = await ok(R.exams, director, {});
    const names = exams.map((e) => e.name);
    expect(names).toContain('新高考测试考试');
    expect(names).toContain(DEMO_GAOKAO.exam);
    // the draft 周练 has neither 语文 nor a finished state
    expect(names.some((n) => n.includes('周练'))).toBe(false);
  });

  it('refuses a custom profile that does not add up, or a built-in one with levels, storing nothing', async () => {
    const before = (await ok(R.list, director, { pageNum: 1, pageSize: 50 })).total;
    const bad = await create({
      profileCode: 'custom',
      levels: [
        { name: 'A', percent: 60, high: 100, low: 70 },
        { name: 'B', percent: 30, high: 69, low: 40 },
      ],
    });
    expect(bad).toMatchObject({ code: 400, message: '各等级比例之和必须为100%，现为90%' });
    const overlap = await create({
      profileCode: 'custom',
      levels: [
        { name: 'A', percent: 50, high: 100, low: 70 },
        { name: 'B', percent: 50, high: 70, low: 40 },
      ],
    });
    expect(overlap.message).toBe('第2个等级（B）的最高分必须低于上一等级的最低分');
    const builtIn = await create({ levels: [{ name: 'A', percent: 100, high: 100, low: 0 }] });
    expect(builtIn.message).toBe('内置赋分方式的等级不能修改，请选择自定义');
    const noLevels = await create({ profileCode: 'custom' });
    expect(noLevels.message).toBe('自定义赋分方式需要设置等级');
    expect((await ok(R.list, director, { pageNum: 1, pageSize: 50 })).total).toBe(before);
  });

  it('computes totals and ranks within 物理类 and 历史类 under the common profile', async () => {
    const key = 'gaokao-test-key-1';
    const first = await create({ idempotencyKey: key, name: '通用方案分析' });
    expect(first.code).toBe(200);
    // a retry of the same form answers the same analysis
    const again = await create({ idempotencyKey: key, name: '通用方案分析' });
    expect(again.data).toEqual(first.data);
    const report = await ok(R.report, director, { analysisId: first.data!.id });
    const row = (id: number) => report.students.find((s) => s.studentId === id)!;
    const chem = report.subjects.findIndex((s) => s.name === '化学');
    // 化学 among the 12 物理类: quotas 2 / 6 / 10 / 12 / 12. A: both 100s → 100.
    // B: Y 75–90 → 71–85: 90 → 85, 85 → 71 + 10·14/15 = 80.33 → 80. D: 45 → 41.
    expect(row(ids.p[0]!).converted[chem]).toBe(100);
    expect(row(ids.p[2]!).converted[chem]).toBe(85);
    expect(row(ids.p[2]!).levels[chem]).toBe('B');
    expect(row(ids.p[3]!).converted[chem]).toBe(80);
    expect(row(ids.p[11]!).converted[chem]).toBe(41);
    expect(report.subjects[chem]!.levels.map((l) => l.count)).toEqual([2, 4, 4, 2, 0]);
    // totals: 语数外 300 + 物理 80 + 2 × converted; the two 100s tie at rank 1
    expect([0, 1, 2, 3, 11].map((k) => [row(ids.p[k]!).total, row(ids.p[k]!).rank])).toEqual([
      [580, 1],
      [580, 1],
      [550, 3],
      [540, 4],
      [462, 12],
    ]);
    // 政治 among the 8 历史类: quotas 1 / 4 / 7 / 8 / 8; the two 80s share B → 85:
    // totals 300 + 70 + 2 × (100, 85, 85, 71, …); h7 has no 英语: no total, no rank
    expect([0, 1, 2, 3, 7].map((k) => [row(ids.h[k]!).total, row(ids.h[k]!).rank])).toEqual([
      [570, 1],
      [540, 2],
      [540, 2],
      [512, 4],
      [null, null],
    ]);
    expect(report.tracks.map((t) => [t.name, t.total.count, t.total.max])).toEqual([
      ['物理类', 12, 580],
      ['历史类', 7, 570],
    ]);
    expect(report.withoutChoice).toBe(0);
    expect(report.students[0]!.total).toBe(580);
    expect(report.students.at(-1)!.total).toBeNull();
  });

  it('converts with a custom profile the school defines', async () => {
    const created = await create({
      profileCode: 'custom',
      name: '校本方案分析',
      levels: [
        { name: '甲', percent: 50, high: 100, low: 80 },
        { name: '乙', percent: 50, high: 79, low: 60 },
      ],
    });
    expect(created.code, created.message).toBe(200);
    const report: GaokaoReport = await ok(R.report, director, { analysisId: created.data!.id });
    const chem = report.subjects.findIndex((s) => s.name === '化学');
    const p2 = report.students.find((s) => s.studentId === ids.p[2])!;
    // 甲 takes ranks 1–6 (100, 100, 90, 85, 80, 75): 90 → 80 + 15·20/25 = 92
    expect([p2.levels[chem], p2.converted[chem]]).toEqual(['甲', 92]);
    expect(report.profile.name).toBe('自定义方案');
  });

  it('exports the 物理类 transcript as .xlsx through the download centre', async () => {
    const { data } = await create({ name: '导出分析' });
    const { jobId } = await ok(R.exportTranscript, director, {
      analysisId: data!.id,
      track: 'physics',
    });
    let state = '';
    for (let i = 0; i < 200 && state !== 'done' && state !== 'failed'; i++) {
      state = (await ok(downloadRoutes.downloadStatus, director, { jobId })).state;
      if (state !== 'done') await new Promise((res) => setTimeout(res, 20));
    }
    expect(state).toBe('done');
    const file = await server.app.inject({
      method: 'GET',
      url: `${DOWNLOAD_FILE_URL}?jobId=${jobId}`,
      headers: { token: director, plantform: '1' },
    });
    const rows = await readXlsx(file.rawPayload);
    expect(rows[0]).toContain('化学赋分');
    expect(rows[0]!.at(-2)).toBe('总分');
    expect(rows).toHaveLength(13);
    expect(rows[1]!.at(-2)).toBe('580');
  });

  it('shows the seeded analysis of the demo 高二 exam', async () => {
    const list = await ok(R.list, director, { pageNum: 1, pageSize: 50 });
    const seeded = list.list.find((a) => a.name === DEMO_GAOKAO.analysis)!;
    expect(seeded).toMatchObject({ profileName: '3+1+2 通用方案', gradeName: '高二' });
    const report = await ok(R.report, director, { analysisId: seeded.id });
    expect(report.subjects.map((s) => s.name)).toEqual([
      '语文',
      '数学',
      '英语',
      '物理',
      '历史',
      '化学',
      '生物',
      '政治',
      '地理',
    ]);
    expect(report.students.length).toBeGreaterThan(0);
  });

  it('refuses another school, and a user without Exam-Gaokao', async () => {
    const { data } = await create({ name: '隔离检查' });
    expect(await reply(R.report, lab, { analysisId: data!.id })).toMatchObject({
      code: 404,
      message: '新高考分析不存在',
    });
    expect(await reply(R.remove, lab, { analysisId: data!.id })).toMatchObject({ code: 404 });
    const foreign = await create({ name: '跨校' }, lab);
    expect(foreign).toMatchObject({ code: 404, message: '考试不存在' });
    expect((await reply(R.report, teacher, { analysisId: data!.id })).code).toBe(403);
    // the director deletes it; it is gone
    await ok(R.remove, director, { analysisId: data!.id });
    expect((await reply(R.report, director, { analysisId: data!.id })).code).toBe(404);
  });
});
