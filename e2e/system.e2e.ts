import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { openSchoolHomework } from './support/app';
import { browserSuite } from './support/suite';

const HEADER = ['学号', '姓名', '年级', '班级', '性别', '手机号', '选科'];
const ROLE_NAME = '学籍助理';

const app = browserSuite();

const { signedIn } = app;

/** A real `.xlsx` roster, as a school would fill in the template. */
async function roster(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('学生');
  sheet.addRow(HEADER);
  rows.forEach((row) => sheet.addRow(row));
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function uploadRoster(page: Page, name: string, buffer: Buffer) {
  const dialog = page.getByRole('dialog', { name: '导入学生' });
  await dialog.getByLabel('选择文件').setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await dialog.getByRole('button', { name: '开始导入' }).click();
  return dialog;
}

/** The top menu's entries, badges left out. */
async function topMenu(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: '主菜单' });
  await nav.waitFor();
  const texts = await nav.getByRole('link').allInnerTexts();
  return texts.map((t) => t.split('\n')[0]!.trim()).sort();
}

async function search(page: Page, keyWord: string) {
  await page.getByRole('searchbox', { name: '关键字' }).fill(keyWord);
  await page.getByRole('button', { name: '查询' }).click();
}

describe('system administration in the browser', () => {
  it('admin imports a roster (bad rows first), edits a student, and makes a role for teacher', async () => {
    const page = await signedIn('admin');
    await page.goto(`${app.server.url}/system/student/list`);
    const list = page.getByRole('table', { name: '学生列表' });
    await list.waitFor();
    expect(await page.getByText(/^共 \d+ 条$/).innerText()).toBe('共 600 条');
    await screenshot(page, 'system-student-list');

    // A file with bad rows: nothing is written, every bad row is listed.
    await page.getByRole('button', { name: '导入学生' }).click();
    let dialog = await uploadRoster(
      page,
      'roster-bad.xlsx',
      await roster([
        ['2026109901', '导入甲', '高一', '高一(1)班', '男', '13812340001', ''],
        ['2026109902', '', '高一', '高一(1)班', '女', '', ''],
        ['2026109903', '导入丙', '高一', '高一(99)班', '', '', ''],
        ['2026109904', '导入丁', '高二', '高二(1)班', '', '123', ''],
      ]),
    );
    const errors = dialog.getByRole('table', { name: '错误行' });
    await errors.waitFor();
    const errorRows = await errors.getByRole('row').allInnerTexts();
    expect(errorRows.slice(1).map((r) => r.replace(/\s+/g, ' '))).toEqual([
      expect.stringContaining('第 3 行 姓名'),
      expect.stringContaining('第 4 行 班级 班级不存在'),
      expect.stringContaining('第 5 行 手机号'),
    ]);
    await screenshot(page, 'system-import-errors');
    const [report] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: '下载错误报告' }).click(),
    ]);
    expect(report.suggestedFilename()).toMatch(/\.xlsx$/);

    // The corrected file is applied.
    dialog = await uploadRoster(
      page,
      'roster.xlsx',
      await roster([
        ['2026109901', '导入甲', '高一', '高一(1)班', '男', '13812340001', ''],
        ['2026109902', '导入乙', '高一', '高一(1)班', '女', '13812340002', ''],
      ]),
    );
    await dialog.getByRole('status').waitFor();
    expect(await dialog.getByRole('status').innerText()).toContain('共 2 行，新增 2 行');
    await dialog.getByRole('button', { name: '关闭' }).first().click();
    await page.getByText('共 602 条').waitFor();

    // Edit one of them.
    await search(page, '导入甲');
    await page.getByRole('button', { name: '编辑 导入甲' }).click();
    const name = page.getByRole('textbox', { name: '姓名' });
    await expect.poll(() => name.inputValue()).toBe('导入甲');
    await name.fill('导入甲一');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL('**/system/student/list');
    // The kept-alive list comes back with its keyword and shows the change.
    expect(await page.getByRole('searchbox', { name: '关键字' }).inputValue()).toBe('导入甲');
    await list.getByRole('cell', { name: '导入甲一', exact: true }).waitFor();

    // A role with 首页 and 学生管理 (its module 系统管理 comes along).
    await page.goto(`${app.server.url}/system/role`);
    await page.getByRole('table', { name: '角色列表' }).waitFor();
    await page.getByRole('button', { name: '新增角色' }).click();
    const roleDialog = page.getByRole('dialog', { name: '新增角色' });
    await roleDialog.getByLabel('角色名称').fill(ROLE_NAME);
    await roleDialog.getByRole('button', { name: '保存' }).click();
    const tree = page.getByRole('tree', { name: `${ROLE_NAME}的权限` });
    await tree.waitFor();
    await tree.getByRole('checkbox', { name: '首页', exact: true }).check();
    await tree.getByRole('checkbox', { name: '学生管理', exact: true }).check();
    expect(await tree.getByRole('checkbox', { name: '系统管理', exact: true }).isChecked()).toBe(
      true,
    );
    await page.getByRole('button', { name: '保存权限' }).click();
    await page.getByText('权限已保存').waitFor();
    await screenshot(page, 'system-role-editor');

    // Given to teacher for this academic year, in place of 任课教师.
    await page.getByRole('searchbox', { name: '查找教师' }).fill('teacher');
    const teacherSelect = page.getByRole('combobox', { name: '教师', exact: true });
    await expect
      .poll(() => teacherSelect.locator('option', { hasText: '（teacher）' }).count())
      .toBe(1);
    await teacherSelect.selectOption({ label: '李老师（teacher）' });
    const roles = page.getByRole('group', { name: '角色' });
    await roles.getByRole('checkbox', { name: '任课教师' }).uncheck();
    await roles.getByRole('checkbox', { name: ROLE_NAME }).check();
    await page.getByRole('button', { name: '保存分配' }).click();
    await page.getByText('角色已分配').waitFor();
    await page.context().close();
  });

  it('teacher now has exactly the menus of the role and sees only their classes, phones masked', async () => {
    const page = await signedIn('teacher');
    // 系统管理 has its own header entry (spec 000 §2), the role's other module is 首页;
    // 考试管理 holds only 网上阅卷: teacher is a marker of the demo's marking blocks (docs/scope.md).
    expect((await topMenu(page)).sort()).toEqual(['考试管理', '首页']);
    await page.getByRole('button', { name: '系统管理' }).click();
    await page.waitForURL('**/system/student/list');
    const subMenu = page.getByRole('navigation', { name: '系统管理菜单' });
    await subMenu.waitFor();
    expect(await subMenu.getByRole('link').allInnerTexts()).toEqual(['学生管理']);

    const list = page.getByRole('table', { name: '学生列表' });
    await list.waitFor();
    // 数学 in 高一(1)班 and 高一(2)班: 2 × 50 seeded plus the 2 imported.
    expect(await page.getByText(/^共 \d+ 条$/).innerText()).toBe('共 102 条');
    const classOptions = await page
      .getByRole('combobox', { name: '班级' })
      .locator('option')
      .allInnerTexts();
    expect(classOptions).toEqual(['全部', '高一(1)班', '高一(2)班']);
    const classCells = await list.locator('tbody tr td:nth-child(5)').allInnerTexts();
    expect(new Set(classCells).size).toBeGreaterThan(0);
    for (const cell of classCells) expect(['高一(1)班', '高一(2)班']).toContain(cell);

    await search(page, '导入');
    await list.getByRole('cell', { name: '导入乙', exact: true }).waitFor();
    const phones = await list.locator('tbody tr td:nth-child(6)').allInnerTexts();
    expect(phones.sort()).toEqual(['138****0001', '138****0002']);
    expect(await page.getByRole('button', { name: '导出' }).count()).toBe(0);
    await screenshot(page, 'system-student-list-teacher');
    await page.context().close();
  });
});

