import { describe, expect, it } from 'vitest';
import { exportPaperDocx } from '../packages/server/src/resource/word/exportDocx';
import { sampleItems } from '../packages/server/src/resource/word/testPaper';
import { screenshot } from './support/browser';
import { axeViolations, openMenu } from './support/app';
import { browserSuite } from './support/suite';

const app = browserSuite();

/** A Word paper written by the project's exporter: a choice question and a composite one. */
async function paperDocx(): Promise<Buffer> {
  const items = sampleItems('/nowhere.png');
  return (await exportPaperDocx({
    title: '高一数学单元练习',
    sections: [
      { name: '选择题', questions: [{ item: items[0]!, score: 5 }] },
      { name: '阅读材料题', questions: [{ item: items[3]!, score: 10 }] },
    ],
    answers: 'end',
  })) as Buffer;
}

describe('Word import (资源加工) in the browser', () => {
  it('uploads a .docx paper, corrects a question and confirms it into the bank', async () => {
    const page = await app.signedIn('director');
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));

    await openMenu(page, '资源中心', '资源加工');
    await page.getByRole('heading', { name: '资源加工', level: 1 }).waitFor();
    await page.getByText('还没有加工过的试卷').waitFor();

    await page.getByLabel('Word 试卷（.docx）').setInputFiles({
      name: '高一数学单元练习.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: await paperDocx(),
    });
    await page.getByRole('combobox', { name: '学科' }).selectOption({ label: '数学' });
    await page.getByRole('combobox', { name: '年级' }).selectOption({ label: '高一' });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'resource-process-upload');
    await page.getByRole('button', { name: '上传并拆分' }).click();

    await page.getByRole('heading', { name: '加工详情：高一数学单元练习.docx' }).waitFor();
    const source = page.getByRole('region', { name: '试卷原文' });
    await source.getByText('参考答案与解析').waitFor();
    const first = page.getByRole('group', { name: '第 1 题', exact: true });
    expect(await first.getByRole('textbox', { name: '题干' }).inputValue()).toBe(
      '方程 $x^2-5x+6=0$ 的解是（ ）',
    );
    expect(await first.getByRole('textbox', { name: '选项（每行一个）' }).inputValue()).toBe(
      '$x=2$ 或 $x=3$\n$x=-2$\n$x=\\frac{1}{2}$\n$x=\\sqrt{6}$',
    );
    const second = page.getByRole('group', { name: '第 2 题', exact: true });
    expect(await second.getByRole('combobox', { name: '题型' }).inputValue()).toBe('composite');
    expect(await second.getByRole('textbox', { name: '小题（2）答案' }).inputValue()).toBe('2');

    await first
      .getByRole('textbox', { name: '题干' })
      .fill('一元二次方程 $x^2-5x+6=0$ 的解是（ ）');
    await first.getByRole('combobox', { name: '难度' }).selectOption({ label: '较易' });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'resource-process-detail');
    await first.getByText('预览第 1 题').click();
    const preview = first.getByRole('article', { name: '第 1 题预览' });
    await preview.locator('math').first().waitFor();
    expect(await preview.innerText()).toContain('一元二次方程');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'resource-process-preview');
    await page.getByRole('button', { name: '确认入库' }).click();
    const dialog = page.getByRole('alertdialog', { name: '确认入库' });
    await dialog.getByRole('button', { name: '确认入库' }).click();
    await page.getByText('已入库 2 道试题，可在校本题库中查看。').waitFor();
    await screenshot(page, 'resource-process-imported');

    await page.getByRole('link', { name: '返回资源加工' }).click();
    const table = page.getByRole('table', { name: '加工记录' });
    await table.getByRole('cell', { name: '已入库' }).waitFor();
    await screenshot(page, 'resource-process-list');
    const cells = await table.locator('tbody tr').first().locator('td').allInnerTexts();
    expect(cells.slice(0, 6)).toEqual([
      '高一数学单元练习.docx',
      '数学',
      '高一',
      '2',
      '已入库',
      '周教务',
    ]);

    const token = await app.tokenOf('director');
    const list = await app.api<{ state: string; questionIds: number[] }[]>(
      '/marking-resources/resource/process/list',
      { token, body: {} },
    );
    expect(list.data[0]!.state).toBe('imported');
    expect(list.data[0]!.questionIds).toHaveLength(2);
    expect(problems).toEqual([]);
  });
});
