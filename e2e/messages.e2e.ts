/**
 * Messages, the parent guide and the help centre (issue 18), by clicks from the menus: a
 * report published tells the teachers of the exam's classes, who read it and see the unread
 * count drop; the parent guide shows once per user; the help centre finds a page by a word.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, publishReport } from './support/app';
import { browserSuite } from './support/suite';
import { screenshot } from './support/browser';

const MIDTERM = '2026学年第一学期高一期中考试';

const header = (page: Page) => page.getByRole('banner');

const app = browserSuite();

/** Closes the parent guide with 知道了 when it shows (each user sees it once). */
async function dismissGuide(page: Page) {
  const guide = page.getByRole('region', { name: '家长使用指南' });
  await guide.waitFor();
  await guide.getByRole('button', { name: '知道了' }).click();
  await guide.waitFor({ state: 'detached' });
}

describe('messages, parent guide and help centre in the browser', () => {
  it('shows the parent guide once: 立即查看 opens the guide, and it does not come back', async () => {
    const page = await app.signedIn('head');
    const guide = page.getByRole('region', { name: '家长使用指南' });
    await guide.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'parent-guide');
    await guide.getByRole('button', { name: '立即查看' }).click();
    await page.waitForURL('**/new-home-message/detail');
    await page.getByRole('heading', { name: '家长使用指南', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: '知道了' }).count()).toBe(0);
    await page.context().close();

    // Signed in again (a new browser session): the server remembers it was seen.
    const again = await app.signedIn('head');
    await again
      .getByRole('navigation', { name: '主菜单' })
      .getByRole('link', { name: /首页/ })
      .waitFor();
    await again.getByRole('link', { name: /^消息通知/ }).waitFor();
    await again.waitForTimeout(500);
    expect(await again.getByRole('button', { name: '立即查看' }).count()).toBe(0);
    await again.context().close();
  });

  it('a published report reaches the class’s teacher, who reads it and sees the unread count drop', async () => {
    // The demo already sent the teacher messages (homework assigned and due): they read them all
    // first, so that the report's message is the one unread.
    const before = await app.signedIn('teacher');
    await header(before)
      .getByRole('link', { name: /^消息通知/ })
      .click();
    await before.waitForURL('**/new-home-message/index');
    await before.getByRole('button', { name: '全部标为已读' }).click();
    await header(before).getByRole('link', { name: '消息通知', exact: true }).waitFor();
    await before.context().close();

    // The administrator publishes the mid-term's report by clicks.
    const admin = await app.signedIn('admin');
    await dismissGuide(admin);
    await publishReport(admin, MIDTERM);
    await admin.context().close();

    // teacher teaches 高一(1)班: one unread message in the header.
    const page = await app.signedIn('teacher');
    await dismissGuide(page);
    const entry = header(page).getByRole('link', { name: /^消息通知\s*，\s*1\s*条未读$/ });
    await entry.waitFor();
    await entry.click();
    await page.waitForURL('**/new-home-message/index');
    const list = page.getByRole('list', { name: '消息列表' });
    const title = `${MIDTERM}成绩报告已发布`;
    await list.getByRole('link', { name: title }).waitFor();
    expect(await list.getByText('未读').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'messages-list');

    await list.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    // Read: the count is gone from the header.
    await header(page).getByRole('link', { name: '消息通知', exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'messages-detail');

    // The message leads to the class report.
    await page.getByRole('link', { name: '前往查看' }).click();
    await page.waitForURL(/\/exam\/single\/report\/class\/basic\/\d+$/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByText(/禁止访问|页面不存在|功能建设中/).count()).toBe(0);

    // Back in the list, 未读消息 lists nothing now.
    await header(page).getByRole('link', { name: '消息通知', exact: true }).click();
    await page.getByRole('button', { name: '未读消息' }).click();
    await page.getByText('没有未读消息').waitFor();
    await page.context().close();
  });

  it('the help centre opens in a new tab and finds a page by a word', async () => {
    const page = await app.signedIn('grader');
    await dismissGuide(page);
    const [help] = await Promise.all([
      page.context().waitForEvent('page'),
      header(page).getByRole('link', { name: '帮助中心' }).click(),
    ]);
    await help.waitForURL('**/new-home-help/index');
    await help.getByRole('heading', { name: '帮助中心', level: 1 }).waitFor();
    await help.getByRole('searchbox', { name: '关键字' }).fill('仲裁');
    await help.getByRole('button', { name: '查询' }).click();
    await help.getByRole('status').getByText('包含“仲裁”的帮助共 1 篇').waitFor();
    const toc = help.getByRole('navigation', { name: '帮助目录' });
    await toc.getByRole('link', { name: '网上阅卷' }).waitFor();
    await help.getByRole('heading', { name: '网上阅卷', level: 2 }).waitFor();
    expect(
      await help
        .getByRole('article')
        .getByText(/仲裁老师/)
        .count(),
    ).toBeGreaterThan(0);
    expect(await axeViolations(help)).toEqual([]);
    await screenshot(help, 'help-centre');

    await help.getByRole('searchbox', { name: '关键字' }).fill('成绩单');
    await help.getByRole('button', { name: '查询' }).click();
    await toc.getByRole('link', { name: '成绩报告' }).click();
    await help.getByRole('heading', { name: '成绩报告', level: 2 }).waitFor();
    await page.context().close();
  });

  it('an uncaught error in the app reaches the administrator’s error log without personal data', async () => {
    const page = await app.signedIn('director');
    await dismissGuide(page);
    const reported = page.waitForRequest('**/marking-minipro/update/error_log');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('演示错误 13812345678');
      });
    });
    await reported;
    await page.context().close();

    const admin = await app.signedIn('admin');
    await header(admin).getByRole('link', { name: '消息通知', exact: true }).click();
    const log = admin.getByRole('table', { name: '客户端错误日志' });
    await log.getByText('Error: 演示错误 ***', { exact: true }).waitFor();
    expect(await log.getByText('13812345678').count()).toBe(0);
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'client-error-log');
    await admin.context().close();
  });
});
