import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, screenshot } from './support/browser';
import { type RunningServer } from './support/server';
import { browserSuite } from './support/suite';
import { serveStatic } from './support/static';

/**
 * Online marking against the real server and the seeded demo exam (seedMarking): two markers
 * mark the double-marking block 第17题 with the keyboard only, some papers go to arbitration
 * and the arbitrator decides one, a problem paper is flagged and returned, progress moves,
 * and a mark given while the network is cut reaches the server exactly once.
 */

const PASSWORD = 'demo2026';
const BLOCK_NAME = '第17题 函数';

const app = browserSuite();
let director: string;
let blockId: number;

interface Progress {
  papers: { total: number; done: number; marking: number; arbitration: number; problem: number };
  doneMarks: number;
  markers: { userId: number; name: string; marked: number }[];
}

const progress = async () =>
  (
    await api<Progress>('/marking-main/exam/marking/progress', {
      token: director,
      body: { blockId },
    })
  ).data;

/** Opens the marking screen of the block from the marking list. */
async function openMarking(page: Page, arbitration = false): Promise<void> {
  await page.goto(`${app.server.url}/exam/marking`);
  await page
    .getByRole('link', { name: `${arbitration ? '仲裁' : '进入阅卷'}：${BLOCK_NAME}` })
    .click();
  await page.waitForURL(`**/exam/marking/readPaper/${blockId}/**`);
  await scoreBox(page).waitFor();
  await page.getByRole('img', { name: '当前试卷' }).waitFor();
}

const scoreBox = (page: Page) => page.getByLabel('本题得分（满分 10）');

/** The crop shown now (its data URL), to see the next one arrive. */
const shownCrop = (page: Page) =>
  page.getByRole('img', { name: '当前试卷' }).getAttribute('src', { timeout: 10_000 });

/** Types a score and Enter; waits until the next paper (or the empty pool) is on screen. */
async function mark(page: Page, score: string): Promise<void> {
  const before = await shownCrop(page);
  await expect
    .poll(() => scoreBox(page).evaluate((el) => el === document.activeElement))
    .toBe(true);
  await page.keyboard.type(score);
  await page.keyboard.press('Enter');
  // A marker waits a few seconds at most on a loaded machine; a stuck screen is kept for reading.
  try {
    await expect
      .poll(
        async () => {
          if ((await page.getByText('暂无可评试卷').count()) > 0) return 'next';
          const img = page.getByRole('img', { name: '当前试卷' });
          if ((await img.count()) === 0) return 'loading';
          return (await img.getAttribute('src')) !== before ? 'next' : 'same';
        },
        { timeout: 10_000 },
      )
      .toBe('next');
  } catch (error) {
    await screenshot(page, `marking-stuck-${Date.now()}`);
    const box = await scoreBox(page)
      .inputValue()
      .catch(() => '?');
    const status = await page
      .getByRole('status')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(`评分后未换卷：分数框「${box}」，状态「${status.join(' | ')}」`, {
      cause: error,
    });
  }
}

const { api } = app;
const { tokenOf } = app;
const { signedIn } = app;

beforeAll(async () => {
  director = await tokenOf('director');
  const admin = await tokenOf('admin');
  // 任课教师 has no Exam-Wuhen: teacher marks as a 阅卷老师 this year (the first role is the active one).
  const roles = await api<{ id: number; roleName: string }[]>(
    '/marking-user/user/school/role/list',
    {
      token: admin,
    },
  );
  const roleId = (name: string) => roles.data.find((r) => r.roleName === name)!.id;
  const teachers = await api<{ list: { id: number; loginName: string }[] }>(
    '/marking-user/user/teacher/query_ts',
    { token: admin, body: { pageNum: 1, pageSize: 20, keyWord: 'teacher' } },
  );
  const teacherId = teachers.data.list.find((t) => t.loginName === 'teacher')!.id;
  const assigned = await api('/marking-user/user/school/role/assign', {
    token: admin,
    body: { userId: teacherId, roleIds: [roleId('阅卷老师')] },
  });
  expect(assigned.code).toBe(200);
  const list = await api<{
    list: { blockId: number; name: string; state: string; mode: string }[];
  }>('/marking-main/exam/marking/list', { token: director, body: {} });
  const block = list.data.list.find((b) => b.name === BLOCK_NAME)!;
  expect(block).toMatchObject({ state: 'open', mode: 'double' });
  blockId = block.blockId;
});

