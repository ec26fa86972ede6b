import { percentileRank } from '@examkit/analysis';
import {
  regionAnalyticRoutes,
  type RegionAnalysis,
  type RegionAnalysisReport,
} from '@examkit/contracts';
import type { Selectable } from 'kysely';
import type { Static } from 'typebox';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { badRequest, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import { accessOf } from '../core/scope';
import type { SessionInfo } from '../core/session';
import type { DownloadJobs } from '../download/jobs';
import { jointViewer, loadJoint, type JointViewer } from '../joint/access';
import { duckGradeBasic, readDuckSnapshot } from '../joint/duckReport';
import type { JointDuckSettings } from '../joint/duckSnapshot';
import { viewerContext } from '../joint/privacy';
import { readJointReport } from '../joint/report';
import { refreshJointSnapshot } from '../joint/snapshots';
import { bureauOfSession } from '../region/bureau';
import { gradeBasic } from '../report/views';
import { ANALYSIS_NOT_FOUND } from './routes';
import type { RegionAnalysesTable } from './tables';
import { regionWorkbook } from './workbook';

const TAG = 'analytic';
const KEY = 'Exam-AnalyticCenter';
const TOTAL = '总分';

type Analysis = Static<typeof RegionAnalysis>;
type Report = Static<typeof RegionAnalysisReport>;
type AnalysisRow = Selectable<RegionAnalysesTable>;
type Deps = { db: Db; clock: Clock; downloads: DownloadJobs; duck?: JointDuckSettings };
type Point = { mean: number | null; rank: number | null; percentile: number | null };

async function summaries(db: Db, rows: readonly AnalysisRow[]): Promise<Analysis[]> {
  const ids = rows.map((r) => r.id);
  const exams =
    ids.length === 0
      ? []
      : await db
          .selectFrom('region_analysis_exams as a')
          .innerJoin('joint_exams as j', 'j.id', 'a.joint_exam_id')
          .select(['a.analysis_id', 'j.id', 'j.name', 'j.exam_date', 'a.position'])
          .where('a.analysis_id', 'in', ids)
          .execute();
  exams.sort((a, b) => a.exam_date.localeCompare(b.exam_date) || a.position - b.position);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    exams: exams
      .filter((e) => e.analysis_id === r.id)
      .map((e) => ({ id: e.id, name: e.name, examDate: e.exam_date })),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  }));
}

/**
 * The bureau's own analyses over its region's joint exams (区域分析, docs/analytic-centre.md#region).
 * Every call is the bureau's: a school account, and another region's bureau, are answered as if
 * the analysis did not exist (404). Figures are the joint reports' school rows, read from each
 * joint exam's stored snapshot; an exam whose snapshot is not ready shows its status instead.
 */
