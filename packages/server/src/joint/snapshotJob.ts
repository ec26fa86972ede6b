import type { JointReportStatus } from '@examkit/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { ApiError } from '../core/envelope';
import type { DownloadJobs } from '../download/jobs';

/**
 * The snapshots computed in the background from a joint exam's schools (docs/joint-exams.md#snapshots):
 * the joint report's (`joint_report_snapshots`, by joint exam) and the joint 新高考 analysis's
 * (`gaokao_joint_snapshots`, by analysis). One row a snapshot holds the version of the inputs
 * being (or last) computed and its progress; a new version claims the row, and a job writes only
 * to the row of its own version.
 */
export interface SnapshotDeps {
  db: Db;
  clock: Clock;
  downloads: Pick<DownloadJobs, 'background'>;
}

/** A snapshot table: its name, its key column, and whether it keeps the figures (`payload`). */
export interface SnapshotTable {
  table: 'joint_report_snapshots' | 'gaokao_joint_snapshots';
  key: 'joint_exam_id' | 'analysis_id';
  payload: boolean;
}

/** One snapshot: the row of `id` in its table. */
export interface SnapshotTarget extends SnapshotTable {
  id: number;
}

/** The columns every snapshot table keeps (`payload` the tables that keep their figures). */
interface Progress {
  version: string;
  state: string;
  progress: number;
  stage: string;
  message: string | null;
  payload?: string | null;
  updated_at: number;
}

/** Both tables through their shared columns; the key column is named by the target. */
type SnapshotDb = Kysely<Record<string, Progress & Record<string, unknown>>>;

type Status = Pick<Progress, 'state' | 'progress' | 'stage' | 'message'>;

/** Where a snapshot stands, as the report pages show it. */
export const snapshotStatus = (row: Status): JointReportStatus => ({
  state: row.state as JointReportStatus['state'],
  progress: Number(row.progress),
  stage: row.stage,
  message: row.message,
});

const QUEUED = { state: 'computing', progress: 0, stage: '排队中', message: null } as const;

/** Writes a version's progress (and figures) into the snapshot's row, made when absent. */
export async function writeSnapshot(
  db: Db,
  target: SnapshotTarget,
  values: Omit<Progress, 'updated_at'>,
  at: number,
): Promise<void> {
  const row = { ...values, updated_at: at };
  await (db as unknown as SnapshotDb)
    .insertInto(target.table)
    .values({ [target.key]: target.id, ...row })
    .onConflict((oc) => oc.column(target.key).doUpdateSet(row))
    .execute();
}

/**
 * The snapshot's row: the version it holds, where it stands, and its figures when the table
 * keeps them; undefined before the first.
 */
export function readSnapshot(db: Db, target: SnapshotTarget) {
  const columns = ['version', 'state', 'progress', 'stage', 'message'] as const;
  return (db as unknown as SnapshotDb)
    .selectFrom(target.table)
    .select(target.payload ? [...columns, 'payload'] : [...columns])
    .where(target.key, '=', target.id)
    .executeTakeFirst();
}

/** A snapshot's background computation (see {@link runSnapshot}). */
export interface SnapshotJob {
  /** The queue's key: one job a snapshot at a time. */
  key: string;
  /** The message of a failure that is not an {@link ApiError}. */
  failed: string;
  /**
   * Computes the figures, telling each stage through `step`; answers the figures to keep when
   * the table keeps them.
   */
  work(step: (progress: number, stage: string) => Promise<void>): Promise<{ payload?: string }>;
}

/**
 * Runs a version's computation through the download centre's queue, each stage written to the
 * row of that version (nothing once a newer version has claimed it): `ready` with the figures at
 * the end, or on an error `failed` with its message.
 */
export function runSnapshot(
  deps: SnapshotDeps,
  target: SnapshotTarget,
  version: string,
  job: SnapshotJob,
): Promise<void> {
  const { db, clock } = deps;
  const step = (values: Partial<Omit<Progress, 'version' | 'updated_at'>>) =>
    (db as unknown as SnapshotDb)
      .updateTable(target.table)
      .set({ ...values, updated_at: clock.now().getTime() })
      .where(target.key, '=', target.id)
      .where('version', '=', version)
      .execute();
  return deps.downloads.background(job.key, async () => {
    try {
      const figures = await job.work(async (progress, stage) => {
        await step({ progress, stage });
      });
      await step({ state: 'ready', progress: 100, stage: '已完成', ...figures });
    } catch (error) {
      await step({
        state: 'failed',
        progress: 0,
        stage: '计算失败',
        message: error instanceof ApiError ? error.message : job.failed,
      }).catch(() => undefined);
      throw error;
    }
  });
}

/**
 * Where the snapshot of `version` stands, starting its job when needed: a row of this version
 * already computing runs its job again (the queue answers the running one; after a restart it
 * runs again; a failed one is retried by asking again); `ready` when the row says so and
 * `computed()` confirms the figures are there (the row's own, or a cache's or the rows' that the
 * caller checks); otherwise the version claims the row (排队中, the old figures cleared) and its
 * job starts. A job that ended between the caller's first check and this read is found here, so
 * the same version is not computed twice.
 */
export async function refreshSnapshot(
  deps: SnapshotDeps,
  target: SnapshotTarget,
  version: string,
  job: SnapshotJob,
  computed: () => Promise<boolean>,
): Promise<JointReportStatus> {
  const row = await readSnapshot(deps.db, target);
  if (row?.version === version) {
    if (row.state === 'ready' && (await computed())) return snapshotStatus(row);
    if (row.state === 'computing') {
      void runSnapshot(deps, target, version, job);
      return snapshotStatus(row);
    }
  }
  const queued = { version, ...QUEUED, ...(target.payload ? { payload: null } : {}) };
  await writeSnapshot(deps.db, target, queued, deps.clock.now().getTime());
  void runSnapshot(deps, target, version, job);
  return snapshotStatus(queued);
}