describe('online marking (seeded double-marking block)', () => {
  let teacher: Page;
  let grader: Page;

  it('two markers score with the keyboard; disagreements go to arbitration', async () => {
    const start = await progress();
    expect(start.papers.total).toBe(100);
    teacher = await signedIn('teacher');
    grader = await signedIn('grader');
    await openMarking(teacher);
    // 9 and 5 alternately against the grader's 5: every other paper is beyond the tolerance 2.
    for (const s of ['9', '5', '9', '5', '9', '5']) await mark(teacher, s);
    await screenshot(teacher, 'marking-screen');
    await openMarking(grader);
    for (let i = 0; i < 6; i++) await mark(grader, '5');
    await expect
      .poll(async () => (await progress()).papers.arbitration, { timeout: 15_000 })
      .toBeGreaterThan(0);
    // Submits leave the browser's queue after the next paper is on screen: wait for the last.
    await expect
      .poll(async () => (await progress()).doneMarks, { timeout: 15_000 })
      .toBe(start.doneMarks + 12);
    expect((await progress()).papers.done).toBeGreaterThan(0);
  });

  it('marks while the network is cut for a moment without losing a mark', async () => {
    const before = await progress();
    await grader.context().setOffline(true);
    await mark(grader, '6');
    await mark(grader, '6');
    await grader.getByText(/网络已断开，\d 份评分待提交/).waitFor();
    // Nothing reached the server yet.
    expect((await progress()).doneMarks).toBe(before.doneMarks);
    await grader.context().setOffline(false);
    await expect
      .poll(async () => (await progress()).doneMarks, { timeout: 20_000 })
      .toBe(before.doneMarks + 2);
    await grader.getByRole('status').filter({ hasNotText: '待提交' }).waitFor();
    // Each mark was stored once, also after the retries.
    await new Promise((r) => setTimeout(r, 3500));
    expect((await progress()).doneMarks).toBe(before.doneMarks + 2);
  });

  it('marks by keyboard after a click on the image to zoom and pan it (issue #12 item 4)', async () => {
    const before = await progress();
    const image = grader.getByRole('img', { name: '当前试卷' });
    const crop = await shownCrop(grader);
    await image.click();
    await grader.keyboard.press('+');
    const box = await image.boundingBox();
    await grader.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await grader.mouse.down();
    await grader.mouse.move(box!.x + box!.width / 2 + 40, box!.y + box!.height / 2 + 20);
    await grader.mouse.up();
    expect(await image.evaluate((el) => (el as HTMLElement).style.transform)).toContain(
      'scale(1.2)',
    );
    // Focus is on the image, not in the box: the typed score still lands in the box.
    expect(await scoreBox(grader).evaluate((el) => el === document.activeElement)).toBe(false);
    await grader.keyboard.type('10');
    expect(await scoreBox(grader).inputValue()).toBe('10');
    await grader.keyboard.press('Enter');
    await expect.poll(() => shownCrop(grader), { timeout: 10_000 }).not.toBe(crop);
    await expect
      .poll(async () => (await progress()).doneMarks, { timeout: 15_000 })
      .toBe(before.doneMarks + 1);
  });

  it('the arbitrator sees both scores and gives the final one', async () => {
    const before = await progress();
    const page = await signedIn('director');
    await openMarking(page, true);
    const marks = page.getByRole('region', { name: '已有评分' });
    await marks.waitFor();
    expect(await marks.innerText()).toMatch(/一评：\d+ 分[\s\S]*二评：\d+ 分/);
    await page.keyboard.type('7');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await progress()).papers.arbitration, { timeout: 15_000 })
      .toBe(before.papers.arbitration - 1);
    expect((await progress()).papers.done).toBe(before.papers.done + 1);
    await page.context().close();
  });

  it('flags a problem paper, and the leader returns it to the pool', async () => {
    await teacher.bringToFront();
    await scoreBox(teacher).focus();
    await teacher.keyboard.press('p');
    const dialog = teacher.getByRole('dialog', { name: '标记问题卷' });
    await dialog.waitFor();
    await dialog.getByLabel('问题类型').focus();
    await dialog.getByLabel('问题类型').selectOption({ label: '图像不清' });
    await dialog.getByLabel('问题说明').fill('字迹模糊');
    await dialog.getByRole('button', { name: '确定标记' }).press('Enter');
    await expect.poll(async () => (await progress()).papers.problem, { timeout: 10_000 }).toBe(1);

    const leader = await signedIn('director');
    await leader.goto(`${app.server.url}/exam/marking/error?blockId=${blockId}`);
    const card = leader.getByRole('article').filter({ hasText: '图像不清' });
    await card.waitFor();
    expect(await card.innerText()).toContain('字迹模糊');
    await card.getByRole('button', { name: '退回重评' }).click();
    await leader.getByText('没有待处理的问题卷').waitFor();
    expect((await progress()).papers.problem).toBe(0);
    await leader.context().close();
  });

  it('shows progress changing live, and the quality page', async () => {
    const leader = await signedIn('director');
    await leader.goto(`${app.server.url}/exam/marking/readMonitor/${blockId}`);
    const marksDone = leader.getByTestId('marks-done');
    await marksDone.waitFor();
    const before = Number(await marksDone.innerText());
    await mark(teacher, '8');
    await mark(teacher, '8');
    await expect
      .poll(async () => Number(await marksDone.innerText()), { timeout: 15_000 })
      .toBe(before + 2);
    const perMarker = (await progress()).markers.filter((m) => m.marked > 0);
    expect(perMarker.length).toBeGreaterThanOrEqual(2);
    await screenshot(leader, 'marking-progress');
    await leader.getByRole('link', { name: '阅卷质量' }).click();
    const quality = leader.getByRole('table', { name: '阅卷质量' });
    await quality.waitFor();
    expect(await quality.innerText()).toContain('全题块');
    await screenshot(leader, 'marking-quality');
    await leader.context().close();
    await teacher.context().close();
    await grader.context().close();
  });
});

