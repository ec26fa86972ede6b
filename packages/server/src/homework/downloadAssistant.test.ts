import {
  DOWNLOAD_FILE_URL,
  downloadRoutes,
  homeworkDownloadRoutes,
  homeworkRoutes,
  homeworkSubmissionRoutes,
} from '@examkit/contracts';
import type { CorpusTemplate } from '@examkit/recognizer/corpus';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../test/fixtures';
import {
  addOuterClass,
  assignedHomework,
  filledScan,
  gradeOnePair,
  homeworkCallers,
  homeworkSheet,
  TEST_PAPER_PDF,
} from './testKit';

const routes = {
  ...homeworkRoutes,
  ...homeworkSubmissionRoutes,
  ...homeworkDownloadRoutes,
  ...downloadRoutes,
};

/** 下载助手's zips (docs/homework.md "下载助手"): scanned hand-ins, and the sheets of several homework. */
describe.each(DIALECTS)('下载助手 zips on %s', (dialect) => {
  let server: TestServer;
  const { as, ok, signInAll, tokens } = homeworkCallers(routes, () => server);
  let homeworkId: number;
  let secondId: number;
  let draftId: number;
  let mine: { no: string; name: string }[];
  let other: { no: string; name: string };
  let ct: CorpusTemplate;

  /** Waits for a job and answers its zip's entries. */
  const zipOf = async (who: string, jobId: number) => {
    await expect
      .poll(async () => (await ok<{ state: string }>(who, 'downloadStatus', { jobId })).state, {
        timeout: 30_000,
      })
      .toBe('done');
    const file = await server.app.inject({
      method: 'GET',
      url: `${DOWNLOAD_FILE_URL}?jobId=${jobId}`,
      headers: { token: tokens[who]! },
    });
    expect(file.statusCode).toBe(200);
    return unzipSync(new Uint8Array(file.rawPayload));
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await signInAll('admin', 'teacher', 'lab-admin');
    const pair = await gradeOnePair(ok, 'teacher', '数学');
    const classId = pair.targets.find((t) => t.kind === 'class')!.id;
    const otherClass = await addOuterClass(server, pair.gradeId, 1);
    const rows = (id: number, n: number) =>
      server.db
        .selectFrom('students')
        .select(['student_no as no', 'name'])
        .where('class_id', '=', id)
        .orderBy('student_no')
        .limit(n)
        .execute();
    mine = await rows(classId, 2);
    other = (await rows(otherClass, 1))[0]!;
    homeworkId = await assignedHomework(ok, {
      name: '函数练习',
      pair,
      classIds: [classId, otherClass],
      idempotencyKey: `download-a-${dialect}`,
    });
    secondId = await assignedHomework(ok, {
      name: '集合练习',
      pair,
      classIds: [classId],
      idempotencyKey: `download-b-${dialect}`,
    });
    draftId = (
      await ok<{ id: number }>('admin', 'homeworkCreate', {
        name: '未拆题作业',
        gradeId: pair.gradeId,
        subjectId: pair.subjectId,
        paper: { fileName: '未拆题作业.pdf', contentBase64: TEST_PAPER_PDF },
        idempotencyKey: `download-c-${dialect}`,
      })
    ).id;
    ct = await homeworkSheet(server, homeworkId, '数学');
    // Two of the teacher's students and one of a class only the admin corrects hand in.
    for (const s of [...mine, other])
      await ok('admin', 'scanUpload', {
        id: homeworkId,
        fileName: `${s.no}.png`,
        contentBase64: await filledScan(ct, s.no, { '1': 'A' }),
      });
  }, 240_000);
  afterAll(() => server?.close());

  it('the scanned hand-ins as a zip job, of the caller’s students only', async () => {
    const { jobId } = await ok<{ jobId: number }>('teacher', 'scansJob', { id: homeworkId });
    const status = await ok<{ kind: string; title: string }>('teacher', 'downloadStatus', {
      jobId,
    });
    expect(status).toMatchObject({ kind: 'scans', title: '函数练习-作业扫描答题卡' });
    const zip = await zipOf('teacher', jobId);
    const names = Object.keys(zip).sort();
    expect(names).toEqual(mine.map((s) => `高一(1)班/${s.no}-${s.name}-第1页.png`).sort());
    // Each entry is the scanned page, a PNG.
    expect([...zip[names[0]!]!.slice(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe(
      'PNG',
    );
    // The same user asking again gets the same job.
    expect((await ok<{ jobId: number }>('teacher', 'scansJob', { id: homeworkId })).jobId).toBe(
      jobId,
    );
    // The admin corrects every class: 高一(9)班's page too.
    const all = await zipOf(
      'admin',
      (await ok<{ jobId: number }>('admin', 'scansJob', { id: homeworkId })).jobId,
    );
    expect(Object.keys(all)).toContain(`高一(9)班/${other.no}-${other.name}-第1页.png`);
    expect(Object.keys(all)).toHaveLength(3);
  });

  it('refuses a homework without scans, and another school’s homework', async () => {
    expect((await as('teacher', 'scansJob', { id: secondId })).body.msg).toBe(
      '这份作业还没有可导出的扫描答题卡',
    );
    const foreign = await as('lab-admin', 'scansJob', { id: homeworkId });
    expect(foreign.body.code).toBe(404);
    expect(foreign.body.msg).toBe('作业不存在');
  });

  it('the answer sheets of several homework as one zip job of PDFs', async () => {
    const { jobId } = await ok<{ jobId: number }>('teacher', 'sheetsJob', {
      ids: [secondId, homeworkId],
    });
    const status = await ok<{ kind: string; title: string }>('teacher', 'downloadStatus', {
      jobId,
    });
    expect(status).toMatchObject({ kind: 'sheets', title: '集合练习等2份作业-答题卡' });
    const zip = await zipOf('teacher', jobId);
    expect(Object.keys(zip).sort()).toEqual(['函数练习-答题卡.pdf', '集合练习-答题卡.pdf']);
    for (const pdf of Object.values(zip))
      expect(Buffer.from(pdf.slice(0, 5)).toString()).toBe('%PDF-');
  });

  it('refuses a homework not split yet, and another school’s homework in the list', async () => {
    expect((await as('admin', 'sheetsJob', { ids: [homeworkId, draftId] })).body.msg).toBe(
      '未拆题作业还没有确认题目，没有答题卡',
    );
    const foreign = await as('lab-admin', 'sheetsJob', { ids: [homeworkId] });
    expect(foreign.body.code).toBe(404);
    expect(foreign.body.msg).toBe('作业不存在');
    const jobs = await server.db
      .selectFrom('download_jobs')
      .select('id')
      .where('kind', '=', 'sheets')
      .execute();
    expect(jobs).toHaveLength(1);
  });
});