export function registerRegionAnalyticRoutes(router: Router, deps: Deps) {
  const { db, clock } = deps;

  /** The caller's bureau, region and joint viewer; a school account answers 404. */
  const open = async (session: SessionInfo) => {
    const bureau = await bureauOfSession(db, session);
    if (!bureau) throw notFound(ANALYSIS_NOT_FOUND);
    await accessOf(db, session).require(KEY);
    const viewer = await jointViewer(db, session);
    return { bureau, viewer };
  };

  const load = async (regionId: number, id: number) => {
    const row = await db
      .selectFrom('region_analyses')
      .selectAll()
      .where('id', '=', id)
      .where('region_id', '=', regionId)
      .executeTakeFirst();
    if (!row) throw notFound(ANALYSIS_NOT_FOUND);
    return row;
  };

  /** The region's joint exams by id, each checked as the joint routes do (404 when not visible). */
  const checkExams = async (viewer: JointViewer, jointExamIds: readonly number[]) => {
    const ids = [...new Set(jointExamIds)];
    for (const id of ids) await loadJoint(db, viewer, id);
    return ids;
  };

  const writeExams = async (trx: Db, analysisId: number, ids: readonly number[]) => {
    await trx.deleteFrom('region_analysis_exams').where('analysis_id', '=', analysisId).execute();
    await trx
      .insertInto('region_analysis_exams')
      .values(
        ids.map((joint_exam_id, position) => ({
          analysis_id: analysisId,
          position,
          joint_exam_id,
        })),
      )
      .execute();
  };

  const one = async (row: AnalysisRow) => (await summaries(db, [row]))[0]!;
  const byKey = (regionId: number, key: string) =>
    db
      .selectFrom('region_analyses')
      .selectAll()
      .where('region_id', '=', regionId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();

  router.sessionRoute(regionAnalyticRoutes.regionAnalyticList, TAG, async ({ session }) => {
    const { bureau } = await open(session);
    const rows = await db
      .selectFrom('region_analyses')
      .selectAll()
      .where('region_id', '=', bureau.region_id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return summaries(db, rows);
  });

  router.sessionRoute(regionAnalyticRoutes.regionAnalyticCreate, TAG, async ({ body, session }) => {
    const { bureau, viewer } = await open(session);
    const regionId = bureau.region_id;
    const earlier = await byKey(regionId, body.idempotencyKey);
    if (earlier) return one(earlier);
    if (!body.name.trim()) throw badRequest('请输入分析名称');
    const ids = await checkExams(viewer, body.jointExamIds);
    const at = clock.now().getTime();
    const id = await db
      .transaction()
      .execute(async (trx) => {
        const { id } = await trx
          .insertInto('region_analyses')
          .values({
            region_id: regionId,
            name: body.name.trim(),
            idempotency_key: body.idempotencyKey,
            created_by: bureau.id,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeExams(trx, id, ids);
        return id;
      })
      .catch(async (error: unknown) => {
        // A concurrent retry with the same key lost the race: answer the first call's analysis.
        const first = await byKey(regionId, body.idempotencyKey);
        if (first) return first.id;
        throw error;
      });
    return one(await load(regionId, id));
  });

  router.sessionRoute(regionAnalyticRoutes.regionAnalyticUpdate, TAG, async ({ body, session }) => {
    const { bureau, viewer } = await open(session);
    const row = await load(bureau.region_id, body.analysisId);
    if (body.name !== undefined && !body.name.trim()) throw badRequest('请输入分析名称');
    const ids = body.jointExamIds && (await checkExams(viewer, body.jointExamIds));
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('region_analyses')
        .set({
          ...(body.name !== undefined && { name: body.name.trim() }),
          updated_at: clock.now().getTime(),
        })
        .where('id', '=', row.id)
        .execute();
      if (ids) await writeExams(trx, row.id, ids);
    });
    return one(await load(bureau.region_id, row.id));
  });

  router.sessionRoute(regionAnalyticRoutes.regionAnalyticRemove, TAG, async ({ body, session }) => {
    const { bureau } = await open(session);
    const row = await load(bureau.region_id, body.analysisId);
    await db.deleteFrom('region_analyses').where('id', '=', row.id).execute();
    return {};
  });

  /** The analysis's trends as the bureau reads them (the report and its export). */
  const reportOf = async (session: SessionInfo, analysisId: number): Promise<Report> => {
    const { bureau, viewer } = await open(session);
    const analysis = await one(await load(bureau.region_id, analysisId));
    const n = analysis.exams.length;
    const exams = [];
    /** Series by subject name (总分 first), each with full marks and points per school per exam. */
    const series = new Map<
      string,
      {
        fullMarks: (number | null)[];
        schools: Map<number, { name: string; points: (Point | null)[] }>;
      }
    >([[TOTAL, { fullMarks: Array(n).fill(null), schools: new Map() }]]);
    for (const [e, exam] of analysis.exams.entries()) {
      const joint = await loadJoint(db, viewer, exam.id);
      const status = await refreshJointSnapshot(deps, joint);
      if (status.state !== 'ready') {
        exams.push({ ...exam, status, mean: null });
        continue;
      }
      // The joint report's school rows, as /marking-report/joint/grade/basic answers the bureau:
      // from the snapshot's DuckDB rows when it was computed there, else in process.
      const duck = await readDuckSnapshot(db, clock, joint, viewer);
      const { basic, parts } = duck
        ? { basic: await duckGradeBasic(db, duck), parts: duck.head.parts }
        : await (async () => {
            const read = await readJointReport(db, clock, joint);
            return { basic: gradeBasic(viewerContext(viewer, joint, read)), parts: read.parts };
          })();
      const schoolOf = new Map(parts.map((p) => [p.group, p.schoolId]));
      exams.push({ ...exam, status, mean: basic.rows[0]?.grade.mean ?? null });
      for (const row of basic.rows) {
        const name = row.subjectId === 0 ? TOTAL : row.subjectName;
        const s = series.get(name) ?? { fullMarks: Array(n).fill(null), schools: new Map() };
        series.set(name, s);
        s.fullMarks[e] = row.grade.fullMarks;
        const ranked = row.classes.filter((c) => c.meanRank !== null).length;
        for (const c of row.classes) {
          const schoolId = schoolOf.get(c.classId)!;
          const school = s.schools.get(schoolId) ?? {
            name: c.className,
            points: Array<Point | null>(n).fill(null),
          };
          s.schools.set(schoolId, school);
          school.points[e] = {
            mean: c.stats.mean,
            rank: c.meanRank,
            percentile: percentileRank(c.meanRank, ranked),
          };
        }
      }
    }
    return {
      analysis,
      exams,
      subjects: [...series].map(([name, s]) => ({
        name,
        fullMarks: s.fullMarks,
        schools: [...s.schools].map(([schoolId, school]) => ({ schoolId, ...school })),
      })),
    };
  };

  router.sessionRoute(regionAnalyticRoutes.regionAnalyticReport, TAG, ({ body, session }) =>
    reportOf(session, body.analysisId),
  );

  router.sessionRoute(regionAnalyticRoutes.regionAnalyticExport, TAG, async ({ body, session }) => {
    // Access is checked now; the file holds the figures as the bureau reads them now.
    const report = await reportOf(session, body.analysisId);
    const title = `${report.analysis.name}-区域分析`;
    const { jobId } = await deps.downloads.start(session, {
      kind: 'report',
      title,
      params: { regionAnalysisId: body.analysisId },
      async run(progress) {
        progress(10, '正在生成分析');
        return {
          fileName: `${title}.xlsx`,
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          body: await regionWorkbook(report),
        };
      },
    });
    return { jobId };
  });
}
