import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, savedDownload, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { axeViolations, callApi, signedIn, type ApiInit, tokenOf as tokenFor } from './support/app';

const EXAM_NAME = '2026学年第一学期高一期中考试';

let server: RunningServer;
let browser: Browser | undefined;
let token = '';
let examId = 0;
let workDir = '';

const api = <T = unknown>(path: string, init?: ApiInit) => callApi<T>(server.url, path, init);

interface FileData {
  fileName: string;
  contentType: string;
  contentBase64: string;
}

/**
 * Writes a PDF, then reads it back with poppler: its text (pdftotext), its page count (pdfinfo),
 * and its first page rendered (pdftoppm) to check that it draws something besides white.
 */
function readPdf(name: string, file: FileData) {
  const path = join(workDir, `${name}.pdf`);
  const bytes = Buffer.from(file.contentBase64, 'base64');
  writeFileSync(path, bytes);
  execFileSync('pdftotext', ['-layout', path, `${path}.txt`]);
  const text = readFileSync(`${path}.txt`, 'utf8');
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
  // first page as greyscale PGM: the share of dark pixels shows that text was drawn
  execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '40', '-gray', path, `${path}-p`]);
  const image = readdirSync(workDir).find((f) => f.startsWith(`${name}.pdf-p`))!;
  const pgm = readFileSync(join(workDir, image));
  const pixels = pgm.subarray(pgm.length - pgmPixels(pgm));
  const dark = pixels.filter((v) => v < 128).length / pixels.length;
  return { text, pages, bytes, dark };
}

