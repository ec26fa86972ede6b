import { DOWNLOAD_RETENTION_DAYS, type DataOf, type downloadRoutes } from '@examkit/contracts';
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { ApiError, notFound } from '../core/envelope';
import type { DomainDeps } from '../core/deps';
import type { SessionInfo } from '../core/session';
import type { DownloadJobsTable } from './tables';

type Job = DataOf<typeof downloadRoutes.downloadStatus>;
type JobRow = Selectable<DownloadJobsTable>;
export type DownloadKind = Job['kind'];

/** What a job makes. */
export interface DownloadFile {
  fileName: string;
  contentType: string;
  body: Uint8Array;
}

/** Reports a job's progress: 0–100 and the step in Chinese. */
export type ProgressReporter = (percent: number, stage: string) => void;

/** One long export, checked for access by its caller before it is started. */
export interface DownloadRequest {
  kind: DownloadKind;
  /** What is exported, in Chinese; shown in the download centre. */
  title: string;
  /** What makes two exports the same: the same user asking again gets the same job. */
  params: Record<string, unknown>;
  run(progress: ProgressReporter): Promise<DownloadFile>;
}

/** The background export service every long export goes through (docs/downloads.md). */
export interface DownloadJobs {
  /**
   * Starts `request` for the session's user, or answers the job already running for the same
   * parameters; a finished or failed one is run again in the same row (its old file replaced).
   */
  start(
    session: SessionInfo,
    request: DownloadRequest,
  ): Promise<{ jobId: number; finished: Promise<void> }>;
  list(
    session: SessionInfo,
    pageNum: number,
    pageSize: number,
  ): Promise<DataOf<typeof downloadRoutes.downloadList>>;
  status(session: SessionInfo, jobId: number): Promise<Job>;
  remove(session: SessionInfo, jobId: number): Promise<void>;
  file(session: SessionInfo, jobId: number): Promise<DownloadFile>;
  /** Jobs a previous process left queued or running are failed with {@link RESTART_MESSAGE}. */
  recover(): Promise<number>;
  /** Deletes expired jobs and their files; answers how many. */
  prune(): Promise<number>;
  /** Waits for the jobs under way (closing the server). */
  settle(): Promise<void>;
  /**
   * Runs a task of the server's own (no user's file, not listed in the download centre) in the
   * same queue as the exports: one at a time per `key` (a call while it runs answers the same
   * promise), waited for on closing. The task keeps its own progress; its failure is its own to
   * record (the promise never rejects). Used for the joint reports' snapshots (docs/joint-exams.md).
   */
  background(key: string, task: () => Promise<void>): Promise<void>;
}

const DAY = 86_400_000;
/** How long a finished (or failed) job stays listed. */
export const RETENTION_MS = DOWNLOAD_RETENTION_DAYS * DAY;
/** The stage a job left by a restart ends with. */
export const RESTART_MESSAGE = '服务器重启，导出已中断，请重新导出';
export const NOT_FOUND_MESSAGE = '导出任务不存在';
const FAILED_MESSAGE = '导出失败，请重试';
// Progress is written at most this often, so a long export does not write a row per student.
const PROGRESS_EVERY_MS = 250;

export interface DownloadJobsOptions {
  /** Jobs run at once in this process; the rest wait as `queued`. @default 2 */
  concurrency?: number;
}

/** Object keys sorted, so the same parameters always read the same. */
function canonical(params: Record<string, unknown>): string {
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(params)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    ),
  );
}

const toJob = (row: JobRow): Job => ({
  jobId: row.id,
  kind: row.kind as Job['kind'],
  title: row.title,
  state: row.state as Job['state'],
  progress: Number(row.progress),
  stage: row.stage,
  fileName: row.file_name,
  size: row.size === null ? null : Number(row.size),
  message: row.message,
  createdAt: Number(row.created_at),
  finishedAt: row.finished_at === null ? null : Number(row.finished_at),
  expiresAt: row.expires_at === null ? null : Number(row.expires_at),
});

