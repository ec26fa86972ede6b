import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { axeViolations, openMenu } from './support/app';
import { browserSuite } from './support/suite';

const app = browserSuite();

/** A teacher on 资源中心 → 智能组卷, watching for page errors and failed bank calls. */
async function onTopic(): Promise<{ page: Page; problems: string[] }> {
  const page = await app.signedIn('teacher');
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', async (res) => {
    if (!res.url().includes('/marking-resources/')) return;
    const body = (await res.json().catch(() => null)) as { code?: number; message?: string } | null;
    if (res.status() >= 400 || body?.code !== 200)
      problems.push(`${res.url()} ${res.status()} ${body?.message ?? ''}`);
  });
  await openMenu(page, '资源中心', '智能组卷');
  await page.getByRole('heading', { name: '智能组卷', level: 1 }).waitFor();
  return { page, problems };
}

const cards = (page: Page) => page.getByRole('list', { name: '试题列表' }).getByRole('article');

describe('the question bank in the browser', () => {
  it('searches by words and knowledge point, opens answers, adds a question with a formula', async () => {
    const { page, problems } = await onTopic();
    await page.getByLabel('学科').selectOption({ label: '数学' });
    await cards(page).first().waitFor();

    await page.getByLabel('关键字').fill('等差数列');
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByText(/共 \d+ 条/).waitFor();
    await expect
      .poll(async () => (await cards(page).allInnerTexts()).every((t) => t.includes('等差数列')))
      .toBe(true);

    await page.getByLabel('关键字').fill('');
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByRole('button', { name: '等比数列', exact: true }).click();
    await expect
      .poll(async () => {
        const texts = await cards(page).allInnerTexts();
        return texts.length > 0 && texts.every((t) => t.includes('等比数列'));
      })
      .toBe(true);
    const first = cards(page).first();
    expect(await first.locator('math').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: '查看答案' }).first().click();
    await expect.poll(() => first.innerText()).toContain('答案：');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'resource-bank-topic');

    // The demo bank's figures: a question with its drawn triangle, loaded from the file store.
    await page.getByRole('button', { name: '全部知识点' }).click();
    await page.getByLabel('关键字').fill('斜边');
    await page.getByRole('button', { name: '查询' }).click();
    const figure = page.getByRole('img', { name: '直角三角形ABC，BC=2' });
    await figure.waitFor();
    await expect
      .poll(() => figure.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(360);
    await screenshot(page, 'resource-bank-figure');
    await page.getByRole('button', { name: '等比数列', exact: true }).click();
    await page.getByLabel('关键字').fill('');

    await page.getByRole('button', { name: '录入试题' }).click();
    const dialog = page.getByRole('dialog', { name: '录入试题' });
    await dialog.getByLabel('题型').selectOption({ label: '填空题' });
    await dialog
      .getByLabel('题干（公式写在 $…$ 之间）')
      .fill('已知正方形的对角线长为 $4\\sqrt{2}$，求它的边长之和为____。');
    await dialog.getByLabel('答案').fill('$16$');
    await dialog.getByRole('checkbox', { name: '等比数列' }).check();
    await dialog.getByRole('article', { name: '试题预览' }).locator('math').first().waitFor();
    await screenshot(page, 'resource-bank-editor');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: '全部知识点' }).click();
    await page.getByLabel('关键字').fill('正方形 对角线');
    await page.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(await cards(page).first().innerText()).toContain('边长之和');
    await screenshot(page, 'resource-bank-found');

    // From the list into the basket: the row's toggle turns, the floating basket counts it.
    await page.getByRole('button', { name: /^试题篮，\d+ 道试题$/ }).waitFor();
    const before = Number(
      /(\d+) 道/.exec(
        (await page.getByRole('button', { name: /^试题篮，/ }).getAttribute('aria-label')) ?? '',
      )?.[1],
    );
    // The toggle sits beside the question card, in the list item.
    const row = page.getByRole('list', { name: '试题列表' }).getByRole('listitem').first();
    await row.getByRole('button', { name: /^加入试题篮：/ }).click();
    await row.getByRole('button', { name: /^移出试题篮：/ }).waitFor();
    await page.getByRole('button', { name: `试题篮，${before + 1} 道试题` }).waitFor();

    await page
      .getByRole('navigation', { name: '题库' })
      .getByRole('link', { name: '知识点编辑' })
      .click();
    await page.getByRole('heading', { name: '知识点编辑', level: 1 }).waitFor();
    await page.getByLabel('学科').selectOption({ label: '数学' });
    await page.getByRole('button', { name: '重命名：本校·二次函数最值专题' }).waitFor();
    expect(await page.getByRole('button', { name: '重命名：二次函数' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'resource-bank-knowledge');
    expect(problems).toEqual([]);
  });
});
