import {
  DOWNLOAD_FILE_URL,
  DOWNLOAD_RETENTION_DAYS,
  downloadRoutes,
  reportRoutes,
  type DataOf,
  type RouteContract,
} from '@examkit/contracts';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryFileStore } from '../core/files';
import { insertReportFixture, type ReportFixture } from '../report/reportFixtures';
import { createServer } from '../server';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';
import { createDownloadJobs, RESTART_MESSAGE, type ProgressReporter } from './jobs';

const d = downloadRoutes;
const r = reportRoutes;
type Job = DataOf<typeof d.downloadStatus>;
const DAY = 86_400_000;

describe.each(DIALECTS)('the download centre on %s', (dialect) => {
  let server: TestServer;
  let fx: ReportFixture;
  const files = createMemoryFileStore();
  const tokens: Record<string, string> = {};

  async function reply<C extends RouteContract>(
    who: string,
    contract: C,
    body: Record<string, unknown>,
  ) {
    return (await call<DataOf<C>>(server.app, contract, { token: tokens[who]!, body })).body;
  }
  const fileOf = (who: string, jobId: number) =>
    server.app.inject({
      method: 'GET',
      url: `${DOWNLOAD_FILE_URL}?jobId=${jobId}`,
      headers: { token: tokens[who]!, plantform: '1' },
    });

  beforeAll(async () => {
    server = await startTestServer(dialect, { files });
    fx = await insertReportFixture(server.db, server.seed.demoSchoolId);
    await signInAll();
  });
  afterAll(() => server.close());

  async function signInAll() {
    for (const who of ['admin', 'teacher', 'lab-admin'])
      tokens[who] = (await signIn(server.app, who)).token;
    const multi = (schoolId: number) => signIn(server.app, 'multi', { schoolId });
    tokens.multi = (await multi(server.seed.demoSchoolId)).token;
    tokens['multi-lab'] = (await multi(server.seed.labSchoolId)).token;
  }

  /** Starts and closes a second server on the same database, as a restart does. */
  async function restart() {
    const restarted = await createServer({
      database: { db: server.db },
      clock: server.clock,
      files,
      migrate: false,
    });
    await restarted.close();
  }

  /** Exports `page` of the fixture's exam as admin, waits for it; the job and its file's key. */
  async function exported(page: string) {
    const started = await reply('admin', r.exportJobStart, {
      examId: fx.examId,
      page,
      format: 'xlsx',
    });
    expect(started.code, started.message).toBe(200);
    const job = await finished('admin', started.data.jobId);
    const row = await server.db
      .selectFrom('download_jobs')
      .select('file_key')
      .where('id', '=', job.jobId)
      .executeTakeFirstOrThrow();
    return { job, fileKey: row.file_key! };
  }

  /** A job row as a previous process left it: `grade/rank` of the fixture's exam. */
  async function insertJob(who: string, state: 'running' | 'done'): Promise<number> {
    const at = server.clock.now().getTime();
    const user = await server.db
      .selectFrom('users')
      .select('id')
      .where('school_id', '=', server.seed.demoSchoolId)
      .where('login_name', '=', who)
      .executeTakeFirstOrThrow();
    const row = await server.db
      .insertInto('download_jobs')
      .values({
        school_id: server.seed.demoSchoolId,
        user_id: user.id,
        kind: 'report',
        title: '中断的导出',
        params: JSON.stringify({ examId: fx.examId, format: 'xlsx', page: 'grade/rank' }),
        state,
        progress: 40,
        stage: '正在生成报表',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function finished(who: string, jobId: number): Promise<Job> {
    for (let i = 0; i < 400; i++) {
      const status = await reply(who, d.downloadStatus, { jobId });
      expect(status.code, status.message).toBe(200);
      if (status.data.state === 'done' || status.data.state === 'failed') return status.data;
      await new Promise((res) => setTimeout(res, 20));
    }
    throw new Error('job did not finish');
  }
  const transcripts = { page: 'grade/transcripts', format: 'xlsx' };

  it("a grade's transcripts run as a job: progress to 100, listed, the xlsx downloads", async () => {
    const { job } = await exported('grade/transcripts');
    expect(job).toMatchObject({
      kind: 'report',
      state: 'done',
      progress: 100,
      stage: '已完成',
      message: null,
    });
    expect(job.title).toContain('全年级成绩单');
    expect(job.fileName).toMatch(/\.xlsx$/);
    expect(job.expiresAt! - job.finishedAt!).toBe(DOWNLOAD_RETENTION_DAYS * DAY);

    const list = await reply('admin', d.downloadList, { pageNum: 1, pageSize: 20 });
    expect(list.data.list.map((j) => j.jobId)).toContain(job.jobId);

    const file = await fileOf('admin', job.jobId);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(Number(job.size)).toBe(file.rawPayload.length);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as never);
    const titles = book.worksheets.map((w) => w.name);
    // five students in the fixture: one transcript sheet each
    expect(titles.filter((t) => t.includes('成绩单'))).toHaveLength(5);
    expect(titles.some((t) => t.startsWith('高一(9)班'))).toBe(true);
  });

  it('the same export asked twice answers one job; asked again later it runs again in place', async () => {
    const body = { examId: fx.examId, page: 'grade/basic', format: 'xlsx' };
    const [a, b] = await Promise.all([
      reply('admin', r.exportJobStart, body),
      reply('admin', r.exportJobStart, body),
    ]);
    expect(a.code, a.message).toBe(200);
    expect(b.data.jobId).toBe(a.data.jobId);
    await finished('admin', a.data.jobId);
    const again = await reply('admin', r.exportJobStart, body);
    expect(again.data.jobId).toBe(a.data.jobId);
    await finished('admin', a.data.jobId);
    const list = await reply('admin', d.downloadList, { pageNum: 1, pageSize: 100 });
    expect(
      list.data.list.filter((j) => j.title.includes('年级概况') || j.jobId === a.data.jobId),
    ).toHaveLength(1);
  });

  it("another user's or another school's job answers as missing; its file is refused", async () => {
    const { jobId } = (await exported('grade/transcript')).job;
    for (const who of ['teacher', 'lab-admin']) {
      expect(await reply(who, d.downloadStatus, { jobId })).toMatchObject({
        code: 404,
        message: '导出任务不存在',
      });
      expect(await reply(who, d.downloadDelete, { jobId })).toMatchObject({ code: 404 });
      expect((await fileOf(who, jobId)).statusCode).toBe(404);
      const list = await reply(who, d.downloadList, { pageNum: 1, pageSize: 100 });
      expect(list.data.list.map((j) => j.jobId)).not.toContain(jobId);
    }
    // the same person signed in to another school does not see this school's jobs
    const mine = await insertJob('multi', 'done');
    expect((await reply('multi', d.downloadStatus, { jobId: mine })).code).toBe(200);
    expect((await reply('multi-lab', d.downloadStatus, { jobId: mine })).code).toBe(404);
    expect((await fileOf('multi-lab', mine)).statusCode).toBe(404);
    // a teacher cannot start a grade export at all
    expect(
      (await reply('teacher', r.exportJobStart, { ...transcripts, examId: fx.examId })).code,
    ).toBe(403);
  });

  it('a failing export ends as failed with the reason; its file call says so', async () => {
    const saved = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = '/nonexistent/chromium';
    try {
      const started = await reply('admin', r.exportJobStart, {
        examId: fx.examId,
        page: 'grade/transcripts',
        format: 'pdf',
      });
      const job = await finished('admin', started.data.jobId);
      expect(job).toMatchObject({ state: 'failed', stage: '导出失败' });
      expect(job.message).toContain('apt-get install chromium');
      const file = await fileOf('admin', started.data.jobId);
      expect(file.statusCode).toBe(409);
    } finally {
      if (saved === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = saved;
    }
  });

  it('delete removes the job and its file', async () => {
    const { job, fileKey } = await exported('quickReview');
    expect(await files.get(fileKey)).not.toBeNull();
    expect((await reply('admin', d.downloadDelete, { jobId: job.jobId })).code).toBe(200);
    expect((await reply('admin', d.downloadStatus, { jobId: job.jobId })).code).toBe(404);
    expect(await files.get(fileKey)).toBeNull();
  });

  it(`a file expires after ${DOWNLOAD_RETENTION_DAYS} days: no longer listed, then deleted`, async () => {
    const { job, fileKey } = await exported('grade/segments');
    server.clock.advance(DOWNLOAD_RETENTION_DAYS * DAY + 1000);
    // a week later the sessions have expired too
    await signInAll();
    {
      const list = await reply('admin', d.downloadList, { pageNum: 1, pageSize: 100 });
      expect(list.data.list.map((j) => j.jobId)).not.toContain(job.jobId);
      expect((await fileOf('admin', job.jobId)).statusCode).toBe(404);
      // the hourly housekeeping (and every start) deletes the row and the file
      await restart();
      expect(
        await server.db
          .selectFrom('download_jobs')
          .select('id')
          .where('id', '=', job.jobId)
          .executeTakeFirst(),
      ).toBeUndefined();
      expect(await files.get(fileKey)).toBeNull();
    }
  });

  it('a restart fails the jobs left running, which a retry runs again in the same row', async () => {
    const left = { id: await insertJob('admin', 'running') };
    await restart();
    const failed = await reply('admin', d.downloadStatus, { jobId: left.id });
    expect(failed.data).toMatchObject({ state: 'failed', message: RESTART_MESSAGE });
    const retry = await reply('admin', r.exportJobStart, {
      examId: fx.examId,
      page: 'grade/rank',
      format: 'xlsx',
    });
    expect(retry.data.jobId).toBe(left.id);
    expect(await finished('admin', left.id)).toMatchObject({ state: 'done', message: null });
  });

  it("an exam subject's scanned sheets as a zip, within the caller's classes", async () => {
    const at = server.clock.now().getTime();
    const batch = await server.db
      .insertInto('scan_batches')
      .values({
        school_id: server.seed.demoSchoolId,
        exam_id: fx.examId,
        exam_subject_id: fx.math.id,
        state: 'done',
        chunk_size: 1,
        created_by: 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [n, student] of [fx.students[0]!, fx.students[3]!].entries()) {
      const key = `scans/test/${batch.id}-${n}.png`;
      await files.put(key, Buffer.from(`page of ${student}`));
      await server.db
        .insertInto('scan_sheets')
        .values({
          batch_id: batch.id,
          exam_id: fx.examId,
          exam_subject_id: fx.math.id,
          file_index: n,
          scan_page: 0,
          template_page: 0,
          status: 'recognized',
          student_id: student,
          exam_no_read: null,
          absent: 0,
          image_key: key,
          discarded: 0,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    const started = await reply('admin', d.downloadScans, { examSubjectId: fx.math.id });
    expect(started.code, started.message).toBe(200);
    const job = await finished('admin', started.data.jobId);
    expect(job).toMatchObject({ kind: 'scans', state: 'done' });
    expect(job.title).toContain('答题卡扫描图像');
    const file = await fileOf('admin', job.jobId);
    expect(file.headers['content-type']).toBe('application/zip');
    const entries = Object.keys(unzipSync(new Uint8Array(file.rawPayload)));
    expect(entries).toHaveLength(2);
    expect(entries.some((e) => e.startsWith('高一(1)班/') && e.endsWith('-第1页.png'))).toBe(true);
    expect(entries.some((e) => e.startsWith('高一(9)班/'))).toBe(true);

    // one class only; a class of another school answers as missing
    const one = await reply('admin', d.downloadScans, {
      examSubjectId: fx.math.id,
      classId: fx.class9,
    });
    const oneJob = await finished('admin', one.data.jobId);
    const oneFile = await fileOf('admin', oneJob.jobId);
    expect(Object.keys(unzipSync(new Uint8Array(oneFile.rawPayload)))).toEqual([
      expect.stringMatching(/^高一\(9\)班\//),
    ]);
    expect((await reply('lab-admin', d.downloadScans, { examSubjectId: fx.math.id })).code).toBe(
      404,
    );
  });

  it("an exam subject's answer sheets pre-printed for every student, as a zip of PDFs", async () => {
    const started = await reply('admin', d.downloadSheets, {
      examSubjectId: fx.math.id,
      classId: fx.class1,
    });
    expect(started.code, started.message).toBe(200);
    // the fixture's exam numbers (R1 …) are not the sheet's digits: the job says whose
    const failed = await finished('admin', started.data.jobId);
    expect(failed).toMatchObject({
      state: 'failed',
      message: expect.stringMatching(/^.+的考号“R1”与答题卡的考号位数设置不符$/),
    });
    for (const [n, id] of fx.students.entries())
      await server.db
        .updateTable('exam_students')
        .set({ exam_no: `${n + 1}` })
        .where('exam_id', '=', fx.examId)
        .where('student_id', '=', id)
        .execute();
    const retry = await reply('admin', d.downloadSheets, {
      examSubjectId: fx.math.id,
      classId: fx.class1,
    });
    expect(retry.data.jobId).toBe(started.data.jobId);
    const job = await finished('admin', started.data.jobId);
    expect(job, job.message ?? '').toMatchObject({ kind: 'sheets', state: 'done' });
    const file = await fileOf('admin', job.jobId);
    const entries = unzipSync(new Uint8Array(file.rawPayload));
    const names = Object.keys(entries);
    // the fixture's 高一(1)班 has three students
    expect(names).toHaveLength(3);
    expect(names.every((n) => n.startsWith('高一(1)班/') && n.endsWith('.pdf'))).toBe(true);
    expect(Buffer.from(entries[names[0]!]!.subarray(0, 5)).toString()).toBe('%PDF-');
    expect((await reply('lab-admin', d.downloadSheets, { examSubjectId: fx.math.id })).code).toBe(
      404,
    );
  });

  it('shows progress and its stage while a job runs; beyond the concurrency a job waits queued', async () => {
    const jobs = createDownloadJobs(
      { db: server.db, clock: server.clock, files },
      { concurrency: 1 },
    );
    const session = {
      tokenHash: 'x',
      userId: 999_001,
      schoolId: server.seed.demoSchoolId,
      academicYear: 2026,
      clientId: null,
    };
    const gates: (() => void)[] = [];
    const slow = (name: string) => ({
      kind: 'report' as const,
      title: name,
      params: { name },
      async run(progress: ProgressReporter) {
        progress(37.6, '正在生成成绩单 3/8');
        await new Promise<void>((res) => gates.push(res));
        return { fileName: `${name}.txt`, contentType: 'text/plain', body: Buffer.from(name) };
      },
    });
    const a = await jobs.start(session, slow('甲'));
    const b = await jobs.start(session, slow('乙'));
    const until = async (ok: () => Promise<boolean>) => {
      for (let i = 0; i < 200 && !(await ok()); i++)
        await new Promise((res) => setTimeout(res, 10));
    };
    await until(async () => (await jobs.status(session, a.jobId)).progress > 0);
    expect(await jobs.status(session, a.jobId)).toMatchObject({
      state: 'running',
      progress: 37,
      stage: '正在生成成绩单 3/8',
    });
    expect(await jobs.status(session, b.jobId)).toMatchObject({ state: 'queued', stage: '排队中' });
    gates.shift()!();
    await a.finished;
    await until(async () => gates.length > 0);
    expect((await jobs.status(session, b.jobId)).state).toBe('running');
    gates.shift()!();
    await b.finished;
    expect(await jobs.status(session, b.jobId)).toMatchObject({ state: 'done', progress: 100 });
    const file = await jobs.file(session, b.jobId);
    expect(Buffer.from(file.body).toString()).toBe('乙');
  });
});
