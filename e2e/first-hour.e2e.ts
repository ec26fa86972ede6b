/**
 * A new user's first hour (issue 12, acceptance): each demo role starts at /login, signs in and
 * then only clicks — every top and second-level menu entry, and the main links and buttons of
 * each built page — failing on 禁止访问, a permission error, 页面不存在, 功能建设中 reached from a
 * built page's own button, a server error or a page error, and running axe on every page. Each
 * role also does its main task by clicks: admin creates an exam, reaches the reports and
 * publishes them; head and teacher open their own class's report; grader marks a paper by
 * keyboard after clicking the image. One server and one browser for the whole file.
 *
 * A role's problems are collected and compared at the end, so one run lists all of them.
 */
import type { Locator, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, signedIn as signedInAs } from './support/app';
import { screenshot } from './support/browser';
import { browserSuite } from './support/suite';

const app = browserSuite();

const MIDTERM = '2026学年第一学期高一期中考试';
const NEW_EXAM = '首小时测试高一语文单元测';

/** Texts that must never be on screen after a click. */
const DENIED = /禁止访问|没有本页访问权限|页面不存在/;
const UNBUILT = '功能建设中';
/** Main links and buttons tried per built page (the first of each name). */
const LINKS_PER_PAGE = 12;
/** Buttons that open a page or a dialog without changing data, tried where they appear. */
const SAFE_BUTTONS =
  /^(创建考试|答题卡上传|新增学生|新增教师|查看报告 .*|管理 .*|考生 .*|教师 .*|查询)$/;
/** Links and buttons never clicked by the crawl (they change data or leave the app). */
const UNSAFE = /删除|撤回|发布|退出|下载|导出|打印|重置|保存|提交|导入|开始|完成|暂停|结束/;

/** Records what goes wrong on a page while a role clicks through it. */
class Journey {
  readonly problems: string[] = [];
  /** Every click checked, in order (printed at the end of a role's test). */
  readonly visited: string[] = [];
  private shot = 0;
  private readonly seen = new Set<string>();
  constructor(
    readonly page: Page,
    readonly role: string,
  ) {
    page.on('pageerror', (error) =>
      this.problems.push(`页面错误 @${this.path()}: ${error.message}`),
    );
    page.on('response', (response) => void this.onResponse(response));
  }

  path(): string {
    return new URL(this.page.url()).pathname;
  }

  private async onResponse(response: Response) {
    const url = new URL(response.url());
    if (url.origin !== app.server.url) return;
    const where = `${response.request().method()} ${url.pathname}`;
    if (response.status() >= 400) {
      this.problems.push(`HTTP ${response.status()} ${where} @${this.path()}`);
      return;
    }
    if (!(response.headers()['content-type'] ?? '').includes('application/json')) return;
    try {
      const body = (await response.json()) as { code?: unknown; message?: unknown };
      if (typeof body.code === 'number' && body.code !== 200)
        this.problems.push(`code ${body.code} ${where} @${this.path()}: ${String(body.message)}`);
    } catch {
      // not an envelope
    }
  }

  /** Waits for the page to settle after a click. */
  async settle() {
    await this.page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
    await this.page
      .getByText(/正在加载/)
      .first()
      .waitFor({ state: 'hidden', timeout: 5_000 })
      .catch(() => {});
  }

  /**
   * Checks the page reached by a click: no denial or 404, no 功能建设中 when a built page's
   * own button led here, axe clean; takes a screenshot the first time a path is seen.
   * Returns whether the page is built.
   */
  async check(how: string, fromBuiltPage: boolean): Promise<boolean> {
    await this.settle();
    const path = this.path();
    this.visited.push(`${how} → ${path}`);
    const text = await this.page.locator('body').innerText();
    const denied = text.match(DENIED);
    if (denied) {
      this.problems.push(`${denied[0]}：${how} → ${path}`);
      await this.dismissAlert();
    }
    const unbuilt = text.includes(UNBUILT);
    if (unbuilt && fromBuiltPage) this.problems.push(`${UNBUILT}：${how} → ${path}`);
    const key = path.replace(/\d+/g, 'N');
    if (!this.seen.has(key)) {
      this.seen.add(key);
      for (const v of await axeViolations(this.page)) this.problems.push(`axe @${path}: ${v}`);
      this.shot += 1;
      const name = `${String(this.shot).padStart(2, '0')}-${key.replace(/[^a-zA-Z0-9]+/g, '-')}`;
      await screenshot(this.page, `first-hour-${this.role}-${name}`);
    }
    return !unbuilt && !denied;
  }

