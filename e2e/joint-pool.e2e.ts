import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { axeViolations, openExamMenu, signIn } from './support/app';
import { browserSuite } from './support/suite';

const app = browserSuite();

const NAME = '2026学年高一统一阅卷联考';
const BLOCK = '第1题';
const NAME2 = '2026学年高一统一阅卷联考（双评）';
const BLOCK2 = '第1题双评';

/** The first PNG under a folder of the server's file store (a seeded marking crop). */
function firstPng(dir: string): string {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isFile() && entry.name.endsWith('.png')) return path;
    if (entry.isDirectory()) {
      const found = firstPng(path);
      if (found) return found;
    }
  }
  return '';
}

/**
 * 示范中学 (a lead school) organises a joint exam of the two demo schools through the API
 * (creating one by clicks is joint-exam.e2e.ts): one subject, one 10-mark subjective question.
 * Answers the joint exam and 示范中学's own exam of it.
 */
async function createJointExam(idempotencyKey: string, name: string, examDate: string) {
  const adminToken = await app.tokenOf('admin');
  const options = await app.api<{ schools: { schoolId: number; schoolName: string }[] }>(
    '/marking-main/joint/organiser_schools',
    { token: adminToken, body: {} },
  );
  const schoolIds = options.data.schools
    .filter((s) => s.schoolName === '示范中学' || s.schoolName === '实验中学')
    .map((s) => s.schoolId);
  expect(schoolIds).toHaveLength(2);
  const created = await app.api<{ id: number; schools: { examId: number | null }[] }>(
    '/marking-main/joint/create',
    {
      token: adminToken,
      body: {
        idempotencyKey,
        name,
        examType: '期中',
        examDate,
        gradeNum: 10,
        schoolIds,
        subjects: [{ subjectCode: '数学', subjectName: '数学', fullMarks: 10 }],
        schoolLabels: 'codes',
      },
    },
  );
  expect(created.code).toBe(200);
  const jointExamId = created.data.id;
  const saved = await app.api('/marking-main/joint/questions_save', {
    token: adminToken,
    body: {
      jointExamId,
      subjectCode: '数学',
      questions: [{ number: '1', kind: 'subjective', fullMarks: 10 }],
    },
  });
  expect(saved.code).toBe(200);
  const demoExamId = created.data.schools.find((s) => s.examId !== null)!.examId!;
  return { adminToken, jointExamId, demoExamId };
}

/**
 * The organiser signs in, opens the joint exam's edit page by the menu, chooses 统一阅卷 and starts
 * a block of question 1 in the form 新建统一阅卷题块.
 */
async function openPoolForm(name: string, block: string) {
  const admin = await app.signedIn('admin');
  await openExamMenu(admin, '联合考试');
  await admin.getByRole('button', { name: `编辑 ${name}`, exact: true }).click();
  await admin.getByRole('heading', { name: '联考阅卷' }).waitFor();
  await admin.getByLabel('阅卷方式').selectOption('pool');
  await admin.getByRole('button', { name: '保存阅卷方式' }).click();
  const form = admin.getByRole('form', { name: '新建统一阅卷题块' });
  await form.getByLabel('题块名称').fill(block);
  await form.getByRole('checkbox', { name: '第1题（10分）' }).check();
  return { admin, form };
}

/**
 * The organiser finishes the block and writes the scores into each school's exam; 示范中学's exam
 * is finished and its 年级成绩单 shows the student's final score.
 */
async function finishAndReport(
  admin: Page,
  { adminToken, demoExamId }: { adminToken: string; demoExamId: number },
  {
    name,
    block,
    studentName,
    score,
  }: { name: string; block: string; studentName: string; score: number },
) {
  await admin.reload();
  await admin.getByRole('button', { name: `结束阅卷：${block}` }).click();
  await admin.getByRole('button', { name: '将数学成绩写入各校' }).click();
  await admin.getByText('已将成绩写入各校的本校考试').waitFor();
  const finished = await app.api('/marking-main/exam/transition', {
    token: adminToken,
    body: { id: demoExamId, to: 'finished' },
  });
  expect(finished.code).toBe(200);
  const row = await transcriptRow(admin, name, studentName);
  await expect.poll(() => row.innerText()).toMatch(new RegExp(`\\b${score}\\b`));
}

