import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { layoutSheet, type PaperStructure } from '@examkit/answer-sheet';
import { blankPage, encodeScan, fillSheet, type CorpusTemplate } from '@examkit/recognizer/corpus';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, SCREENSHOT_DIR } from './support/browser';
import { browserSuite } from './support/suite';
import { axeViolations, callApi } from './support/app';

/**
 * The scan page (/exam/single/scanpaper/{examSubjectId}) against the real server: a new exam
 * with a saved sheet goes to `scanning`, sheets of its real students are drawn on the sheet's
 * own PDF (plus an unknown exam number, a faint bubble and a corrupt file), uploaded through the
 * page's file input in chunks, recognised while the page polls, and two exceptions are fixed;
 * then the objective scores are checked against what the sheets were drawn with and the key.
 */

const PASSWORD = 'demo2026';
const DPI = 150;

const app = browserSuite();
let token: string;
let folder: string;

async function api<T = unknown>(
  path: string,
  init: { body?: unknown; form?: Record<string, string> } = {},
): Promise<T> {
  const reply = await callApi<T>(app.server.url, path, { ...init, ...(token ? { token } : {}) });
  if (reply.code !== 200) throw new Error(`${path}: ${JSON.stringify(reply)}`);
  return reply.data;
}

/** A filled first page: the exam number and the answers (`{ questionId: 'AC' }`), `faint` ones light. */
async function drawSheet(
  ct: CorpusTemplate,
  examNo: string,
  answers: Record<string, string>,
  faint: ReadonlySet<string> = new Set(),
): Promise<Buffer> {
  const blank = await blankPage(ct, 0, DPI);
  const img = fillSheet(blank, ct.template, 0, DPI, { examNumber: examNo, answers, faint });
  return encodeScan(img, 'png', { dpi: DPI });
}

/** The paper of the test: three objective questions with their key, and one subjective. */
const QUESTIONS = [
  { number: '1', kind: 'single', fullMarks: 5, optionCount: 4, answer: 'B' },
  { number: '2', kind: 'single', fullMarks: 5, optionCount: 4, answer: 'C' },
  { number: '3', kind: 'multiple', fullMarks: 6, optionCount: 4, answer: 'ACD', partialMarks: 3 },
  { number: '4', kind: 'subjective', fullMarks: 14 },
] as const;
type Question = (typeof QUESTIONS)[number];

/**
 * What a drawn answer is worth with the key, by the rules of docs/scanning.md (exact: full marks;
 * multiple choice: the partial marks for a strict subset of the key without a wrong option).
 */
function worth(q: Question, drawn: string): number {
  if (!('answer' in q)) return 0;
  if (drawn === q.answer) return q.fullMarks;
  const subset = drawn !== '' && [...drawn].every((o) => q.answer.includes(o));
  return 'partialMarks' in q && subset && drawn.length < q.answer.length ? q.partialMarks : 0;
}

/** Full marks of the objective questions. */
const OBJECTIVE_FULL = QUESTIONS.reduce((sum, q) => sum + ('answer' in q ? q.fullMarks : 0), 0);

/** By question number, the answers drawn on each student's sheet (index in `students`). */
const DRAWN: Record<string, string>[] = [];

let examId: number;
let examSubjectId: number;
let students: { studentId: number; examNo: string; name: string }[];

