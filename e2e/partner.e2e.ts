import { join } from 'node:path';
import { encodeScan } from '@examkit/recognizer/corpus';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, callApi, tokenOf } from './support/app';
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

  it('corrects a demo homework’s hand-ins in the portal: the photo with a circle, a rubric item, a keyboard score', async () => {
    // Before the hand-over: a third student of 高一(1)班 hands the demo's on-screen homework in
    // (the public student page's calls) with a photo of the written answer; the demo's second
    // student's hand-in still waits for correction. The portal fetches the photo from the API's
    // origin (core's `resolveUrl`), not its own.
    const name = '函数的奇偶性练习（在线作答）';
    const apiToken = await tokenOf(server.url, 'teacher');
    const api = async <T>(path: string, body: unknown): Promise<T> => {
      const reply = await callApi<T>(server.url, path, { body, token: apiToken });
      expect(reply.code, JSON.stringify(reply)).toBe(200);
      return reply.data;
    };
    const M = '/marking-homework/homework';
    const found = await api<{ list: { id: number; name: string }[] }>(`${M}/hspa/pageInfo`, {
      pageNum: 1,
      pageSize: 20,
      keyWord: '函数的奇偶性练习',
    });
    const id = found.list.find((h) => h.name === name)!.id;
    const { code } = await api<{ code: string }>(`${M}/school-base/online/state`, { id });
    const overview = await api<{
      students: { studentNo: string; name: string; status: string }[];
    }>(`${M}/correct/overview`, { id });
    const waiting = overview.students.find((s) => s.status === 'submitted')!;
    const third = overview.students.find((s) => s.status === 'not_submitted')!;
    // A grey "photo" with a dark stroke, as a phone would send it (PNG).
    const width = 480;
    const height = 240;
    const pixels = new Uint8Array(width * height).fill(235);
    for (let x = 60; x < 420; x++) for (let y = 118; y < 124; y++) pixels[y * width + x] = 30;
    const photo = await encodeScan({ width, height, data: pixels }, 'png', { dpi: 150 });
    const entered = await callApi<{ ticket: string }>(server.url, `${M}/online/student/enter`, {
      body: { code, studentNo: third.studentNo },
    });
    expect(entered.code, JSON.stringify(entered)).toBe(200);
    const handed = await callApi(server.url, `${M}/online/student/submit`, {
      body: {
        ticket: entered.data.ticket,
        answers: [
          { questionNo: 1, answer: 'A' },
          { questionNo: 2, answer: 'BD' },
          {
            questionNo: 3,
            answer: '奇函数，因为 f(-x) = -f(x)',
            photoBase64: photo.toString('base64'),
          },
        ],
      },
    });
    expect(handed.code, JSON.stringify(handed)).toBe(200);

    const token = await handover('teacher');
    const page = await newPage(browser);
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(portalUrl(token));
    await page
      .getByRole('region', { name: '校本作业' })
      .getByRole('link', { name: '进入校本作业' })
      .click();
    const list = page.getByRole('table', { name: '校本作业列表' });
    await list.getByText(name).waitFor();
    await list.getByRole('link', { name: `批改：${name}` }).click();
    await page.getByRole('heading', { name: `作业批改 · ${name}` }).waitFor();
    // The portal's hash router: /homework/correct of the homework module.
    expect(new URL(page.url()).hash).toMatch(/^#\/homework\/correct\?id=\d+$/);
    await page
      .getByRole('combobox', { name: '题目' })
      .selectOption({ label: '第 3 题（主观题，10 分）' });
    const roster = page.getByRole('table', { name: '学生名单' });
    const thirdRow = roster.locator('tbody tr', { hasText: third.name });
    const waitingRow = roster.locator('tbody tr', { hasText: waiting.name });

    // The third student's written answer: its photo loads from the API's origin and takes a
    // circle drawn on it; then a rubric item added and applied (−2: 8 of 10).
    await thirdRow.getByRole('button', { name: `批改：${third.name}` }).click();
    await page.getByRole('heading', { name: new RegExp(`${third.name} · 第 3 题`) }).waitFor();
    await page.getByText(/作答：奇函数/).waitFor();
    const image = page.getByRole('img', { name: `${third.name}第 3 题作答` });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    await page.getByRole('radio', { name: '圈' }).check();
    await image.click({ position: { x: 80, y: 40 } });
    const marks = page.getByRole('list', { name: '本题批注' });
    await marks.getByText('圈').waitFor();
    // Drawn over the photo, in red.
    const drawn = image.locator('xpath=..').locator('svg ellipse');
    expect(await drawn.count()).toBe(1);
    await page.getByLabel('评分项名称').fill('步骤不完整');
    await page.getByLabel('分值', { exact: true }).fill('-2');
    await page.getByRole('button', { name: '添加评分项' }).click();
    await page.getByRole('checkbox', { name: /步骤不完整（-2 分/ }).check();
    await page.getByRole('button', { name: '按评分项给分' }).click();
    await page.getByText(/本题：.*错.*8 分/).waitFor();

    // The demo's waiting hand-in by keyboard: 9 typed anywhere, Enter saves (2.5 + 9 = 11.5).
    await waitingRow.getByRole('button', { name: `批改：${waiting.name}` }).click();
    await page.getByRole('heading', { name: new RegExp(`${waiting.name} · 第 3 题`) }).waitFor();
    await page.getByRole('heading', { name: '给分' }).click();
    await page.keyboard.type('9');
    await page.keyboard.press('Enter');
    await expect.poll(async () => waitingRow.innerText()).toMatch(/11\.5/);
    expect(await waitingRow.innerText()).toContain('已批改');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'partner-portal-homework-correct');

    // Saved: back on the list and into 批改 again, everything is read from the server anew.
    await page.goBack();
    await list.getByRole('link', { name: `批改：${name}` }).click();
    await page.getByRole('heading', { name: `作业批改 · ${name}` }).waitFor();
    await page
      .getByRole('combobox', { name: '题目' })
      .selectOption({ label: '第 3 题（主观题，10 分）' });
    await thirdRow.getByRole('button', { name: `批改：${third.name}` }).click();
    await page.getByRole('heading', { name: new RegExp(`${third.name} · 第 3 题`) }).waitFor();
    await page.getByText(/本题：.*错.*8 分/).waitFor();
    expect(
      await page.getByRole('checkbox', { name: /步骤不完整（-2 分，已用 1 次）/ }).isChecked(),
    ).toBe(true);
    // The circle was saved: listed again over the photo, loaded anew.
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    expect(await marks.innerText()).toContain('圈');
    expect(await drawn.count()).toBe(1);
    expect(await waitingRow.innerText()).toMatch(/11\.5/);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 180_000);

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