/**
 * A paper of the first 示范中学 student enters the pool block (the organiser's call; each school's
 * scan hand-off does the same and is tested on the server, joint/poolSetup.test.ts), with a crop
 * from the demo data's scans.
 */
async function registerPaper(adminToken: string, jointExamId: number, demoExamId: number) {
  const list = await app.api<{ list: { blockId: number }[] }>('/marking-main/joint/pool/blocks', {
    token: adminToken,
    body: { jointExamId },
  });
  const blockId = list.data.list[0]!.blockId;
  const students = await app.api<{ studentId: number; name: string }[]>(
    '/marking-main/exam/students',
    { token: adminToken, body: { id: demoExamId } },
  );
  const student = students.data[0]!;
  const files = join(app.server.dataDir, 'files');
  const cropKey = `crops/joint-pool/${jointExamId}-${student.studentId}.png`;
  mkdirSync(dirname(join(files, cropKey)), { recursive: true });
  copyFileSync(firstPng(join(files, 'crops')), join(files, cropKey));
  const registered = await app.api('/marking-main/joint/pool/papers/register', {
    token: adminToken,
    body: { blockId, papers: [{ studentId: student.studentId, cropKey }] },
  });
  expect(registered.code).toBe(200);
  return { blockId, student };
}

/** 钱多校 teaches in both demo schools: signs in and chooses 实验中学. */
async function signInLabMulti() {
  const marker = await app.openLogin();
  await signIn(marker, 'multi');
  await marker
    .getByRole('region', { name: '请选择登录学校' })
    .getByRole('button', { name: '实验中学' })
    .click();
  await marker.getByRole('banner').waitFor();
  return marker;
}

/**
 * A marker opens a pool block from 网上阅卷 and gives the paper a score by keyboard, seeing none of
 * `hidden` (the student, the school) on the marking screen.
 */
async function markInPool(
  marker: Page,
  {
    blockId,
    block,
    score,
    hidden,
  }: { blockId: number; block: string; score: string; hidden: string[] },
  shot?: string,
) {
  // A 任课教师 holds no marking key: named on the pool block, they find 网上阅卷 in the menu.
  await openExamMenu(marker, '网上阅卷');
  await marker.getByRole('table', { name: '联考统一阅卷任务' }).waitFor();
  await marker.getByRole('link', { name: `进入统一阅卷：${block}`, exact: true }).click();
  await marker.waitForURL(`**/exam/marking/readPaper/${blockId}/pool/**`);
  await marker.getByRole('img', { name: '当前试卷' }).waitFor();
  const scoreBox = marker.getByLabel('本题得分（满分 10）');
  await expect.poll(() => scoreBox.evaluate((el) => el === document.activeElement)).toBe(true);
  const text = await marker.locator('body').innerText();
  for (const word of hidden) expect(text).not.toContain(word);
  if (shot) await screenshot(marker, shot);
  await marker.keyboard.type(score);
  await marker.keyboard.press('Enter');
  await marker.getByText('本次已评 1 份').waitFor();
  // The score reached the server (the outbox holds nothing).
  await expect.poll(() => marker.getByRole('status').first().innerText()).not.toContain('正在提交');
}

/** 考试管理 → the exam list → 查看报告 → 年级报告 → 成绩单: the student's row. */
async function transcriptRow(admin: Page, name: string, studentName: string) {
  await admin
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('link', { name: /考试管理/ })
    .click();
  await admin.getByRole('button', { name: `查看报告 ${name}`, exact: true }).click();
  await admin
    .getByRole('dialog', { name: `查看报告 · ${name}` })
    .getByRole('link', { name: '年级报告' })
    .click();
  await admin.getByRole('tab', { name: '成绩单' }).click();
  const transcript = admin.getByRole('table', { name: '年级成绩单' });
  await transcript.waitFor();
  return transcript.locator('tbody tr', { hasText: studentName }).first();
}