/** A screenshot of what is in view (a page) or of one element, to look at after the run. */
async function shoot(target: Page | Locator, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await target.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

const { signedIn } = app;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'examkit-scan-e2e-'));
  token = (
    await api<{ token: string }>('/marking-login/login/school_login_pd', {
      form: { loginName: 'admin', password: PASSWORD },
    })
  ).token;

  // A new exam of the seeded 周练's grade, one class, 数学 with three objective questions.
  const weekly = (
    await api<{ list: { id: number; name: string }[] }>('/marking-main/exam/list', {
      body: { academicYear: 0, pageSize: 100 },
    })
  ).list.find((e) => e.name.includes('周练'))!;
  const detail = await api<{ gradeId: number; classes: { classId: number }[] }>(
    '/marking-main/exam/detail',
    { body: { id: weekly.id } },
  );
  const exam = await api<{ id: number; subjects: { id: number }[] }>('/marking-main/exam/create', {
    body: {
      name: '浏览器测试高一数学扫描测',
      examType: '单元',
      gradeId: detail.gradeId,
      examDate: '2026-11-20',
      subjects: [{ subjectCode: '数学', subjectName: '数学', fullMarks: 30 }],
      classIds: [detail.classes[0]!.classId],
    },
  });
  examId = exam.id;
  examSubjectId = exam.subjects[0]!.id;
  const paper = await api<{ questions: { id: number; number: string }[] }>(
    '/marking-main/exam/subject/questions/save',
    { body: { examSubjectId, questions: QUESTIONS } },
  );
  const q = Object.fromEntries(paper.questions.map((x) => [x.number, String(x.id)]));
  students = (
    await api<{ studentId: number; examNo: string; name: string }[]>(
      '/marking-main/exam/students',
      {
        body: { id: examId },
      },
    )
  ).slice(0, 5);
  const digits = Math.max(...students.map((s) => s.examNo.length));
  await api('/marking-main/exam/sheet/save', {
    body: { examSubjectId, settings: { examNumCount: digits } },
  });
  const sheet = await api<{
    design: {
      paper: unknown;
      settings: Record<string, unknown>;
      overrides: Record<string, unknown>;
    };
    template: unknown;
  }>('/marking-main/exam/sheet/get', { body: { examSubjectId } });
  const ct = {
    paper: sheet.design.paper,
    document: layoutSheet(
      sheet.design.paper as PaperStructure,
      sheet.design.settings,
      sheet.design.overrides,
    ),
    template: sheet.template,
  } as CorpusTemplate;
  await api('/marking-main/exam/transition', { body: { id: examId, to: 'sheet_ready' } });
  await api('/marking-main/exam/transition', { body: { id: examId, to: 'scanning' } });

  // Three clean sheets, one with a faint bubble, one with a number not on the roster (the 5th
  // student's sheet), one corrupt.
  const right = { '1': 'B', '2': 'C', '3': 'ACD' };
  DRAWN.push(right, { ...right, '2': 'A' }, { ...right, '3': 'AC' }, right, right);
  const byId = (drawn: Record<string, string>) =>
    Object.fromEntries(Object.entries(drawn).map(([n, a]) => [q[n]!, a]));
  const files: [string, Buffer][] = [
    ['sheet-1.png', await drawSheet(ct, students[0]!.examNo, byId(DRAWN[0]!))],
    ['sheet-2.png', await drawSheet(ct, students[1]!.examNo, byId(DRAWN[1]!))],
    ['sheet-3.png', await drawSheet(ct, students[2]!.examNo, byId(DRAWN[2]!))],
    ['sheet-4.png', await drawSheet(ct, students[3]!.examNo, byId(DRAWN[3]!), new Set([q['1']!]))],
    ['sheet-5.png', await drawSheet(ct, '9'.repeat(digits), byId(DRAWN[4]!))],
    ['broken.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(4000)])],
  ];
  for (const [name, data] of files) writeFileSync(join(folder, name), data);
}, 180_000);

