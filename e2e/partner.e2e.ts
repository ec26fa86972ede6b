import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { serveStatic } from './support/static';

let server: RunningServer;
let portal: { url: string; close(): Promise<void> };
let browser: Browser;

beforeAll(async () => {
  portal = await serveStatic(join(process.cwd(), 'examples/partner-portal/dist'));
  server = await startServer({ CORS_ORIGINS: portal.url });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await portal?.close();
});

async function post<T>(
  path: string,
  body: string,
  type: string,
): Promise<{ code: number; data: T; message: string }> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': type },
    body,
  });
  return (await res.json()) as { code: number; data: T; message: string };
}

/** The partner's server-side step: a one-time token for one account. */
async function handover(loginName: string): Promise<string> {
  const signIn = await post<{ schoolId: number }>(
    '/marking-login/login/school_login_pd',
    new URLSearchParams({ loginName, password: 'demo2026' }).toString(),
    'application/x-www-form-urlencoded',
  );
  expect(signIn.code).toBe(200);
  const reply = await post<{ token: string }>(
    '/marking-login/login/handover',
    JSON.stringify({
      clientId: 'demo-portal',
      clientSecret: 'demo-portal-secret',
      loginName,
      schoolId: signIn.data.schoolId,
    }),
    'application/json',
  );
  expect(reply.code).toBe(200);
  return reply.data.token;
}

const portalUrl = (token: string) =>
  `${portal.url}/?api=${encodeURIComponent(server.url)}&token=${encodeURIComponent(token)}`;

describe('partner portal (built packages, another origin)', () => {
  it('signs in with a hand-over token and shows the marking entry to a user with Exam-Wuhen', async () => {
    const token = await handover('director');
    const page = await newPage(browser);
    await page.goto(portalUrl(token));
    await page.getByRole('region', { name: '网上阅卷' }).waitFor();
    expect(await page.getByTestId('nick-name').innerText()).toBe('周教务');
    expect(page.url()).not.toContain(token);
    await screenshot(page, 'partner-portal');
    await page.context().close();
  });

  it('hides the marking entry from a user without Exam-Wuhen', async () => {
    // 班主任 marks nothing (the demo's `teacher` is named on a marking block, so it has the entry).
    const token = await handover('head');
    const page = await newPage(browser);
    await page.goto(portalUrl(token));
    await page.getByText('您没有网上阅卷权限。').waitFor();
    expect(await page.getByRole('region', { name: '网上阅卷' }).count()).toBe(0);
    await page.context().close();
  });

  it('opens the homework module mounted alone (createHomeworkRoutes) with the teacher’s homework', async () => {
    const token = await handover('teacher');
    const page = await newPage(browser);
    await page.goto(portalUrl(token));
    await page
      .getByRole('region', { name: '校本作业' })
      .getByRole('link', { name: '进入校本作业' })
      .click();
    await page.getByRole('heading', { name: '校本作业', level: 1 }).waitFor();
    const list = page.getByRole('table', { name: '校本作业列表' });
    await list.getByText('函数的单调性练习').waitFor();
    expect(await page.getByText('合作伙伴门户 · 校本作业').count()).toBe(1);
    await screenshot(page, 'partner-portal-homework');
    await page.context().close();
  });

  it('refuses a token used twice', async () => {
    const token = await handover('director');
    const first = await newPage(browser);
    await first.goto(portalUrl(token));
    await first.getByTestId('nick-name').waitFor();
    const second = await newPage(browser);
    await second.goto(portalUrl(token));
    await second.getByRole('alert').filter({ hasText: '登录失败' }).first().waitFor();
    await first.context().close();
    await second.context().close();
  });
});
