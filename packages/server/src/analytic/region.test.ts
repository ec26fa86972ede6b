import {
  DOWNLOAD_FILE_URL,
  downloadRoutes,
  examRoutes,
  jointExamRoutes,
  jointSnapshotRoutes,
  regionAnalyticRoutes,
  type JointReportStatus,
  type RegionAnalysis,
  type RegionAnalysisReport,
  type UserInfo,
} from '@examkit/contracts';
import ExcelJS from 'exceljs';
import type { Static } from 'typebox';
import { beforeAll, describe, expect, it } from 'vitest';
import { importFirstSubjectMarks } from '../exam/testKit';
import { userCalls, DIALECTS, signIn } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';
import { addSchoolInRegion } from '../test/schoolKit';
import { jointMathExam } from '../joint/poolTestKit';

type Analysis = Static<typeof RegionAnalysis>;
type Report = Static<typeof RegionAnalysisReport>;
type Basic = {
  rows: {
    subjectId: number;
    subjectName: string;
    grade: { mean: number | null; fullMarks: number };
    classes: {
      classId: number;
      className: string;
      stats: { mean: number | null };
      meanRank: number | null;
    }[];
  }[];
};
const HEADER = ['考号/学号', '姓名', '1', '2', '3', '4', '5(1)', '5(2)'];
/** Six leaf marks of the n-th student in exam e; each school does better in one exam. */
const marksOf = (n: number, e: number, school: number) => {
  const k = (n + e * 3 + school) % 7;
  return [k % 6, k % 7, k % 3, k % 6, k % 5, (k * 3) % 9];
};