afterAll(async () => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('scan page in the browser', () => {
  it('uploads a generated batch, shows its progress, fixes exceptions and rescores', async () => {
    const page = await signedIn('admin');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // From the exam's edit page to the scan page of its subject.
    await page.goto(`${app.server.url}/exam/single/edit/${examId}`);
    await page.getByRole('link', { name: '数学扫描试卷' }).click();
    await page.waitForURL(`**/exam/single/scanpaper/${examSubjectId}`);
    await page.getByRole('heading', { name: /扫描试卷 · 浏览器测试高一数学扫描测 数学/ }).waitFor();
    await page.getByText('扫描中', { exact: true }).waitFor();

    // Upload: six files at once, in chunks, then recognition while the page polls.
    await page
      .getByLabel('选择扫描文件')
      .setInputFiles(
        [
          'sheet-1.png',
          'sheet-2.png',
          'sheet-3.png',
          'sheet-4.png',
          'sheet-5.png',
          'broken.jpg',
        ].map((f) => join(folder, f)),
      );
    await page.getByRole('button', { name: '上传', exact: true }).click();
    await page.getByText(/批次 \d+ 已上传，正在识别/).waitFor({ timeout: 30_000 });
    expect(await page.getByText(/已上传 (\d+)\/\1 个分片，上传完成/).count()).toBe(1);
    const batches = page.getByRole('table', { name: '扫描批次' });
    await screenshot(page, 'scan-upload-progress');
    await batches.getByText('已完成').waitFor({ timeout: 90_000 });
    await page.getByText(/批次 \d+ 识别完成/).waitFor();
    expect(await batches.innerText()).toContain('6/6 个文件（100%）');

    // Reconciliation and the queue: the unknown number, the faint bubble and the corrupt file.
    const queue = page.getByRole('list', { name: '异常队列' });
    await queue.waitFor();
    const unknown = queue.getByRole('listitem').filter({ hasText: '不在本考试科目的考生名单中' });
    const faint = queue.getByRole('listitem').filter({ hasText: '客观题需人工确认' });
    const broken = queue.getByRole('listitem').filter({ hasText: '无法识别' });
    await unknown.waitFor();
    await faint.waitFor();
    await broken.waitFor();
    const summary = page.getByLabel('核对结果');
    expect(await summary.innerText()).toMatch(/已匹配\s*4/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'scan-exception-queue');
    expect(await axeViolations(page)).toEqual([]);

    // The page image of the faint sheet in the previewer.
    await faint.getByRole('button', { name: /^查看图片/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.locator('img').first().waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Fix 1 with the keyboard: the sheet belongs to the 5th student.
    const fifth = students[4]!;
    // The student picker is a searchable combobox: type the 考号, choose with Enter.
    await unknown.getByRole('combobox').click();
    await page.keyboard.type(fifth.examNo);
    await unknown.getByRole('option', { name: new RegExp(fifth.examNo) }).waitFor();
    await page.keyboard.press('Enter');
    expect(await unknown.getByRole('combobox').inputValue()).toContain(fifth.name);
    await unknown.getByRole('button', { name: /^指定考生/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(/异常 #\d+ 已处理：指定考生/).waitFor();
    await unknown.waitFor({ state: 'detached' });

    // Fix 2: the faint first answer was meant as drawn (B).
    const answer = faint.getByRole('textbox').first();
    await answer.fill(DRAWN[3]!['1']!);
    await faint.getByRole('button', { name: /^修改填涂/ }).click();
    await faint.waitFor({ state: 'detached' });
    const log = page.getByRole('table', { name: '处理记录' });
    await log.getByText(`指定考生：${fifth.name}（${fifth.examNo}）`).waitFor();
    expect(await log.innerText()).toMatch(/更正填涂（.*→B）/);
    await expect.poll(async () => summary.innerText()).toMatch(/已匹配\s*5/);

    // Objective scores: rescoring reaches every matched student.
    await page.getByRole('button', { name: '重新计分' }).click();
    await page.getByText('已重新计分：5 名考生').waitFor();
    // The fixed header is drawn where the page was scrolled to: shoot from the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'scan-after-fix');

    // Objective scores: what each sheet was drawn with, scored with the key.
    const expected = (i: number) =>
      QUESTIONS.reduce((sum, q) => sum + worth(q, DRAWN[i]![q.number] ?? ''), 0);
    const scores = page.getByRole('table', { name: '客观题得分' });
    await scores.scrollIntoViewIfNeeded();
    const rowOf = (i: number) => scores.getByRole('row').filter({ hasText: students[i]!.examNo });
    // The faint sheet, fixed by hand, and the sheet assigned to the 5th student count now.
    for (const i of [0, 1, 2, 3, 4])
      await expect
        .poll(async () => rowOf(i).innerText())
        .toMatch(new RegExp(`${expected(i)} / ${OBJECTIVE_FULL}\\s+已计分`));
    // Search by name: only the student with a partial multiple choice (AC of ACD).
    const partial = students[2]!;
    const search = page.getByRole('search', { name: '查找考生客观题得分' });
    await search.getByLabel('关键字').fill(partial.name);
    await search.getByLabel('关键字').press('Enter');
    await expect.poll(async () => scores.getByRole('row').count()).toBe(2);
    expect(await rowOf(2).innerText()).toContain(`${expected(2)} / ${OBJECTIVE_FULL}`);
    const section = page.getByRole('region', { name: '客观题得分' });
    await shoot(section, 'scan-objective-scores');
    // Its questions one by one, opened from the keyboard.
    await rowOf(2)
      .getByRole('button', { name: `查看明细（${partial.name}）` })
      .focus();
    await page.keyboard.press('Enter');
    const detail = page.getByRole('dialog', {
      name: `客观题明细 · ${partial.name}（${partial.examNo}）`,
    });
    const perQuestion = detail.getByRole('table', { name: '各题得分' });
    await perQuestion.waitFor();
    for (const q of QUESTIONS.filter((x) => 'answer' in x)) {
      const cells = await perQuestion
        .getByRole('row', { name: new RegExp(`第 ${q.number} 题`) })
        .getByRole('cell')
        .allInnerTexts();
      expect(cells.slice(1, 3).map((c) => c.replace(/（.*）/, ''))).toEqual([
        DRAWN[2]![q.number],
        q.answer,
      ]);
      expect(cells[3]).toMatch(new RegExp(`^${worth(q, DRAWN[2]![q.number]!)} / ${q.fullMarks}`));
    }
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'scan-objective-detail');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
  });
});
