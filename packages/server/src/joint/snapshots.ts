import { jointSnapshotRoutes, type JointReportStatus } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { ApiError } from '../core/envelope';
import type { Router } from '../core/router';
import type { DownloadJobs } from '../download/jobs';
import { JOINT_CLASS_KEY, JOINT_GRADE_KEY, loadJointForReport, type JointRow } from './access';
import { NOT_READY_MESSAGE, readJointReport, readySchoolReports } from './report';

export interface JointSnapshotDeps {
  db: Db;
  clock: Clock;
  downloads: Pick<DownloadJobs, 'background'>;
}

const FAILED = '联考报告计算失败，请稍后重试';

/**
 * The joint report's snapshot (docs/joint-exams.md#snapshots): when the schools' report version
 * differs from the cached one, both caches (one group per school, one per class) are computed in
 * the background through the download centre's queue, with progress in `joint_report_snapshots`;
 * answers where it stands. A version already computed answers `ready` without a job.
 */
export async function refreshJointSnapshot(
  deps: JointSnapshotDeps,
  joint: JointRow,
): Promise<JointReportStatus> {
  const { db, clock } = deps;
  let version: string;
  try {
    version = (await readySchoolReports(db, clock, joint)).version;
  } catch (error) {
    if (error instanceof ApiError && error.message === NOT_READY_MESSAGE)
      return { state: 'waiting', progress: 0, stage: NOT_READY_MESSAGE, message: null };
    throw error;
  }
  const cached = await Promise.all(
    (['joint_report_cache', 'joint_class_report_cache'] as const).map((table) =>
      db
        .selectFrom(table)
        .select('version')
        .where('joint_exam_id', '=', joint.id)
        .executeTakeFirst(),
    ),
  );
  if (cached.every((c) => c?.version === version))
    return { state: 'ready', progress: 100, stage: '已完成', message: null };
  const row = await db
    .selectFrom('joint_report_snapshots')
    .selectAll()
    .where('joint_exam_id', '=', joint.id)
    .executeTakeFirst();
  // Computing this version already: the queue answers the running job (or, after a restart,
  // runs it again). A failed one is retried by reading the status again.
  if (row && row.version === version && row.state === 'computing') {
    void start(deps, joint, version);
    return statusOf(row);
  }
  const at = clock.now().getTime();
  const values = {
    version,
    state: 'computing',
    progress: 0,
    stage: '排队中',
    message: null,
    updated_at: at,
  };
  await db
    .insertInto('joint_report_snapshots')
    .values({ joint_exam_id: joint.id, ...values })
    .onConflict((oc) => oc.column('joint_exam_id').doUpdateSet(values))
    .execute();
  void start(deps, joint, version);
  return { state: 'computing', progress: 0, stage: '排队中', message: null };
}

const statusOf = (row: {
  state: string;
  progress: number;
  stage: string;
  message: string | null;
}): JointReportStatus => ({
  state: row.state as JointReportStatus['state'],
  progress: Number(row.progress),
  stage: row.stage,
  message: row.message,
});

/** The background job of one joint exam (one at a time: the queue's key is the joint exam). */
function start(deps: JointSnapshotDeps, joint: JointRow, version: string): Promise<void> {
  const { db, clock } = deps;
  const step = (values: { state?: string; progress: number; stage: string; message?: string }) =>
    db
      .updateTable('joint_report_snapshots')
      .set({ ...values, updated_at: clock.now().getTime() })
      .where('joint_exam_id', '=', joint.id)
      .where('version', '=', version)
      .execute();
  return deps.downloads.background(`joint-report:${joint.id}`, async () => {
    try {
      await step({ progress: 5, stage: '正在汇总各校成绩' });
      await readJointReport(db, clock, joint);
      await step({ progress: 55, stage: '正在计算班级报告' });
      await readJointReport(db, clock, joint, true);
      await step({ state: 'ready', progress: 100, stage: '已完成' });
    } catch (error) {
      await step({
        state: 'failed',
        progress: 0,
        stage: '计算失败',
        message: error instanceof ApiError ? error.message : FAILED,
      }).catch(() => undefined);
      throw error;
    }
  });
}

/**
 * Starts the snapshots of every joint exam a school's exam belongs to (its exam was finished or
 * published); errors are the job's own.
 */
export async function refreshJointsOfExam(deps: JointSnapshotDeps, examId: number) {
  const joints = await deps.db
    .selectFrom('joint_exams as j')
    .innerJoin('joint_exam_schools as js', 'js.joint_exam_id', 'j.id')
    .selectAll('j')
    .where('js.exam_id', '=', examId)
    .execute();
  for (const joint of joints) await refreshJointSnapshot(deps, joint);
}

/** `/marking-report/joint/report/status`: the report pages ask it first and show the progress. */
export function registerJointSnapshotRoutes(router: Router, deps: JointSnapshotDeps) {
  router.sessionRoute(jointSnapshotRoutes.jointReportStatus, 'joint', async ({ body, session }) => {
    const { joint } = await loadJointForReport(deps.db, session, body.jointExamId, [
      JOINT_GRADE_KEY,
      JOINT_CLASS_KEY,
    ]);
    return refreshJointSnapshot(deps, joint);
  });
}
