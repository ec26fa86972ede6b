/**
 * The screen shows exactly what the server allows (issue #12 items 5 and 6, issue #22): the demo's
 * 班主任, 任课教师 (named marker of the demo's marking exam) and 阅卷老师 sign in and click.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { browserSuite } from './support/suite';
import { callApi, openExamMenu, tokenOf } from './support/app';

const EXAM_NAME = '2026学年第一学期高一期中考试';

const app = browserSuite();
let examId = 0;

const { signedIn } = app;

beforeAll(async () => {
  const director = await tokenOf(app.server.url, 'director');
  const exams = await callApi<{ list: { examId: number; name: string; state: string }[] }>(
    app.server.url,
    '/marking-report/teacher/getExam',
    { token: director, body: { pageNum: 1, pageSize: 50 } },
  );
  const exam = exams.data.list.find((e) => e.name === EXAM_NAME);
  expect(exam).toBeDefined();
  examId = exam!.examId;
  if (exam!.state !== 'published') {
    const published = await callApi(app.server.url, '/marking-main/exam/transition', {
      token: director,
      body: { id: examId, to: 'published' },
    });
    expect(published.code, published.message).toBe(200);
  }
}, 120_000);

/** Fails when a denial or a server error is on screen. */
async function noRefusal(page: Page) {
  expect(await page.getByText('禁止访问！').count()).toBe(0);
  expect(await page.getByText(/超出数据范围|没有该操作的权限|服务器错误/).count()).toBe(0);
}

async function openExamList(page: Page) {
  await openExamMenu(page, '单校考试');
  await page.getByRole('table', { name: '考试列表' }).waitFor();
}

/** Without 系统管理, 考试管理 → 网上阅卷 by clicks, until the marking tasks list a block to enter. */
async function openMarkingTasks(page: Page) {
  expect(await page.getByRole('button', { name: '系统管理' }).count()).toBe(0);
  await openExamMenu(page, '网上阅卷');
  await page.waitForURL('**/exam/marking**');
  await page
    .getByRole('link', { name: /^进入阅卷：/ })
    .first()
    .waitFor();
}

describe('screens follow the data scope', () => {
  it('班主任: no 创建考试, 删除, 保存 or 撤回报告, and opens an exam read-only', async () => {
    const page = await signedIn('head');
    await openExamList(page);
    const list = page.getByRole('table', { name: '考试列表' });
    await list.getByRole('button', { name: `考生 ${EXAM_NAME}` }).waitFor();
    expect(await page.getByRole('button', { name: /^删除 / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '创建考试' }).count()).toBe(0);
    await list.getByRole('button', { name: `管理 ${EXAM_NAME}` }).click();
    const state = page.getByRole('group', { name: '考试状态' });
    await state.waitFor();
    await page.getByRole('table', { name: '科目与试卷' }).waitFor();
    expect(await state.getByRole('button').count()).toBe(0);
    expect(await page.getByRole('button', { name: '撤回报告' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '保存' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /扫描试卷$/ }).count()).toBe(0);
    await noRefusal(page);
    await screenshot(page, 'scope-head-exam');
    await page.context().close();
  });

  it('任课教师 named marker: no 系统管理, reaches the marking tasks by clicks', async () => {
    const page = await signedIn('teacher');
    await openMarkingTasks(page);
    // A marker, not a manager: no set-up or monitoring of the block.
    expect(await page.getByRole('link', { name: /^设置：/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^查卷：/ }).count()).toBe(0);
    await noRefusal(page);
    await screenshot(page, 'scope-teacher-marking');
    await page.context().close();
  });

  it('阅卷老师: no 系统管理, reaches the marking tasks by clicks', async () => {
    const page = await signedIn('grader');
    await openMarkingTasks(page);
    await noRefusal(page);
    await page.context().close();
  });

  it('任课教师: the class comment report opens on their subject and lists only it', async () => {
    const page = await signedIn('teacher');
    await page.goto(`${app.server.url}/exam/single/report/class/comment/${examId}`);
    const subject = page.getByLabel('学科', { exact: true });
    await subject.waitFor({ timeout: 60_000 });
    expect(await subject.locator('option').allInnerTexts()).toEqual(['数学']);
    const classes = page.getByLabel('班级', { exact: true });
    expect(await classes.locator('option').allInnerTexts()).toEqual(['高一(1)班', '高一(2)班']);
    await page.getByRole('table', { name: /高一\(1\)班 数学/ }).waitFor({ timeout: 60_000 });
    await noRefusal(page);
    await screenshot(page, 'scope-teacher-comment');
    await page.context().close();
  });

  it('the director still manages: 删除 and the state buttons are there', async () => {
    const page = await signedIn('director');
    await openExamList(page);
    await page.getByRole('button', { name: `删除 ${EXAM_NAME}` }).waitFor();
    await page.getByRole('button', { name: `管理 ${EXAM_NAME}` }).click();
    await page.getByRole('group', { name: '考试状态' }).getByRole('button').first().waitFor();
    await page.context().close();
  });
});