/**
 * Set-up: every subjective question of the seeded exam already has a block, so the director
 * edits the seeded double-marking block 第18题 through the form (tolerance and markers),
 * saves it, pauses and starts it again, and the server stores what the form sent.
 */
describe('marking set-up (seeded 第18题 block)', () => {
  const SETUP_BLOCK = '第18题 数列';
  interface BlockInfo {
    blockId: number;
    examSubjectId: number;
    name: string;
    state: string;
    mode: string;
    tolerance: number;
    recheckPercent: number;
    markers: { userId: number; name: string }[];
  }
  const getBlock = async (id: number) =>
    (
      await api<BlockInfo>('/marking-main/exam/marking/block/get', {
        token: director,
        body: { blockId: id },
      })
    ).data;

  it('edits tolerance and markers of a double-marking block, saves, starts it and sees it listed', async () => {
    const list = await api<{ list: BlockInfo[] }>('/marking-main/exam/marking/list', {
      token: director,
      body: {},
    });
    const seeded = list.data.list.find((b) => b.name === SETUP_BLOCK)!;
    expect(seeded).toMatchObject({ mode: 'double', tolerance: 2, state: 'open' });
    expect(seeded.markers).toHaveLength(5);
    const page = await signedIn('director');
    await page.goto(`${app.server.url}/exam/marking/setting/${seeded.examSubjectId}`);
    const blocks = page.getByRole('table', { name: '本科目题块' });
    await blocks.getByRole('button', { name: `编辑${SETUP_BLOCK}` }).click();
    await page.getByRole('heading', { name: `编辑题块：${SETUP_BLOCK}（阅卷中）` }).waitFor();
    const tolerance = page.getByLabel('误差阈值（分）');
    await expect.poll(() => tolerance.inputValue()).toBe('2');
    const t003 = page.getByRole('checkbox', { name: /^阅卷老师：.*（t003）$/ });
    await expect.poll(() => t003.isChecked()).toBe(true);
    await tolerance.fill('1.5');
    await t003.uncheck();
    await page.getByRole('button', { name: '保存题块' }).click();
    await page.getByText('题块已保存').first().waitFor();
    const saved = await getBlock(seeded.blockId);
    expect(saved).toMatchObject({ mode: 'double', tolerance: 1.5, state: 'open' });
    expect(saved.markers).toHaveLength(4);
    const seededIds = seeded.markers.map((m) => m.userId);
    expect(saved.markers.every((m) => seededIds.includes(m.userId))).toBe(true);
    // Pause, then start again from the set-up page.
    const status = page.getByRole('region', { name: '阅卷状态' });
    await status.getByRole('button', { name: '暂停阅卷' }).click();
    await page.getByRole('heading', { name: `编辑题块：${SETUP_BLOCK}（已暂停）` }).waitFor();
    expect((await getBlock(seeded.blockId)).state).toBe('paused');
    await status.getByRole('button', { name: '继续阅卷' }).click();
    await page.getByRole('heading', { name: `编辑题块：${SETUP_BLOCK}（阅卷中）` }).waitFor();
    const row = blocks.getByRole('row').filter({ hasText: SETUP_BLOCK });
    await expect.poll(() => row.textContent()).toContain('阅卷中');
    expect(await row.textContent()).toContain('双评');
    expect(await getBlock(seeded.blockId)).toMatchObject({ state: 'open', tolerance: 1.5 });
    await screenshot(page, 'marking-setup');
    // The marking list shows the block open to its markers.
    await page.goto(`${app.server.url}/exam/marking`);
    await page.getByRole('table', { name: '阅卷题块' }).getByText(SETUP_BLOCK).first().waitFor();
    await page.close();
  });

  it('sets a re-check share and a hidden seed paper; the quality page shows the seed for the marker who marked it', async () => {
    const list = await api<{ list: BlockInfo[] }>('/marking-main/exam/marking/list', {
      token: director,
      body: {},
    });
    const seeded = list.data.list.find((b) => b.name === SETUP_BLOCK)!;
    const id = seeded.blockId;
    // grader marks every paper of theirs through the API first (a hundred papers by keyboard would
    // take minutes), so the seed added below is the next paper their marking screen shows.
    const graderToken = await tokenOf('grader');
    type Task = { taskId: number; leaseToken: string };
    const fetchGrader = async () =>
      (
        await api<{ list: Task[] }>('/marking-main/exam/marking/fetch', {
          token: graderToken,
          body: { blockId: id, count: 20 },
        })
      ).data.list;
    for (let round = 0; round < 10; round++) {
      const tasks = await fetchGrader();
      if (tasks.length === 0) break;
      for (const t of tasks) {
        const r = await api('/marking-main/exam/marking/submit', {
          token: graderToken,
          body: {
            taskId: t.taskId,
            leaseToken: t.leaseToken,
            idempotencyKey: randomUUID(),
            parts: [3, 3],
          },
        });
        expect(r.code).toBe(200);
      }
    }
    expect(await fetchGrader()).toEqual([]);

    const page = await signedIn('director');
    await page.goto(`${app.server.url}/exam/marking/setting/${seeded.examSubjectId}?block=${id}`);
    await page.getByRole('heading', { name: `编辑题块：${SETUP_BLOCK}（阅卷中）` }).waitFor();
    const recheck = page.getByLabel('重评比例（%）');
    await expect.poll(() => recheck.inputValue()).toBe('0');
    await recheck.fill('10');
    await page.getByRole('button', { name: '保存题块' }).click();
    await page.getByText('题块已保存').first().waitFor();
    await page.getByRole('region', { name: '阅卷状态' }).getByText('重评比例 10%').waitFor();
    expect((await getBlock(id)).recheckPercent).toBe(10);

    // A seed paper: a student's answer found by exam number, with its known score.
    const papers = await api<{ list: { studentNo: string; studentName: string }[] }>(
      '/marking-main/exam/marking/papers/search',
      { token: director, body: { blockId: id, limit: 1 } },
    );
    const student = papers.data.list[0]!;
    const finder = page.getByRole('search', { name: '查找本题块答卷' });
    await finder.getByLabel('考号或姓名').fill(student.studentNo);
    await finder.getByRole('button', { name: '查找答卷' }).click();
    await page
      .getByRole('table', { name: '查找结果' })
      .getByRole('button', { name: `选为样卷：${student.studentName}（${student.studentNo}）` })
      .click();
    const addForm = page.getByRole('form', { name: '添加样卷' });
    await addForm
      .getByRole('img', { name: `答卷：${student.studentName}（${student.studentNo}）` })
      .waitFor();
    await addForm.getByLabel('标准分（满分 12 分）').fill('8');
    await addForm.getByRole('button', { name: '添加样卷' }).click();
    const seedRow = page
      .getByRole('table', { name: '当前样卷' })
      .getByRole('row')
      .filter({ hasText: student.studentNo });
    await expect.poll(() => seedRow.textContent()).toContain('0/4 位已评');
    expect(await seedRow.textContent()).toContain('8 分');
    await page
      .getByRole('region', { name: '阅卷状态' })
      .getByText('重评比例 10%，隐藏样卷 1 份')
      .waitFor();
    await screenshot(page, 'marking-setup-seeds');

    // grader opens marking: the seed looks like any paper; 4 + 4 is the known 8.
    const marker = await signedIn('grader');
    await marker.goto(`${app.server.url}/exam/marking`);
    await marker.getByRole('link', { name: `进入阅卷：${SETUP_BLOCK}` }).click();
    const firstBox = marker.getByLabel('第 1 小题（满分 6）');
    await firstBox.waitFor();
    await marker.getByRole('img', { name: '当前试卷' }).waitFor();
    await expect.poll(() => firstBox.evaluate((el) => el === document.activeElement)).toBe(true);
    await marker.keyboard.type('4');
    await marker.keyboard.press('Enter');
    await marker.keyboard.type('4');
    await marker.keyboard.press('Enter');
    const seedsNow = async () =>
      (
        await api<{ list: { marked: number; exact: number }[] }>(
          '/marking-main/exam/marking/seed/list',
          { token: director, body: { blockId: id } },
        )
      ).data.list;
    await expect.poll(async () => (await seedsNow())[0]?.exact, { timeout: 15_000 }).toBe(1);
    await marker.context().close();

    const teachers = await api<{ list: { loginName: string; name: string }[] }>(
      '/marking-user/user/teacher/query_ts',
      { token: director, body: { pageNum: 1, pageSize: 20, keyWord: 'grader' } },
    );
    const markerName = teachers.data.list.find((t) => t.loginName === 'grader')!.name;
    await page.goto(`${app.server.url}/exam/marking/readMonitor/${id}`);
    await page.getByRole('link', { name: '阅卷质量' }).click();
    const quality = page.getByRole('table', { name: '阅卷质量' });
    await quality.waitFor();
    const row = quality.getByRole('row').filter({ hasText: markerName });
    await expect.poll(() => row.innerText()).toContain('100%（1 份，均误差 0）');
    await screenshot(page, 'marking-quality-seed');
    await page.context().close();
  });
});