  async dismissAlert() {
    const alert = this.page.getByRole('alertdialog');
    if ((await alert.count()) === 0) return;
    await this.page.keyboard.press('Escape');
    await alert
      .first()
      .waitFor({ state: 'hidden', timeout: 2_000 })
      .catch(async () => {
        await alert.getByRole('button').first().click();
      });
  }
}

const mainArea = (page: Page) => page.locator('main');

/**
 * Clicks and waits for the page it leads to: the router changes the URL only once the next
 * page's code has loaded, so wait for the URL to change (or reach the link's target) first.
 */
async function clickTo(journey: Journey, target: Locator) {
  const { page } = journey;
  const href = await target.getAttribute('href', { timeout: 5_000 }).catch(() => null);
  const before = page.url();
  await target.click();
  const goal = href?.startsWith('/') ? href.split('?')[0] : null;
  await page
    .waitForURL((u) => u.href !== before || u.pathname === goal, {
      timeout: goal ? 10_000 : 1_500,
    })
    .catch(() => {});
  await journey.settle();
}

/**
 * Clicks a button of the crawl. A button can leave the page between being listed and being
 * clicked (a list re-rendering after its data arrives, a late navigation of the control before
 * it): then the crawl settles, looks once more, and notes the skip with a screenshot rather
 * than waiting out the click's 30 seconds. Returns whether it clicked.
 */
async function clickButton(journey: Journey, button: Locator, how: string): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await button.isVisible().catch(() => false)) {
      const before = journey.page.url();
      try {
        await button.click({ timeout: 10_000 });
      } catch {
        await journey.settle();
        continue;
      }
      await journey.page.waitForURL((u) => u.href !== before, { timeout: 1_500 }).catch(() => {});
      await journey.settle();
      return true;
    }
    await journey.settle();
  }
  journey.visited.push(`${how}：按钮已不在页面上，跳过 @${journey.path()}`);
  await screenshot(journey.page, `first-hour-${journey.role}-skipped-button`);
  return false;
}

/** The names of the links of a navigation, read once (the list re-renders on each click). */
async function linkNames(page: Page, navName: string): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: navName, exact: true });
  if ((await nav.count()) === 0) return [];
  const links = nav.getByRole('link');
  const out: string[] = [];
  for (let i = 0; i < (await links.count()); i++) {
    const link = links.nth(i);
    if ((await link.getAttribute('target')) === '_blank') continue;
    // The visible name without a badge (首页 NEW, 作业 HOT).
    const name = (await link.getAttribute('aria-label')) ?? (await link.innerText()).trim();
    out.push(name.split('\n')[0]!.trim());
  }
  return out;
}

/** A full-screen page (marking, data screen) has no header: back with the browser's button. */
async function ensureHeader(journey: Journey) {
  const menu = journey.page.getByRole('navigation', { name: '主菜单', exact: true });
  for (let i = 0; i < 4 && !(await menu.isVisible().catch(() => false)); i++) {
    await journey.page.goBack();
    await journey.settle();
  }
}

/**
 * On a built page: clicks its main internal links and its safe buttons one by one (back through
 * the menu after each), checking every page reached.
 */
