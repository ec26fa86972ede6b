import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import {
  axeViolations,
  dismissGuide,
  openStudentStudy,
  openWeakKnowledgePoints,
  publishReport,
} from './support/app';
import { browserSuite } from './support/suite';

const app = browserSuite();

/** The demo's three scored 高一 exams, oldest first (server/src/seed/seedExam.ts, seedStudy.ts). */
const EXAMS = ['2026学年高一九月月测', '2026学年高一十月月测', '2026学年第一学期高一期中考试'];
/** The demo homework of 高一(1)班, oldest first: two handed in by its first student (seedStudy.ts, seedHomeworkOnline.ts). */
const HOMEWORK = [
  { name: '指数函数练习', score: /^17(\.0+)?\/20$/, rate: '85.0%' },
  { name: '函数的奇偶性练习（在线作答）', score: /^18(\.0+)?\/20$/, rate: '90.0%' },
  // the demo's other assigned homework, not handed in
  { name: '函数的单调性练习', score: /^未提交$/, rate: '—' },
];

describe('issue #19 acceptance in the browser, by clicks only', () => {
  it('a 班主任 follows one student across three exams and two homeworks in 学生学情', async () => {
    const admin = await app.signedIn('admin');
    await dismissGuide(admin);
    for (const name of EXAMS) await publishReport(admin, name);
    await admin.context().close();

    const page = await app.signedIn('head');
    const student = await openStudentStudy(page);
    // The class's first student (the picker's first), who handed in both homeworks.
    const options = await student.locator('option').allInnerTexts();
    await student.selectOption({ label: options[0]! });

    const exams = page.getByRole('table', { name: '各次考试成绩' });
    await exams.getByRole('cell', { name: EXAMS[2]! }).waitFor();
    const examRows = exams.locator('tbody tr');
    expect(await examRows.count()).toBe(3);
    for (const [i, name] of EXAMS.entries())
      expect(await examRows.nth(i).locator('td').first().innerText()).toBe(name);
    // Each exam shows a total and a percentile.
    for (let i = 0; i < 3; i++) expect(await examRows.nth(i).innerText()).toMatch(/\d+(\.\d+)?%/);

    const homework = page.getByRole('table', { name: '各次作业成绩' });
    await homework.getByRole('cell', { name: HOMEWORK[1]!.name }).waitFor();
    // Each homework of the class the 班主任 may open is a row (the demo's 教辅 homework too)
    for (const h of HOMEWORK) {
      const cells = await homework
        .locator('tbody tr', { has: page.getByRole('cell', { name: h.name, exact: true }) })
        .locator('td')
        .allInnerTexts();
      expect(cells[0]).toBe(h.name);
      expect(cells[3]).toMatch(h.score);
      expect(cells[4]).toBe(h.rate);
    }
    await page.getByRole('img', { name: /的百分位趋势$/ }).waitFor();
    expect(await axeViolations(page, ['[data-chart]'])).toEqual([]);
    await screenshot(page, 'acceptance-study-student');
    await page.context().close();
  }, 300_000);

  it('a 数学 teacher finds the weakest knowledge point in 巩固提升 and makes a practice paper in one step', async () => {
    // The exams were published above: the teacher reads the newest, the 期中.
    const page = await app.signedIn('teacher');
    await dismissGuide(page);
    // 巩固提升 opens at 易错题; its pages hide the second-level menu and link each other
    await openWeakKnowledgePoints(page);
    await page.getByRole('heading', { name: '薄弱知识点', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: '高一(1)班 薄弱知识点' });
    await table.waitFor();
    const first = table.locator('tbody tr').first();
    const cells = await first.locator('td').allInnerTexts();
    const [subject, point] = [cells[0]!, cells[1]!];
    expect(subject).toBe('数学');
    // Weakest first: no point below the first row's mastery.
    const rates = (await table.locator('tbody tr td:nth-child(4)').allInnerTexts()).map(parseFloat);
    expect(Math.min(...rates)).toBe(rates[0]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'acceptance-weak-point');

    await first.getByRole('button', { name: `高一(1)班 ${subject} ${point} 用相似题组卷` }).click();
    await page.waitForURL('**/resource/paper/school-detail?id=*');
    const title = page.getByRole('heading', { level: 1, name: new RegExp(`${point}巩固练习$`) });
    await title.waitFor();
    await page.getByText(`${EXAMS[2]} 错题练习`).waitFor();
    await screenshot(page, 'acceptance-practice-paper');
    await page.context().close();
  }, 300_000);
});
