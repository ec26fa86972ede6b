import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { axeViolations, openExamMenu } from './support/app';
import { browserSuite } from './support/suite';

const app = browserSuite();

/** Signed in, watching for page errors and failed exam-tool calls. */
async function watched(login: string): Promise<{ page: Page; problems: string[] }> {
  const page = await app.signedIn(login);
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', async (res) => {
    if (!res.url().includes('/marking-main/exam/tool/')) return;
    const body = (await res.json().catch(() => null)) as { code?: number; message?: string } | null;
    if (res.status() >= 400 || body?.code !== 200)
      problems.push(`${res.url()} ${res.status()} ${body?.message ?? ''}`);
  });
  return { page, problems };
}

/** Admin on /exam/tool. */
async function onExamTool(): Promise<{ page: Page; problems: string[] }> {
  const { page, problems } = await watched('admin');
  await openExamMenu(page, '考试工具');
  await page.getByRole('heading', { name: '考试工具', level: 1 }).waitFor();
  return { page, problems };
}

const cellsOf = (page: Page, table: string) =>
  page
    .getByRole('table', { name: table })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent?.trim() ?? '')),
    );

describe('exam tool in the browser', () => {
  it('makes a quick score sheet for a class, enters scores and shows the result', async () => {
    const { page, problems } = await onExamTool();
    await page
      .getByRole('navigation', { name: '考试工具' })
      .getByRole('link', { name: '成绩表' })
      .click();
    await page.getByRole('heading', { name: '成绩表列表' }).waitFor();
    await page.getByText('暂无成绩表').waitFor();
    await page.getByRole('link', { name: '新建成绩表' }).click();

    const form = page.getByRole('form', { name: '成绩表信息' });
    await form.getByLabel('成绩表名称').fill('高一(1)班语数周测');
    await form.getByLabel('年级').selectOption({ label: '高一' });
    await form.getByRole('checkbox', { name: '高一(1)班' }).check();
    await form.getByLabel('第 1 个学科名称').fill('语文');
    await form.getByRole('button', { name: '添加一行学科' }).click();
    await form.getByLabel('第 2 个学科名称').fill('数学');
    await form.getByLabel('第 2 个学科满分').fill('120');
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: '创建成绩表' }).click();

    await page.getByRole('heading', { name: '高一(1)班语数周测' }).waitFor();
    const grid = page.getByRole('table', { name: '成绩录入' });
    const inputs = grid.getByRole('textbox');
    expect(await inputs.count()).toBe(100);
    const names = await grid.locator('tbody tr td:nth-child(2)').allInnerTexts();
    const scores: [number, number][] = [
      [95, 110],
      [80, 90],
      [55, 60],
    ];
    for (const [i, [chinese, math]] of scores.entries()) {
      await grid.getByLabel(`${names[i]} 语文`).fill(String(chinese));
      await grid.getByLabel(`${names[i]} 数学`).fill(String(math));
    }
    await page.getByRole('button', { name: '保存成绩（6）' }).click();
    await page.getByRole('button', { name: '保存成绩', exact: true }).waitFor();
    expect(await grid.getByLabel(`${names[0]} 数学`).inputValue()).toBe('110');
    await screenshot(page, 'exam-tool-sheet-detail');

    await page.getByRole('link', { name: '查看结果' }).click();
    const stats = page.getByRole('table', { name: '整体与各班统计' });
    await stats.waitFor();
    const rows = await cellsOf(page, '整体与各班统计');
    // 全部班级 总分: 3 students, totals 205, 170, 115 → mean 163.33; 及格 of 220 at 60 % = 132.
    expect(rows[0]!.slice(0, 7)).toEqual(['全部班级', '总分', '220', '3', '163.33', '205', '115']);
    expect(rows[0]![9]).toBe('66.67%');
    const ranking = await cellsOf(page, '学生排名');
    expect(ranking.slice(0, 3).map((r) => [r[0], r[2], r[4]])).toEqual([
      ['1', names[0], '205'],
      ['2', names[1], '170'],
      ['3', names[2], '115'],
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'exam-tool-sheet-result');

    await page.getByRole('link', { name: names[1]! }).click();
    const student = page.getByRole('table', { name: '学生成绩' });
    await student.waitFor();
    const own = await cellsOf(page, '学生成绩');
    expect(own.map((r) => r.slice(0, 5))).toEqual([
      ['总分', '170', '良好', '2', '2'],
      ['语文', '80', '良好', '2', '2'],
      ['数学', '90', '良好', '2', '2'],
    ]);
    expect(problems).toEqual([]);
  });

  it('sets an entry task on that sheet in three steps and shows its progress', async () => {
    const { page, problems } = await onExamTool();
    await page
      .getByRole('navigation', { name: '考试工具' })
      .getByRole('link', { name: '录入任务' })
      .click();
    await page.getByRole('heading', { name: '任务列表' }).waitFor();
    await page.getByRole('link', { name: '新建任务' }).click();

    const form = page.getByRole('form', { name: '任务信息' });
    await form.getByLabel('任务名称').fill('周测成绩录入');
    await form.getByLabel('截止日期').fill('2026-12-01');
    await form.getByLabel('成绩表').selectOption({ label: '高一(1)班语数周测（高一）' });
    await form.getByRole('button', { name: '下一步：分配教师' }).click();

    const teachers = page.getByRole('table', { name: '录入教师' });
    await teachers.waitFor();
    // Prefilled with who teaches each subject in the class.
    const chinese = teachers.getByLabel('高一(1)班 语文 录入教师');
    await page.waitForFunction(
      () =>
        (
          document.querySelector(
            'select[aria-label="高一(1)班 语文 录入教师"]',
          ) as HTMLSelectElement
        )?.value !== '',
    );
    const chineseTeacher = await chinese.evaluate(
      (el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '',
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: '下一步：确认' }).click();

    const summary = page.getByRole('table', { name: '任务分工' });
    await summary.waitFor();
    expect((await cellsOf(page, '任务分工'))[0]).toEqual(['高一(1)班', '语文', chineseTeacher]);
    await page.getByRole('button', { name: '创建任务' }).click();

    await page.getByRole('heading', { name: '周测成绩录入' }).waitFor();
    const parts = await (async () => {
      await page.getByRole('table', { name: '任务分工与进度' }).waitFor();
      return cellsOf(page, '任务分工与进度');
    })();
    // The first test entered three students of 50 in each subject.
    expect(parts.map((r) => [r[0], r[1], r[3], r[4]])).toEqual([
      ['高一(1)班', '语文', '3 / 50', '未完成'],
      ['高一(1)班', '数学', '3 / 50', '未完成'],
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'exam-tool-task-progress');
    expect(problems).toEqual([]);
  });

  it('a teacher named on the task reaches it from the menus and enters their part', async () => {
    const { page, problems } = await watched('teacher');
    await openExamMenu(page, '考试工具');
    await page
      .getByRole('navigation', { name: '考试工具' })
      .getByRole('link', { name: '录入任务' })
      .click();
    await page.getByRole('link', { name: '查看进度：周测成绩录入' }).click();
    await page.getByRole('heading', { name: '周测成绩录入' }).waitFor();
    await page.getByRole('table', { name: '任务分工与进度' }).waitFor();
    // Only the teacher's own part (高一(1)班 数学, 李老师), three of fifty entered by the admin.
    const mine = await cellsOf(page, '任务分工与进度');
    expect(mine.map((r) => [r[0], r[1], r[2], r[3]])).toEqual([
      ['高一(1)班', '数学', '李老师', '3 / 50'],
    ]);
    await page.getByRole('link', { name: '去录入成绩' }).click();
    const grid = page.getByRole('table', { name: '成绩录入' });
    await grid.waitFor();
    // 数学 of 高一(1)班 only: 语文 is another teacher's.
    expect(await grid.getByRole('textbox').count()).toBe(50);
    const fourth = (await grid.locator('tbody tr td:nth-child(2)').allInnerTexts())[3]!;
    await grid.getByLabel(`${fourth} 数学`).fill('99');
    await page.getByRole('button', { name: '保存成绩（1）' }).click();
    await page.getByRole('button', { name: '保存成绩', exact: true }).waitFor();
    await screenshot(page, 'exam-tool-teacher-entry');

    await page.goBack();
    await page.getByRole('table', { name: '任务分工与进度' }).waitFor();
    await page.getByText('4 / 50').waitFor();
    // 分班 changes the roster: a teacher is not offered a new plan.
    await openExamMenu(page, '考试工具');
    await page.getByRole('link', { name: '分班', exact: true }).click();
    await page.getByRole('heading', { name: '分班列表' }).waitFor();
    expect(await page.getByRole('link', { name: '新建分班' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('assigns 高一 into its four classes by the mid-term totals, shows the balance and applies it', async () => {
    const { page, problems } = await onExamTool();
    await page
      .getByRole('navigation', { name: '考试工具' })
      .getByRole('link', { name: '分班' })
      .click();
    await page.getByRole('heading', { name: '分班列表' }).waitFor();
    await page.getByRole('link', { name: '新建分班' }).click();

    const form = page.getByRole('form', { name: '分班设置' });
    await form.getByLabel('方案名称').fill('高一重新分班');
    await form.getByLabel('年级').selectOption({ label: '高一' });
    await form.getByRole('checkbox', { name: '全选' }).check();
    await form.getByLabel('成绩依据').selectOption({ label: '2026学年第一学期高一期中考试' });
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: '下一步：预览分班' }).click();

    await page.getByRole('heading', { name: '新建分班（第二步：预览）' }).waitFor();
    const balance = page.getByRole('table', { name: '各班均衡情况' });
    await balance.waitFor();
    const preview = await cellsOf(page, '各班均衡情况');
    expect(preview.map((r) => r[0])).toEqual(['高一(1)班', '高一(2)班', '高一(3)班', '高一(4)班']);
    expect(preview.map((r) => r[1])).toEqual(['50', '50', '50', '50']);
    // Sexes balanced: 25 and 25 in each class (the demo alternates them).
    expect(preview.map((r) => [r[4], r[5]])).toEqual(Array(4).fill(['25', '25']));
    const means = preview.map((r) => Number(r[2]));
    expect(Math.max(...means) - Math.min(...means)).toBeLessThan(1);
    const status = await page.getByRole('status').filter({ hasText: '各班人数相差' }).innerText();
    expect(status).toMatch(/各班人数相差 0 人，平均分最大相差 [\d.]+ 分/);
    await screenshot(page, 'exam-tool-assign-preview');

    await page.getByRole('button', { name: '保存分班方案' }).click();
    await page.getByRole('heading', { name: '高一重新分班：班级详情' }).waitFor();
    expect(await page.getByText('未应用').first().isVisible()).toBe(true);
    await page.getByRole('button', { name: '应用到学生名单' }).click();
    const dialog = page.getByRole('alertdialog', { name: '应用分班' });
    await dialog.getByRole('button', { name: '确定应用' }).click();
    const done = page.getByRole('status').filter({ hasText: '已应用' });
    await done.waitFor();
    const moved = Number(/调整 (\d+) 名学生/.exec(await done.innerText())?.[1]);
    expect(moved).toBeGreaterThan(0);
    await page.getByRole('button', { name: '撤销分班' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'exam-tool-assign-applied');

    // The roster now holds the plan: each class of 高一 has the students the page listed.
    const token = await app.tokenOf('admin');
    const firstClass = await cellsOf(page, '高一(1)班学生');
    const roster = await app.api<{ list: { studentNo: string; className: string }[] }>(
      '/marking-user/user/student/get_stu',
      { token, body: { pageNum: 1, pageSize: 200, keyWord: firstClass[0]![0] } },
    );
    expect(roster.data.list.map((s) => s.className)).toEqual(['高一(1)班']);

    await page.getByRole('link', { name: '排名详情' }).click();
    const ranks = await (async () => {
      await page.getByRole('table', { name: '学生排名与分班' }).waitFor();
      return cellsOf(page, '学生排名与分班');
    })();
    expect(ranks).toHaveLength(200);
    expect(ranks[0]![0]).toBe('1');

    await page.getByRole('link', { name: '分班记录' }).click();
    const records = await (async () => {
      await page.getByRole('table', { name: '分班记录' }).waitFor();
      return cellsOf(page, '分班记录');
    })();
    expect(records.map((r) => [r[1], r[3], r[4]])).toEqual([
      ['高一重新分班', '应用', String(moved)],
    ]);
    expect(problems).toEqual([]);
  });
});
