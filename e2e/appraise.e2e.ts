import { describe, expect, it } from 'vitest';
import { axeViolations, dismissGuide, openReportCentre, openStudyMenu } from './support/app';
import { screenshot } from './support/browser';
import { browserSuite } from './support/suite';

const app = browserSuite();

/** A 评语 the 班主任 types for the second student of the grid. */
const COMMENT = '乐于思考，书写工整，期待更多课外阅读。';

/** The 评语 the 班主任 writes for the first student in the 评语-only table. */
const ONLY_COMMENT = '热心集体活动，团结同学。';

/** The school's 素养 items removed by its administrator (系统管理's 素养设置 calls). */
async function removeAccomplishmentItems() {
  const token = await app.tokenOf('admin');
  const items = await app.api<{ id: number }[]>('/marking-user/user/accomplishment/getList', {
    token,
    body: {},
  });
  expect(items.data.length).toBeGreaterThan(0);
  for (const { id } of items.data) {
    const removed = await app.api('/marking-user/user/accomplishment/delete', {
      token,
      body: { id },
    });
    expect(removed.code).toBe(200);
  }
}

describe('综合评价 in the browser', () => {
  it('a 班主任 records levels and a 评语, clears a level, and reads one student’s records', async () => {
    const page = await app.signedIn('head');
    await dismissGuide(page);

    // by clicks: 报告中心 → 学情分析 → 综合评价 (评价录入)
    await openReportCentre(page);
    await openStudyMenu(page, '综合评价', '/appraise/record');
    await page.getByRole('heading', { name: '评价录入' }).waitFor();

    // the demo: 高一(1)班, 上学期, 能力, 语文 (阅读理解, 写作表达), its first students levelled
    // (阅读理解 优秀 and 写作表达 良好 for the first, 写作表达 优秀 for the second)
    const grid = page.getByRole('table', { name: '评价表' });
    await grid.waitFor();
    const names = await grid.locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(names.length).toBeGreaterThanOrEqual(2);
    const [first, second] = names as [string, string];
    await expect
      .poll(() => grid.getByRole('combobox', { name: `${first}的阅读理解` }).inputValue())
      .toBe('A');

    await grid
      .getByRole('combobox', { name: `${first}的写作表达` })
      .selectOption({ label: '合格' });
    await grid
      .getByRole('combobox', { name: `${second}的写作表达` })
      .selectOption({ label: '待提高' });
    await grid
      .getByRole('combobox', { name: `${first}的阅读理解` })
      .selectOption({ label: '未评价' });
    const box = grid.getByRole('textbox', { name: `${second}的评语` });
    await box.fill(COMMENT);
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect
      .poll(() => page.getByRole('status').innerText())
      .toMatch(/^已保存\d+条评价，清除1条，更新1条评语$/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'appraise-record');

    // 学生评价 of the first student: 写作表达 合格, 阅读理解 no longer recorded
    await page.getByRole('link', { name: '学生评价', exact: true }).click();
    await page.waitForURL('**/appraise/student**');
    const student = page.getByRole('combobox', { name: '学生' });
    await student.waitFor();
    const label = (await student.locator('option').allInnerTexts()).find((o) =>
      o.startsWith(`${first}（`),
    )!;
    await student.selectOption({ label });
    await page.getByRole('heading', { name: new RegExp(`^${first}（`) }).waitFor();
    const records = page.getByRole('table', { name: '评价记录' });
    const writing = records.getByRole('row').filter({ hasText: '写作表达' });
    await expect
      .poll(() => writing.first().innerText())
      .toMatch(/上学期\s+高一\(1\)班\s+能力\s+语文\s+写作表达\s+合格/);
    expect(await records.getByRole('row').filter({ hasText: '阅读理解' }).count()).toBe(0);

    // the second student: 写作表达 待提高 and the term 评语
    const other = (await student.locator('option').allInnerTexts()).find((o) =>
      o.startsWith(`${second}（`),
    )!;
    await student.selectOption({ label: other });
    await page.getByRole('heading', { name: new RegExp(`^${second}（`) }).waitFor();
    await expect
      .poll(() => records.getByRole('row').filter({ hasText: '写作表达' }).first().innerText())
      .toMatch(/写作表达\s+待提高/);
    const comments = page.getByRole('table', { name: '学期评语' });
    await comments.getByRole('cell', { name: COMMENT }).waitFor();
    await page.getByRole('button', { name: '导出该生评价' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'appraise-student');

    // 打印: the second student's records and 评语 on a page without header or footer
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('link', { name: '打印', exact: true }).click();
    await page.waitForURL('**/appraise/student/print?*');
    await page.getByRole('heading', { name: `${second}的综合评价`, level: 1 }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    await page
      .getByRole('table', { name: '学期评语' })
      .getByRole('cell', { name: COMMENT })
      .waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('table', { name: '评价记录' })
          .getByRole('row')
          .filter({ hasText: '写作表达' })
          .first()
          .innerText(),
      )
      .toMatch(/写作表达\s+待提高/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'appraise-student-print');
    await page.getByRole('button', { name: '打印' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.getByRole('link', { name: '返回学生评价' }).click();
    await page.waitForURL('**/appraise/student?*');
    await page.getByRole('heading', { name: new RegExp(`^${second}（`) }).waitFor();

    // the 评语-only table: with no 素养 item left (the demo's classes all have 语文's), 评价录入's
    // 素养 shows the 班主任 学号, 姓名 and 学期评语 only, and saves the 评语 without a subject
    await removeAccomplishmentItems();
    await page.getByRole('link', { name: '评价录入', exact: true }).click();
    await page.getByRole('heading', { name: '评价录入' }).waitFor();
    await page.getByRole('combobox', { name: '评价类别' }).selectOption({ label: '素养' });
    await page.getByText(/下表只填写学期评语$/).waitFor();
    const commentsOnly = page.getByRole('table', { name: '评价表' });
    await expect
      .poll(() => commentsOnly.getByRole('columnheader').allInnerTexts())
      .toEqual(['学号', '姓名', '学期评语']);
    expect(await commentsOnly.getByRole('combobox').count()).toBe(0);
    // the term's 评语 are the same whatever the 评价类别: the second student's is there
    expect(await commentsOnly.getByRole('textbox', { name: `${second}的评语` }).inputValue()).toBe(
      COMMENT,
    );
    await commentsOnly.getByRole('textbox', { name: `${first}的评语` }).fill(ONLY_COMMENT);
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect
      .poll(() => page.getByRole('status').innerText())
      .toBe('已保存0条评价，更新1条评语');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'appraise-comments-only');
    await page.getByRole('link', { name: '学生评价', exact: true }).click();
    await page.waitForURL('**/appraise/student**');
    const picker = page.getByRole('combobox', { name: '学生' });
    await picker.waitFor();
    await picker.selectOption({
      label: (await picker.locator('option').allInnerTexts()).find((o) =>
        o.startsWith(`${first}（`),
      )!,
    });
    await page
      .getByRole('table', { name: '学期评语' })
      .getByRole('cell', { name: ONLY_COMMENT })
      .waitFor();
  }, 180_000);
});