async function tryMainControls(journey: Journey, back: () => Promise<void>) {
  const { page } = journey;
  const from = journey.path();
  const main = mainArea(page);
  const links = await main.locator('a[href^="/"]').evaluateAll((as) =>
    as
      .filter((a) => (a as HTMLElement).offsetParent !== null)
      .map((a) => ({
        name: (a.getAttribute('aria-label') ?? a.textContent ?? '').trim(),
        href: a.getAttribute('href') ?? '',
      })),
  );
  const hrefs = new Set<string>();
  const chosen = links.filter((l) => {
    if (!l.name || UNSAFE.test(l.name) || hrefs.has(l.href.replace(/\d+/g, 'N'))) return false;
    hrefs.add(l.href.replace(/\d+/g, 'N'));
    return true;
  });
  for (const link of chosen.slice(0, LINKS_PER_PAGE)) {
    const target = main.locator(`a[href="${link.href}"]`).filter({ visible: true }).first();
    if (!(await target.isVisible().catch(() => false))) continue;
    await clickTo(journey, target);
    await journey.check(`${from} 的链接「${link.name}」`, true);
    await back();
  }
  const buttons = await main
    .getByRole('button')
    .evaluateAll((bs) =>
      bs
        .filter(
          (b) => (b as HTMLElement).offsetParent !== null && !(b as HTMLButtonElement).disabled,
        )
        .map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim()),
    );
  const firstOfKind = new Set<string>();
  for (const name of buttons) {
    if (!SAFE_BUTTONS.test(name) || UNSAFE.test(name.split(' ')[0]!)) continue;
    const kind = name.split(' ')[0]!;
    if (firstOfKind.has(kind)) continue;
    firstOfKind.add(kind);
    const button = main
      .getByRole('button', { name, exact: true })
      .filter({ visible: true })
      .first();
    if (!(await button.isVisible().catch(() => false))) continue;
    if (!(await clickButton(journey, button, `${from} 的按钮「${name}」`))) continue;
    const dialog = page.getByRole('dialog');
    if (await dialog.isVisible().catch(() => false)) {
      await journey.check(`${from} 的按钮「${name}」（对话框）`, true);
      const inDialog = await dialog.getByRole('link').allInnerTexts();
      for (const linkName of inDialog) {
        await clickTo(journey, dialog.getByRole('link', { name: linkName }));
        await journey.check(`${from}「${name}」→「${linkName}」`, true);
        await back();
        await button.click();
        await dialog.waitFor();
      }
      await page.keyboard.press('Escape');
      continue;
    }
    await journey.check(`${from} 的按钮「${name}」`, true);
    if (journey.path() !== from) await back();
  }
}

/** Every top menu entry, its second-level entries and the 系统管理 entry, by clicks. */
async function clickThroughMenus(journey: Journey) {
  const { page } = journey;
  await ensureHeader(journey);
  const tops = await linkNames(page, '主菜单');
  expect(tops.length).toBeGreaterThan(0);
  const entries: { name: string; open: () => Promise<void> }[] = tops.map((name) => ({
    name,
    open: () =>
      clickTo(
        journey,
        page
          .getByRole('navigation', { name: '主菜单', exact: true })
          .getByRole('link', { name: new RegExp(`^${name}`) }),
      ),
  }));
  const systemEntry = page
    .getByRole('banner')
    .getByRole('button', { name: '系统管理', exact: true });
  if ((await systemEntry.count()) > 0)
    entries.push({ name: '系统管理', open: () => clickTo(journey, systemEntry) });
  for (const top of entries) {
    await ensureHeader(journey);
    await top.open();
    const built = await journey.check(`菜单「${top.name}」`, false);
    const menuName = `${top.name}菜单`;
    const subs = await linkNames(page, menuName);
    const backToTop = async () => {
      await ensureHeader(journey);
      await top.open();
      await journey.settle();
    };
    if (subs.length === 0 && built) await tryMainControls(journey, backToTop);
    for (const sub of subs) {
      const subMenu = () =>
        page
          .getByRole('navigation', { name: menuName, exact: true })
          .getByRole('link', { name: sub, exact: true });
      const openSub = async () => {
        await ensureHeader(journey);
        if ((await subMenu().count()) === 0) await top.open();
        await clickTo(journey, subMenu());
      };
      await openSub();
      if (await journey.check(`菜单「${top.name} › ${sub}」`, false))
        await tryMainControls(journey, openSub);
    }
  }
}

