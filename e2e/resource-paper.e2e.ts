import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SCREENSHOT_DIR, savedDownload, screenshot } from './support/browser';
import { axeViolations, openMenu } from './support/app';
import { browserSuite } from './support/suite';

const app = browserSuite();

describe('the question basket and 组卷 in the browser', () => {
  it('gathers questions in the basket, makes a two-section paper, exports its PDF and Word and makes an exam of it', async () => {
    // 教务主任: holds the resource area and manages exams for the whole school.
    const page = await app.signedIn('director');
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));

    await page
      .getByRole('navigation', { name: '主菜单' })
      .getByRole('link', { name: '资源中心' })
      .click();
    await page.getByRole('heading', { name: '校本试卷', level: 1 }).waitFor();
    const float = page.getByRole('button', { name: /^试题篮，/ });
    await page.getByRole('button', { name: '试题篮，0 道试题' }).waitFor();
    await float.click();
    await page.getByText('请先选择试题').waitFor();

    // The demo paper: its questions go into the basket one by one.
    await page.getByRole('link', { name: '高一数学周测（一）' }).click();
    await page.getByRole('heading', { name: '高一数学周测（一）', level: 1 }).waitFor();
    // Numbers 1 and 2 (单选题), 5 (判断题) and 7 (解答题) of the paper.
    for (const n of [1, 2, 5, 7]) {
      const item = page.getByRole('listitem').filter({ hasText: `${n}.（` });
      await item.getByRole('button', { name: /^加入试题篮：/ }).click();
      await item.getByRole('button', { name: /^移出试题篮：/ }).waitFor();
    }
    await page.getByRole('button', { name: '试题篮，4 道试题' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'resource-paper-detail-adding');

    await float.click();
    await page.getByRole('heading', { name: '试题篮', level: 1 }).waitFor();
    expect(new URL(page.url()).search).toBe('?gradeNum=10&subject=02');
    await page.getByRole('heading', { name: '单选题（2 道）' }).waitFor();
    await page.getByRole('heading', { name: '判断题（1 道）' }).waitFor();
    await page.getByRole('heading', { name: '解答题（1 道）' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'resource-basket');

    // 组卷: the 判断题 section goes into the first one, which is renamed: two sections remain.
    await page.getByRole('button', { name: '去组卷' }).click();
    await page.getByRole('heading', { name: '组卷', level: 1 }).waitFor();
    await page.getByText('共 4 题，满分 24 分').waitFor();
    await page.getByRole('button', { name: '删除大题：第二大题' }).click();
    await page.getByRole('textbox', { name: '第一大题标题' }).fill('选择与判断');
    await page.getByRole('textbox', { name: '第二大题标题' }).fill('解答');
    await page.getByRole('textbox', { name: '试卷标题' }).fill('高一数学小测验');
    await page.getByRole('spinbutton', { name: '第 4 题分值' }).fill('16');
    await page.getByText('共 4 题，满分 28 分').waitFor();
    // By keyboard: the 判断题 (number 3) moves up to number 1.
    await page.getByRole('button', { name: '上移第 3 题' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    const first = page.getByRole('region', { name: '第一大题' });
    await first
      .getByRole('listitem', { name: '第 1 题' })
      .getByText(/判断：/)
      .first()
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'resource-group-paper');
    await page.getByRole('button', { name: '保存试卷' }).click();

    await page.getByRole('heading', { name: '高一数学小测验', level: 1 }).waitFor();
    await page.getByRole('heading', { name: /^一、选择与判断/ }).waitFor();
    await page.getByRole('heading', { name: /^二、解答/ }).waitFor();
    await page.getByRole('button', { name: '试题篮，0 道试题' }).waitFor();
    await page.getByRole('button', { name: '显示答案' }).click();
    await page
      .getByText(/^答案：(正确|错误)$/)
      .first()
      .waitFor();
    await screenshot(page, 'resource-paper-saved');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('高一数学小测验.pdf');
    // A download-centre job: the button says where the file stays.
    await page.getByRole('link', { name: '下载中心' }).first().waitFor();
    const file = await savedDownload(download);
    expect(execFileSync('pdfinfo', [file]).toString()).toMatch(/Pages:\s+2/);
    const text = execFileSync('pdftotext', [file, '-']).toString();
    expect(text).toContain('高一数学小测验');
    expect(text).toContain('参考答案与解析');

    const [word] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出Word' }).click(),
    ]);
    expect(word.suggestedFilename()).toBe('高一数学小测验.docx');
    // A .docx is a zip whose document.xml holds the title and real Word equations (m:oMath).
    const docx = unzipSync(readFileSync(await savedDownload(word)));
    const xml = strFromU8(docx['word/document.xml']!);
    expect(xml).toContain('高一数学小测验');
    expect(xml).toContain('<m:oMath');

    const paperUrl = page.url();
    const paperId = Number(new URL(paperUrl).searchParams.get('id'));
    await page.getByRole('button', { name: '生成考试' }).click();
    const dialog = page.getByRole('dialog', { name: '生成考试' });
    await dialog.getByLabel('年级').selectOption({ label: '高一' });
    await dialog.getByRole('checkbox', { name: '高一(1)班' }).check();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: '生成考试' }).click();
    await page.getByRole('heading', { name: '制作答题卡 · 数学' }).waitFor();
    await page.getByRole('region', { name: '答题卡设计' }).waitFor();
    await screenshot(page, 'resource-paper-exam-sheet');

    // Scores are imported (as the import page sends them) and the exam is finished: the paper's
    // questions now show how they did. Questions: 判断 2 分, 单选 5, 单选 5, 解答 16.
    const token = await app.tokenOf('director');
    const detail = await app.api<{ examIds: number[] }>('/marking-resources/paper/detail', {
      token,
      body: { id: paperId },
    });
    const examId = detail.data.examIds[0]!;
    const students = await app.api<{ studentNo: string; name: string }[]>(
      '/marking-main/exam/students',
      { token, body: { id: examId } },
    );
    const marksOf = (n: number) => [n % 3 === 0 ? 0 : 2, n % 2 === 0 ? 5 : 0, 5, (n * 3) % 17];
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('成绩');
    sheet.addRow(['考号/学号', '姓名', '1', '2', '3', '4']);
    students.data.forEach((st, n) => sheet.addRow([st.studentNo, st.name, ...marksOf(n)]));
    const scoreFile = Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
    const examSubjectId = Number(new URL(page.url()).searchParams.get('examSubjectId'));
    const imported = await app.api('/marking-main/exam/score/import', {
      token,
      body: { examSubjectId, file: scoreFile.toString('base64') },
    });
    expect(imported.code, imported.msg).toBe(200);
    const finished = await app.api('/marking-main/exam/transition', {
      token,
      body: { id: examId, to: 'finished' },
    });
    expect(finished.code, finished.msg).toBe(200);
    const judged = students.data.reduce((sum, _, n) => sum + marksOf(n)[0]!, 0);
    const judgeRate = Math.round((100 * judged) / (2 * students.data.length));

    // Back from the answer-sheet designer (a page without the menus) to the paper.
    await page.goto(paperUrl);
    await page.getByRole('heading', { name: '高一数学小测验', level: 1 }).waitFor();
    const judge = page.getByRole('listitem').filter({ hasText: '判断：' });
    await judge
      .getByText(new RegExp(`^得分率 ${judgeRate}% · 区分度 -?\\d\\.\\d\\d · 1 次考试$`))
      .waitFor();
    await expect(
      page.getByText(/^得分率 \d+% · 区分度 -?\d\.\d\d · 1 次考试$/).count(),
    ).resolves.toBe(4);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'resource-paper-question-statistics');
    expect(problems).toEqual([]);
  });

  it('组卷助手 picks a paper by type and mix, swaps a question, saves it, prints its formulas typeset, and 备课组资源 lists it', async () => {
    const page = await app.signedIn('director');
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await openMenu(page, '资源中心', '智能组卷');
    await page.getByRole('link', { name: '组卷助手' }).click();
    await page.getByRole('heading', { name: '组卷助手', level: 1 }).waitFor();
    await page.getByLabel('学科').selectOption({ label: '数学' });
    await page.getByLabel('年级').selectOption({ label: '高一' });
    await page.getByRole('textbox', { name: '试卷标题' }).fill('高一数学助手练习');
    await page.getByRole('spinbutton', { name: '单选题题数' }).fill('3');
    await page.getByRole('spinbutton', { name: '填空题题数' }).fill('2');
    await page.getByRole('spinbutton', { name: '解答题题数' }).fill('1');
    await page.getByRole('radio', { name: '提高（较难题多）' }).check();
    await page.getByText('共 6 题，满分 37 分').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'resource-assistant-form');
    await page.getByRole('button', { name: '生成试卷' }).click();

    await page.getByRole('heading', { name: '高一数学助手练习', level: 1 }).waitFor();
    await page.getByRole('heading', { name: '一、单选题（每题 5 分，共 15 分）' }).waitFor();
    const card = page.getByRole('article', { name: '第 1 题' });
    const before = await card.innerText();
    await page.getByRole('button', { name: '第 1 题换一题' }).click();
    await page.getByText('第 1 题已换一题').waitFor();
    expect(await page.getByRole('article', { name: '第 1 题' }).innerText()).not.toBe(before);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'resource-assistant-plan');

    await page.getByRole('button', { name: '保存为试卷' }).click();
    await page.getByRole('heading', { name: '高一数学助手练习', level: 1 }).waitFor();
    await page.getByRole('button', { name: '生成考试' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出PDF' }).click(),
    ]);
    const file = await savedDownload(download);
    const text = execFileSync('pdftotext', [file, '-']).toString();
    expect(text).toContain('高一数学助手练习');
    expect(text).toContain('一、单选题');
    // The demo bank's 数学 questions all hold formulas: typeset, none of their LaTeX is left.
    expect(text).not.toMatch(/\\(frac|sqrt|left|cdot)|\$/);
    // Its first page as an image beside the screenshots, to look at.
    execFileSync('pdftoppm', [
      '-r',
      '60',
      '-png',
      '-f',
      '1',
      '-l',
      '1',
      file,
      join(SCREENSHOT_DIR, 'resource-assistant-pdf'),
    ]);

    // The director's own paper is among their 备课组's.
    await openMenu(page, '资源中心', '试卷库');
    await page.getByRole('link', { name: '备课组资源' }).click();
    await page.getByRole('heading', { name: '备课组资源', level: 1 }).waitFor();
    await page
      .getByRole('table', { name: '备课组资源列表' })
      .getByRole('link', { name: '高一数学助手练习' })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'resource-group');
    expect(problems).toEqual([]);
  }, 180_000);
});
