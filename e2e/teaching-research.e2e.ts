import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { axeViolations, openMenu } from './support/app';
import { browserSuite } from './support/suite';

const app = browserSuite();

const MIDTERM = '2026学年第一学期高一期中考试';

/** The demo 期中 published, so every role reads its report. */
async function publishMidterm() {
  const token = await app.tokenOf('director');
  const list = await app.api<{ list: { id: number; name: string }[] }>('/marking-main/exam/list', {
    token,
    body: { pageSize: 100 },
  });
  const midterm = list.data.list.find((e) => e.name === MIDTERM)!;
  const moved = await app.api('/marking-main/exam/transition', {
    token,
    body: { id: midterm.id, to: 'published' },
  });
  expect(moved.code).toBe(200);
}

/** A 作文 of 高一 语文 assigned by the 教务主任 to 高一(1)班 (the demo has none). */
async function assignComposition() {
  const token = await app.tokenOf('director');
  const options = await app.api<
    {
      gradeName: string;
      subjectName: string;
      gradeId: number;
      subjectId: number;
      targets: { kind: string; id: number; name: string }[];
    }[]
  >('/marking-homework/homework/school-base/options', { token, body: {} });
  const pair = options.data.find((o) => o.gradeName === '高一' && o.subjectName === '语文')!;
  const made = await app.api<{ id: number }>('/marking-homework/homework/composition/create', {
    token,
    body: {
      name: '我的家乡',
      gradeId: pair.gradeId,
      subjectId: pair.subjectId,
      prompt: '以“我的家乡”为题，写一篇记叙文。',
      genre: '记叙文',
      minWords: 600,
      rubric: { content: 25, structure: 15, language: 15, writing: 5 },
      estimatedMinutes: 40,
      idempotencyKey: 'e2e-datav-composition',
    },
  });
  expect(made.code).toBe(200);
  const assigned = await app.api('/marking-homework/homework/school-base/assign', {
    token,
    body: {
      id: made.data.id,
      classIds: [pair.targets.find((t) => t.name === '高一(1)班')!.id],
      teachingClassIds: [],
      dueAt: Date.now() + 86_400_000,
      estimatedMinutes: 40,
      confirmOverLimit: true,
    },
  });
  expect(assigned.code).toBe(200);
}