/** Prints what a role visited, to read with the screenshots. */
const report = (journey: Journey) =>
  console.log(
    `${journey.role} visited ${journey.visited.length}:\n  ${journey.visited.join('\n  ')}`,
  );

const signedIn = async (loginName: string) => {
  const page = await signedInAs(app.browser, app.server.url, loginName);
  const journey = new Journey(page, loginName);
  await journey.check('登录', false);
  return journey;
};

/** Goes to the exam list through the menu, as a user does. */
async function openExamList(journey: Journey) {
  const { page } = journey;
  await page
    .getByRole('navigation', { name: '主菜单', exact: true })
    .getByRole('link', { name: '考试管理' })
    .click();
  await page
    .getByRole('navigation', { name: '考试管理菜单', exact: true })
    .getByRole('link', { name: '单校考试', exact: true })
    .click();
  await page.getByRole('table', { name: '考试列表' }).waitFor();
}

/** From the home page's 最新报告, opens the class report of the mid-term. */
async function openOwnClassReport(journey: Journey) {
  const { page } = journey;
  await page
    .getByRole('navigation', { name: '主菜单', exact: true })
    .getByRole('link', { name: /^首页/ })
    .click();
  await page
    .getByRole('list', { name: '最新报告' })
    .getByRole('link', { name: `班级报告：${MIDTERM}` })
    .click();
  await page.getByRole('heading', { name: `${MIDTERM} · 班级报告` }).waitFor();
  await journey.check('首页「最新报告」→ 班级报告', true);
  return page.getByRole('combobox', { name: '班级' });
}

