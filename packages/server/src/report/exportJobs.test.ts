import { reportRoutes, type DataOf, type RouteContract } from '@examkit/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';
import { insertReportFixture, type ReportFixture } from './reportFixtures';

const r = reportRoutes;

describe.each(DIALECTS)('background report exports on %s', (dialect) => {
  let server: TestServer;
  let fx: ReportFixture;
  const tokens: Record<string, string> = {};

  async function reply<C extends RouteContract>(
    who: string,
    contract: C,
    body: Record<string, unknown>,
  ) {
    return (await call<DataOf<C>>(server.app, contract, { token: tokens[who]!, body })).body;
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    fx = await insertReportFixture(server.db, server.seed.demoSchoolId);
    for (const who of ['admin', 'teacher']) tokens[who] = (await signIn(server.app, who)).token;
  });
  afterAll(() => server.close());

  async function finished(who: string, jobId: number) {
    for (let i = 0; i < 200; i++) {
      const status = await reply(who, r.exportJobStatus, { jobId });
      expect(status.code, status.message).toBe(200);
      if (status.data.state !== 'running') return status.data;
      await new Promise((res) => setTimeout(res, 20));
    }
    throw new Error('job did not finish');
  }

  it("a grade's transcripts: one sheet a student, progress to the end, then the file", async () => {
    const started = await reply('admin', r.exportJobStart, {
      examId: fx.examId,
      page: 'grade/transcripts',
      format: 'xlsx',
    });
    expect(started.code, started.message).toBe(200);
    const status = await finished('admin', started.data.jobId);
    // five students in the fixture: five steps
    expect(status).toMatchObject({ state: 'done', done: 5, total: 5, message: null });
    expect(status.fileName).toMatch(/\.xlsx$/);
    const file = await reply('admin', r.exportJobFile, { jobId: started.data.jobId });
    expect(file.code, file.message).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file.data.contentBase64, 'base64') as never);
    const titles = book.worksheets.map((w) => w.name);
    expect(titles.filter((t) => t.includes('成绩单'))).toHaveLength(5);
    expect(titles.some((t) => t.startsWith('高一(9)班'))).toBe(true);
  });

  it('the job is its starter’s only; a teacher cannot start a grade export', async () => {
    const started = await reply('admin', r.exportJobStart, {
      examId: fx.examId,
      page: 'grade/transcript',
      format: 'html',
    });
    await finished('admin', started.data.jobId);
    expect(await reply('teacher', r.exportJobStatus, { jobId: started.data.jobId })).toMatchObject({
      code: 404,
      message: '导出任务不存在',
    });
    expect(await reply('teacher', r.exportJobFile, { jobId: started.data.jobId })).toMatchObject({
      code: 404,
    });
    const refused = await reply('teacher', r.exportJobStart, {
      examId: fx.examId,
      page: 'grade/transcripts',
      format: 'pdf',
    });
    expect(refused.code).toBe(403);
  });

  it('a failing export ends as failed with the reason, the file call says so', async () => {
    const saved = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = '/nonexistent/chromium';
    try {
      const started = await reply('admin', r.exportJobStart, {
        examId: fx.examId,
        page: 'grade/transcripts',
        format: 'pdf',
      });
      const status = await finished('admin', started.data.jobId);
      expect(status.state).toBe('failed');
      expect(status.message).toContain('apt-get install chromium');
      const file = await reply('admin', r.exportJobFile, { jobId: started.data.jobId });
      expect(file.code).toBe(409);
    } finally {
      if (saved === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = saved;
    }
  });
});
