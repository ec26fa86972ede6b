import {
  GAOKAO_CORE_SUBJECTS,
  GAOKAO_FIRST_SUBJECTS,
  gaokaoJointRoutes,
  type GaokaoSummary,
} from '@examkit/contracts';
import type { Db } from '../core/database';
import type { DomainDeps } from '../core/deps';
import { ApiError, badRequest, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import { accessOf } from '../core/scope';
import type { SessionInfo } from '../core/session';
import {
  assertOrganiserRole,
  jointViewer,
  loadJoint,
  loadOrganised,
  organises,
  type JointViewer,
} from '../joint/access';
import type { DownloadJobs } from '../download/jobs';
import { analysisSettings } from './analysisSettings';
import { FINISHED, jointGaokaoReport, refreshGaokaoJointSnapshot, schoolsOf } from './jointReport';
import { startTranscriptJob } from './transcript';

const KEY = 'Exam-Gaokao';
const TAG = 'gaokao';
export const JOINT_ANALYSIS_NOT_FOUND = '联考新高考分析不存在';

/** The organiser's key of a viewer, as joint exams record it. */
const organiserKey = (viewer: JointViewer) =>
  viewer.kind === 'bureau' ? `region:${viewer.regionId}` : `school:${viewer.schoolId}`;

/**
 * The caller as a viewer of joint 新高考 analyses: Exam-Gaokao and a joint-exam key, or null (a
 * school account without joint keys simply has none).
 */
async function viewerOf(db: Db, session: SessionInfo): Promise<JointViewer | null> {
  if (!(await accessOf(db, session).has(KEY))) return null;
  return jointViewer(db, session).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 403) return null;
    throw error;
  });
}

/**
 * The joint analyses the caller may read, as rows of the 新高考 list: the bureau its region's,
 * a school those of the joint exams it takes part in.
 */
export async function jointAnalysisSummaries(
  db: Db,
  session: SessionInfo,
): Promise<(GaokaoSummary & { createdAt: number })[]> {
  const viewer = await viewerOf(db, session);
  if (!viewer) return [];
  let query = db
    .selectFrom('gaokao_joint_analyses as a')
    .innerJoin('joint_exams as j', 'j.id', 'a.joint_exam_id')
    .select([
      'a.id',
      'a.name',
      'a.profile_name',
      'a.converted_subjects',
      'a.created_at',
      'j.id as joint_id',
      'j.name as joint_name',
      'j.region_id',
      'j.lead_school_id',
      'j.grade_num',
    ]);
  query =
    viewer.kind === 'bureau'
      ? query.where('j.region_id', '=', viewer.regionId)
      : query.where('j.id', 'in', (eb) =>
          eb
            .selectFrom('joint_exam_schools')
            .select('joint_exam_id')
            .where('school_id', '=', viewer.schoolId),
        );
  const rows = await query.execute();
  return rows.map((a) => ({
    id: a.id,
    name: a.name,
    examId: a.joint_id,
    examName: a.joint_name,
    gradeName: GRADE_NAMES[a.grade_num] ?? `${a.grade_num}年级`,
    profileName: a.profile_name,
    convertedSubjects: JSON.parse(a.converted_subjects) as string[],
    createdAt: Number(a.created_at),
    manager:
      viewer.kind === 'bureau'
        ? a.region_id === viewer.regionId
        : a.lead_school_id === viewer.schoolId,
    joint: true,
  }));
}

const GRADE_NAMES: Record<number, string> = {
  7: '初一',
  8: '初二',
  9: '初三',
  10: '高一',
  11: '高二',
  12: '高三',
};

