import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blankPage, encodeScan, fillSheet, type CorpusTemplate } from '@examkit/recognizer/corpus';
import { toRecognitionTemplate } from '@examkit/answer-sheet';
import { afterAll, describe, expect, it } from 'vitest';
import { layoutHomeworkSheet, sheetQuestionOf } from '../packages/server/src/homework/sheet';
import { savedDownload, screenshot } from './support/browser';
import { axeViolations } from './support/app';
import { browserSuite } from './support/suite';

/**
 * Hand-ins of the demo's assigned homework (函数的单调性练习, 高一(1)班) by clicks: the teacher
 * prints its answer sheet, uploads two sheets filled in by the recognizer's test-sheet generator
 * for two of their students, sees them matched and the objective questions scored, then corrects
 * a subjective question with a circle drawn on the image and a score typed on the keyboard;
 * then opens the class report from the list, the student's report with the circle drawn over
 * the scan, and finds the wrong question in that student's 错题本.
 */

const app = browserSuite();
const DPI = 150;
const folder = mkdtempSync(join(tmpdir(), 'examkit-homework-scan-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('作业扫描与批改 in the browser', () => {
  it('uploads generated scans of the printed sheet and corrects a subjective answer by keyboard', async () => {
    const page = await app.signedIn('teacher');
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    const token = await app.tokenOf('teacher');
    const api = async <T>(path: string, body: unknown): Promise<T> => {
      const reply = await app.api<T>(path, { body, token });
      expect(reply.code, JSON.stringify(reply)).toBe(200);
      return reply.data;
    };

    await page.goto(`${app.server.url}/homework/school-base`);
    const row = page
      .getByRole('table', { name: '校本作业列表' })
      .locator('tbody tr', { hasText: '函数的单调性练习' });
    await row.waitFor();
    await row.getByRole('link', { name: '查看：函数的单调性练习' }).click();
    await page.getByRole('heading', { name: /拆题确认 · 函数的单调性练习/ }).waitFor();
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const [sheet] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '打印答题卡' }).click(),
    ]);
    const printed = readFileSync(await savedDownload(sheet));
    expect(printed.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Two of the teacher's students fill the printed sheet in (the generator draws the bubbles).
    const detail = await api<{
      name: string;
      questions: {
        no: number;
        label: string;
        type: string;
        answer: string | null;
        fullMarks: number;
      }[];
    }>('/marking-homework/homework/school-base/detail', { id });
    const overview = await api<{ students: { studentNo: string; name: string }[] }>(
      '/marking-homework/homework/correct/overview',
      { id },
    );
    const [first, second] = overview.students;
    const rows = detail.questions.map((q) => ({ ...q, full_marks: q.fullMarks }));
    const digits = Math.max(...overview.students.map((s) => s.studentNo.length));
    const document = layoutHomeworkSheet({ id, name: detail.name }, '数学', rows, digits);
    const ct: CorpusTemplate = {
      paper: { subject: '数学', questions: rows.map(sheetQuestionOf) },
      document,
      template: toRecognitionTemplate(document),
    };
    const blank = await blankPage(ct, 0, DPI);
    const files: string[] = [];
    for (const [i, student] of [first!, second!].entries()) {
      const answers = i === 0 ? { h1: 'B', h2: 'AC', h3: 'D' } : { h1: 'A', h2: 'A', h3: 'D' };
      const img = fillSheet(blank, ct.template, 0, DPI, { examNumber: student.studentNo, answers });
      const file = join(folder, `作业-${i + 1}.png`);
      writeFileSync(file, await encodeScan(img, 'png', { dpi: DPI }));
      files.push(file);
    }

    // The list's 扫描 link, the upload, the matched pages.
    await page.goto(`${app.server.url}/homework/school-base`);
    await row.getByRole('link', { name: '扫描：函数的单调性练习' }).click();
    await page.getByRole('heading', { name: '作业扫描 · 函数的单调性练习' }).waitFor();
    await page.getByLabel('上传扫描答题卡').setInputFiles(files);
    await page.getByText('已上传 2 个文件').waitFor({ timeout: 60_000 });
    const scans = page.getByRole('table', { name: '扫描记录' });
    await scans.getByText(first!.name).waitFor();
    expect(await scans.getByText('已匹配').count()).toBe(2);
    await page.getByText(/已交 2 人，待处理异常 0 个/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'homework-scan');

    // Correct question 4 (subjective) of the first student: a circle, then 8 and Enter.
    await page.getByRole('link', { name: '去批改' }).click();
    await page.getByRole('heading', { name: '作业批改 · 函数的单调性练习' }).waitFor();
    const roster = page.getByRole('table', { name: '学生名单' });
    const firstRow = roster.locator('tbody tr', { hasText: first!.name });
    // Objective questions were scored from the key at once: 15 of 15 for the first student.
    expect(await firstRow.innerText()).toContain('15');
    expect(await firstRow.innerText()).toContain('待批改');
    await page
      .getByRole('combobox', { name: '题目' })
      .selectOption({ label: '第 4 题（主观题，10 分）' });
    await firstRow.getByRole('button', { name: `批改：${first!.name}` }).click();
    await page.getByRole('heading', { name: new RegExp(`${first!.name} · 第 4 题`) }).waitFor();
    const image = page.getByRole('img', { name: `${first!.name}第 4 题作答` });
    await image.waitFor();
    await page.getByRole('radio', { name: '圈' }).check();
    await image.click({ position: { x: 60, y: 30 } });
    await page.getByRole('list', { name: '本题批注' }).getByText('圈').waitFor();
    // Keyboard scoring: digits typed anywhere go to the score box, Enter saves and moves on.
    await page.getByRole('heading', { name: '给分' }).click();
    await page.keyboard.type('8');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: new RegExp(`${second!.name} · 第 4 题`) }).waitFor();
    await expect.poll(async () => firstRow.innerText()).toMatch(/23/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'homework-correct');

    // The first student's hand-in keeps the mark and the score.
    await firstRow.getByRole('button', { name: `批改：${first!.name}` }).click();
    await page.getByRole('heading', { name: new RegExp(`${first!.name} · 第 4 题`) }).waitFor();
    await page.getByText(/本题：.*错.*8 分/).waitFor();
    expect(await page.getByRole('list', { name: '本题批注' }).innerText()).toContain('圈');

    // The class report, by clicks from the homework list: the counts, the students' statuses.
    await page.goto(`${app.server.url}/homework/school-base`);
    await row.getByRole('link', { name: '报告：函数的单调性练习' }).click();
    await page.getByRole('heading', { name: '作业报告 · 函数的单调性练习' }).waitFor();
    const questions = page.getByRole('table', { name: '小题得分' });
    await questions.waitFor();
    // Question 4: scored for the first student only (8 of 10), so 1 错 and an 80% score rate.
    expect(await questions.locator('tbody tr').nth(3).innerText()).toMatch(
      /4\s+主观题\s+10\s+1\s+0\s+1\s+8\s+80%/,
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'homework-report-basic');
    await page.getByRole('link', { name: '学生', exact: true }).click();
    const students = page.getByRole('table', { name: '学生成绩' });
    await students.waitFor();
    const studentRow = students.locator('tbody tr', { hasText: first!.name });
    expect(await studentRow.innerText()).toContain('待批改');
    expect(await students.locator('tbody tr', { hasText: '未提交' }).count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);

    // The student's report: question 4 with its score and the circle drawn over the scan.
    await studentRow.getByRole('link', { name: `查看：${first!.name}` }).click();
    await page
      .getByRole('heading', { name: `学生作业报告 · ${first!.name} · 函数的单调性练习` })
      .waitFor();
    const q4 = page.getByRole('article', { name: '第 4 题' });
    await q4.getByRole('img', { name: `${first!.name}第 4 题作答` }).waitFor();
    expect(await q4.innerText()).toMatch(/8\s*\/\s*10/);
    expect(await q4.innerText()).toContain('圈');
    expect(await q4.locator('svg ellipse').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'homework-student-report');

    // The student's 错题本 (学生错题) holds the wrong homework question.
    await page.getByRole('link', { name: '错题本' }).click();
    await page.getByRole('heading', { name: `${first!.name}的错题` }).waitFor();
    const wrong = page.getByRole('article', { name: '函数的单调性练习 数学 第4题' });
    await wrong.waitFor();
    expect(await wrong.innerText()).toMatch(/8\s*\/\s*10/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'homework-wrong-book');
    expect(problems).toEqual([]);
  }, 240_000);
});