describe('教研中心 in the browser', () => {
  it('a principal opens 师生学情 by clicks and the 数据大屏 fills a 1920×1080 screen', async () => {
    await publishMidterm();
    const page = await app.signedIn('principal');
    const guide = page.getByRole('button', { name: '知道了' });
    if (await guide.count()) await guide.click();

    // 师生学情·学生学情: who needs attention, then one student's record and wrong questions
    await openMenu(page, '教研中心', '师生学情');
    await page.waitForURL('**/teach-research/study/student');
    const attention = page.getByRole('table', { name: '需要关注的学生' });
    await attention.waitFor();
    expect(await attention.getByRole('cell', { name: /^低于20%$/ }).count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'research-study-student');
    await attention
      .getByRole('link', { name: /^查看.+的学情$/ })
      .first()
      .click();
    await page.waitForURL('**/teach-research/study/student/detail?*');
    await page.getByRole('heading', { name: '学生学情详情', level: 1 }).waitFor();
    await page
      .getByRole('table', { name: '各次考试成绩' })
      .getByRole('cell', { name: MIDTERM })
      .waitFor();
    await page.getByRole('link', { name: '查看错题' }).click();
    await page.waitForURL('**/teach-research/study/student/wrong?*');
    await page.getByRole('table', { name: '错题列表' }).or(page.getByText('没有错题')).waitFor();

    // 教师学情: the grade's teachers, then one teacher's detail
    await page
      .getByRole('navigation', { name: '师生学情' })
      .getByRole('link', { name: '教师学情' })
      .click();
    await page.waitForURL('**/teach-research/study/teacher');
    const classes = page.getByRole('table', { name: '各教师任教班级成绩' });
    await classes
      .getByRole('cell', { name: /^\d+\.\d（[+-]\d+\.\d，第\d+\/\d+名）$/ })
      .first()
      .waitFor();
    expect(await axeViolations(page, ['[data-chart]'])).toEqual([]);
    await screenshot(page, 'research-study-teacher');
    await page
      .getByRole('table', { name: '各教师阅卷' })
      .getByRole('link', { name: /^查看.+的详情$/ })
      .first()
      .click();
    await page.waitForURL('**/teach-research/study/teacher/detail?*');
    await page.getByRole('table', { name: '任教班级成绩' }).waitFor();

    // 数据大屏: full screen on a 1920×1080 screen, without header or footer
    await assignComposition();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await openMenu(page, '教研中心', '数据大屏');
    await page.waitForURL('**/teach-research/datav');
    await page.getByRole('heading', { name: /数据大屏$/, level: 1 }).waitFor();
    const card = page.getByRole('article', { name: `高一${MIDTERM}` });
    await card.getByRole('list', { name: '各班均分排名' }).waitFor();
    // the 校长 (no 校本作业 key) sees the school's homework, and the 作文 beside it
    await page.getByRole('table', { name: '高一各班校本作业' }).waitFor();
    const essays = page.getByRole('table', { name: '高一各班作文' });
    expect(await essays.getByRole('row', { name: /^高一\(1\)班 1 / }).count()).toBe(1);
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    // the layout's content area and the screen in it both fill the window, from the very edge
    for (const part of [page.getByRole('main'), page.getByRole('region', { name: '数据大屏' })]) {
      const box = await part.boundingBox();
      expect([box?.x, box?.y, box?.width]).toEqual([0, 0, 1920]);
      expect(box?.height).toBeGreaterThanOrEqual(1080);
    }
    // nothing runs off the side, and the text is large enough to read across a room
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1920);
    const size = await page
      .getByRole('list', { name: '学校概况' })
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(24);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'datav-1920x1080');
    await page.context().close();
  }, 300_000);
  it('波动趋势 follows the school’s 波动设置: more students listed once it is lowered', async () => {
    const page = await app.signedIn('admin');
    const guide = page.getByRole('button', { name: '知道了' });
    if (await guide.count()) await guide.click();
    const swingPicker = page.getByLabel('波动幅度');
    const students = page.getByRole('region', { name: '波动学生' });
    const listed = async () => {
      await students
        .getByRole('table', { name: '成绩波动的学生' })
        .or(students.getByText('没有成绩波动的学生'))
        .waitFor();
      return students.getByRole('link', { name: /^查看.+的学情$/ }).count();
    };

    // by default: grade rank changes of the total, as many places as the school's setting (50)
    await openMenu(page, '教研中心', '波动趋势');
    await page.waitForURL('**/teach-research/fluctuation-trend');
    await page.getByText(/默认取学校的波动设置：50名/).waitFor();
    expect(await swingPicker.inputValue()).toBe('50');
    const before = await listed();
    // a subject instead of the total, by percentile: the explanation and the table follow
    await page.getByLabel('科目').selectOption({ label: '数学' });
    await page.getByLabel('波动依据').selectOption({ label: '百分位变化' });
    await page.getByText(/按数学百分位比较/).waitFor();
    await listed();
    expect(await axeViolations(page, ['[data-chart]'])).toEqual([]);
    await screenshot(page, 'research-fluctuation-subject');
    // 分数波动: the score rate of 数学, by the school's setting (10 % of the full marks)
    await page.getByLabel('波动依据').selectOption({ label: '分数波动' });
    await page.getByText(/按数学得分率.*分数波动10%/).waitFor();
    expect(await swingPicker.inputValue()).toBe('10');
    const scoreBefore = await listed();

    // 系统管理 → 参数设置 → 波动设置: 名次波动 lowered to 5 places, 分数波动 to 2 %
    // 系统管理 is the header's own button (spec 000 §2), then its menu's 参数设置
    await page.getByRole('banner').getByRole('button', { name: '系统管理', exact: true }).click();
    await page.waitForURL('**/system/**');
    await page
      .getByRole('navigation', { name: '系统管理菜单' })
      .getByRole('link', { name: '参数设置' })
      .click();
    await page
      .getByRole('navigation', { name: '参数设置' })
      .getByRole('link', { name: '波动设置' })
      .click();
    await page.waitForURL('**/system/parm/undulate');
    const field = page.getByLabel('名次波动（名）');
    await field.fill('5');
    await page.getByLabel('分数波动（%）').fill('2');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('保存成功').first().waitFor();

    // back on 波动趋势: the default swing is now 5 places, and more students are listed
    await openMenu(page, '教研中心', '波动趋势');
    await page.waitForURL('**/teach-research/fluctuation-trend');
    await page.getByText(/默认取学校的波动设置：5名/).waitFor();
    expect(await swingPicker.inputValue()).toBe('5');
    const after = await listed();
    expect(after).toBeGreaterThan(before);
    await screenshot(page, 'research-fluctuation-setting');
    // 分数波动 of 数学 now counts 2 percentage points: more students swing
    await page.getByLabel('科目').selectOption({ label: '数学' });
    await page.getByLabel('波动依据').selectOption({ label: '分数波动' });
    await page.getByText(/按数学得分率.*分数波动2%/).waitFor();
    expect(await swingPicker.inputValue()).toBe('2');
    expect(await listed()).toBeGreaterThan(scoreBefore);
    await screenshot(page, 'research-fluctuation-score');
    await page.context().close();
  }, 300_000);
});
