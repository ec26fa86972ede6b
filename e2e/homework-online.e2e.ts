import { describe, expect, it } from 'vitest';
import { newPage, screenshot } from './support/browser';
import { axeViolations } from './support/app';
import { browserSuite } from './support/suite';

/**
 * Hand-ins on screen (在线作答) by clicks: the teacher publishes the demo's assigned homework
 * (函数的单调性练习, 高一(1)班) on its question page and reads the 作业码; a student of the class
 * opens /homework-online, enters the code and their 学号, chooses options and writes an answer,
 * hands in; the teacher finds the hand-in (在线) in the homework's student report and its written
 * answer on the correction screen.
 */

const app = browserSuite();
const NAME = '函数的单调性练习';

describe('在线作答 in the browser', () => {
  it('a teacher publishes a homework on screen, a student hands it in, the teacher corrects it', async () => {
    const teacher = await app.signedIn('teacher');
    const problems: string[] = [];
    teacher.on('pageerror', (e) => problems.push(e.message));

    // From the homework list to the question page, where 在线作答 is published.
    await teacher.goto(`${app.server.url}/homework/school-base`);
    const row = teacher
      .getByRole('table', { name: '校本作业列表' })
      .locator('tbody tr', { hasText: NAME });
    await row.waitFor();
    await row.getByRole('link', { name: `查看：${NAME}` }).click();
    await teacher.getByRole('heading', { name: new RegExp(`拆题确认 · ${NAME}`) }).waitFor();
    const id = Number(new URL(teacher.url()).searchParams.get('id'));
    await teacher.getByRole('heading', { name: '在线作答' }).waitFor();
    await teacher.getByRole('button', { name: '发布在线作答' }).click();
    const codeBox = teacher.getByLabel('作业码', { exact: true });
    await codeBox.waitFor();
    const code = (await codeBox.innerText()).trim();
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    await teacher.getByText(/\/homework-online/).waitFor();
    expect(await axeViolations(teacher)).toEqual([]);
    await screenshot(teacher, 'homework-online-published');

    // A student of 高一(1)班 (the class the homework is assigned to), by their 学号.
    const token = await app.tokenOf('teacher');
    const overview = await app.api<{ students: { studentNo: string; name: string }[] }>(
      '/marking-homework/homework/correct/overview',
      { token, body: { id } },
    );
    expect(overview.code).toBe(200);
    const student = overview.data.students[0]!;

    const page = await newPage(app.browser);
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${app.server.url}/homework-online`);
    await page.getByRole('heading', { name: '在线作业' }).waitFor();
    // A wrong code is refused with the one message that gives nothing away.
    await page.getByLabel('作业码').fill('ZZZZZZZZ');
    await page.getByLabel('学号').fill(student.studentNo);
    await page.getByRole('button', { name: '进入作业' }).click();
    await page
      .getByRole('form', { name: '进入作业' })
      .getByRole('alert')
      .filter({ hasText: '作业码或学号不正确' })
      .waitFor();
    await page.getByLabel('作业码').fill(code);
    await page.getByRole('button', { name: '进入作业' }).click();
    await page.getByRole('heading', { name: `${NAME} · 数学` }).waitFor();
    expect(await page.getByText(student.name).count()).toBeGreaterThan(0);

    // 1: B (right), 2: A only of AC (half marks), 3: C (wrong), 4: a written answer, 5: none.
    await page.getByRole('group', { name: '第 1 题' }).getByLabel('B').check();
    await page.getByRole('group', { name: '第 2 题' }).getByLabel('A').check();
    await page.getByRole('group', { name: '第 3 题' }).getByLabel('C').check();
    await page.getByLabel('第 4 题解答').fill('设 x1 < x2，作差得 f(x1) - f(x2) < 0，所以单调递增');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'homework-online-answering');
    await page.getByRole('button', { name: '提交作业' }).click();
    const confirm = page.getByRole('alertdialog', { name: '确认提交' });
    await confirm.getByText(/还有 1 题未作答/).waitFor();
    await confirm.getByRole('button', { name: '确定提交' }).click();
    await page.getByRole('heading', { name: '作业已提交' }).waitFor();
    // 5 + 2.5 + 0 of the 15 objective marks; 25 written marks wait for the teacher.
    await page.getByText('客观题得分：7.5 / 15').waitFor();
    await page.getByText('其余 25 分等待老师批改。').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'homework-online-submitted');

    // The teacher: the student's row in the report is 在线, with the objective score.
    await teacher.goto(`${app.server.url}/homework/school-base`);
    await row.getByRole('link', { name: `报告：${NAME}` }).click();
    await teacher.getByRole('heading', { name: `作业报告 · ${NAME}` }).waitFor();
    await teacher.getByRole('link', { name: '学生', exact: true }).click();
    const students = teacher.getByRole('table', { name: '学生成绩' });
    await students.waitFor();
    const studentRow = students.locator('tbody tr', { hasText: student.name });
    await expect.poll(() => studentRow.innerText()).toMatch(/待批改\s+在线\s+7\.5/);
    expect(await axeViolations(teacher)).toEqual([]);
    await screenshot(teacher, 'homework-online-report');

    // The correction screen shows question 4's written answer and takes a score by keyboard.
    await teacher.goto(`${app.server.url}/homework/school-base`);
    await row.getByRole('link', { name: `批改：${NAME}` }).click();
    await teacher.getByRole('heading', { name: `作业批改 · ${NAME}` }).waitFor();
    await teacher
      .getByRole('combobox', { name: '题目' })
      .selectOption({ label: '第 4 题（主观题，10 分）' });
    const roster = teacher.getByRole('table', { name: '学生名单' });
    const rosterRow = roster.locator('tbody tr', { hasText: student.name });
    await rosterRow.getByRole('button', { name: `批改：${student.name}` }).click();
    await teacher.getByRole('heading', { name: new RegExp(`${student.name} · 第 4 题`) }).waitFor();
    await teacher.getByText(/作答：设 x1 < x2/).waitFor();
    await teacher.getByRole('heading', { name: '给分' }).click();
    await teacher.keyboard.type('9');
    await teacher.keyboard.press('Enter');
    await expect.poll(() => rosterRow.innerText()).toMatch(/16\.5/);
    expect(await axeViolations(teacher)).toEqual([]);
    await screenshot(teacher, 'homework-online-correct');

    // Once corrected, the student may no longer replace the hand-in.
    await page.reload();
    await page.getByLabel('作业码').fill(code);
    await page.getByLabel('学号').fill(student.studentNo);
    await page.getByRole('button', { name: '进入作业' }).click();
    await page.getByRole('heading', { name: '作业已提交' }).waitFor();
    expect(await page.getByRole('button', { name: '修改后重新提交' }).count()).toBe(0);
    expect(problems).toEqual([]);
  }, 240_000);
});