describe('homework settings in the browser', () => {
  it('admin sets 高一数学 homework and its textbook, and both survive a reload', async () => {
    const page = await signedIn('admin');
    await page.goto(`${app.server.url}/system/homework`);
    await page.getByRole('table', { name: '作业设置' }).waitFor();
    await page.getByLabel('高一数学 默认截止时间').fill('21:30');
    // 批改方式 offers 自动批改 and 教师批改 only; 通知家长 is gone (docs/administration.md).
    expect(await page.getByLabel('高一数学 批改方式').locator('option').allInnerTexts()).toEqual([
      '自动批改',
      '教师批改',
    ]);
    expect(await page.getByRole('columnheader', { name: '通知家长' }).count()).toBe(0);
    await page.getByLabel('高一数学 批改方式').selectOption({ label: '教师批改' });
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('已保存 1 项').waitFor();
    await page.reload();
    await page.getByRole('table', { name: '作业设置' }).waitFor();
    expect(await page.getByLabel('高一数学 默认截止时间').inputValue()).toBe('21:30');
    expect(await page.getByLabel('高一数学 批改方式').inputValue()).toBe('teacher');
    expect(await page.getByLabel('高一语文 默认截止时间').inputValue()).toBe('22:00');
    await screenshot(page, 'system-homework');

    await page.getByRole('link', { name: '教材关联' }).click();
    await page.getByRole('table', { name: '教材关联' }).waitFor();
    await page.getByLabel('高一数学 教材版本').selectOption('人教版');
    await page.getByLabel('高一数学 册次').fill('必修一');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('已保存 1 项').waitFor();
    await page.reload();
    await page.getByRole('table', { name: '教材关联' }).waitFor();
    expect(await page.getByLabel('高一数学 教材版本').inputValue()).toBe('人教版');
    expect(await page.getByLabel('高一数学 册次').inputValue()).toBe('必修一');
    await screenshot(page, 'system-homework-correlation');

    // 上传试卷布置作业, reached by clicks, shows 高一数学's 教材. (The admin: this file's earlier
    // test gave the teacher a role without 作业.)
    await openSchoolHomework(page);
    await page.getByRole('link', { name: '上传试卷布置作业' }).click();
    await page.getByRole('heading', { name: '上传试卷布置作业' }).waitFor();
    await page.getByRole('combobox', { name: '年级' }).selectOption({ label: '高一' });
    await page.getByRole('combobox', { name: '科目' }).selectOption({ label: '数学' });
    await page.getByText('教材：人教版 必修一（系统设置 · 教材关联）').waitFor();
    expect(await page.getByLabel('作业名称').getAttribute('placeholder')).toBe(
      '如：人教版 必修一 第一章练习',
    );
    await screenshot(page, 'homework-create-textbook');
    await page.context().close();
  });
});