/** Creates the download service over the domain's database, clock and file store. */
export function createDownloadJobs(
  { db, clock, files }: DomainDeps,
  options: DownloadJobsOptions = {},
): DownloadJobs {
  const concurrency = options.concurrency ?? 2;
  const active = new Map<number, Promise<void>>();
  let running = 0;
  const waiting: (() => void)[] = [];
  // a finished job hands its slot straight to the next in line, so none is taken twice
  const slot = async () => {
    if (running >= concurrency) await new Promise<void>((r) => waiting.push(r));
    else running += 1;
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  const now = () => clock.now().getTime();
  const tasks = new Map<string, Promise<void>>();

  const own = (session: SessionInfo) =>
    db
      .selectFrom('download_jobs')
      .selectAll()
      .where('school_id', '=', session.schoolId)
      .where('user_id', '=', session.userId);

  async function jobOf(session: SessionInfo, jobId: number): Promise<JobRow> {
    const row = await own(session).where('id', '=', jobId).executeTakeFirst();
    if (!row || (row.expires_at !== null && Number(row.expires_at) <= now()))
      throw notFound(NOT_FOUND_MESSAGE);
    return row;
  }

  function run(jobId: number, request: DownloadRequest, schoolId: number): Promise<void> {
    const update = (values: Partial<Omit<JobRow, 'id'>>, states = ['queued', 'running']) =>
      db
        .updateTable('download_jobs')
        .set({ ...values, updated_at: now() })
        .where('id', '=', jobId)
        .where('state', 'in', states)
        .executeTakeFirst();
    const finished = (async () => {
      // let the start call answer first
      await new Promise((r) => setImmediate(r));
      await slot();
      let pending: Promise<unknown> = Promise.resolve();
      try {
        await update({ state: 'running', progress: 0, stage: '开始导出' });
        let written = 0;
        const file = await request.run((percent, stage) => {
          const t = Date.now();
          if (t - written < PROGRESS_EVERY_MS) return;
          written = t;
          const progress = Math.max(0, Math.min(99, Math.floor(percent)));
          pending = pending.then(() => update({ progress, stage }));
        });
        await pending;
        const key = `downloads/${schoolId}/${jobId}-${randomUUID()}`;
        await files.put(key, file.body);
        const doneAt = now();
        const result = await update({
          state: 'done',
          progress: 100,
          stage: '已完成',
          file_key: key,
          file_name: file.fileName,
          content_type: file.contentType,
          size: file.body.byteLength,
          finished_at: doneAt,
          expires_at: doneAt + RETENTION_MS,
        });
        // deleted while it ran: the file has no row to be listed by
        if (Number(result.numUpdatedRows) === 0) await files.delete(key);
      } catch (error) {
        await pending.catch(() => undefined);
        const message = error instanceof ApiError ? error.message : FAILED_MESSAGE;
        const failedAt = now();
        await update({
          state: 'failed',
          stage: '导出失败',
          message,
          finished_at: failedAt,
          expires_at: failedAt + RETENTION_MS,
        }).catch(() => undefined);
      } finally {
        release();
        active.delete(jobId);
      }
    })();
    active.set(jobId, finished);
    return finished;
  }

  const queuedValues = (title: string, at: number) => ({
    title,
    state: 'queued',
    progress: 0,
    stage: '排队中',
    file_key: null,
    file_name: null,
    content_type: null,
    size: null,
    message: null,
    created_at: at,
    updated_at: at,
    finished_at: null,
    expires_at: null,
  });

  return {
    async start(session, request) {
      const params = canonical(request.params);
      const same = () =>
        own(session)
          .where('kind', '=', request.kind)
          .where('params', '=', params)
          .executeTakeFirst();
      for (let attempt = 0; attempt < 3; attempt++) {
        const row = await same();
        if (row && (row.state === 'queued' || row.state === 'running')) {
          return { jobId: row.id, finished: active.get(row.id) ?? Promise.resolve() };
        }
        const at = now();
        if (row) {
          // run again in place; only one of two concurrent retries wins the row
          const result = await db
            .updateTable('download_jobs')
            .set(queuedValues(request.title, at))
            .where('id', '=', row.id)
            .where('state', '=', row.state)
            .where('updated_at', '=', row.updated_at)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) === 0) continue;
          if (row.file_key) await files.delete(row.file_key);
          return { jobId: row.id, finished: run(row.id, request, session.schoolId) };
        }
        const inserted = await db
          .insertInto('download_jobs')
          .values({
            school_id: session.schoolId,
            user_id: session.userId,
            kind: request.kind,
            params,
            ...queuedValues(request.title, at),
          })
          .returning('id')
          .executeTakeFirst()
          .catch(() => undefined); // the same export inserted at the same moment: read it
        if (inserted)
          return { jobId: inserted.id, finished: run(inserted.id, request, session.schoolId) };
      }
      throw new ApiError(409, '导出任务正忙，请稍后再试');
    },

    async list(session, pageNum, pageSize) {
      const at = now();
      const base = db
        .selectFrom('download_jobs')
        .where('school_id', '=', session.schoolId)
        .where('user_id', '=', session.userId)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]));
      const { count } = await base
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize)
        .execute();
      return { list: rows.map(toJob), total: Number(count), pageNum, pageSize };
    },

    async status(session, jobId) {
      return toJob(await jobOf(session, jobId));
    },

    async remove(session, jobId) {
      const row = await jobOf(session, jobId);
      await db.deleteFrom('download_jobs').where('id', '=', row.id).execute();
      if (row.file_key) await files.delete(row.file_key);
    },

    async file(session, jobId) {
      const row = await jobOf(session, jobId);
      if (row.state === 'failed') throw new ApiError(409, row.message ?? FAILED_MESSAGE);
      if (row.state !== 'done' || !row.file_key) throw new ApiError(409, '导出尚未完成');
      const body = await files.get(row.file_key);
      if (!body) throw notFound('导出文件已不存在，请重新导出');
      return {
        fileName: row.file_name ?? '导出文件',
        contentType: row.content_type ?? 'application/octet-stream',
        body,
      };
    },

    async recover() {
      const at = now();
      const result = await db
        .updateTable('download_jobs')
        .set({
          state: 'failed',
          stage: '导出失败',
          message: RESTART_MESSAGE,
          updated_at: at,
          finished_at: at,
          expires_at: at + RETENTION_MS,
        })
        .where('state', 'in', ['queued', 'running'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async prune() {
      const expired = await db
        .selectFrom('download_jobs')
        .select(['id', 'file_key'])
        .where('expires_at', '<=', now())
        .execute();
      for (const row of expired) {
        if (row.file_key) await files.delete(row.file_key);
        await db.deleteFrom('download_jobs').where('id', '=', row.id).execute();
      }
      return expired.length;
    },

    background(key, task) {
      const running = tasks.get(key);
      if (running) return running;
      const done = (async () => {
        await new Promise((r) => setImmediate(r));
        await slot();
        try {
          await task();
        } catch {
          // the task records its own failure
        } finally {
          release();
          tasks.delete(key);
        }
      })();
      tasks.set(key, done);
      return done;
    },

    async settle() {
      await Promise.allSettled([...active.values(), ...tasks.values()]);
    },
  };
}