describe('a new user’s first hour, by clicks alone', () => {
  it('admin creates an exam, reaches the reports, publishes them, and every page works', async () => {
    const journey = await signedIn('admin');
    const { page } = journey;

    // Create an exam.
    await openExamList(journey);
    await page.getByRole('button', { name: '创建考试' }).click();
    const form = page.getByRole('form', { name: '考试信息' });
    await form.getByLabel('考试名称').fill(NEW_EXAM);
    await form.getByLabel('考试类型').selectOption({ index: 1 });
    await form.getByLabel('年级').selectOption({ label: '高一' });
    await form.getByRole('checkbox', { name: '语文', exact: true }).check();
    await form.getByRole('checkbox', { name: '全选' }).check();
    await form.getByRole('button', { name: '创建', exact: true }).click();
    await page.waitForURL(/\/exam\/single\/edit\/\d+$/);
    await journey.check('创建考试', true);
    await page
      .getByRole('navigation', { name: '考试管理菜单', exact: true })
      .getByRole('link', { name: '单校考试', exact: true })
      .click();
    await page.getByRole('table', { name: '考试列表' }).getByText(NEW_EXAM).waitFor();

    // Its reports: 查看报告 on the mid-term leads to the class report, grade report and review.
    await page.getByRole('button', { name: `查看报告 ${MIDTERM}` }).click();
    const reports = page.getByRole('dialog', { name: `查看报告 · ${MIDTERM}` });
    for (const name of ['班级报告', '年级报告', '快速讲评']) {
      await reports.getByRole('link', { name }).waitFor();
    }
    await reports.getByRole('link', { name: '年级报告' }).click();
    await page.getByRole('heading', { name: `${MIDTERM} · 年级报告` }).waitFor();
    await journey.check('查看报告 → 年级报告', true);

    // Publish the mid-term's report, confirming first, so the teachers can read it.
    await openExamList(journey);
    await page.getByRole('button', { name: `管理 ${MIDTERM}` }).click();
    await page.getByRole('button', { name: '发布报告' }).click();
    const confirm = page.getByRole('alertdialog', { name: '发布报告' });
    await confirm.getByRole('button', { name: '确定发布' }).click();
    await page.getByRole('group', { name: '考试状态' }).getByText('报告已发布').waitFor();
    await journey.check('发布报告', true);

    // The scan hub and a subject's scan page, from the exam list.
    await openExamList(journey);
    await clickTo(journey, page.getByRole('button', { name: '答题卡上传' }));
    await journey.check('答题卡上传', true);
    await clickTo(journey, page.getByRole('link', { name: /^上传答题卡 / }).first());
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await journey.check('答题卡上传 → 上传答题卡', true);

    // The designer's A3 preview starts at its left edge (scrolls, never clipped).
    await clickTo(
      journey,
      page
        .getByRole('navigation', { name: '考试管理菜单', exact: true })
        .getByRole('link', { name: '考试工具', exact: true }),
    );
    await clickTo(journey, page.getByRole('link', { name: `编辑 ${MIDTERM} 语文 答题卡` }));
    const preview = page.getByRole('region', { name: '预览' });
    await preview.locator('svg').first().waitFor();
    await page.getByLabel('纸张').selectOption('1');
    await preview.getByRole('img', { name: /A3/ }).first().waitFor();
    const area = (await preview.boundingBox())!;
    const sheet = (await preview.getByRole('img', { name: /A3/ }).first().boundingBox())!;
    expect(sheet.width).toBeGreaterThan(area.width);
    expect(sheet.x).toBeGreaterThanOrEqual(area.x);
    await journey.check('答题卡设计 A3', true);

    await clickThroughMenus(journey);
    report(journey);
    expect(journey.problems).toEqual([]);
    await page.context().close();
  }, 600_000);

  it('director clicks through every menu and page', async () => {
    const journey = await signedIn('director');
    await clickThroughMenus(journey);
    report(journey);
    expect(journey.problems).toEqual([]);
    await journey.page.context().close();
  }, 600_000);

  it('head opens the report of their own class, and every page works', async () => {
    const journey = await signedIn('head');
    const classPicker = await openOwnClassReport(journey);
    expect(await classPicker.locator('option').allInnerTexts()).toEqual(['高一(1)班']);
    await clickThroughMenus(journey);
    report(journey);
    expect(journey.problems).toEqual([]);
    await journey.page.context().close();
  }, 600_000);

  it('teacher opens the report of their own class and subject, and every page works', async () => {
    const journey = await signedIn('teacher');
    await openOwnClassReport(journey);
    const subject = journey.page.getByRole('combobox', { name: '学科' });
    if ((await subject.count()) > 0)
      expect(await subject.locator('option:checked').innerText()).toBe('数学');
    await clickThroughMenus(journey);
    report(journey);
    expect(journey.problems).toEqual([]);
    await journey.page.context().close();
  }, 600_000);

  it('grader marks a paper by keyboard after clicking the image, and every page works', async () => {
    const journey = await signedIn('grader');
    const { page } = journey;
    await page
      .getByRole('list', { name: '待阅试卷' })
      .getByRole('link', { name: /^进入阅卷：.*第17题/ })
      .click();
    await page.waitForURL('**/exam/marking/readPaper/**');
    const image = page.getByRole('img', { name: '当前试卷' });
    await image.waitFor();
    await journey.check('首页「进入阅卷」', true);
    await image.click();
    const submitted = page
      .waitForResponse('**/exam/marking/submit', { timeout: 10_000 })
      .then((r) => r.json() as Promise<{ code: number }>)
      .catch(() => null);
    await page.keyboard.type('4');
    await page.keyboard.press('Enter');
    const reply = await submitted;
    if (reply?.code !== 200)
      journey.problems.push(
        `点击图片后键入的分数没有提交（${reply ? `code ${reply.code}` : '没有请求'}）`,
      );
    await page.goBack();
    await clickThroughMenus(journey);
    report(journey);
    expect(journey.problems).toEqual([]);
    await page.context().close();
  }, 600_000);
});