describe.each(DIALECTS)('区域分析 (a region’s own analyses) on %s', (dialect) => {
  const server = sharedTestServer(dialect);
  let bureau: UserInfo;
  let farBureau: UserInfo;
  let admin: UserInfo;
  let lab: UserInfo;
  const joints: number[] = [];
  let pending: number;

  const { answer: as, ok } = userCalls(() => server);
  const untilReady = async (jointExamId: number) => {
    for (let i = 0; i < 300; i++) {
      const s = await ok<JointReportStatus>(bureau, jointSnapshotRoutes.jointReportStatus, {
        jointExamId,
      });
      if (s.state === 'ready') return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('the snapshot did not finish');
  };
  /** A joint exam of the two demo schools (数学); scored and finished by both unless `scored` is false. */
  async function jointExam(e: number, date: string, scored = true) {
    const joint = await jointMathExam(server, bureau, {
      idempotencyKey: `region-analytic-joint-${e}`,
      name: `区域联考${e + 1}`,
      examType: '月测',
      examDate: date,
    });
    if (!scored) return joint.id;
    for (const user of [admin, lab]) {
      const examId = joint.schools.find((s) => s.schoolId === user.schoolId)!.examId!;
      await importFirstSubjectMarks(server, user, examId, HEADER, (n) =>
        marksOf(n, e, user.schoolId),
      );
      await ok(user, examRoutes.transition, { id: examId, to: 'finished' });
    }
    await untilReady(joint.id);
    return joint.id;
  }

  beforeAll(async () => {
    const { db, seed } = server;
    // 远方区: another region, with its own school and bureau account.
    const far = await addSchoolInRegion(db, {
      schoolName: '远方中学',
      loginName: 'far-admin',
      prefix: 'F90',
      region: { code: 'far-district', name: '远方区', level: 'district' },
    });
    const demoBureau = await db
      .selectFrom('bureau_users')
      .selectAll()
      .where('login_name', '=', 'bureau')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('bureau_users')
      .values({
        region_id: far.regionId,
        login_name: 'far-bureau',
        password_hash: demoBureau.password_hash,
        nick_name: '远方区教育局',
        tel: '13800000299',
        status: 1,
        created_at: demoBureau.created_at,
      })
      .execute();
    bureau = await signIn(server.app, 'bureau', { schoolId: seed.demoSchoolId });
    farBureau = await signIn(server.app, 'far-bureau', { schoolId: far.schoolId });
    admin = await signIn(server.app, 'admin');
    lab = await signIn(server.app, 'lab-admin');
    joints.push(await jointExam(0, '2026-11-10'));
    joints.push(await jointExam(1, '2026-11-17'));
    pending = await jointExam(2, '2026-11-24', false);
  }, 120_000);

  it('the bureau creates, lists, edits and deletes; a retry creates nothing', async () => {
    const body = {
      idempotencyKey: 'region-analysis-1',
      name: ' 两次联考 ',
      jointExamIds: [...joints].reverse(),
    };
    const made = await ok<Analysis>(bureau, regionAnalyticRoutes.regionAnalyticCreate, body);
    expect(made.name).toBe('两次联考');
    // In date order, whatever order they were chosen in.
    expect(made.exams.map((e) => e.id)).toEqual(joints);
    const again = await ok<Analysis>(bureau, regionAnalyticRoutes.regionAnalyticCreate, body);
    expect(again.id).toBe(made.id);
    expect(await server.db.selectFrom('region_analyses').select('id').execute()).toHaveLength(1);
    const list = await ok<Analysis[]>(bureau, regionAnalyticRoutes.regionAnalyticList, {});
    expect(list.map((a) => a.id)).toEqual([made.id]);
    const renamed = await ok<Analysis>(bureau, regionAnalyticRoutes.regionAnalyticUpdate, {
      analysisId: made.id,
      name: '联考趋势',
      jointExamIds: [joints[0], pending],
    });
    expect(renamed).toMatchObject({
      name: '联考趋势',
      exams: [{ id: joints[0] }, { id: pending }],
    });
    // The same analysis seen from another of the region's schools (another seat of the bureau).
    const fromLab = await signIn(server.app, 'bureau', { schoolId: server.seed.labSchoolId });
    expect(
      (await ok<Analysis[]>(fromLab, regionAnalyticRoutes.regionAnalyticList, {})).map((a) => a.id),
    ).toEqual([made.id]);
    expect(
      await ok(bureau, regionAnalyticRoutes.regionAnalyticRemove, { analysisId: made.id }),
    ).toEqual({});
    expect(await ok<Analysis[]>(bureau, regionAnalyticRoutes.regionAnalyticList, {})).toEqual([]);
    expect(await server.db.selectFrom('region_analysis_exams').selectAll().execute()).toEqual([]);
  });

  it('refuses school staff and another region’s bureau as a missing analysis; another region’s joint exam is refused', async () => {
    const made = await ok<Analysis>(bureau, regionAnalyticRoutes.regionAnalyticCreate, {
      idempotencyKey: 'region-analysis-2',
      name: '示范区联考',
      jointExamIds: joints,
    });
    const missing = { code: 404, msg: '分析不存在' };
    for (const user of [admin, lab, farBureau]) {
      for (const contract of [
        regionAnalyticRoutes.regionAnalyticReport,
        regionAnalyticRoutes.regionAnalyticRemove,
      ])
        expect(await as(user, contract, { analysisId: made.id })).toMatchObject(missing);
      expect(
        await as(user, regionAnalyticRoutes.regionAnalyticUpdate, {
          analysisId: made.id,
          name: 'x',
        }),
      ).toMatchObject(missing);
    }
    for (const user of [admin, lab])
      expect(await as(user, regionAnalyticRoutes.regionAnalyticList, {})).toMatchObject(missing);
    expect(
      await as(admin, regionAnalyticRoutes.regionAnalyticCreate, {
        idempotencyKey: 'school-tries-1',
        name: '学校的区域分析',
        jointExamIds: joints,
      }),
    ).toMatchObject(missing);
    // Another region's bureau lists nothing and cannot analyse this region's joint exams.
    expect(await ok(farBureau, regionAnalyticRoutes.regionAnalyticList, {})).toEqual([]);
    expect(
      await as(farBureau, regionAnalyticRoutes.regionAnalyticCreate, {
        idempotencyKey: 'far-tries-1',
        name: '远方区分析',
        jointExamIds: joints,
      }),
    ).toMatchObject({ code: 404, msg: '联考不存在' });
    const rows = await server.db.selectFrom('region_analyses').select('name').execute();
    expect(rows.map((r) => r.name)).toEqual(['示范区联考']);
    expect(
      (
        await ok<Analysis>(bureau, regionAnalyticRoutes.regionAnalyticUpdate, {
          analysisId: made.id,
        })
      ).name,
    ).toBe('示范区联考');
    await ok(bureau, regionAnalyticRoutes.regionAnalyticRemove, { analysisId: made.id });
  });

  it('reads each school’s mean, rank and percentile per joint exam: the joint report’s school figures; an unready exam shows its status', async () => {
    const made = await ok<Analysis>(bureau, regionAnalyticRoutes.regionAnalyticCreate, {
      idempotencyKey: 'region-analysis-3',
      name: '三次联考',
      jointExamIds: [...joints, pending],
    });
    const report = await ok<Report>(bureau, regionAnalyticRoutes.regionAnalyticReport, {
      analysisId: made.id,
    });
    expect(report.subjects.map((s) => s.name)).toEqual(['总分', '数学']);
    expect(report.exams[2]).toMatchObject({
      id: pending,
      mean: null,
      status: { state: 'waiting', stage: '联考各校尚未完成阅卷，报告尚未生成' },
    });
    const schoolName = {
      [server.seed.demoSchoolId]: '示范中学',
      [server.seed.labSchoolId]: '实验中学',
    };
    const ranksSeen = new Set<string>();
    for (const [e, jointExamId] of joints.entries()) {
      expect(report.exams[e]!.status.state).toBe('ready');
      const basic = await ok<Basic>(bureau, jointExamRoutes.jointGradeBasic, { jointExamId });
      expect(report.exams[e]!.mean).toBe(basic.rows[0]!.grade.mean);
      for (const [k, row] of basic.rows.entries()) {
        const series = report.subjects[k]!;
        expect(series.fullMarks[e]).toBe(row.grade.fullMarks);
        // The bureau sees every school by name, although the organiser chose codes.
        expect(series.schools.map((s) => s.name).sort()).toEqual(
          row.classes.map((c) => c.className).sort(),
        );
        expect(series.schools.map((s) => schoolName[s.schoolId])).toEqual(
          series.schools.map((s) => s.name),
        );
        for (const c of row.classes) {
          const school = series.schools.find((s) => s.name === c.className)!;
          expect(school.points[e]).toEqual({
            mean: c.stats.mean,
            rank: c.meanRank,
            // Two schools: the first has one school behind it (50), the second none (0).
            percentile: c.meanRank === null ? null : (100 * (2 - c.meanRank)) / 2,
          });
          if (k === 0) ranksSeen.add(`${school.name}${c.meanRank}`);
        }
      }
      for (const series of report.subjects)
        for (const school of series.schools) expect(school.points[2]).toBeNull();
    }
    // The schools change places between the two exams: each is first once.
    expect(ranksSeen).toEqual(new Set(['示范中学1', '实验中学1', '示范中学2', '实验中学2']));
  });

  it('exports 总分 and each subject as a sheet of 学校 × 联考 (均分, 名次, 百分位) through the download centre; bureau only', async () => {
    const made = await ok<Analysis>(bureau, regionAnalyticRoutes.regionAnalyticCreate, {
      idempotencyKey: 'region-analysis-4',
      name: '导出联考',
      jointExamIds: [...joints, pending],
    });
    const report = await ok<Report>(bureau, regionAnalyticRoutes.regionAnalyticReport, {
      analysisId: made.id,
    });
    const { jobId } = await ok<{ jobId: number }>(
      bureau,
      regionAnalyticRoutes.regionAnalyticExport,
      { analysisId: made.id },
    );
    let job = { state: '', fileName: '' as string | null };
    for (let i = 0; i < 300 && job.state !== 'done' && job.state !== 'failed'; i++) {
      job = await ok(bureau, downloadRoutes.downloadStatus, { jobId });
      if (job.state !== 'done') await new Promise((r) => setTimeout(r, 20));
    }
    expect(job).toMatchObject({ state: 'done', fileName: '导出联考-区域分析.xlsx' });
    const file = await server.app.inject({
      method: 'GET',
      url: `${DOWNLOAD_FILE_URL}?jobId=${jobId}`,
      headers: { token: bureau.token },
    });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['总分', '数学']);
    const round = (v: number | null | undefined) =>
      v === null || v === undefined ? '' : String(Math.round(v * 100) / 100);
    for (const series of report.subjects) {
      const rows: string[][] = [];
      workbook.getWorksheet(series.name)!.eachRow((row) => {
        const cells: string[] = [];
        row.eachCell({ includeEmpty: true }, (c) =>
          cells.push(c.value === null ? '' : String(c.value)),
        );
        rows.push(cells);
      });
      expect(rows[0]).toEqual([
        '学校',
        ...report.exams.flatMap((e) => [`${e.name}均分`, `${e.name}名次`, `${e.name}百分位`]),
      ]);
      expect(rows.slice(1).map((r) => r[0])).toEqual(series.schools.map((s) => s.name));
      for (const [i, school] of series.schools.entries()) {
        const cells = rows[i + 1]!;
        for (const [e, p] of school.points.entries()) {
          // An unready exam's cells are empty, as on the page; ExcelJS drops trailing empties.
          expect(cells[1 + e * 3] ?? '').toBe(round(p?.mean));
          expect(cells[2 + e * 3] ?? '').toBe(p?.rank == null ? '' : String(p.rank));
          expect(cells[3 + e * 3] ?? '').toBe(round(p?.percentile));
        }
        expect(school.points[0]!.mean).not.toBeNull();
      }
    }
    // School staff and another region's bureau are answered as a missing analysis.
    for (const user of [admin, lab, farBureau])
      expect(
        await as(user, regionAnalyticRoutes.regionAnalyticExport, { analysisId: made.id }),
      ).toMatchObject({ code: 404, msg: '分析不存在' });
  });
});
