import { readFileSync } from 'node:fs';

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/app';
import { browserSuite } from './support/suite';
import { savedDownload, screenshot } from './support/browser';

const EXAM_NAME = '2026学年第一学期高一期中考试';

const app = browserSuite();

describe('下载中心 in the browser', () => {
  it("a grade's transcripts exported by clicks run in the download centre with progress; the xlsx downloads", async () => {
    const page = await app.signedIn('director');

    // 考试管理 → the exam list → 查看报告 → 年级报告 → 成绩单
    await page
      .getByRole('navigation', { name: '主菜单' })
      .getByRole('link', { name: /考试管理/ })
      .click();
    await page.getByRole('button', { name: `查看报告 ${EXAM_NAME}` }).click();
    await page
      .getByRole('dialog', { name: `查看报告 · ${EXAM_NAME}` })
      .getByRole('link', { name: '年级报告' })
      .click();
    await page.getByRole('tab', { name: '成绩单' }).click();
    await page.getByRole('table', { name: '年级成绩单' }).waitFor({ timeout: 60_000 });

    // the whole grade's transcripts as Excel, and as PDF (slower: every page rendered)
    await page.getByRole('button', { name: '导出全部成绩单Excel' }).click();
    await page.getByRole('progressbar', { name: '导出全部成绩单Excel进度' }).waitFor();
    await screenshot(page, 'downloads-report-started');
    // the page follows it to the end and offers the file (the toolbar holds still meanwhile)
    await page.getByRole('button', { name: /^下载 .*\.xlsx$/ }).waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: '导出全部成绩单PDF' }).click();
    await page.getByRole('progressbar', { name: '导出全部成绩单PDF进度' }).waitFor();
    const notice = page.getByRole('status').filter({ hasText: '已加入下载中心' }).first();
    await notice.waitFor();

    // the notice's link opens the download centre in a new tab
    const [centre] = await Promise.all([
      page.context().waitForEvent('page'),
      notice.getByRole('link', { name: '下载中心' }).click(),
    ]);
    await centre.getByRole('heading', { name: '下载中心' }).waitFor({ timeout: 30_000 });
    expect(new URL(centre.url()).pathname).toBe('/new-home-download/index');
    const table = centre.getByRole('table', { name: '导出文件列表' });
    const excelRow = table.getByRole('row').filter({ hasText: '全年级成绩单（Excel）' });
    const pdfRow = table.getByRole('row').filter({ hasText: '全年级成绩单（PDF）' });
    await excelRow.waitFor();
    await pdfRow.waitFor();

    // the PDF transcripts are still being made: the progress bar moves as the list is read again
    const bar = pdfRow.getByRole('progressbar');
    await bar.waitFor();
    const first = Number(await bar.getAttribute('value'));
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(100);
    await screenshot(centre, 'downloads-centre-progress');
    await centre.waitForFunction(
      (start) => {
        const row = [...document.querySelectorAll('tr')].find((r) =>
          r.textContent?.includes('全年级成绩单（PDF）'),
        );
        const value = row?.querySelector('progress')?.value;
        return value === undefined || value > start;
      },
      first,
      { timeout: 120_000 },
    );
    expect(await axeViolations(centre)).toEqual([]);
    // the page is read by no menu crawl (it opens in a new tab): its words are checked here
    const latin = (await centre.locator('body').innerText()).match(/[A-Za-z]{2,}/g) ?? [];
    const allowed = new Set(['Excel', 'PDF', 'KB', 'MB', 'HOT', 'NEW', 'AI', 'examkit', 'ICP']);
    expect(latin.filter((w) => !allowed.has(w))).toEqual([]);

    // the Excel file, kept in the download centre: one sheet a student, with the student's scores
    const download = excelRow.getByRole('button', { name: /^下载 .*\.xlsx$/ });
    expect(await excelRow.innerText()).toContain('已完成');
    const [file] = await Promise.all([centre.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe(`${EXAM_NAME}-全年级成绩单.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(await savedDownload(file)) as never);
    const sheets = book.worksheets.filter((w) => w.name.includes('成绩单'));
    // the demo school's 高一: four classes of fifty
    expect(sheets.length).toBe(200);
    expect(sheets[0]!.name).toMatch(/^高一\(1\)班/);
    const text = sheets[0]!.getSheetValues().flat().join(' ');
    expect(text).toContain('总分');
    expect(text).toContain('数学');

    // deleting the running PDF job takes it off the list
    await pdfRow.getByRole('button', { name: /^删除/ }).click();
    const dialog = centre.getByRole('alertdialog', { name: '删除导出文件' });
    await dialog.getByRole('button', { name: '确定删除' }).click();
    await pdfRow.waitFor({ state: 'detached' });
    expect(await excelRow.count()).toBe(1);
    await screenshot(centre, 'downloads-centre-done');
    await page.context().close();
  }, 300_000);
});
