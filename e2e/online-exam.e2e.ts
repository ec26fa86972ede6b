import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, screenshot } from './support/browser';
import { axeViolations, openExamMenu } from './support/app';
import { browserSuite } from './support/suite';

const EXAM_NAME = '高一数学在线小测';

const app = browserSuite();

/** `YYYY-MM-DDTHH:mm` for a datetime-local input, in the browser's (and this machine's) zone. */
const localInput = (ms: number) =>
  new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** A question's box on the question page. */
const questionBox = (page: Page, n: number) =>
  page.getByRole('group', { name: `第 ${n} 题`, exact: true });

async function typeQuestion(
  page: Page,
  n: number,
  kind: string,
  stem: string,
  options: string[],
  marks: string,
) {
  if (n > 1) await page.getByRole('button', { name: '添加题目' }).click();
  const box = questionBox(page, n);
  await box.getByLabel(`第 ${n} 题题型`).selectOption({ label: kind });
  await box.getByLabel(`第 ${n} 题题干`).fill(stem);
  for (const [i, option] of options.entries())
    await box
      .getByRole('textbox', { name: `第 ${n} 题选项 ${String.fromCharCode(65 + i)}` })
      .fill(option);
  await box.getByLabel(`第 ${n} 题分值`).fill(marks);
}

/** A student on the public student page: enters, answers, waits for the autosave. */
async function takeExam(
  code: string,
  studentNo: string,
  answer: (page: Page) => Promise<void>,
): Promise<Page> {
  const page = await newPage(app.browser);
  await page.goto(`${app.server.url}/online-exam`);
  await page.getByLabel('考试码').fill(code);
  await page.getByLabel('学号').fill(studentNo);
  await page.getByRole('button', { name: '进入考试' }).click();
  await page.getByRole('heading', { name: `${EXAM_NAME} · 数学` }).waitFor();
  await answer(page);
  await page.getByText(/答案已自动保存/).waitFor();
  return page;
}

