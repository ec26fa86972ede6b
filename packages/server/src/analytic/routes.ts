import { analyticRoutes, type AnalyticAnalysis } from '@examkit/contracts';
import type { Selectable } from 'kysely';
import type { Static } from 'typebox';
import type { Db } from '../core/database';
import type { DomainDeps } from '../core/deps';
import { ApiError, badRequest, forbidden, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import { accessOf, inScopeGrade, type DataScope } from '../core/scope';
import type { SessionInfo } from '../core/session';
import { readExamReport } from '../report/cache';
import { openReport } from '../report/routes';
import { fullClass } from '../report/views/access';
import { jointViewer, loadJoint, type JointViewer } from '../joint/access';
import { ownGroup, viewerContext } from '../joint/privacy';
import { readJointReport } from '../joint/report';
import type { DownloadJobs } from '../download/jobs';
import { analysisWorkbook } from './workbook';
import type { AnalyticAnalysesTable } from './tables';
import { combineTrends, storedFigures, studentTrend, subjectsFor, type ExamView } from './trends';

const TAG = 'analytic';
const KEY = 'Exam-AnalyticCenter';
export const ANALYSIS_NOT_FOUND = '分析不存在';
export const STUDENT_NOT_FOUND = '本分析中没有该学生，或无权查看该学生';

type Analysis = Static<typeof AnalyticAnalysis>;
type AnalysisRow = Selectable<AnalyticAnalysesTable>;
type Deps = Pick<DomainDeps, 'db' | 'clock'>;
type RouteDeps = Deps & { downloads: DownloadJobs };

/** The exams of analyses, in date order, by analysis id. */
async function examsOf(db: Db, rows: readonly AnalysisRow[]) {
  const ids = rows.map((r) => r.id);
  const out = new Map<number, { id: number; name: string; examDate: string }[]>();
  if (ids.length === 0) return out;
  const [single, joint] = await Promise.all([
    db
      .selectFrom('analytic_analysis_exams as a')
      .innerJoin('exams as e', 'e.id', 'a.exam_id')
      .select(['a.analysis_id', 'e.id', 'e.name', 'e.exam_date', 'a.position'])
      .where('a.analysis_id', 'in', ids)
      .execute(),
    db
      .selectFrom('analytic_analysis_exams as a')
      .innerJoin('joint_exams as j', 'j.id', 'a.joint_exam_id')
      .select(['a.analysis_id', 'j.id', 'j.name', 'j.exam_date', 'a.position'])
      .where('a.analysis_id', 'in', ids)
      .execute(),
  ]);
  for (const r of [...single, ...joint].sort(
    (a, b) => a.exam_date.localeCompare(b.exam_date) || a.position - b.position,
  )) {
    const list = out.get(r.analysis_id) ?? [];
    list.push({ id: r.id, name: r.name, examDate: r.exam_date });
    out.set(r.analysis_id, list);
  }
  return out;
}

async function summaries(db: Db, rows: readonly AnalysisRow[]): Promise<Analysis[]> {
  const exams = await examsOf(db, rows);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind === 'multiple' ? 'multiple' : 'single',
    exams: exams.get(r.id) ?? [],
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  }));
}

/** Whether the caller may see every exam of the analysis (a teacher: exams of their grades). */
async function visibleTo(db: Db, scope: DataScope, schoolId: number, row: AnalysisRow) {
  if (scope.schoolWide) return true;
  const grades =
    row.kind === 'single'
      ? await db
          .selectFrom('analytic_analysis_exams as a')
          .innerJoin('exams as e', 'e.id', 'a.exam_id')
          .select('e.grade_id')
          .where('a.analysis_id', '=', row.id)
          .execute()
      : await db
          .selectFrom('analytic_analysis_exams as a')
          .innerJoin('joint_exam_schools as js', 'js.joint_exam_id', 'a.joint_exam_id')
          .innerJoin('exams as e', 'e.id', 'js.exam_id')
          .select('e.grade_id')
          .where('a.analysis_id', '=', row.id)
          .where('js.school_id', '=', schoolId)
          .execute();
  return grades.length > 0 && grades.every((g) => inScopeGrade(scope, g.grade_id));
}

