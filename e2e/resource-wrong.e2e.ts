import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { unzip } from '../packages/server/src/ai/testing';
import { axeViolations, openMenu } from './support/app';
import { savedDownload, screenshot } from './support/browser';
import { browserSuite } from './support/suite';

const EXAM_NAME = '2026学年第一学期高一期中考试';

const app = browserSuite();

beforeAll(async () => {
  // The seeded 期中 is finished; publishing it opens its report (and error questions) to teachers.
  const director = await app.tokenOf('director');
  const exams = await app.api<{ list: { examId: number; name: string; state: string }[] }>(
    '/marking-report/teacher/getExam',
    { token: director, body: { pageNum: 1, pageSize: 50 } },
  );
  const exam = exams.data.list.find((e) => e.name === EXAM_NAME)!;
  if (exam.state !== 'published') {
    const published = await app.api('/marking-main/exam/transition', {
      token: director,
      body: { id: exam.examId, to: 'published' },
    });
    expect(published.code, published.message).toBe(200);
  }
}, 120_000);

describe('error questions in the browser', () => {
  it('a 班主任 opens 学生错题, a student’s wrong questions with practice, and downloads the 错题本', async () => {
    const page = await app.signedIn('head');
    await openMenu(page, '资源中心', '学生错题');
    const table = page.getByRole('table', { name: '学生错题列表' });
    await table.waitFor({ timeout: 60_000 });
    const classes = await table
      .locator('tbody tr td:nth-child(3)')
      .evaluateAll((cells) => [...new Set(cells.map((c) => c.textContent))]);
    expect(classes).toEqual(['高一(1)班']);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'resource-student-wrong');

    const first = table.locator('tbody tr').first();
    const name = (await first.locator('td').first().innerText()).trim();
    await first.getByRole('button', { name: `查看错题 ${name}` }).click();
    await page
      .getByRole('heading', { name: `${name}的错题`, level: 1 })
      .waitFor({ timeout: 60_000 });
    const articles = page.getByRole('article');
    expect(await articles.count()).toBeGreaterThan(0);
    expect(await page.getByText('班级得分率').count()).toBeGreaterThan(0);
    // the practice seed covers every 数学 point of the exam
    const math = page.getByRole('article', { name: /数学 第\d+题$/ }).first();
    await math.getByText('推荐练习（1 题）').click();
    await math.getByRole('list', { name: /推荐练习$/ }).waitFor();
    expect(await math.getByText(/推荐 1（共同知识点：/).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'resource-student-wrong-detail');

    const [word] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '下载错题本（Word）' }).click(),
    ]);
    expect(word.suggestedFilename()).toBe(`${name}-错题本.docx`);
    const xml = unzip(readFileSync(await savedDownload(word))).get('word/document.xml')!;
    expect(xml).toContain(`${name}的错题本`);
    expect(xml).toContain('巩固练习');

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '下载错题本（PDF）' }).click(),
    ]);
    const path = await savedDownload(pdf);
    const text = execFileSync('pdftotext', [path, '-']).toString();
    expect(text).toContain(`${name}的错题本`);
    expect(text).toContain('练习答案');

    // The whole class's 错题本 as one download-centre job: one PDF, a student a part.
    await page.goBack();
    await table.waitFor({ timeout: 60_000 });
    await page.getByLabel('班级').selectOption({ label: '高一(1)班' });
    await page.getByRole('button', { name: '导出全班错题本（PDF）' }).click();
    await page.getByRole('status').filter({ hasText: '已加入' }).first().waitFor();
    const save = page.getByRole('button', { name: /^下载 .*错题本\.pdf$/ });
    await save.waitFor({ timeout: 150_000 });
    await screenshot(page, 'resource-class-notebook');
    const [classPdf] = await Promise.all([page.waitForEvent('download'), save.click()]);
    expect(classPdf.suggestedFilename()).toBe('高一(1)班-错题本.pdf');
    const classPath = await savedDownload(classPdf);
    const classText = execFileSync('pdftotext', [classPath, '-']).toString();
    expect(classText).toContain(`${name}的错题本`);
    expect(classText.split('的错题本').length - 1).toBeGreaterThan(10);
    expect(classText).not.toMatch(/\\frac|\$/);
  }, 300_000);

  it('相似题推荐 from the exam report: weakest questions with recommendations, then a practice paper', async () => {
    // 相似题推荐 is under the grade report's key (Exam-Single-Report-Grade): 教务主任 has it.
    const page = await app.signedIn('director');
    try {
      await similarByClicks(page);
    } catch (error) {
      await screenshot(page, 'resource-similar-failed');
      throw error;
    }
  }, 180_000);
});

async function similarByClicks(page: Page) {
  await page
    .getByRole('link', { name: `年级报告：${EXAM_NAME}` })
    .first()
    .click();
  await page.getByRole('button', { name: '相似题推荐' }).click();
  await page.getByRole('heading', { name: `${EXAM_NAME} · 相似题推荐`, level: 1 }).waitFor({
    timeout: 60_000,
  });
  const section = page.getByRole('region', { name: '高一(1)班' });
  await section.waitFor();
  // the three weakest questions (each recommended question is an article of its own inside)
  expect(await section.getByRole('article', { name: /^高一\(1\)班 \S+ 第\S+题$/ }).count()).toBe(3);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'resource-similar-recom');

  await page.getByRole('button', { name: '组成练习卷' }).click();
  const status = page.getByRole('status').filter({ hasText: '已选' });
  await status.waitFor();
  const [word] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '导出练习卷（Word）' }).click(),
  ]);
  expect(word.suggestedFilename()).toBe(`${EXAM_NAME}-错题练习.docx`);
  const xml = unzip(readFileSync(await savedDownload(word))).get('word/document.xml')!;
  expect(xml).toContain('答案与解析');
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'resource-similar-edit');

  // 保存为试卷 keeps the chosen practice questions of one subject as a school paper.
  const items = page.getByRole('listitem').filter({ has: page.getByRole('checkbox') });
  const subjects = await items.evaluateAll((lis) =>
    lis.map((li) => /（数学）/.test(li.textContent ?? '')),
  );
  expect(subjects).toContain(true);
  for (const [i, math] of subjects.entries())
    if (!math) await items.nth(i).getByRole('checkbox').uncheck();
  await page.getByRole('button', { name: '保存为试卷' }).click();
  await page.getByRole('heading', { name: `${EXAM_NAME}错题练习`, level: 1 }).waitFor();
  await screenshot(page, 'resource-similar-paper');
}
