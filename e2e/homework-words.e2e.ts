import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toRecognitionTemplate } from '@examkit/answer-sheet';
import { blankPage, encodeScan, fillSheet } from '@examkit/recognizer/corpus';
import { afterAll, describe, expect, it } from 'vitest';
import { layoutWordCard } from '../packages/server/src/homework/wordExercise/card';
import { screenshot } from './support/browser';
import { axeViolations, openSchoolHomework } from './support/app';
import { browserSuite } from './support/suite';

const app = browserSuite();
const DPI = 150;
const folder = mkdtempSync(join(tmpdir(), 'examkit-word-scan-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('字词练习 in the browser', () => {
  it('a 语文 teacher makes a word list, assigns it, prints its 听写 card, marks two students and reads the 正确率', async () => {
    const page = await app.signedIn('head');
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await openSchoolHomework(page);
    await page.getByRole('heading', { name: '校本作业', level: 1 }).waitFor();
    await page.getByRole('link', { name: '字词练习' }).click();
    await page.getByRole('heading', { name: '字词练习', level: 1 }).waitFor();
    // The demo list is there with its marked results.
    await page
      .getByRole('table', { name: '字词练习列表' })
      .locator('tbody tr', { hasText: '《沁园春·长沙》字词听写' })
      .waitFor();

    await page.getByRole('button', { name: '新建字词练习' }).click();
    await page.getByLabel('练习名称').fill('第二单元字词');
    await page.getByRole('combobox', { name: /年级科目/ }).selectOption({ label: '高一语文' });
    await page
      .getByRole('textbox', { name: /每行一个/ })
      .fill('蜻蜓|qīng tíng|一种昆虫\n蝴蝶|hú dié\n展开|zhǎn kāi|张开');
    await page.getByText('共 3 个字词').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: '保存字词练习' }).click();

    await page.getByRole('heading', { name: '布置 · 第二单元字词' }).waitFor();
    await page.getByRole('checkbox', { name: /高一\(1\)班/ }).check();
    await page.getByRole('button', { name: '布置', exact: true }).click();
    await page.getByText(/已布置：高一\(1\)班/).waitFor();
    const row = page
      .getByRole('table', { name: '字词练习列表' })
      .locator('tbody tr', { hasText: '第二单元字词' });
    await expect.poll(() => row.innerText()).toContain('高一(1)班');
    await screenshot(page, 'homework-words');

    // The 听写 card: a PDF laid out by the answer-sheet engine, shown in the page.
    await row.getByRole('link', { name: '听写卡 第二单元字词' }).click();
    await page.getByRole('heading', { name: '字词练习 · 听写卡' }).waitFor();
    await page.locator('iframe[title="听写卡"]').waitFor();
    expect(await page.getByRole('table', { name: '报听写字词' }).innerText()).toContain('蝴蝶');

    // 听写播放 beside the words: headless Chromium may have no voices, so the controls are
    // checked, not the sound. Only the word's number is shown.
    const player = page.getByRole('region', { name: '听写播放' });
    await player.getByRole('combobox', { name: '间隔' }).selectOption('2');
    await player.getByRole('button', { name: '开始播放' }).click();
    await player.getByRole('button', { name: '暂停' }).click();
    await expect
      .poll(() => player.getByRole('status').innerText())
      .toMatch(/^已暂停：第 \d 个（共 3 个）$/);
    await player.getByRole('button', { name: '继续' }).waitFor();
    await screenshot(page, 'homework-words-dictation');
    await player.getByRole('button', { name: '停止' }).click();
    await expect.poll(() => player.getByRole('status').innerText()).toBe('共 3 个字词');

    await page.getByRole('link', { name: '批改与正确率' }).click();
    await page.getByRole('heading', { name: '字词练习 · 批改与正确率' }).waitFor();
    const inputs = page.getByRole('textbox', { name: /错词序号$/ });
    await inputs.nth(1).waitFor();
    // The first student wrote 蝴蝶 wrong; Enter saves and moves on to the second, who missed two.
    await inputs.nth(0).fill('2');
    await inputs.nth(0).press('Enter');
    await expect
      .poll(() => inputs.nth(1).evaluate((el) => el === document.activeElement))
      .toBe(true);
    await page.keyboard.type('2 3');
    await page.keyboard.press('Enter');
    await page.getByText(/^已批改 2 \/ \d+ 人/).waitFor();
    const rates = page.getByRole('table', { name: '字词正确率' }).locator('tbody tr');
    await expect.poll(() => rates.nth(0).innerText()).toContain('0%');
    expect(await rates.nth(0).innerText()).toContain('蝴蝶');
    expect(await rates.nth(1).innerText()).toContain('展开');
    expect(await rates.nth(1).innerText()).toContain('50%');
    expect(await rates.nth(2).innerText()).toContain('100%');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'homework-words-accuracy');

    await page.getByRole('link', { name: '学生详情' }).click();
    await page.getByRole('heading', { name: '字词练习 · 学生详情' }).waitFor();
    await page.getByRole('combobox', { name: '班级' }).selectOption({ label: '高一(1)班' });
    const table = page.getByRole('table', { name: '学生字词情况' });
    await table.waitFor();
    expect(await table.locator('thead').innerText()).toContain('第二单元字词');
    expect(await table.locator('tbody tr').nth(1).innerText()).toContain('错 2：蝴蝶、展开');
    expect(await axeViolations(page)).toEqual([]);

    // The third student's card, scanned after the teacher filled the × of 蝴蝶 and 展开 (the recogniser's
    // test-sheet generator draws the 学号 and the ×): 扫描 on the list's row, the upload, 已匹配,
    // and the 正确率 counts the card as the on-screen marking does.
    await page.getByRole('link', { name: '字词列表' }).click();
    await page.getByRole('heading', { name: '字词练习', level: 1 }).waitFor();
    await row.getByRole('link', { name: '扫描 第二单元字词' }).click();
    await page.getByRole('heading', { name: '听写卡扫描 · 第二单元字词' }).waitFor();
    const id = Number(/word-exercise\/(\d+)\/scan/.exec(page.url())![1]);
    const token = await app.tokenOf('head');
    const marks = await app.api<{ studentNo: string; name: string }[]>(
      '/marking-homework/homework/word-exercise/marks',
      { body: { id, classId: null }, token },
    );
    expect(marks.code, JSON.stringify(marks)).toBe(200);
    const third = marks.data[2]!;
    const digits = Math.max(...marks.data.map((s) => s.studentNo.length));
    const card = layoutWordCard({ id, name: '第二单元字词' }, '语文', [1, 2, 3], digits);
    const ct = {
      paper: { subject: `EKW|${id}`, questions: [] },
      document: card,
      template: toRecognitionTemplate(card),
    };
    const img = fillSheet(await blankPage(ct, 0, DPI), ct.template, 0, DPI, {
      examNumber: third.studentNo,
      answers: { x2: 'F', x3: 'F' },
    });
    const file = join(folder, '听写卡-3.png');
    writeFileSync(file, await encodeScan(img, 'png', { dpi: DPI }));
    await page.getByLabel('上传扫描答题卡').setInputFiles([file]);
    await page.getByText('已上传 1 个文件').waitFor({ timeout: 60_000 });
    const scans = page.getByRole('table', { name: '扫描记录' });
    await scans.getByText(third.name).waitFor();
    expect(await scans.getByText('已匹配').count()).toBe(1);
    await page.getByText(/已扫描 1 人，待处理异常 0 个/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'homework-words-scan');
    await page.getByRole('link', { name: '批改与正确率' }).click();
    await page.getByText(/^已批改 3 \/ \d+ 人/).waitFor();
    // 蝴蝶 wrong for all three now, 展开 for two of three.
    await expect.poll(() => rates.nth(1).innerText()).toContain('33.3%');
    expect(await rates.nth(1).innerText()).toContain('展开');
    expect(await rates.nth(0).innerText()).toContain('蝴蝶');
    expect(problems).toEqual([]);
    await page.context().close();
    // Drawing and recognising a card takes a while on a loaded machine.
  }, 300_000);
});