/** One single-school exam as the caller may see it (the report's own access rules). */
async function singleView(deps: Deps, session: SessionInfo, examId: number): Promise<ExamView> {
  const ctx = await openReport(deps, session, examId, [KEY]);
  const figures = storedFigures(ctx.report);
  const exam = ctx.report.snapshot.exam;
  const seen = figures.classes.filter((c) => fullClass(ctx.scope, c.id));
  const className = new Map(seen.map((c) => [c.id, c.name]));
  return {
    meta: {
      id: exam.id,
      name: exam.name,
      examDate: exam.examDate,
      fullMarks: figures.fullMarks,
      count: figures.count,
      mean: figures.mean,
    },
    groups: seen.map((c) => ({ key: `c${c.id}`, name: c.name, mean: figures.groupMean(c.id) })),
    students: figures.students
      .filter((s) => className.has(s.classId))
      .map((s) => ({
        studentId: s.id,
        studentNo: s.studentNo,
        name: s.name,
        classId: s.classId,
        className: className.get(s.classId)!,
        point: figures.point(s.id),
      })),
    classes: seen.map((c) => ({ classId: c.id, className: c.name })),
    subjects: subjectsFor(
      figures,
      seen.map((c) => ({ key: `c${c.id}`, id: c.id })),
    ),
    studentSubjects: figures.subjectPoints,
  };
}

/**
 * One joint exam as the caller may see it: schools named or coded as the joint report shows them,
 * the caller's own students only (the bureau: all), with joint ranks and percentiles; a school's
 * students carry their own class from the school's own report, within the caller's data scope.
 */
async function jointView(
  deps: Deps,
  session: SessionInfo,
  viewer: JointViewer,
  scope: DataScope,
  jointId: number,
): Promise<ExamView> {
  const { db, clock } = deps;
  const joint = await loadJoint(db, viewer, jointId);
  const read = await readJointReport(db, clock, joint);
  const ctx = viewerContext(viewer, joint, read);
  const own = ownGroup(viewer, read);
  const figures = storedFigures(ctx.report);
  const label = new Map(ctx.report.snapshot.classes.map((c) => [c.id, c.name]));
  const exams = await db
    .selectFrom('joint_exam_schools')
    .select(['school_id', 'exam_id'])
    .where('joint_exam_id', '=', joint.id)
    .execute();
  const students: ExamView['students'] = [];
  const classes: ExamView['classes'] = [];
  for (const part of read.parts) {
    if (own !== null && part.group !== own) continue;
    const examId = exams.find((e) => e.school_id === part.schoolId)!.exam_id;
    const schoolRead = await readExamReport(db, clock, examId);
    const classOf = new Map(schoolRead?.report.snapshot.students.map((s) => [s.id, s.classId]));
    const names = new Map(schoolRead?.report.snapshot.classes.map((c) => [c.id, c.name]));
    const mine = own !== null;
    const visible = (classId: number | undefined) =>
      !mine || (classId !== undefined && fullClass(scope, classId));
    if (mine)
      for (const [id, name] of names)
        if (fullClass(scope, id)) classes.push({ classId: id, className: name });
    for (const s of figures.students) {
      if (s.classId !== part.group) continue;
      const classId = classOf.get(s.id);
      if (!visible(classId)) continue;
      const className = names.get(classId ?? 0) ?? '';
      students.push({
        studentId: s.id,
        studentNo: s.studentNo,
        name: s.name,
        classId: mine ? (classId ?? null) : null,
        className: mine ? className : `${part.name} ${className}`,
        point: figures.point(s.id),
      });
    }
  }
  return {
    meta: {
      id: joint.id,
      name: joint.name,
      examDate: joint.exam_date,
      fullMarks: figures.fullMarks,
      count: figures.count,
      mean: figures.mean,
    },
    groups: read.parts.map((p) => ({
      key: `s${p.schoolId}`,
      name: label.get(p.group) ?? p.code,
      mean: figures.groupMean(p.group),
    })),
    students,
    classes,
    subjects: subjectsFor(
      figures,
      read.parts.map((p) => ({ key: `s${p.schoolId}`, id: p.group })),
    ),
    studentSubjects: figures.subjectPoints,
  };
}

