import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { axeViolations, openSchoolHomework } from './support/app';
import { browserSuite } from './support/suite';

const app = browserSuite();

describe('校本作业 from the bank in the browser', () => {
  it('a teacher chooses bank questions, orders and scores them, makes the homework, assigns it and reads its questions', async () => {
    const page = await app.signedIn('teacher');
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await openSchoolHomework(page);
    await page.getByRole('heading', { name: '校本作业', level: 1 }).waitFor();

    await page.getByRole('link', { name: '从题库选题' }).click();
    await page.getByRole('heading', { name: '从题库选题', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: '学科' }).selectOption({ label: '数学' });
    await page.getByRole('combobox', { name: '题型' }).selectOption({ label: '单选题' });
    // The list's own items (each card's options are a list too).
    const rows = page.getByRole('list', { name: '试题列表' }).locator(':scope > li');
    await rows.first().getByText('单选题', { exact: false }).first().waitFor();
    for (const i of [0, 1]) {
      await rows
        .nth(i)
        .getByRole('button', { name: /^加入作业篮：/ })
        .click();
      await rows
        .nth(i)
        .getByRole('button', { name: /^移出作业篮：/ })
        .waitFor();
    }
    const firstStem = await rows.nth(0).getByRole('article').innerText();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'homework-store');

    await page.getByRole('link', { name: '作业篮（2）' }).click();
    await page.getByRole('heading', { name: '作业篮', level: 1 }).waitFor();
    const chosen = page.getByRole('list', { name: '作业篮试题' }).getByRole('article');
    await chosen.nth(1).waitFor();
    expect(await chosen.count()).toBe(2);
    // Order: the first chosen question goes second; scores 5 and 8.
    await page.getByRole('button', { name: '下移' }).first().click();
    expect(await chosen.nth(1).innerText()).toBe(firstStem);
    await page.getByLabel('第 2 题分值').fill('8');
    await page.getByText('共 2 题，总分 13 分').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'homework-store-basket');
    await page.getByRole('button', { name: '去布置作业' }).click();

    await page.getByRole('heading', { name: '确认作业', level: 1 }).waitFor();
    await page.getByLabel('作业名称').fill('题库选题练习');
    await page.getByRole('combobox', { name: '年级' }).selectOption({ label: '高一' });
    await page.getByRole('spinbutton', { name: /预计用时/ }).fill('25');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: '创建作业' }).click();
    await page.getByRole('heading', { name: '布置作业 · 题库选题练习' }).waitFor();
    await page.getByText('共 2 题，满分 13 分').waitFor();
    // The assignment panel starts from the estimated time given above.
    expect(await page.getByRole('spinbutton', { name: /预计用时/ }).inputValue()).toBe('25');
    await page.getByRole('checkbox', { name: /高一\(1\)班/ }).check();
    await screenshot(page, 'homework-store-confirm');
    await page.getByRole('button', { name: '布置', exact: true }).click();
    await page.getByRole('checkbox', { name: /高一\(1\)班/ }).waitFor({ state: 'detached' });

    await page.getByRole('link', { name: '返回校本作业' }).click();
    const row = page
      .getByRole('table', { name: '校本作业列表' })
      .locator('tbody tr', { hasText: '题库选题练习' });
    await row.waitFor();
    expect(await row.innerText()).toContain('已布置');
    expect(await row.innerText()).toContain('13');
    await row.getByRole('link', { name: '题目：题库选题练习' }).click();

    await page.getByRole('heading', { name: '作业题目 · 题库选题练习' }).waitFor();
    const items = page.getByRole('list', { name: '题目列表' }).getByRole('article');
    await items.nth(1).waitFor();
    expect(await items.count()).toBe(2);
    expect(await items.nth(1).innerText()).toBe(firstStem);
    expect(await page.getByText(/^答案：/).count()).toBe(0);
    await page.getByRole('button', { name: '显示答案与解析' }).click();
    expect(await page.getByText(/^答案：[A-D]/).count()).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'homework-question-item');
    expect(problems).toEqual([]);
  });
});