describe('统一阅卷 in the browser', () => {
  it('the organiser names markers of two schools, a teacher of the other school marks a paper, the first school sees the score', async () => {
    const exam = await createJointExam('e2e-joint-pool-1', NAME, '2026-11-12');
    const { adminToken, jointExamId, demoExamId } = exam;

    // The organiser chooses 统一阅卷 and sets up a pool block by clicks, naming a marker of each
    // school from the roster.
    const { admin, form } = await openPoolForm(NAME, BLOCK);
    await form.getByLabel('查找阅卷老师').fill('钱多校');
    await form.getByRole('checkbox', { name: '阅卷老师：钱多校（实验中学）' }).check();
    await form.getByLabel('查找阅卷老师').fill('王阅卷');
    await form.getByRole('checkbox', { name: '阅卷老师：王阅卷（示范中学）' }).check();
    await form.getByRole('button', { name: '保存题块' }).click();
    const blocks = admin.getByRole('table', { name: '统一阅卷题块' });
    await blocks.getByText('钱多校（实验中学）').waitFor();
    expect(await blocks.locator('tbody tr').first().innerText()).toContain('王阅卷（示范中学）');
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'joint-pool-setup');

    const { blockId, student } = await registerPaper(adminToken, jointExamId, demoExamId);
    await admin.getByRole('button', { name: `开始阅卷：${BLOCK}` }).click();
    await blocks.getByText('阅卷中').waitFor();

    // 钱多校 of 实验中学 finds the pool block in 网上阅卷 and marks the paper by keyboard,
    // seeing neither the student nor the school.
    const marker = await signInLabMulti();
    await markInPool(
      marker,
      { blockId, block: BLOCK, score: '7', hidden: [student.name, '示范中学'] },
      'joint-pool-marking',
    );
    await marker.getByText('暂无可评试卷').waitFor();

    // The organiser finishes the block and writes the scores; 示范中学's own report shows the score
    // the other school's teacher gave.
    await finishAndReport(admin, exam, {
      name: NAME,
      block: BLOCK,
      studentName: student.name,
      score: 7,
    });
    await screenshot(admin, 'joint-pool-report');
  }, 300_000);

  it('a 双评 block set up by clicks: two markers differ beyond the 误差, an arbitrator of the other school decides, the 组长 changes the score, the school sees it', async () => {
    const exam = await createJointExam('e2e-joint-pool-2', NAME2, '2026-11-19');
    const { adminToken, jointExamId, demoExamId } = exam;

    // 双评 with 误差 2 分, two 仲裁老师 (one of each school) and two 组长, ticked in the schools'
    // tables of the roster.
    const { admin, form } = await openPoolForm(NAME2, BLOCK2);
    await form.getByLabel('评阅方式').selectOption({ label: '双评' });
    await form.getByLabel(/误差/).fill('2');
    await form.getByRole('checkbox', { name: '阅卷老师：王阅卷（示范中学）' }).check();
    await form.getByRole('checkbox', { name: '阅卷老师：钱多校（实验中学）' }).check();
    await form.getByRole('checkbox', { name: '仲裁老师：实验管理员（实验中学）' }).check();
    await form.getByRole('checkbox', { name: '仲裁老师：孙校长（示范中学）' }).check();
    await form.getByRole('checkbox', { name: '组长：李老师（示范中学）' }).check();
    await form.getByRole('checkbox', { name: '组长：吴年级主任（示范中学）' }).check();
    await form.getByText('已选阅卷老师 2 位，仲裁老师 2 位').waitFor();
    await screenshot(admin, 'joint-pool-double-form');
    await form.getByRole('button', { name: '保存题块' }).click();
    const blocks = admin.getByRole('table', { name: '统一阅卷题块' });
    const blockRow = blocks.locator('tbody tr', { hasText: BLOCK2 });
    await blockRow.waitFor();
    const rowText = await blockRow.innerText();
    for (const shown of [
      '双评（误差 2 分）',
      '王阅卷（示范中学）',
      '钱多校（实验中学）',
      '实验管理员（实验中学）',
      '孙校长（示范中学）',
      '李老师（示范中学）',
      '吴年级主任（示范中学）',
    ])
      expect(rowText).toContain(shown);
    const stored = await app.api<{
      list: { mode: string; tolerance: number; arbitrators: unknown[]; leaders: unknown[] }[];
    }>('/marking-main/joint/pool/blocks', { token: adminToken, body: { jointExamId } });
    expect(stored.data.list).toEqual([expect.objectContaining({ mode: 'double', tolerance: 2 })]);
    expect(stored.data.list[0]!.arbitrators).toHaveLength(2);
    expect(stored.data.list[0]!.leaders).toHaveLength(2);
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'joint-pool-double');

    const { blockId, student } = await registerPaper(adminToken, jointExamId, demoExamId);
    await admin.getByRole('button', { name: `开始阅卷：${BLOCK2}` }).click();
    await blockRow.getByText('阅卷中').waitFor();

    // 王阅卷 of 示范中学 gives 3, 钱多校 of 实验中学 gives 9: 6 points apart, beyond the 误差.
    const grader = await app.signedIn('grader');
    await markInPool(grader, { blockId, block: BLOCK2, score: '3', hidden: [student.name] });
    const multi = await signInLabMulti();
    await markInPool(multi, {
      blockId,
      block: BLOCK2,
      score: '9',
      hidden: [student.name, '示范中学'],
    });

    // 实验管理员 of 实验中学, an arbitrator, finds 仲裁 in 网上阅卷, sees both marks and decides 6.
    const arbiter = await app.signedIn('lab-admin');
    await openExamMenu(arbiter, '网上阅卷');
    await arbiter.getByRole('table', { name: '联考统一阅卷任务' }).waitFor();
    await arbiter.getByRole('link', { name: `统一阅卷仲裁：${BLOCK2}`, exact: true }).click();
    await arbiter.waitForURL(`**/exam/marking/readPaper/${blockId}/pool/1/1/0`);
    const marks = arbiter.getByRole('region', { name: '已有评分' });
    await marks.waitFor();
    expect(await marks.innerText()).toMatch(
      /一评：3 分[\s\S]*二评：9 分|一评：9 分[\s\S]*二评：3 分/,
    );
    expect(await arbiter.locator('body').innerText()).not.toContain(student.name);
    await screenshot(arbiter, 'joint-pool-arbitration');
    const scoreBox = arbiter.getByLabel('本题得分（满分 10）');
    await expect.poll(() => scoreBox.evaluate((el) => el === document.activeElement)).toBe(true);
    await arbiter.keyboard.type('6');
    await arbiter.keyboard.press('Enter');
    await arbiter.getByText('暂无待仲裁试卷').waitFor();

    // 李老师 (a 任课教师 of 示范中学), a 组长, opens 问题卷与改分 from 网上阅卷: the paper's marks name
    // her own school's marker and show the other school's as 外校阅卷老师, never the student; she
    // changes the score to 8 with a reason.
    const lead = await app.signedIn('teacher');
    await openExamMenu(lead, '网上阅卷');
    await lead.getByRole('table', { name: '联考统一阅卷任务' }).waitFor();
    await lead.getByRole('link', { name: `问题卷与改分：${BLOCK2}`, exact: true }).click();
    await lead.getByRole('heading', { name: '组长改分' }).waitFor();
    const card = lead.getByRole('article').first();
    const record = card.getByRole('table', { name: /的评分记录$/ });
    await record.waitFor();
    const recordText = await record.innerText();
    expect(recordText).toContain('王阅卷');
    expect(recordText).toContain('外校阅卷老师');
    expect(await card.innerText()).toContain('最终得分：6');
    const body = await lead.locator('body').innerText();
    expect(body).not.toContain(student.name);
    expect(body).not.toContain('钱多校');
    expect(body).not.toContain('实验管理员');
    await card.getByLabel(/^改分：试卷/).fill('8');
    await card.getByLabel(/^改分原因：试卷/).fill('第1问步骤分漏给');
    await card.getByRole('button', { name: '确认改分' }).click();
    await lead.getByText('已改为 8 分').waitFor();
    await expect.poll(() => card.innerText()).toContain('最终得分：8');
    expect(await axeViolations(lead)).toEqual([]);
    await screenshot(lead, 'joint-pool-leader');

    // The organiser finishes the block and writes the scores; 示范中学's own report shows 8.
    await finishAndReport(admin, exam, {
      name: NAME2,
      block: BLOCK2,
      studentName: student.name,
      score: 8,
    });
    await screenshot(admin, 'joint-pool-double-report');
  }, 600_000);
});
