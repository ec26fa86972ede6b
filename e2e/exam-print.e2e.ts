import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { axeViolations, openExamMenu } from './support/app';
import { browserSuite } from './support/suite';

const EXAM_NAME = '浏览器测试多科联测';

const app = browserSuite();

describe('试卷印刷 and 多科考试 in the browser', () => {
  it('creates a multi-grade exam, prints its papers, tells the teachers, who read the notice', async () => {
    const page = await app.signedIn('admin');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // 多科考试 from the exam list.
    await openExamMenu(page, '单校考试');
    await page.waitForURL('**/exam/single');
    await page.getByRole('button', { name: '多科考试' }).click();
    await page.getByRole('heading', { name: '多科考试' }).waitFor();
    const form = page.getByRole('form', { name: '多科考试信息' });
    await form.getByLabel('考试名称').fill(EXAM_NAME);
    await form.getByLabel('考试类型').selectOption('月测');
    await form.getByLabel('考试日期').fill('2026-11-28');
    await form.getByRole('checkbox', { name: '高一', exact: true }).check();
    await form.getByRole('checkbox', { name: '高二', exact: true }).check();
    await form.getByRole('checkbox', { name: '数学', exact: true }).check();
    await form.getByRole('checkbox', { name: '语文', exact: true }).check();
    await form.getByLabel('数学满分').fill('150');
    await form.getByLabel('语文满分').fill('150');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'exam-multiple-form');
    await form.getByRole('button', { name: '创建', exact: true }).click();
    await page.getByText('已创建 2 场考试').waitFor();
    await page.waitForURL('**/exam/single');
    const list = page.getByRole('table', { name: '考试列表' });
    const created = list.getByRole('row').filter({ hasText: EXAM_NAME });
    await created.first().waitFor();
    expect(await created.count()).toBe(2);
    expect((await created.allInnerTexts()).map((t) => t.includes('数学、语文'))).toEqual([
      true,
      true,
    ]);

    // Printing of the 高一 exam, from its row.
    await created
      .filter({ hasText: '高一' })
      .getByRole('button', { name: `印刷 ${EXAM_NAME}` })
      .click();
    await page.waitForURL(/\/exam\/print\?examId=\d+$/);
    const tasks = page.getByRole('table', { name: '印刷任务' });
    await tasks.waitFor();
    // 4 classes × 2 subjects, each 50 students + 2 spare.
    expect(await tasks.getByRole('row').count()).toBe(9);
    const math1 = tasks
      .getByRole('row')
      .filter({ hasText: '高一(1)班' })
      .filter({ hasText: '数学' });
    expect(await math1.innerText()).toMatch(/50\s+52/);
    await page.getByLabel('每班备用份数').fill('3');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('已保存').first().waitFor();
    await math1.getByText(/^53$/).first().waitFor();
    await tasks.getByLabel('高一(1)班 数学 印刷老师').selectOption({ label: '李老师' });
    await page.getByText('已安排印刷老师').first().waitFor();
    await math1.getByRole('button', { name: '标记已打印 高一(1)班 数学' }).click();
    await math1.getByText('已打印').waitFor();
    await page.getByRole('button', { name: '通知老师领取' }).click();
    await page.getByText(/^已通知 \d+ 位老师领取 1 个班级科目的试卷$/).waitFor();
    await math1.getByRole('cell', { name: '是', exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'exam-print-tasks');
    expect(errors).toEqual([]);
    await page.context().close();

    // 李老师 (数学 in 高一(1)(2)班) reads the notice and sees only the tasks of their classes.
    const teacher = await app.signedIn('teacher');
    // Spec 000 §6 keeps Exam-Print out of the menu: the exam list opens it.
    await openExamMenu(teacher, '单校考试');
    await teacher.getByRole('button', { name: '试卷印刷', exact: true }).click();
    await teacher.waitForURL('**/exam/print');
    const notices = teacher.getByRole('region', { name: '我的印刷通知' });
    await notices.getByText(`试卷已印好：${EXAM_NAME}`).waitFor();
    expect(await notices.innerText()).toContain('高一(1)班 数学：试卷 53 份。请到文印室领取。');
    expect(await notices.innerText()).toContain('（未读）');
    await teacher
      .getByRole('table', { name: '印刷考试列表' })
      .getByRole('row')
      .filter({ hasText: EXAM_NAME })
      .filter({ hasText: '高一' })
      .getByRole('button', { name: `印刷任务 ${EXAM_NAME}` })
      .click();
    const own = teacher.getByRole('table', { name: '印刷任务' });
    await own.waitFor();
    const rows = (await own.getByRole('row').allInnerTexts()).slice(1);
    expect(rows.map((r) => r.split(/\s+/).slice(0, 2).join(' '))).toEqual([
      '数学 高一(1)班',
      '数学 高一(2)班',
    ]);
    // The printer may take it back; the other class is not theirs to mark.
    await own.getByRole('button', { name: '改为待打印 高一(1)班 数学' }).waitFor();
    expect(await own.getByRole('button', { name: /高一\(2\)班 数学$/ }).count()).toBe(0);
    await screenshot(teacher, 'exam-print-teacher');
    // The notice is the teacher's message in 消息通知 (kind 试卷印好), leading back to 试卷印刷.
    await teacher
      .getByRole('banner')
      .getByRole('link', { name: /^消息通知/ })
      .click();
    await teacher.waitForURL('**/new-home-message/index');
    const inbox = teacher.getByRole('list', { name: '消息列表' });
    await inbox.getByRole('link', { name: `试卷已印好：${EXAM_NAME}` }).click();
    await teacher.getByText('高一(1)班 数学：试卷 53 份。请到文印室领取。').waitFor();
    await screenshot(teacher, 'exam-print-teacher-message');
    await teacher.context().close();
  }, 240_000);

  it('the grade report leads to the warning report print page, with real students', async () => {
    const page = await app.signedIn('admin');
    await openExamMenu(page, '单校考试');
    const list = page.getByRole('table', { name: '考试列表' });
    await list.getByRole('button', { name: '查看报告 2026学年第一学期高一期中考试' }).click();
    await page.getByRole('dialog').getByRole('link', { name: '年级报告' }).click();
    await page.getByRole('table', { name: '年级各学科成绩概况' }).waitFor();
    await page.getByRole('button', { name: '预警报告', exact: true }).click();
    await page.waitForURL(/\/print\/\d+\/warningReport$/);
    const warned = page.getByRole('table', { name: '预警学生' });
    await warned.waitFor();
    expect(await warned.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('预警报告');
    // One class only.
    await page.getByLabel('班级').selectOption({ label: '高一(2)班' });
    await page.waitForURL(/warningReport\?classId=\d+$/);
    // The old rows stay on screen until the class's own arrive.
    await expect
      .poll(async () => new Set(await warned.locator('tbody tr td:nth-child(3)').allInnerTexts()), {
        timeout: 15_000,
      })
      .toEqual(new Set(['高一(2)班']));
    await screenshot(page, 'warning-report-print');
    await page.getByRole('button', { name: '返回' }).click();
    await page.getByRole('table', { name: '年级各学科成绩概况' }).waitFor();

    // A student's transcript in the class report leads to the print page of their lost questions.
    await openExamMenu(page, '单校考试');
    await list.getByRole('button', { name: '查看报告 2026学年第一学期高一期中考试' }).click();
    await page.getByRole('dialog').getByRole('link', { name: '班级报告' }).click();
    await page.getByRole('tab', { name: '成绩单' }).click();
    const transcript = page.getByRole('table', { name: /成绩单$/ });
    await transcript.waitFor();
    const student = transcript.getByRole('link').first();
    const name = await student.innerText();
    await student.click();
    await page.getByRole('button', { name: '打印错题' }).click();
    await page.waitForURL(/\/print\/\d+\/\d+\/\d+\/transcriptMistakes$/);
    await page
      .getByRole('heading', { name: `2026学年第一学期高一期中考试 · ${name}成绩单` })
      .waitFor();
    await page.getByRole('heading', { name: '错题' }).waitFor();
    expect(await page.getByRole('table').count()).toBeGreaterThan(1);
    await screenshot(page, 'transcript-mistakes-print');
    await page.context().close();
  }, 180_000);
});