/** Registers the joint exams' 新高考 calls (docs/gaokao.md "Over a joint exam"). */
export function registerGaokaoJointRoutes(
  router: Router,
  deps: Pick<DomainDeps, 'db' | 'clock'> & { downloads: DownloadJobs },
) {
  const { db, clock, downloads } = deps;
  const r = gaokaoJointRoutes;

  const open = async (session: SessionInfo) => {
    await accessOf(db, session).require(KEY);
    return jointViewer(db, session);
  };

  const loadAnalysis = async (viewer: JointViewer, id: number) => {
    const row = await db
      .selectFrom('gaokao_joint_analyses')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(JOINT_ANALYSIS_NOT_FOUND);
    // A joint exam the caller does not see answers as a missing analysis.
    const joint = await loadJoint(db, viewer, row.joint_exam_id).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 404) throw notFound(JOINT_ANALYSIS_NOT_FOUND);
      throw error;
    });
    return { row, joint };
  };

  router.sessionRoute(r.jointExams, TAG, async ({ session }) => {
    const viewer = await open(session);
    const joints = await db
      .selectFrom('joint_exams')
      .selectAll()
      .where((eb) =>
        viewer.kind === 'bureau'
          ? eb('region_id', '=', viewer.regionId)
          : eb('lead_school_id', '=', viewer.schoolId),
      )
      .orderBy('exam_date', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const out = [];
    for (const joint of joints) {
      if (!organises(viewer, joint)) continue;
      const subjects = await db
        .selectFrom('joint_exam_subjects')
        .select('subject_name')
        .where('joint_exam_id', '=', joint.id)
        .orderBy('sort_order')
        .execute();
      const names = subjects.map((s) => s.subject_name);
      const fits =
        GAOKAO_CORE_SUBJECTS.every((n) => names.includes(n)) &&
        GAOKAO_FIRST_SUBJECTS.some((n) => names.includes(n));
      if (!fits) continue;
      const schools = await schoolsOf(db, joint.id);
      const finished = schools.filter((s) => FINISHED.has(s.state)).length;
      if (finished === 0) continue;
      out.push({
        jointExamId: joint.id,
        name: joint.name,
        gradeName: schools[0]?.grade_name ?? '',
        examDate: joint.exam_date,
        subjects: names,
        finishedSchools: finished,
        schools: schools.length,
      });
    }
    return out;
  });

  router.sessionRoute(r.jointCreate, TAG, async ({ body, session }) => {
    const viewer = await open(session);
    await assertOrganiserRole(db, session, viewer);
    const key = organiserKey(viewer);
    const byKey = () =>
      db
        .selectFrom('gaokao_joint_analyses')
        .select('id')
        .where('organiser_key', '=', key)
        .where('idempotency_key', '=', body.idempotencyKey)
        .executeTakeFirst();
    const earlier = await byKey();
    if (earlier) return { id: earlier.id };
    const joint = await loadOrganised(db, viewer, body.jointExamId);
    const schools = await schoolsOf(db, joint.id);
    if (!schools.some((s) => FINISHED.has(s.state)))
      throw badRequest('联考各校尚未完成阅卷，不能进行新高考分析');
    const names = (
      await db
        .selectFrom('joint_exam_subjects')
        .select('subject_name')
        .where('joint_exam_id', '=', joint.id)
        .execute()
    ).map((s) => s.subject_name);
    const { name, levels, profileName } = analysisSettings('联考', names, body);
    try {
      const row = await db
        .insertInto('gaokao_joint_analyses')
        .values({
          joint_exam_id: joint.id,
          name,
          profile_code: body.profileCode,
          profile_name: profileName,
          profile_levels: JSON.stringify(levels),
          converted_subjects: JSON.stringify(body.convertedSubjects),
          organiser_key: key,
          idempotency_key: body.idempotencyKey,
          created_by: session.userId,
          created_at: clock.now().getTime(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The figures are computed in the background at once, so the report opens ready.
      const created = await db
        .selectFrom('gaokao_joint_analyses')
        .selectAll()
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      void refreshGaokaoJointSnapshot(deps, joint, created).catch(() => undefined);
      return { id: row.id };
    } catch (error) {
      const raced = await byKey();
      if (raced) return { id: raced.id };
      throw error;
    }
  });

  router.sessionRoute(r.jointRemove, TAG, async ({ body, session }) => {
    const viewer = await open(session);
    const { joint, row } = await loadAnalysis(viewer, body.analysisId);
    await assertOrganiserRole(db, session, viewer);
    await loadOrganised(db, viewer, joint.id);
    await db.deleteFrom('gaokao_joint_analyses').where('id', '=', row.id).execute();
    return null;
  });

  router.sessionRoute(r.jointReport, TAG, async ({ body, session }) => {
    const viewer = await open(session);
    const { joint, row } = await loadAnalysis(viewer, body.analysisId);
    return jointGaokaoReport(db, clock, session, viewer, joint, row);
  });

  router.sessionRoute(r.jointReportStatus, TAG, async ({ body, session }) => {
    const viewer = await open(session);
    const { joint, row } = await loadAnalysis(viewer, body.analysisId);
    return refreshGaokaoJointSnapshot(deps, joint, row);
  });

  // The transcript as .xlsx, cut by the same rules as the page at the start of the job: a
  // school's file holds its own students in the caller's classes, the bureau's everyone.
  router.sessionRoute(r.jointExportTranscript, TAG, async ({ body, session }) => {
    const viewer = await open(session);
    const { joint, row } = await loadAnalysis(viewer, body.analysisId);
    const report = await jointGaokaoReport(db, clock, session, viewer, joint, row);
    return startTranscriptJob(downloads, session, {
      name: row.name,
      analysis: { gaokaoJointAnalysisId: row.id },
      report,
      track: body.track,
    });
  });
}
