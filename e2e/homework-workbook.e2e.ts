import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { axeViolations, openMenu } from './support/app';
import { browserSuite } from './support/suite';

/**
 * 教辅 by clicks (docs/homework.md "教辅"): the demo 班主任 goes from the menu to 作业分析 → 教辅,
 * opens the demo workbook, sees each chapter's hand-in figures, adds a chapter with a question,
 * corrects the question's key (编辑题目), renames the chapter, deletes it (no hand-ins), and opens
 * the assigned chapter's 讲评 and the workbook's 学生分析 — every page reached by links and
 * buttons, none by a typed address.
 */

const app = browserSuite();
const NAME = '同步练习册·数学必修第一册';
const FIRST = '第一章 集合与常用逻辑用语';
const TA = '/marking-homework/homework/teaching-assistant';

interface Chapter {
  homeworkId: number;
  title: string;
  expected: number;
  submitted: number;
  corrected: number;
}

describe('教辅 in the browser', () => {
  it('a teacher opens the demo workbook, adds, renames and deletes a chapter, reads 讲评 and 学生分析', async () => {
    const page = await app.signedIn('head');
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));

    // What the server counts for the 班主任's class: the page must show the same figures.
    const token = await app.tokenOf('head');
    const list = await app.api<{ id: number; name: string }[]>(`${TA}/batch/list`, {
      token,
      body: {},
    });
    const batchId = list.data.find((b) => b.name === NAME)!.id;
    const detail = await app.api<{ chapters: Chapter[] }>(`${TA}/batchDetail`, {
      token,
      body: { id: batchId },
    });
    const first = detail.data.chapters.find((c) => c.title === FIRST)!;
    expect(first.expected).toBeGreaterThan(0);

    await openMenu(page, '作业', '作业分析');
    await page
      .getByRole('navigation', { name: '作业分析' })
      .getByRole('link', { name: '教辅' })
      .click();
    const books = page.getByRole('table', { name: '教辅列表' });
    await books.getByRole('link', { name: `查看${NAME}` }).click();
    await page.getByRole('heading', { name: `批次详情 · ${NAME}` }).waitFor();
    const chapters = page.getByRole('table', { name: '章节列表' });
    const firstRow = chapters.locator('tbody tr', { hasText: FIRST });
    // 应交, 已交, 已批改 of the assigned chapter, as the server counts them.
    const cells = firstRow.locator('td');
    expect(await cells.nth(5).innerText()).toBe(String(first.expected));
    expect(await cells.nth(6).innerText()).toBe(String(first.submitted));
    expect(await cells.nth(7).innerText()).toBe(String(first.corrected));
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'homework-workbook-detail');

    // 添加章节: a title and one objective question.
    const count = detail.data.chapters.length;
    await page.getByRole('link', { name: '添加章节' }).click();
    await page.getByRole('heading', { name: new RegExp(`添加章节 · ${NAME}`) }).waitFor();
    await page.getByRole('textbox', { name: /章节名称/ }).fill('第三章 函数的概念');
    await page.getByRole('button', { name: '添加客观题' }).click();
    await page.getByLabel('第 1 题答案').fill('B');
    await page.getByRole('button', { name: '保存章节' }).click();
    await page
      .getByRole('heading', { name: `${NAME} · 第 ${count + 1} 章 第三章 函数的概念` })
      .waitFor();

    // 编辑题目: the chapter's first question's key changed on question/edit, then back.
    await page
      .getByRole('navigation', { name: '编辑题目' })
      .getByRole('link', { name: '编辑第 1 题' })
      .click();
    await page.getByRole('heading', { name: /编辑试题 .* 第 1 题/ }).waitFor();
    await page.getByRole('textbox', { name: /答案/ }).fill('C');
    await page.getByRole('button', { name: '保存试题' }).click();
    await page.getByText('已保存：作业共 1 题').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'homework-workbook-question-edit');
    await page.getByRole('link', { name: '返回章节' }).click();
    await page
      .getByRole('heading', { name: `${NAME} · 第 ${count + 1} 章 第三章 函数的概念` })
      .waitFor();
    const newId = Number(new URL(page.url()).searchParams.get('id'));
    const saved = await app.api<{ questions: { answer: string | null }[] }>(
      '/marking-homework/homework/school-base/detail',
      { token, body: { id: newId } },
    );
    expect(saved.data.questions.map((q) => q.answer)).toEqual(['C']);

    // Back to the chapters: rename the new one.
    await page.getByRole('link', { name: '返回批次详情' }).click();
    await page.getByRole('button', { name: '重命名 第三章 函数的概念' }).click();
    const title = page.getByRole('textbox', { name: /章节名称/ });
    await title.fill('第三章 函数的概念与性质');
    await page.getByRole('button', { name: '保存章节名称' }).click();
    const renamed = chapters.locator('tbody tr', { hasText: '第三章 函数的概念与性质' });
    await renamed.waitFor();
    expect(await renamed.locator('td').first().innerText()).toBe(String(count + 1));
    // A chapter with hand-ins never offers 删除; one without (the demo's, so far) does.
    expect(await firstRow.getByRole('button', { name: `删除 ${FIRST}` }).count()).toBe(
      first.submitted > 0 ? 0 : 1,
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'homework-workbook-renamed');

    // Delete the new chapter: gone from the list.
    await page.getByRole('button', { name: '删除 第三章 函数的概念与性质' }).click();
    const dialog = page.getByRole('alertdialog', { name: '删除章节' });
    await dialog.getByRole('button', { name: '确定删除' }).click();
    await renamed.waitFor({ state: 'detached' });
    expect(await chapters.locator('tbody tr').count()).toBe(count);

    // The assigned chapter's 讲评.
    await firstRow.getByRole('link', { name: `讲评${FIRST}` }).click();
    await page.getByRole('heading', { name: `作业讲评 · ${NAME} · ${FIRST}` }).waitFor();
    await page.getByRole('table', { name: '讲评要点' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'homework-workbook-comment');

    // 学生分析 of the workbook: each student's 已交/应交 of the chapters assigned to them.
    await page.getByRole('link', { name: '返回批次详情' }).click();
    await page.getByRole('link', { name: '学生分析' }).click();
    const students = page.getByRole('table', { name: '学生分析' });
    await students.locator('tbody tr').first().waitFor();
    expect(await students.locator('tbody tr').count()).toBe(first.expected);
    await expect.poll(() => students.locator('tbody tr').first().innerText()).toMatch(/\d+\/1/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'homework-workbook-students');
    expect(problems).toEqual([]);
  }, 180_000);
});