/** The number of pixels of a binary PGM (P5 width height maxval). */
function pgmPixels(pgm: Buffer): number {
  const [, w, h] = /^P5\s+(\d+)\s+(\d+)\s+\d+\s/.exec(pgm.subarray(0, 50).toString('latin1'))!;
  return Number(w) * Number(h);
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'examkit-pdf-'));
  // The built server exactly as `npm start` runs it: dist/main.js, no source condition.
  server = await startServer();
  token = await tokenFor(server.url, 'director');
  const exams = await api<{ list: { examId: number; name: string }[] }>(
    '/marking-report/teacher/getExam',
    { token, body: { pageNum: 1, pageSize: 50 } },
  );
  examId = exams.data.list.find((e) => e.name === EXAM_NAME)!.examId;
  expect(examId).toBeGreaterThan(0);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('PDF from the built server', () => {
  it('a class report downloads as a PDF with the exam, the class and Chinese text', async () => {
    const grade = await api<{ rows: { classes: { classId: number; className: string }[] }[] }>(
      '/marking-report/exam/report/grade/basic',
      { token, body: { examId } },
    );
    expect(grade.code, grade.message).toBe(200);
    const klass = grade.data.rows[0]!.classes[0]!;
    const reply = await api<FileData>('/marking-report/exam/report/export', {
      token,
      body: { examId, page: 'class/basic', format: 'pdf', classId: klass.classId },
    });
    expect(reply.code, reply.message).toBe(200);
    expect(reply.data.contentType).toBe('application/pdf');
    const pdf = readPdf('class', reply.data);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.pages).toBeGreaterThan(0);
    expect(pdf.dark).toBeGreaterThan(0.005);
    const text = pdf.text.replace(/\s+/g, '');
    expect(text).toContain(EXAM_NAME);
    expect(text).toContain(klass.className.replace(/\s+/g, ''));
    expect(text).toContain('总分');
    expect(text).toContain('数学');
  }, 120_000);

  it('every other report page downloads as a PDF with the exam name', async () => {
    const grade = await api<{
      rows: { subjectId: number; classes: { classId: number }[] }[];
    }>('/marking-report/exam/report/grade/basic', { token, body: { examId } });
    const classId = grade.data.rows[0]!.classes[0]!.classId;
    const subjectId = grade.data.rows.find((r) => r.subjectId !== 0)!.subjectId;
    const transcript = await api<{ students: { studentId: number }[] }>(
      '/marking-report/exam/report/class/transcript',
      { token, body: { examId, classId } },
    );
    const studentId = transcript.data.students[0]!.studentId;
    const pages: [string, Record<string, number>][] = [
      ['class/comment', { classId, subjectId }],
      ['class/ability', { classId, subjectId }],
      ['class/analysis', { classId }],
      ['class/transcript', { classId }],
      ['class/problemSet', { classId, subjectId }],
      ['student/transcript', { classId, studentId }],
      ['grade/basic', {}],
      ['grade/comment', { subjectId }],
      ['grade/ability', { subjectId }],
      ['grade/rank', { subjectId: 0 }],
      ['grade/transcript', {}],
      ['grade/problemSet', { subjectId }],
      ['grade/customContrast', {}],
      ['grade/segments', {}],
      ['quickReview', {}],
      ['warningReport', {}],
      ['quality', {}],
    ];
    for (const [page, keys] of pages) {
      const reply = await api<FileData>('/marking-report/exam/report/export', {
        token,
        body: { examId, page, format: 'pdf', ...keys },
      });
      expect(reply.code, `${page}: ${reply.message}`).toBe(200);
      const pdf = readPdf(page.replace('/', '-'), reply.data);
      expect(pdf.text.replace(/\s+/g, ''), page).toContain(EXAM_NAME);
    }
  }, 240_000);

  it("a grade's transcripts run as a download-centre job with progress and a PDF download", async () => {
    const started = await api<{ jobId: number }>('/marking-report/exam/report/export/job', {
      token,
      body: { examId, page: 'grade/transcripts', format: 'pdf' },
    });
    expect(started.code, started.message).toBe(200);
    const jobId = started.data.jobId;
    const seen: number[] = [];
    let status: { state: string; progress: number; stage: string; message: string | null };
    const deadline = Date.now() + 150_000;
    for (;;) {
      const reply = await api<typeof status>('/marking-download/job/status', {
        token,
        body: { jobId },
      });
      expect(reply.code, reply.message).toBe(200);
      status = reply.data;
      seen.push(status.progress);
      if (status.state === 'done' || status.state === 'failed') break;
      if (Date.now() > deadline) throw new Error('export job did not finish');
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(status.state, status.message ?? '').toBe('done');
    expect(status.progress).toBe(100);
    // progress only grows
    expect(seen).toEqual([...seen].sort((a, b) => a - b));

    const fetchFile = (who: string) =>
      fetch(`${server.url}/marking-download/job/file?jobId=${jobId}`, {
        headers: { token: who, plantform: '1' },
      });
    const file = await fetchFile(token);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/\.pdf/);
    const bytes = Buffer.from(await file.arrayBuffer());
    const pdf = readPdf('transcripts', {
      fileName: 'transcripts.pdf',
      contentType: 'application/pdf',
      contentBase64: bytes.toString('base64'),
    });
    // one student a page at least: the whole grade (four classes of the demo school)
    expect(pdf.pages).toBeGreaterThan(100);
    expect(pdf.dark).toBeGreaterThan(0.005);
    const text = pdf.text.replace(/\s+/g, '');
    expect(text).toContain(EXAM_NAME);
    expect(text).toContain('高一(1)班');
    expect(text).toContain('成绩单');

    // another user cannot fetch somebody else's job
    const teacher = await tokenFor(server.url, 'teacher');
    expect((await fetchFile(teacher)).status).not.toBe(200);
  }, 240_000);

  it('in the browser: 导出全部成绩单PDF shows its progress, then downloads the PDF', async () => {
    browser = await launchBrowser();
    const page = await signedIn(browser, server.url, 'director');
    await page.goto(`${server.url}/exam/single/report/grade/transcript/${examId}`);
    await page.getByRole('table', { name: '年级成绩单' }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: '导出全部成绩单PDF' }).click();
    const progress = page.getByRole('status').filter({ hasText: '已加入下载中心' });
    await progress.waitFor({ timeout: 30_000 });
    expect(await page.getByRole('progressbar', { name: '导出全部成绩单PDF进度' }).count()).toBe(1);
    await screenshot(page, 'report-transcripts-job');
    expect(await axeViolations(page)).toEqual([]);
    const download = page.getByRole('button', { name: /^下载 .*\.pdf$/ });
    await download.waitFor({ timeout: 150_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = readFileSync(await savedDownload(file));
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // the raw scores of a subject, as the score import takes them
    const [raw] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出原始成绩CSV' }).click(),
    ]);
    expect(raw.suggestedFilename()).toMatch(/原始成绩\.csv$/);
    const csv = readFileSync(await savedDownload(raw), 'utf8');
    expect(csv.replace(/^\uFEFF/, '').startsWith('考号/学号,姓名,')).toBe(true);
    await page.context().close();
  }, 240_000);
});
