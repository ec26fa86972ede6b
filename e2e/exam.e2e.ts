import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, screenshot } from './support/browser';
import { browserSuite } from './support/suite';
import { axeViolations } from './support/app';

const EXAM_NAME = '浏览器测试高一物理单元测';

const app = browserSuite();

const { signedIn } = app;

describe('exam module in the browser', () => {
  it('creates an exam, enters its paper, designs the sheet and downloads its PDF', async () => {
    const page = await signedIn('admin');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // The list with the demo exams.
    await page.goto(`${app.server.url}/exam/single`);
    const list = page.getByRole('table', { name: '考试列表' });
    await list.getByText('2026学年第一学期高一期中考试').waitFor();
    expect(await list.innerText()).toContain('已完成');
    expect(await axeViolations(page)).toEqual([]);

    // Create.
    await page.getByRole('button', { name: '创建考试' }).click();
    await page.getByRole('heading', { name: '创建考试' }).waitFor();
    // The kept-alive list stays in the page (hidden) with its own filters: work inside the form.
    const form = page.getByRole('form', { name: '考试信息' });
    await form.getByLabel('考试名称').fill(EXAM_NAME);
    await form.getByLabel('考试类型').selectOption('单元');
    await form.getByLabel('年级').selectOption({ label: '高一' });
    await form.getByLabel('考试日期').fill('2026-11-27');
    await form.getByRole('checkbox', { name: '物理', exact: true }).check();
    await form.getByLabel('物理满分').fill('20');
    await form.getByRole('checkbox', { name: '全选' }).check();
    // 物理 as 选考: the participants open, each seeded with the student's own 选考 choice.
    await form.getByRole('checkbox', { name: '物理为选考科目' }).check();
    const students = form.getByRole('table', { name: '考生' });
    await students.waitFor();
    const physics = await students
      .getByRole('checkbox', { name: /选考物理$/ })
      .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).checked));
    // 高一 students have not chosen yet (the demo school's 选科 starts in 高二): pick one by hand.
    expect(physics.length).toBeGreaterThan(10);
    expect(physics.some(Boolean)).toBe(false);
    const firstChoice = students.getByRole('checkbox', { name: /选考物理$/ }).first();
    const chooser = (await firstChoice.getAttribute('aria-label'))!.replace(/选考物理$/, '');
    await firstChoice.check();
    await form.getByRole('button', { name: '创建', exact: true }).click();
    await page.waitForURL(/\/exam\/single\/edit\/\d+$/);
    await page.getByRole('group', { name: '考试状态' }).getByText('草稿').waitFor();

    // The participants: every student of the classes, 物理 taken by the one chosen.
    const examId = Number(page.url().split('/').pop());
    await page.goto(`${app.server.url}/exam/single/project/student?id=${examId}`);
    const participants = page.getByRole('table', { name: '考试学生' });
    await participants.waitFor();
    expect(await participants.getByRole('row').count()).toBe(physics.length + 1);
    expect(await participants.getByRole('row').filter({ hasText: '物理' }).count()).toBe(1);
    expect(await participants.getByRole('row').filter({ hasText: '物理' }).innerText()).toContain(
      chooser,
    );
    await page.goto(`${app.server.url}/exam/single/edit/${examId}`);

    // Paper structure: pasted rows read by the server, one key changed by hand.
    const paperLink = page.getByRole('link', { name: '物理试题设置' });
    const examSubjectId = Number((await paperLink.getAttribute('href'))!.split('/').pop());
    await paperLink.click();
    await page.getByRole('heading', { name: /试题设置/ }).waitFor();
    await page.getByText('从表格导入（粘贴或上传模板）').click();
    await page
      .getByLabel('粘贴表格内容')
      .fill(
        [
          '题号\t小题号\t题型\t满分\t选项数\t答案\t部分得分\t知识点\t能力',
          '1\t\t单选\t5\t4\tA\t\t匀变速直线运动\t理解',
          '2\t\t多选\t5\t4\tABD\t2\t牛顿运动定律\t推理',
          '3\t(1)\t主观\t4\t\t\t\t受力分析\t应用',
          '3\t(2)\t主观\t6\t\t\t\t功和能\t综合',
        ].join('\n'),
      );
    await page.getByRole('button', { name: '解析粘贴内容' }).click();
    await page.getByText('已读取 3 道题，请检查后保存').waitFor();
    await page.getByLabel('第1题答案').fill('C');
    await page.getByRole('button', { name: '保存试卷结构' }).click();
    await page.getByText('试卷结构已保存').waitFor();
    expect(await page.getByLabel('第3(2)题满分').inputValue()).toBe('6');
    await screenshot(page, 'exam-paper');
    expect(await axeViolations(page)).toEqual([]);

    // The answer sheet in the designer.
    await page.goto(
      `${app.server.url}/exam/single/create_answer_sheet?examSubjectId=${examSubjectId}`,
    );
    await page.getByRole('heading', { name: '制作答题卡 · 物理' }).waitFor();
    const title = page.getByRole('textbox', { name: '答题卡标题' });
    await title.fill('高一物理单元测答题卡');
    await page.getByRole('button', { name: '保存答题卡' }).click();
    await page.getByText(/^已保存于/).waitFor();
    await screenshot(page, 'exam-designer');
    expect(await axeViolations(page)).toEqual([]);

    // The PDF of the saved sheet.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '下载 PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${EXAM_NAME}-物理-答题卡.pdf`);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const pdfPath = join(SCREENSHOT_DIR, '..', 'exam-sheet.pdf');
    await download.saveAs(pdfPath);
    expect(readFileSync(pdfPath).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdfPath,
      join(SCREENSHOT_DIR, 'exam-sheet-page1'),
    ]);
    expect(readFileSync(join(SCREENSHOT_DIR, 'exam-sheet-page1.png')).length).toBeGreaterThan(1000);

    // Back on the kept-alive list: the new exam is there, as a draft.
    await page.goto(`${app.server.url}/exam/single`);
    const row = page.getByRole('row').filter({ hasText: EXAM_NAME });
    await row.waitFor();
    expect(await row.innerText()).toContain('草稿');
    await screenshot(page, 'exam-list');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
