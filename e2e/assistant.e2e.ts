import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, unzip, type FakeOpenAi } from '../packages/server/src/ai/testing';
import {
  axeViolations,
  callApi,
  openLogin,
  signIn,
  signedIn as signedInAs,
  tokenOf,
} from './support/app';
import { launchBrowser, newPage, savedDownload, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { serveStatic } from './support/static';

const EXAM_NAME = '2026学年第一学期高一期中考试';
const API_KEY = 'sk-e2e-never-in-the-browser';

let fake: FakeOpenAi;
let server: RunningServer;
let portal: { url: string; close(): Promise<void> };
let browser: Browser;
let examId = 0;

const signedIn = (loginName: string) => signedInAs(browser, server.url, loginName);

beforeAll(async () => {
  fake = await startFakeOpenAi();
  portal = await serveStatic(join(process.cwd(), 'examples/partner-portal/dist'));
  server = await startServer({
    AI_BASE_URL: fake.baseUrl,
    AI_MODEL: 'e2e-model',
    AI_API_KEY: API_KEY,
    CORS_ORIGINS: portal.url,
  });
  browser = await launchBrowser();
  const director = await tokenOf(server.url, 'director');
  const exams = await callApi<{ list: { examId: number; name: string; state: string }[] }>(
    server.url,
    '/marking-report/teacher/getExam',
    { token: director, body: { pageNum: 1, pageSize: 50 } },
  );
  const exam = exams.data.list.find((e) => e.name === EXAM_NAME)!;
  examId = exam.examId;
  if (exam.state !== 'published') {
    const published = await callApi(server.url, '/marking-main/exam/transition', {
      token: director,
      body: { id: examId, to: 'published' },
    });
    expect(published.code, published.message).toBe(200);
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await portal?.close();
  await fake?.close();
});

const launcher = (page: Page) => page.getByRole('button', { name: 'AI助手', exact: true });

describe('the AI assistant in the reference app', () => {
  it('from a class report: asks, streams, stops, retries, exports Word, renames and deletes the session', async () => {
    const page = await signedIn('teacher');
    await page.goto(`${server.url}/exam/single/report/class/basic/${examId}`);
    await launcher(page).waitFor({ timeout: 60_000 });
    await page.getByRole('tooltip').getByText('你好，有什么问题尽管问我吧').waitFor();

    const before = fake.requests.length;
    fake.queue({
      kind: 'stream',
      delayMs: 400,
      chunks: [
        '## 班级概况\n\n',
        '本班数学',
        '平均分',
        '高于',
        '年级。',
        '继续',
        '写',
        '下去',
        '。',
      ],
    });
    await launcher(page).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: '总结一下这个班本次考试的表现' }).waitFor();
    await drawer.getByLabel('问题', { exact: true }).fill('总结本班这次考试');
    await drawer.getByLabel('问题', { exact: true }).press('Enter');
    await drawer.getByRole('heading', { name: '班级概况' }).waitFor();
    await screenshot(page, 'assistant-streaming');
    await drawer.getByRole('button', { name: '停止生成' }).click();
    await drawer.getByRole('log').getByText('已停止生成').waitFor();
    const stopped = await drawer.locator('[data-role="assistant"]').innerText();
    expect(stopped).not.toContain('继续写下去');

    // The report in view travelled with the question; the key never reached the page.
    const asked = fake.requests[before]!;
    expect(asked.body.messages[0]!.content).toContain(`考试编号 ${examId}`);
    expect(asked.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(await page.content()).not.toContain(API_KEY);

    fake.queue({
      kind: 'stream',
      chunks: ['## 班级概况\n\n', '- 优势：计算题\n', '- 不足：几何证明\n'],
    });
    await drawer.getByRole('button', { name: '重新生成' }).click();
    await drawer.getByRole('listitem').filter({ hasText: '不足：几何证明' }).waitFor();
    expect(await drawer.getByRole('log').getByText('已停止生成').count()).toBe(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      drawer.getByRole('button', { name: '导出Word' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.docx$/);
    const docx = unzip(readFileSync(await savedDownload(download)));
    const xml = docx.get('word/document.xml')!;
    expect(xml).toMatch(/Heading2"\/><\/w:pPr><w:r><w:t xml:space="preserve">班级概况/);
    expect(xml).toContain('不足：几何证明');

    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'AI助手',
    );

    await page.getByRole('button', { name: '历史记录', exact: true }).click();
    const history = page.getByRole('dialog');
    await history.getByRole('button', { name: '重命名：总结本班这次考试' }).click();
    await history.getByLabel('对话标题').fill('期中讲评');
    await history.getByLabel('对话标题').press('Enter');
    await history.getByRole('button', { name: /^期中讲评/ }).waitFor();
    await history.getByRole('button', { name: '删除：期中讲评' }).click();
    await history.getByRole('button', { name: '删除', exact: true }).click();
    await history.getByText('暂无历史对话').waitFor();
    await screenshot(page, 'assistant-history');
    await page.context().close();
  }, 180_000);

  it('works by keyboard alone', async () => {
    const page = await signedIn('teacher');
    let reached = false;
    for (let i = 0; i < 120 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(
        () => document.activeElement?.getAttribute('aria-label') === 'AI助手',
      );
    }
    expect(reached).toBe(true);
    fake.queue({ kind: 'stream', chunks: ['键盘', '也能用。'] });
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'TEXTAREA');
    await page.keyboard.type('你好');
    await page.keyboard.press('Enter');
    await drawer.getByRole('log').getByText('键盘也能用。').waitFor();
    // Tab stays inside the drawer.
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(
        true,
      );
    }
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'AI助手',
    );
    await page.context().close();
  }, 120_000);

  it('drags the button with the mouse, keeps it inside the window and remembers where it was put', async () => {
    const page = await signedIn('teacher');
    const typesetter: string[] = [];
    page.on('request', (r) => /temml/i.test(r.url()) && typesetter.push(r.url()));
    await launcher(page).waitFor({ timeout: 60_000 });
    const floating = launcher(page).locator('xpath=..');
    const { width, height } = page.viewportSize()!;
    const box = async () => (await floating.boundingBox())!;
    const centre = async () => {
      const b = (await launcher(page).boundingBox())!;
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    const dragBy = async (dx: number, dy: number) => {
      const from = await centre();
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      for (let step = 1; step <= 10; step++)
        await page.mouse.move(from.x + (dx * step) / 10, from.y + (dy * step) / 10);
      await page.mouse.up();
    };

    // First placed no further than the window minus 300 px right and down.
    const start = await box();
    expect(start.x).toBeLessThanOrEqual(width - 300);
    expect(start.y).toBeLessThanOrEqual(height - 300);

    // Dragged to a new place: it follows the mouse, and the drag does not open the drawer.
    await dragBy(-400, -250);
    const moved = await box();
    expect(moved.x).toBeCloseTo(start.x - 400, 0);
    expect(moved.y).toBeCloseTo(start.y - 250, 0);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Dragged far beyond the bottom-right corner: it stops at the edge, wholly inside the window.
    await dragBy(width * 2, height * 2);
    const edge = await box();
    expect(edge.x + edge.width).toBeCloseTo(width, 0);
    expect(edge.y + edge.height).toBeCloseTo(height, 0);
    // And beyond the top-left corner.
    await dragBy(-width * 2, -height * 2);
    const corner = await box();
    expect(corner.x).toBe(0);
    expect(corner.y).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Put somewhere in the middle, then reloaded: it comes back where it was put.
    await dragBy(520, 330);
    const put = await box();
    expect(put.x).toBeCloseTo(520, 0);
    expect(put.y).toBeCloseTo(330, 0);
    await page.reload();
    await launcher(page).waitFor({ timeout: 60_000 });
    const remembered = await box();
    expect(remembered.x).toBeCloseTo(put.x, 0);
    expect(remembered.y).toBeCloseTo(put.y, 0);

    // Left at the bottom-right edge and reloaded: placed again within the window minus 300 px.
    await dragBy(width * 2, height * 2);
    await page.reload();
    await launcher(page).waitFor({ timeout: 60_000 });
    const again = await box();
    expect(again.x).toBeCloseTo(width - 300, 0);
    expect(again.y).toBeCloseTo(height - 300, 0);

    // A plain click still opens the drawer.
    await launcher(page).click();
    await page.getByRole('dialog').waitFor();
    // No formula on screen: the formula typesetter was never fetched.
    expect(typesetter).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('typesets formulas in an answer as MathML', async () => {
    const page = await signedIn('teacher');
    const typesetter: string[] = [];
    page.on('request', (r) => /temml/i.test(r.url()) && typesetter.push(r.url()));
    await launcher(page).waitFor({ timeout: 60_000 });
    fake.queue({
      kind: 'stream',
      chunks: [
        '面积是 $x^2$ 平方米，',
        '比例为\n\n$$\\frac{a}{b}$$\n\n',
        '链接 $\\href{javascript:alert(1)}{x}$ 完。',
      ],
    });
    await launcher(page).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('问题', { exact: true }).fill('公式');
    await drawer.getByLabel('问题', { exact: true }).press('Enter');
    const answer = drawer.locator('[data-role="assistant"]');
    await answer.getByText('完。').waitFor();
    await answer.locator('math mfrac').waitFor();
    expect(await answer.locator('math').count()).toBe(3);
    // Fetched lazily, once, for the first formula.
    expect(typesetter).toHaveLength(1);
    expect(await answer.locator('math msup').count()).toBe(1);
    expect(await answer.locator('a').count()).toBe(0);
    // Rendered by the browser as maths: the fraction stacks a over b.
    const [a, b] = await answer
      .locator('mfrac > *')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
    expect(b!).toBeGreaterThan(a!);
    const paragraph = await answer.locator('p').first().innerText();
    expect(paragraph.startsWith('面积是 ')).toBe(true);
    expect(paragraph).not.toContain('$');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'assistant-formulas');
    await page.context().close();
  }, 120_000);

  it('is hidden on the AI centre, which offers the fixed session types', async () => {
    const page = await signedIn('teacher');
    await launcher(page).waitFor({ timeout: 60_000 });
    await page.goto(`${server.url}/ai-center/home`);
    await page.getByRole('button', { name: /试卷讲评/ }).waitFor({ timeout: 60_000 });
    expect(await launcher(page).count()).toBe(0);
    fake.queue({ kind: 'stream', chunks: ['可以从得分率最低的题开始。'] });
    await page.getByRole('button', { name: /试卷讲评/ }).click();
    await page.getByRole('button', { name: '这次考试哪些题得分率最低？' }).click();
    await page.getByRole('log').getByText('可以从得分率最低的题开始。').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'assistant-ai-center');
    await page.context().close();
  }, 120_000);

  it('is off for brand variant 1', async () => {
    const page = await openLogin(browser, server.url, '?bv=1');
    await signIn(page, 'teacher');
    await page.getByRole('banner').waitFor();
    await page.waitForTimeout(1_500);
    expect(await launcher(page).count()).toBe(0);
    await page.context().close();
  }, 60_000);
});

describe('the AI assistant in the partner portal', () => {
  it('sits beside the embedded marking module and answers across origins', async () => {
    const signInReply = await callApi<{ schoolId: number }>(
      server.url,
      '/marking-login/login/school_login_pd',
      { form: { loginName: 'director', password: 'demo2026' } },
    );
    const handover = await callApi<{ token: string }>(server.url, '/marking-login/login/handover', {
      body: {
        clientId: 'demo-portal',
        clientSecret: 'demo-portal-secret',
        loginName: 'director',
        schoolId: signInReply.data.schoolId,
      },
    });
    expect(handover.code).toBe(200);
    const page = await newPage(browser);
    await page.goto(
      `${portal.url}/?api=${encodeURIComponent(server.url)}&token=${encodeURIComponent(handover.data.token)}`,
    );
    await page.getByRole('region', { name: '网上阅卷' }).waitFor();
    await page.getByRole('link', { name: '进入网上阅卷' }).click();
    await launcher(page).waitFor({ timeout: 60_000 });
    fake.queue({ kind: 'stream', chunks: ['门户里', '也能用。'] });
    await launcher(page).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('问题', { exact: true }).fill('你好');
    await drawer.getByLabel('问题', { exact: true }).press('Enter');
    await drawer.getByRole('log').getByText('门户里也能用。').waitFor();
    await screenshot(page, 'assistant-partner-portal');
    await page.context().close();
  }, 120_000);
});
