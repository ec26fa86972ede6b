import { jointSnapshotRoutes, type JointReportStatus } from '@examkit/contracts';
import { ApiError } from '../core/envelope';
import type { Router } from '../core/router';
import { JOINT_CLASS_KEY, JOINT_GRADE_KEY, loadJointForReport, type JointRow } from './access';
import { jointVersion, NOT_READY_MESSAGE, readJointReport } from './report';
import {
  computedInDuck,
  defaultJointDuckSettings,
  dropDuckRows,
  writeDuckSnapshot,
  type JointDuckSettings,
} from './duckSnapshot';
import { refreshSnapshot, type SnapshotDeps, type SnapshotJob } from './snapshotJob';

/** The snapshot job's deps; `duck` says when it computes in DuckDB (default: 50,000 students). */
export interface JointSnapshotDeps extends SnapshotDeps {
  duck?: JointDuckSettings;
}

const FAILED = '联考报告计算失败，请稍后重试';

/** The joint report's progress row (`joint_report_snapshots`, by joint exam; no figures kept). */
export const jointSnapshotTarget = (jointExamId: number) =>
  ({
    table: 'joint_report_snapshots',
    key: 'joint_exam_id',
    payload: false,
    id: jointExamId,
  }) as const;

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
    version = await jointVersion(db, clock, joint);
  } catch (error) {
    if (error instanceof ApiError && error.message === NOT_READY_MESSAGE)
      return { state: 'waiting', progress: 0, stage: NOT_READY_MESSAGE, message: null };
    throw error;
  }
  const settings = deps.duck ?? defaultJointDuckSettings();
  const inDuck = await computedInDuck(db, joint, settings);
  // The figures are the rows' head or both caches of this version: the row's own `ready` does
  // not count (a cache may have been dropped since).
  const computed = async () => {
    if (inDuck) {
      const head = await db
        .selectFrom('joint_snapshot_heads')
        .select('version')
        .where('joint_exam_id', '=', joint.id)
        .executeTakeFirst();
      return head?.version === version;
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
    return cached.every((c) => c?.version === version);
  };
  if (await computed()) return { state: 'ready', progress: 100, stage: '已完成', message: null };
  const target = jointSnapshotTarget(joint.id);
  const work = inDuck ? duckJob({ ...deps, settings }, joint, version) : job(deps, joint);
  return refreshSnapshot(deps, target, version, work, computed);
}

/** The background job of one joint exam (one at a time: the queue's key is the joint exam). */
const job = ({ db, clock }: JointSnapshotDeps, joint: JointRow): SnapshotJob => ({
  key: `joint-report:${joint.id}`,
  failed: FAILED,
  async work(step) {
    await step(5, '正在汇总各校成绩');
    // the pages read the caches again, not the rows of an earlier DuckDB snapshot
    await dropDuckRows(db, joint.id);
    await readJointReport(db, clock, joint);
    await step(55, '正在计算班级报告');
    await readJointReport(db, clock, joint, true);
    return {};
  },
});

/**
 * The background job of a joint exam at or above the DuckDB threshold: its grade figures computed
 * in DuckDB and kept as rows (`writeDuckSnapshot`); the other pages compute in process when asked.
 */
const duckJob = (
  deps: JointSnapshotDeps & { settings: JointDuckSettings },
  joint: JointRow,
  version: string,
): SnapshotJob => ({
  key: `joint-report:${joint.id}`,
  failed: FAILED,
  async work(step) {
    await step(5, '正在汇总各校成绩');
    await writeDuckSnapshot(deps, joint, version);
    return {};
  },
});

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
