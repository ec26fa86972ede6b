import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { axeViolations, openExamMenu, signIn } from './support/app';
import { browserSuite } from './support/suite';

const app = browserSuite();

const NAME = '2026学年高一统一阅卷联考';
const BLOCK = '第1题';

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

describe('统一阅卷 in the browser', () => {
  it('the organiser names markers of two schools, a teacher of the other school marks a paper, the first school sees the score', async () => {
    // 示范中学 (a lead school) organises a joint exam of the two demo schools through the API
    // (creating one by clicks is joint-exam.e2e.ts): one subject, one 10-mark subjective question.
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
          idempotencyKey: 'e2e-joint-pool-1',
          name: NAME,
          examType: '期中',
          examDate: '2026-11-12',
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

    // The organiser chooses 统一阅卷 and sets up a pool block by clicks, naming a marker of each
    // school from the roster.
    const admin = await app.signedIn('admin');
    await openExamMenu(admin, '联合考试');
    await admin.getByRole('button', { name: `编辑 ${NAME}` }).click();
    await admin.getByRole('heading', { name: '联考阅卷' }).waitFor();
    await admin.getByLabel('阅卷方式').selectOption('pool');
    await admin.getByRole('button', { name: '保存阅卷方式' }).click();
    const form = admin.getByRole('form', { name: '新建统一阅卷题块' });
    await form.waitFor();
    await form.getByLabel('题块名称').fill(BLOCK);
    await form.getByRole('checkbox', { name: '第1题（10分）' }).check();
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

    // A paper of a 示范中学 student enters the pool (the organiser's call; each school's scan
    // hand-off does the same and is tested on the server, joint/poolSetup.test.ts), with a crop
    // from the demo data's scans.
    const list = await app.api<{ list: { blockId: number }[] }>('/marking-main/joint/pool/blocks', {
      token: adminToken,
      body: { jointExamId },
    });
    const blockId = list.data.list[0]!.blockId;
    const demoExamId = created.data.schools.find((s) => s.examId !== null)!.examId!;
    const students = await app.api<{ studentId: number; name: string }[]>(
      '/marking-main/exam/students',
      { token: adminToken, body: { id: demoExamId } },
    );
    const student = students.data[0]!;
    const files = join(app.server.dataDir, 'files');
    const cropKey = `crops/joint-pool/${student.studentId}.png`;
    mkdirSync(dirname(join(files, cropKey)), { recursive: true });
    copyFileSync(firstPng(join(files, 'crops')), join(files, cropKey));
    const registered = await app.api('/marking-main/joint/pool/papers/register', {
      token: adminToken,
      body: { blockId, papers: [{ studentId: student.studentId, cropKey }] },
    });
    expect(registered.code).toBe(200);
    await admin.getByRole('button', { name: `开始阅卷：${BLOCK}` }).click();
    await blocks.getByText('阅卷中').waitFor();

    // 钱多校 of 实验中学 finds the pool block in 网上阅卷 and marks the paper by keyboard,
    // seeing neither the student nor the school.
    const marker = await app.openLogin();
    await signIn(marker, 'multi');
    await marker
      .getByRole('region', { name: '请选择登录学校' })
      .getByRole('button', { name: '实验中学' })
      .click();
    await marker.getByRole('banner').waitFor();
    // A 任课教师 holds no marking key: named on the pool block, they find 网上阅卷 in the menu.
    await openExamMenu(marker, '网上阅卷');
    await marker.getByRole('table', { name: '联考统一阅卷任务' }).waitFor();
    await marker.getByRole('link', { name: `进入统一阅卷：${BLOCK}` }).click();
    await marker.waitForURL(`**/exam/marking/readPaper/${blockId}/pool/**`);
    await marker.getByRole('img', { name: '当前试卷' }).waitFor();
    const scoreBox = marker.getByLabel('本题得分（满分 10）');
    await expect.poll(() => scoreBox.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await marker.locator('body').innerText()).not.toContain(student.name);
    expect(await marker.locator('body').innerText()).not.toContain('示范中学');
    await screenshot(marker, 'joint-pool-marking');
    await marker.keyboard.type('7');
    await marker.keyboard.press('Enter');
    await marker.getByText('本次已评 1 份').waitFor();
    await marker.getByText('暂无可评试卷').waitFor();
    // The score reached the server (the outbox holds nothing).
    await expect
      .poll(() => marker.getByRole('status').first().innerText())
      .not.toContain('正在提交');

    // The organiser finishes the block and writes the scores into each school's exam.
    await admin.reload();
    await admin.getByRole('button', { name: `结束阅卷：${BLOCK}` }).click();
    await admin.getByRole('button', { name: '将数学成绩写入各校' }).click();
    await admin.getByText('已将成绩写入各校的本校考试').waitFor();

    // 示范中学's own report shows the score the other school's teacher gave.
    const finished = await app.api('/marking-main/exam/transition', {
      token: adminToken,
      body: { id: demoExamId, to: 'finished' },
    });
    expect(finished.code).toBe(200);
    // 考试管理 → the exam list → 查看报告 → 年级报告 → 成绩单
    await admin
      .getByRole('navigation', { name: '主菜单' })
      .getByRole('link', { name: /考试管理/ })
      .click();
    await admin.getByRole('button', { name: `查看报告 ${NAME}` }).click();
    await admin
      .getByRole('dialog', { name: `查看报告 · ${NAME}` })
      .getByRole('link', { name: '年级报告' })
      .click();
    await admin.getByRole('tab', { name: '成绩单' }).click();
    const transcript = admin.getByRole('table', { name: '年级成绩单' });
    await transcript.waitFor();
    const row = transcript.locator('tbody tr', { hasText: student.name });
    await expect.poll(() => row.first().innerText()).toMatch(/\b7\b/);
    await screenshot(admin, 'joint-pool-report');
  });
});
