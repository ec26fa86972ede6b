import { readFileSync } from 'node:fs';

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { savedDownload, screenshot } from './support/browser';
import { browserSuite } from './support/suite';
import { axeViolations } from './support/app';

const EXAM_NAME = '2026学年第一学期高一期中考试';

const app = browserSuite();
let examId = 0;

/** Waits until every chart on the page has drawn its canvas. */
async function chartsDrawn(page: Page, atLeast: number) {
  await page.waitForFunction(
    (n) => {
      const charts = [...document.querySelectorAll('[data-chart]')];
      return charts.length >= n && charts.every((c) => c.querySelector('canvas'));
    },
    atLeast,
    { timeout: 30_000 },
  );
}

const { api } = app;
const { tokenOf } = app;
const { signedIn } = app;

beforeAll(async () => {
  // The seeded 期中 is finished; publishing it opens the report to teachers in scope.
  const director = await tokenOf('director');
  const exams = await api<{ list: { examId: number; name: string; state: string }[] }>(
    '/marking-report/teacher/getExam',
    { token: director, body: { pageNum: 1, pageSize: 50 } },
  );
  expect(exams.code).toBe(200);
  const exam = exams.data.list.find((e) => e.name === EXAM_NAME);
  expect(exam).toBeDefined();
  examId = exam!.examId;
  if (exam!.state !== 'published') {
    const published = await api('/marking-main/exam/transition', {
      token: director,
      body: { id: examId, to: 'published' },
    });
    expect(published.code, published.message).toBe(200);
  }
}, 120_000);

describe('report pages in the browser', () => {
  it('director: grade report with charts, tabs, .xlsx export and a transcript print page', async () => {
    const page = await signedIn('director');
    await page.goto(`${app.server.url}/exam/single/report/grade/basic/${examId}`);
    const overview = page.getByRole('table', { name: '年级各学科成绩概况' });
    await overview.waitFor({ timeout: 60_000 });
    expect(await overview.innerText()).toContain('总分');
    expect(await overview.innerText()).toContain('数学');
    expect(await overview.innerText()).toMatch(/\d+\.\d{2}%/);
    await chartsDrawn(page, 2);
    await screenshot(page, 'report-grade-basic');
    expect(await axeViolations(page)).toEqual([]);

    // tabs: click, then keyboard
    await page.getByRole('tab', { name: '排名分析' }).click();
    await page.waitForURL(`**/exam/single/report/grade/rank/${examId}`);
    const ranking = page.getByRole('table', { name: '总分排名' });
    await ranking.waitFor();
    expect(await ranking.getByRole('row').count()).toBeGreaterThan(10);
    await page.getByRole('tab', { name: '排名分析' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(`**/exam/single/report/grade/transcript/${examId}`);
    await page.getByRole('tab', { name: '成绩单', selected: true }).waitFor();

    // export the transcript table
    const transcript = page.getByRole('table', { name: '年级成绩单' });
    await transcript.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出Excel' }).click(),
    ]);
    // Named in Chinese after the exam and the report (issue #12 item 9).
    expect(download.suggestedFilename()).toBe(`${EXAM_NAME}-年级成绩单.xlsx`);
    const file = readFileSync(await savedDownload(download));
    expect(file.subarray(0, 2).toString()).toBe('PK');

    // a student's transcript, then its print page
    const link = transcript.getByRole('link').first();
    const name = (await link.innerText()).trim();
    await link.click();
    await page.waitForURL('**/transcriptBasic');
    const basic = page.getByRole('table', { name: `${name}成绩` });
    await basic.waitFor();
    await page.getByRole('tab', { name: '错题' }).click();
    await page.waitForURL('**/transcriptMistakes');
    await page.getByRole('button', { name: '打印错题' }).click();
    await page.waitForURL(/\/print\/\d+\/\d+\/\d+\/transcriptMistakes$/);
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    expect(await heading.innerText()).toBe(`${EXAM_NAME} · ${name}成绩单`);
    const printed = page.getByRole('table', { name: `${name}成绩` });
    expect(await printed.innerText()).toContain('总分');
    expect(await page.getByRole('table', { name: /错题$/ }).count()).toBeGreaterThan(0);
    // the print page hides header and footer (fullscreen route)
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: '打印' }).isVisible()).toBe(false);
    await screenshot(page, 'report-transcript-print');
    await page.context().close();
  }, 180_000);

  it('teacher: the class report offers only their classes and subject', async () => {
    const page = await signedIn('teacher');
    await page.goto(`${app.server.url}/exam/single/report/class/basic/${examId}`);
    const picker = page.getByLabel('班级', { exact: true });
    await picker.waitFor({ timeout: 60_000 });
    expect(await picker.locator('option').allInnerTexts()).toEqual(['高一(1)班', '高一(2)班']);
    const table = page.getByRole('table', { name: /高一\(1\)班各学科成绩概况/ });
    await table.waitFor();
    const rows = await table.locator('tbody tr').allInnerTexts();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('数学');
    await chartsDrawn(page, 2);
    await screenshot(page, 'report-class');

    await picker.selectOption({ label: '高一(2)班' });
    await page.getByRole('table', { name: /高一\(2\)班各学科成绩概况/ }).waitFor();

    // the grade report is refused with the server's message
    await page.goto(`${app.server.url}/exam/single/report/grade/basic/${examId}`);
    const refused = page.getByRole('tabpanel').getByRole('alert');
    const denied = page.getByText('对不起，您没有本页访问权限！').first();
    await Promise.race([refused.waitFor(), denied.waitFor()]);
    await page.context().close();
  }, 180_000);

  it('director: every other report page renders its tables from the real server', async () => {
    const page = await signedIn('director');
    const pages: [path: string, table: string | RegExp, shot?: string][] = [
      [`/exam/single/report/grade/comment/${examId}`, /逐题讲评$/],
      [`/exam/single/report/grade/ability/${examId}`, '知识点得分率（各班）'],
      [`/exam/single/report/grade/problemSet/${examId}`, /错题集$/],
      [`/exam/single/report/grade/custom/${examId}/customContrast`, /班级学科对比/],
      [`/exam/single/report/grade/custom/${examId}/customKnowModel`, '能力得分率（各班）'],
      [`/exam/single/report/class/comment/${examId}`, /逐题讲评$/, 'report-class-comment'],
      [`/exam/single/report/class/ability/${examId}`, '知识点得分率'],
      [`/exam/single/report/class/analysis/${examId}`, '各学科等级人数'],
      [`/exam/single/report/class/transcript/${examId}`, /成绩单$/, 'report-class-transcript'],
      [`/exam/single/report/class/problemSet/${examId}`, /错题集$/],
      [`/exam/single/report/class/custom/${examId}`, '自定义等级'],
      [`/exam/single/report/class/custom2/${examId}`, /分数段$/],
      [`/exam/single/report/screen/${examId}/basic`, '班级排名', 'report-screen'],
      [`/exam/report/exam/quickReview/${examId}`, '各学科概况'],
      [`/print/${examId}/warningReport`, '预警学生'],
    ];
    for (const [path, table, shot] of pages) {
      await page.goto(`${app.server.url}${path}`);
      const found = page.getByRole('table', { name: table }).first();
      await found.waitFor({ timeout: 30_000 });
      expect(await found.locator('tbody tr').count(), path).toBeGreaterThan(0);
      if (shot) {
        await chartsDrawn(page, 1);
        await screenshot(page, shot);
      }
    }
    await page.context().close();
  }, 300_000);
});