describe('partner portal: the marking module mounted alone', () => {
  let portalServer: RunningServer;
  let portal: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    portal = await serveStatic(join(process.cwd(), 'examples/partner-portal/dist'));
    portalServer = await app.restartServer({ CORS_ORIGINS: portal.url });
    director = await tokenOf('director');
  });

  afterAll(async () => {
    await portal?.close();
  });

  it('signs in with a hand-over token, opens marking and marks a paper', async () => {
    const signIn = await api<{ schoolId: number }>('/marking-login/login/school_login_pd', {
      form: { loginName: 'grader', password: PASSWORD },
    });
    const handover = await api<{ token: string }>('/marking-login/login/handover', {
      body: {
        clientId: 'demo-portal',
        clientSecret: 'demo-portal-secret',
        loginName: 'grader',
        schoolId: signIn.data.schoolId,
      },
    });
    expect(handover.code).toBe(200);
    const page = await newPage(app.browser);
    await page.goto(
      `${portal.url}/?api=${encodeURIComponent(portalServer.url)}&token=${encodeURIComponent(handover.data.token)}`,
    );
    const entry = page.getByRole('region', { name: '网上阅卷' });
    await entry.getByRole('link', { name: '进入网上阅卷' }).click();
    await page.getByRole('table', { name: '阅卷题块' }).waitFor();
    await screenshot(page, 'partner-marking-list');
    await page.getByRole('link', { name: `进入阅卷：${BLOCK_NAME}` }).click();
    await scoreBox(page).waitFor();
    await page.getByRole('img', { name: '当前试卷' }).waitFor();
    const list = await api<{ list: { blockId: number; name: string }[] }>(
      '/marking-main/exam/marking/list',
      { token: director, body: {} },
    );
    blockId = list.data.list.find((b) => b.name === BLOCK_NAME)!.blockId;
    await mark(page, '4');
    await expect.poll(async () => (await progress()).doneMarks, { timeout: 10_000 }).toBe(1);
    await page.context().close();
  });
});