describe('online exam in the browser', () => {
  it('a teacher creates an online exam by clicks, two students take it on the student page, the teacher sees its statistics', async () => {
    const teacher = await app.signedIn('admin');
    const errors: string[] = [];
    teacher.on('pageerror', (e) => errors.push(e.message));

    // From the exam list's create menu.
    await openExamMenu(teacher, '单校考试');
    await teacher.getByRole('table', { name: '考试列表' }).waitFor();
    await teacher.getByRole('button', { name: '创建在线考试' }).click();
    await teacher.getByRole('heading', { name: '创建在线考试' }).waitFor();
    const basics = teacher.getByRole('form', { name: '在线考试基本信息' });
    await basics.getByLabel('考试名称').fill(EXAM_NAME);
    await basics.getByLabel('年级').selectOption({ label: '高一' });
    await basics.getByLabel('科目').selectOption({ label: '数学' });
    await basics.getByRole('checkbox', { name: '高一(1)班' }).check();
    await basics.getByRole('button', { name: '下一步：设置试题' }).click();

    // The questions, typed in: one of each kind, a formula in the first.
    await teacher.getByRole('heading', { name: `设置试题 · ${EXAM_NAME}` }).waitFor();
    await typeQuestion(teacher, 1, '单选题', '计算 $1+1$ 的值', ['一', '二', '三', '四'], '2');
    await typeQuestion(teacher, 2, '多选题', '下列数中是偶数的有', ['二', '三', '四', '五'], '4');
    await typeQuestion(teacher, 3, '判断题', '三角形的内角和是一百八十度', [], '2');
    await typeQuestion(teacher, 4, '填空题', '一打是多少个（填数字）', [], '2');
    await typeQuestion(teacher, 5, '解答题', '说明勾股定理的含义', [], '10');
    expect(await axeViolations(teacher)).toEqual([]);
    await teacher.getByRole('button', { name: '保存并设置答案' }).click();

    // The keys.
    await teacher.getByRole('heading', { name: `设置答案 · ${EXAM_NAME}` }).waitFor();
    await teacher.getByRole('group', { name: '第 1 题答案' }).getByLabel('B').check();
    const multiple = teacher.getByRole('group', { name: '第 2 题答案' });
    await multiple.getByLabel('A', { exact: true }).check();
    await multiple.getByLabel('C', { exact: true }).check();
    await multiple.getByLabel('第 2 题少选得分').fill('2');
    await teacher.getByRole('group', { name: '第 3 题答案' }).getByLabel('对').check();
    await teacher.getByLabel('第 4 题可接受答案（每行一个）').fill('12\n十二');
    await teacher.getByLabel('第 5 题参考答案').fill('直角三角形两直角边的平方和等于斜边的平方');
    expect(await axeViolations(teacher)).toEqual([]);
    await teacher.getByRole('button', { name: '保存并设置时间' }).click();

    // The window: open from a minute ago for an hour, 30 minutes each.
    await teacher.getByRole('heading', { name: `设置时间 · ${EXAM_NAME}` }).waitFor();
    const now = Date.now();
    await teacher.getByLabel('开始时间').fill(localInput(now - 60_000));
    await teacher.getByLabel('结束时间').fill(localInput(now + 60 * 60_000));
    await teacher.getByLabel('考试时长（分钟）').fill('30');
    await teacher.getByRole('button', { name: '保存时间' }).click();

    // The overview with the code the students type.
    await teacher.getByRole('heading', { name: '编辑在线考试' }).waitFor();
    const code = (await teacher.getByTestId('online-code').innerText()).trim();
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(await axeViolations(teacher)).toEqual([]);
    await screenshot(teacher, 'online-exam-overview');

    // Two students of 高一(1)班, by their numbers.
    const examId = Number(new URL(teacher.url()).searchParams.get('id'));
    const token = await app.tokenOf('admin');
    const roster = await app.api<{ students: { studentNo: string; name: string }[] }>(
      '/marking-main/exam/online/statistics',
      { token, body: { id: examId } },
    );
    const [first, second] = roster.data.students;

    // The first answers everything right.
    const a = await takeExam(code, first!.studentNo, async (page) => {
      await page.getByRole('group', { name: '第 1 题' }).getByRole('radio').nth(1).check();
      const q2 = page.getByRole('group', { name: '第 2 题' }).getByRole('checkbox');
      await q2.nth(0).check();
      await q2.nth(2).check();
      await page.getByRole('group', { name: '第 3 题' }).getByLabel('对').check();
      await page.getByLabel('第 4 题答案').fill('12');
      await page.getByLabel('第 5 题解答').fill('两条直角边的平方和等于斜边的平方');
    });
    expect(await a.locator('math').count()).toBeGreaterThan(0);
    expect(await axeViolations(a)).toEqual([]);
    await screenshot(a, 'online-exam-student-answering');
    await a.getByRole('button', { name: '交卷' }).click();
    await a
      .getByRole('alertdialog', { name: '确认交卷' })
      .getByRole('button', { name: '确定交卷' })
      .click();
    await a.getByRole('heading', { name: '交卷成功' }).waitFor();
    expect(await a.getByText('选择、判断和填空题得分：10 / 10').count()).toBe(1);
    expect(await a.getByText('解答题共 10 分，等待老师阅卷。').count()).toBe(1);
    await screenshot(a, 'online-exam-student-submitted');

    // The second answers some, reloads (the answers were saved), then hands in.
    const b = await takeExam(code, second!.studentNo, async (page) => {
      await page.getByRole('group', { name: '第 1 题' }).getByRole('radio').nth(2).check();
      await page.getByRole('group', { name: '第 2 题' }).getByRole('checkbox').nth(0).check();
    });
    await b.reload();
    await b.getByLabel('考试码').fill(code);
    await b.getByLabel('学号').fill(second!.studentNo);
    await b.getByRole('button', { name: '进入考试' }).click();
    const q1 = b.getByRole('group', { name: '第 1 题' }).getByRole('radio').nth(2);
    await q1.waitFor();
    expect(await q1.isChecked()).toBe(true);
    await b.getByRole('group', { name: '第 3 题' }).getByLabel('错').check();
    await b.getByRole('button', { name: '交卷' }).click();
    await b.getByRole('alertdialog', { name: '确认交卷' }).getByText('还有 2 题未作答').waitFor();
    await b.getByRole('button', { name: '确定交卷' }).click();
    await b.getByRole('heading', { name: '交卷成功' }).waitFor();
    // B (wrong) 0, A of AC 2 (少选), 错 (wrong) 0, nothing typed.
    expect(await b.getByText('选择、判断和填空题得分：2 / 10').count()).toBe(1);
    // Entering again after handing in shows the result, never a second attempt.
    await b.reload();
    await b.getByLabel('考试码').fill(code);
    await b.getByLabel('学号').fill(second!.studentNo);
    await b.getByRole('button', { name: '进入考试' }).click();
    await b.getByRole('heading', { name: '交卷成功' }).waitFor();
    expect(await b.getByRole('button', { name: '交卷' }).count()).toBe(0);

    // The teacher opens the statistics from the exam list.
    await openExamMenu(teacher, '单校考试');
    await teacher
      .getByRole('button', { name: `答题统计 ${EXAM_NAME}` })
      .first()
      .click();
    await teacher.getByRole('heading', { name: `答题统计 · ${EXAM_NAME}` }).waitFor();
    const perQuestion = teacher.getByRole('table', { name: '各题情况' });
    await perQuestion.waitFor();
    const rows = await perQuestion.getByRole('row').allInnerTexts();
    expect(rows[1]).toMatch(/^1\s+单选题\s+2\s+2\s+50%\s+1\s+A：0人，B：1人，C：1人，D：0人/);
    expect(rows[2]).toMatch(/^2\s+多选题\s+4\s+2\s+50%\s+3\s+A：2人，B：0人，C：1人，D：0人/);
    expect(rows[3]).toMatch(/对：1人，错：1人/);
    expect(rows[5]).toMatch(/^5\s+解答题\s+10\s+1\s+待阅卷\s+待阅卷/);
    expect(await teacher.getByRole('group', { name: '概况' }).innerText()).toContain(
      '已交卷 2 人，平均分 6',
    );
    const perStudent = teacher.getByRole('table', { name: '学生成绩' });
    const firstRow = await perStudent
      .getByRole('row', { name: new RegExp(first!.name) })
      .innerText();
    expect(firstRow).toMatch(/已交卷.*\s10\s+10$/s);
    const secondRow = await perStudent
      .getByRole('row', { name: new RegExp(second!.name) })
      .innerText();
    expect(secondRow).toMatch(/已交卷.*\s2\s+10$/s);
    expect(await teacher.getByRole('button', { name: '解答题交给阅卷' }).count()).toBe(1);
    expect(await axeViolations(teacher)).toEqual([]);
    await screenshot(teacher, 'online-exam-statistics');
    expect(errors).toEqual([]);
  });

  it('a teacher takes a question from the question bank by clicks; the exam shows it with the bank’s key', async () => {
    const teacher = await app.signedIn('admin');
    const errors: string[] = [];
    teacher.on('pageerror', (e) => errors.push(e.message));
    const name = '高一数学题库小测';
    await openExamMenu(teacher, '单校考试');
    await teacher.getByRole('button', { name: '创建在线考试' }).click();
    const basics = teacher.getByRole('form', { name: '在线考试基本信息' });
    await basics.getByLabel('考试名称').fill(name);
    await basics.getByLabel('年级').selectOption({ label: '高一' });
    await basics.getByLabel('科目').selectOption({ label: '数学' });
    await basics.getByRole('checkbox', { name: '高一(1)班' }).check();
    await basics.getByRole('button', { name: '下一步：设置试题' }).click();
    await teacher.getByRole('heading', { name: `设置试题 · ${name}` }).waitFor();

    await teacher.getByRole('button', { name: '从题库选题' }).click();
    const dialog = teacher.getByRole('dialog', { name: '从题库选题' });
    await dialog.getByLabel('题型').selectOption({ label: '单选题' });
    await dialog.getByLabel('关键字').fill('概率');
    await dialog.getByRole('button', { name: '查询' }).click();
    const card = dialog.getByRole('article', { name: '题库第 1 题' });
    await card.getByText('概率').first().waitFor();
    await card.getByText(/答案/).first().waitFor();
    expect(await axeViolations(teacher)).toEqual([]);
    await screenshot(teacher, 'online-exam-bank-picker');
    await dialog.getByRole('checkbox', { name: '选择题库第 1 题' }).check();
    await dialog.getByRole('button', { name: '加入所选试题（1）' }).click();
    expect(await dialog.count()).toBe(0);

    // The empty first question gave way to the bank's, with its options.
    const box = questionBox(teacher, 1);
    await box.getByText('来自题库').waitFor();
    expect(await box.getByLabel('第 1 题题干').inputValue()).toContain('概率');
    expect(await box.getByRole('textbox', { name: '第 1 题选项 A' }).inputValue()).not.toBe('');
    expect(await questionBox(teacher, 2).count()).toBe(0);
    await teacher.getByRole('button', { name: '保存并设置答案' }).click();

    // The key came with it from the bank.
    await teacher.getByRole('heading', { name: `设置答案 · ${name}` }).waitFor();
    await teacher.getByText(/概率/).first().waitFor();
    const key = teacher.getByRole('group', { name: '第 1 题答案' });
    await expect.poll(() => key.getByRole('radio', { checked: true }).count()).toBe(1);
    await screenshot(teacher, 'online-exam-bank-key');
    expect(errors).toEqual([]);
  });
});
