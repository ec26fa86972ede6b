import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { savedDownload, screenshot } from './support/browser';
import {
  axeViolations,
  dismissGuide,
  openSchoolHomework,
  openWeakKnowledgePoints,
} from './support/app';
import { browserSuite } from './support/suite';

const app = browserSuite();

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<< /Type /Catalog /Pages 2 0 R >>endobj\n2 0 obj<< /Type /Pages /Kids [] /Count 0 >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

describe('校本作业 in the browser', () => {
  it('a teacher uploads a paper, confirms its questions and assigns it to a class by clicks', async () => {
    const page = await app.signedIn('teacher');
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await openSchoolHomework(page);
    await page.getByRole('heading', { name: '校本作业', level: 1 }).waitFor();
    const list = page.getByRole('table', { name: '校本作业列表' });
    await list.getByText('函数的单调性练习').waitFor();
    expect(await list.locator('tbody tr').count()).toBe(5);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'homework-list');

    await page.getByRole('link', { name: '上传试卷布置作业' }).click();
    await page.getByRole('heading', { name: '上传试卷布置作业' }).waitFor();
    await page.getByLabel('作业名称').fill('指数函数课后练习');
    await page.getByRole('combobox', { name: '年级' }).selectOption({ label: '高一' });
    await page.getByRole('combobox', { name: '科目' }).selectOption({ label: '数学' });
    await page
      .getByLabel('试卷文件')
      .setInputFiles({ name: '指数函数.pdf', mimeType: 'application/pdf', buffer: PDF });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: '上传并拆题' }).click();

    await page.getByRole('heading', { name: '拆题确认 · 指数函数课后练习' }).waitFor();
    await page.getByRole('button', { name: '添加客观题' }).click();
    await page.getByRole('button', { name: '添加客观题' }).click();
    await page.getByRole('button', { name: '添加主观题' }).click();
    await page.getByLabel('第 1 题答案').fill('B');
    await page.getByLabel('第 2 题答案').fill('ac');
    await page.getByLabel('第 3 题满分').fill('12');
    await page.getByRole('button', { name: '保存题目' }).click();
    await page.getByText('题目已保存：共 3 题，满分 22 分').waitFor();
    expect(await page.getByLabel('第 2 题答案').inputValue()).toBe('AC');
    const [sheet] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '打印答题卡' }).click(),
    ]);
    expect(sheet.suggestedFilename()).toBe('指数函数课后练习-答题卡.pdf');
    expect(
      readFileSync(await savedDownload(sheet))
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    await page.getByRole('heading', { name: '布置作业' }).waitFor();
    await page.getByRole('checkbox', { name: /高一\(1\)班/ }).check();
    await page.getByRole('spinbutton', { name: /预计用时/ }).fill('30');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'homework-split-assign');
    await page.getByRole('button', { name: '布置', exact: true }).click();
    const done = page.getByRole('table', { name: '布置记录' });
    await done.getByText('高一(1)班').waitFor();
    expect(await done.locator('tbody tr td').nth(3).innerText()).toBe('30');
    // Assigned: the questions are read only.
    expect(await page.getByRole('button', { name: '保存题目' }).count()).toBe(0);
    await screenshot(page, 'homework-assigned');

    await page.getByRole('link', { name: '返回校本作业' }).click();
    const row = page
      .getByRole('table', { name: '校本作业列表' })
      .locator('tbody tr', { hasText: '指数函数课后练习' });
    await row.waitFor();
    expect(await row.innerText()).toContain('已布置');
    expect(await row.innerText()).toContain('高一(1)班');
    expect(problems).toEqual([]);
  });

  it('a teacher tags a paper question’s 知识点 by clicks; 知识点统计 and 巩固提升 read it from the report', async () => {
    // The demo's homework handed in on screen (seedHomeworkOnline): question 2 (BD, 5 marks) was
    // answered BD and B, 5 and 2.5 of 10.
    const name = '函数的奇偶性练习（在线作答）';
    const page = await app.signedIn('teacher');
    await dismissGuide(page);
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await openSchoolHomework(page);
    await page.getByRole('table', { name: '校本作业列表' }).getByText(name).waitFor();
    await page.getByRole('link', { name: `查看：${name}` }).click();
    await page.getByRole('heading', { name: `拆题确认 · ${name}` }).waitFor();
    const list = page.getByRole('table', { name: '题目列表' });
    const second = list.locator('tbody tr').nth(1);
    // The demo tagged it already (集合与函数); the teacher adds 指数与对数.
    await second.getByText('集合与函数').waitFor();
    await second.getByRole('button', { name: '标注知识点 第 2 题' }).click();
    const dialog = page.getByRole('dialog', { name: '第 2 题的知识点' });
    await dialog.getByRole('checkbox', { name: '指数与对数' }).check();
    expect(await dialog.getByRole('checkbox', { name: '集合与函数' }).isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'homework-question-points');
    await dialog.getByRole('button', { name: '保存知识点' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await second.getByText(/指数与对数/).waitFor();

    // 报告 on the list → 基本情况's 知识点统计 reads the tag: 指数与对数 is question 2's alone
    // (5 marks, 7.5 of 10 scored: 75%, one wrong answer).
    await openSchoolHomework(page);
    await page.getByRole('link', { name: `报告：${name}` }).click();
    await page.getByRole('heading', { name: `作业报告 · ${name}` }).waitFor();
    const knowledge = page.getByRole('table', { name: '知识点统计' });
    const tagged = knowledge.locator('tbody tr', {
      has: page.getByRole('cell', { name: '指数与对数', exact: true }),
    });
    await tagged.waitFor();
    // 知识点, 题号, 满分, 得分率, 错误人次.
    expect(await tagged.locator('td').allInnerTexts()).toEqual([
      '指数与对数',
      '2',
      '5',
      '75%',
      '1',
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'homework-report-knowledge');

    await openWeakKnowledgePoints(page);
    await page.getByRole('combobox', { name: '来源' }).selectOption({ label: '校本作业' });
    await page.getByRole('combobox', { name: '作业' }).selectOption({ label: `${name}（数学）` });
    const table = page.getByRole('table', { name: '高一(1)班 作业薄弱知识点' });
    const row = table.locator('tbody tr', {
      has: page.getByRole('cell', { name: '指数与对数', exact: true }),
    });
    await row.waitFor();
    // 知识点, 满分, 班级掌握度, 作业掌握度, 题号, 错误人次: 7.5 of 10, one wrong answer.
    expect((await row.locator('td').allInnerTexts()).slice(0, 6)).toEqual([
      '指数与对数',
      '5',
      '75.0%',
      '75.0%',
      '2',
      '1',
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'homework-question-points-weak');
    expect(problems).toEqual([]);
    await page.context().close();
  }, 300_000);
});