/** The analytic centre's calls (docs/analytic-centre.md). */
export function registerAnalyticRoutes(router: Router, deps: RouteDeps) {
  const { db, clock, downloads } = deps;

  const open = async (session: SessionInfo) => {
    const access = accessOf(db, session);
    await access.require(KEY);
    return access.scope();
  };

  /** An analysis of the caller's school they may see; any other answers as missing (404). */
  const load = async (session: SessionInfo, scope: DataScope, id: number) => {
    const row = await db
      .selectFrom('analytic_analyses')
      .selectAll()
      .where('id', '=', id)
      .where('school_id', '=', session.schoolId)
      .executeTakeFirst();
    if (!row || !(await visibleTo(db, scope, session.schoolId, row)))
      throw notFound(ANALYSIS_NOT_FOUND);
    return row;
  };

  /** Refuses an exam the caller may not analyse; answers the rows to store. */
  const checkExams = async (
    session: SessionInfo,
    scope: DataScope,
    kind: string,
    examIds: readonly number[],
  ) => {
    const ids = [...new Set(examIds)];
    if (ids.length < 2) throw badRequest('请选择至少两场不同的考试');
    if (kind === 'single') {
      const exams = await db
        .selectFrom('exams')
        .select(['id', 'name', 'grade_id', 'state'])
        .where('id', 'in', ids)
        .where('school_id', '=', session.schoolId)
        .execute();
      if (exams.length !== ids.length) throw notFound('考试不存在');
      for (const e of exams) {
        if (!inScopeGrade(scope, e.grade_id)) throw forbidden('超出数据范围：不是您所在年级的考试');
        if (e.state !== 'finished' && e.state !== 'published')
          throw badRequest(`考试“${e.name}”尚未完成阅卷，不能加入分析`);
      }
      return ids.map((id) => ({ exam_id: id, joint_exam_id: null }));
    }
    const viewer = await jointViewer(db, session);
    for (const id of ids) await loadJoint(db, viewer, id);
    return ids.map((id) => ({ exam_id: null, joint_exam_id: id }));
  };

  const writeExams = async (
    trx: Db,
    analysisId: number,
    rows: { exam_id: number | null; joint_exam_id: number | null }[],
  ) => {
    await trx.deleteFrom('analytic_analysis_exams').where('analysis_id', '=', analysisId).execute();
    await trx
      .insertInto('analytic_analysis_exams')
      .values(rows.map((r, position) => ({ ...r, analysis_id: analysisId, position })))
      .execute();
  };

  const one = async (row: AnalysisRow) => (await summaries(db, [row]))[0]!;

  router.sessionRoute(analyticRoutes.analyticList, TAG, async ({ session }) => {
    const scope = await open(session);
    const rows = await db
      .selectFrom('analytic_analyses')
      .selectAll()
      .where('school_id', '=', session.schoolId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const visible = [];
    for (const row of rows)
      if (await visibleTo(db, scope, session.schoolId, row)) visible.push(row);
    return summaries(db, visible);
  });

  router.sessionRoute(analyticRoutes.analyticCreate, TAG, async ({ body, session }) => {
    const scope = await open(session);
    const earlier = await db
      .selectFrom('analytic_analyses')
      .selectAll()
      .where('school_id', '=', session.schoolId)
      .where('idempotency_key', '=', body.idempotencyKey)
      .executeTakeFirst();
    if (earlier) return one(earlier);
    if (!body.name.trim()) throw badRequest('请输入分析名称');
    const rows = await checkExams(session, scope, body.kind, body.examIds);
    const at = clock.now().getTime();
    const id = await db
      .transaction()
      .execute(async (trx) => {
        const { id } = await trx
          .insertInto('analytic_analyses')
          .values({
            school_id: session.schoolId,
            kind: body.kind,
            name: body.name.trim(),
            idempotency_key: body.idempotencyKey,
            created_by: session.userId,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeExams(trx, id, rows);
        return id;
      })
      .catch(async (error: unknown) => {
        // A concurrent retry with the same key lost the race: answer the first call's analysis.
        const first = await db
          .selectFrom('analytic_analyses')
          .select('id')
          .where('school_id', '=', session.schoolId)
          .where('idempotency_key', '=', body.idempotencyKey)
          .executeTakeFirst();
        if (first) return first.id;
        throw error;
      });
    return one(await load(session, scope, id));
  });

  router.sessionRoute(analyticRoutes.analyticDetail, TAG, async ({ body, session }) =>
    one(await load(session, await open(session), body.analysisId)),
  );

  router.sessionRoute(analyticRoutes.analyticUpdate, TAG, async ({ body, session }) => {
    const scope = await open(session);
    const row = await load(session, scope, body.analysisId);
    if (body.name !== undefined && !body.name.trim()) throw badRequest('请输入分析名称');
    const rows = body.examIds && (await checkExams(session, scope, row.kind, body.examIds));
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('analytic_analyses')
        .set({
          ...(body.name !== undefined && { name: body.name.trim() }),
          updated_at: clock.now().getTime(),
        })
        .where('id', '=', row.id)
        .execute();
      if (rows) await writeExams(trx, row.id, rows);
    });
    return one(await load(session, scope, row.id));
  });

  router.sessionRoute(analyticRoutes.analyticRemove, TAG, async ({ body, session }) => {
    const scope = await open(session);
    const row = await load(session, scope, body.analysisId);
    if (!scope.schoolWide && row.created_by !== session.userId)
      throw forbidden('只能删除自己创建的分析');
    await db.deleteFrom('analytic_analyses').where('id', '=', row.id).execute();
    return {};
  });

  /** Each exam of the analysis as the caller may see it. */
  const viewsOf = async (session: SessionInfo, scope: DataScope, row: AnalysisRow) => {
    const analysis = await one(row);
    const viewer = row.kind === 'multiple' ? await jointViewer(db, session) : null;
    const views: ExamView[] = [];
    for (const exam of analysis.exams)
      views.push(
        viewer
          ? await jointView(deps, session, viewer, scope, exam.id)
          : await singleView(deps, session, exam.id),
      );
    return { analysis, viewer, views };
  };

  /** The trends the caller may see, with the report's own filters. */
  const trendsFor = async (
    session: SessionInfo,
    body: {
      analysisId: number;
      classId?: number;
      keyWord?: string;
      pageNum: number;
      pageSize: number;
    },
  ) => {
    const scope = await open(session);
    const row = await load(session, scope, body.analysisId);
    const { analysis, viewer, views } = await viewsOf(session, scope, row);
    if (body.classId !== undefined) {
      if (!views.some((v) => v.classes.some((c) => c.classId === body.classId)))
        throw forbidden('超出数据范围：无权查看该班级的报告');
      for (const v of views)
        if (!viewer) {
          v.groups = v.groups.filter((g) => g.key === `c${body.classId}`);
          for (const s of v.subjects)
            s.groups = new Map([...s.groups].filter(([key]) => key === `c${body.classId}`));
        }
    }
    if (views.length === 0) throw new ApiError(409, '分析中没有考试');
    return combineTrends(analysis, views, {
      ...(body.classId !== undefined && { classId: body.classId }),
      ...(body.keyWord !== undefined && { keyWord: body.keyWord }),
      pageNum: body.pageNum,
      pageSize: body.pageSize,
    });
  };

  router.sessionRoute(analyticRoutes.analyticReport, TAG, ({ body, session }) =>
    trendsFor(session, body),
  );

  router.sessionRoute(analyticRoutes.analyticStudent, TAG, async ({ body, session }) => {
    const scope = await open(session);
    const row = await load(session, scope, body.analysisId);
    const { analysis, views } = await viewsOf(session, scope, row);
    // A student the caller sees in no exam (another school's, another class's) answers as missing.
    const trend = studentTrend(analysis, views, body.studentId);
    if (!trend) throw notFound(STUDENT_NOT_FOUND);
    return trend;
  });

  router.sessionRoute(analyticRoutes.analyticExport, TAG, async ({ body, session }) => {
    // Access is checked now, with the page's rules; the file holds what the caller sees now.
    const report = await trendsFor(session, {
      ...body,
      pageNum: 1,
      pageSize: Number.MAX_SAFE_INTEGER,
    });
    const className =
      body.classId === undefined
        ? ''
        : `-${report.classes.find((c) => c.classId === body.classId)?.className ?? ''}`;
    const title = `${report.analysis.name}${className}-分析中心`;
    const { jobId } = await downloads.start(session, {
      kind: 'report',
      title,
      params: { analyticAnalysisId: body.analysisId, classId: body.classId ?? null },
      async run(progress) {
        progress(10, '正在生成分析');
        return {
          fileName: `${title}.xlsx`,
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          body: await analysisWorkbook(report),
        };
      },
    });
    return { jobId };
  });
}
