import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Locator, Page } from 'playwright-core';
import { newPage, screenshot } from './browser';

/** The demo accounts' password (docs/demo-school.md). */
export const DEMO_PASSWORD = 'demo2026';

/** An API reply as every call answers it. */
export interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
  message: string;
}

export interface ApiInit {
  body?: unknown;
  /** Sent form-encoded instead of JSON (the sign-in calls). */
  form?: Record<string, string>;
  token?: string;
}

/** POSTs one call to the server with the shared headers and returns its envelope. */
export async function callApi<T = unknown>(
  baseUrl: string,
  path: string,
  init: ApiInit = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { plantform: '1' };
  let body: string;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body ?? {});
  }
  if (init.token) headers.token = init.token;
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body });
  return (await res.json()) as Envelope<T>;
}

/** An exam of the caller's school found by name in its exam list, with its grade and classes. */
export async function examByName(
  baseUrl: string,
  token: string,
  name: string,
): Promise<{ id: number; gradeId: number; classes: { classId: number }[] }> {
  const list = await callApi<{ list: { id: number; name: string }[] }>(
    baseUrl,
    '/marking-main/exam/list',
    { token, body: { pageSize: 100 } },
  );
  const exam = list.data.list.find((e) => e.name === name)!;
  const detail = await callApi<{ gradeId: number; classes: { classId: number }[] }>(
    baseUrl,
    '/marking-main/exam/detail',
    { token, body: { id: exam.id } },
  );
  return { id: exam.id, gradeId: detail.data.gradeId, classes: detail.data.classes };
}

/** A session token of a demo account, signed in through the API. */
export async function tokenOf(baseUrl: string, loginName: string): Promise<string> {
  const reply = await callApi<{ token: string }>(baseUrl, '/marking-login/login/school_login_pd', {
    form: { loginName, password: DEMO_PASSWORD },
  });
  if (reply.code !== 200) throw new Error(`sign-in of ${loginName} failed: ${reply.message}`);
  return reply.data.token;
}

/** A fresh page on the login page (with an optional query such as `?bv=7`). */
export async function openLogin(browser: Browser, baseUrl: string, query = ''): Promise<Page> {
  const page = await newPage(browser);
  await page.goto(`${baseUrl}/login${query}`);
  await page.getByLabel('账号', { exact: true }).waitFor();
  return page;
}

/** Fills the login form and submits it, as a user does. */
export async function signIn(page: Page, loginName: string, password = DEMO_PASSWORD) {
  await page.getByLabel('账号', { exact: true }).fill(loginName);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** A fresh page signed in through the login form, waiting for the main layout's header. */
export async function signedIn(
  browser: Browser,
  baseUrl: string,
  loginName: string,
  password = DEMO_PASSWORD,
): Promise<Page> {
  const page = await openLogin(browser, baseUrl);
  await signIn(page, loginName, password);
  try {
    await page.getByRole('banner').waitFor();
  } catch (error) {
    await screenshot(page, `signin-failed-${loginName}`);
    throw error;
  }
  return page;
}

/**
 * Serious and critical axe-core violations on the page (leaving out `exclude` selectors),
 * as "rule: target html" lines. axe is evaluated, not added as a script tag: the server's
 * CSP rightly forbids inline scripts.
 */
export async function axeViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  await page.evaluate(
    readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'),
  );
  return page.evaluate(async (excluded) => {
    const axe = (
      window as unknown as {
        axe: {
          run(context: unknown): Promise<{
            violations: {
              id: string;
              impact: string;
              nodes: { target: string[]; html: string }[];
            }[];
          }>;
        };
      }
    ).axe;
    const context = excluded.length
      ? { exclude: excluded.map((selector) => [selector]) }
      : document;
    const { violations } = await axe.run(context);
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.html.slice(0, 120)}`));
  }, exclude);
}

/** An entry of the top menu, then an entry of its second-level menu. */
export async function openMenu(page: Page, top: string, entry: string) {
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: top }).click();
  await page
    .getByRole('navigation', { name: `${top}菜单` })
    .getByRole('link', { name: entry })
    .click();
}

/** 考试管理 in the top menu, then an entry of its second-level menu. */
export const openExamMenu = (page: Page, entry: string) => openMenu(page, '考试管理', entry);

/** The administrator publishes an exam's report by clicks (考试管理 → 单校考试 → 管理 → 发布报告). */
export async function publishReport(admin: Page, examName: string) {
  await openExamMenu(admin, '单校考试');
  await admin.getByRole('table', { name: '考试列表' }).waitFor();
  await admin.getByRole('button', { name: `管理 ${examName}` }).click();
  await admin.getByRole('button', { name: '发布报告' }).click();
  await admin
    .getByRole('alertdialog', { name: '发布报告' })
    .getByRole('button', { name: '确定发布' })
    .click();
  await admin.getByRole('group', { name: '考试状态' }).getByText('报告已发布').waitFor();
}

/**
 * 作业 in the top menu, then 校本作业 when the user's 作业 has a second-level menu (a user with
 * 校本作业 alone lands on it directly).
 */
export async function openSchoolHomework(page: Page) {
  await page
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('link', { name: /^作业/ })
    .click();
  const sub = page.getByRole('navigation', { name: /作业菜单/ });
  if (await sub.count()) await sub.getByRole('link', { name: '校本作业' }).click();
}

/** 巩固提升 in the top menu (it opens at 易错题), then its 薄弱知识点 page, waiting for each address. */
export async function openWeakKnowledgePoints(page: Page) {
  await page
    .getByRole('navigation', { name: '主菜单', exact: true })
    .getByRole('link', { name: /^巩固提升/ })
    .click();
  await page.waitForURL('**/consolidate/commitError');
  await page
    .getByRole('navigation', { name: '巩固提升' })
    .getByRole('link', { name: '薄弱知识点' })
    .click();
  await page.waitForURL('**/consolidate/weakKnowledgePoint');
}

/** Closes the first-visit guide with 知道了 when it shows (each user sees it once). */
export async function dismissGuide(page: Page) {
  const guide = page.getByRole('button', { name: '知道了' });
  if (await guide.count()) await guide.click();
}

/** From the home page: 进入报告中心, waiting for the report centre. */
export async function openReportCentre(page: Page) {
  await page.getByRole('link', { name: '进入报告中心' }).click();
  await page.waitForURL('**/report/index');
}

/** In the report centre: an entry of the 学情分析 menu, waiting for its address. */
export async function openStudyMenu(page: Page, entry: string, path: string) {
  await page
    .getByRole('navigation', { name: '学情分析' })
    .getByRole('link', { name: entry })
    .click();
  await page.waitForURL(`**${path}`);
}

/**
 * From the home page: past the first-visit guide, into the report centre and its 学生学情 (学情 is
 * outside the header menu but for one school, spec 000 §6); answers the 学生 picker once it shows.
 */
export async function openStudentStudy(page: Page): Promise<Locator> {
  await dismissGuide(page);
  await openReportCentre(page);
  await openStudyMenu(page, '学生学情', '/study/student');
  const student = page.getByRole('combobox', { name: '学生' });
  await student.waitFor();
  return student;
}
