import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { axeViolations, examByName, openExamMenu } from './support/app';
import { browserSuite } from './support/suite';

const app = browserSuite();

const MIDTERM = '2026学年第一学期高一期中考试';
const QUIZ = '2026学年高一数学第十三周周练';
/** Marks of the three 10-mark questions of the n-th student. */
const marksOf = (n: number) => [n % 11, (n * 3) % 11, (n * 7) % 11];

async function scoreFile(students: { studentNo: string; name: string }[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('成绩');
  sheet.addRow(['考号/学号', '姓名', '1', '2', '3']);
  students.forEach((s, n) => sheet.addRow([s.studentNo, s.name, ...marksOf(n)]));
  return Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

/** A second finished 高一 exam of 示范中学 (数学, three questions), through the API. */
async function seedQuiz(token: string) {
  const midterm = await examByName(app.server.url, token, MIDTERM);
  const created = await app.api<{ id: number; subjects: { id: number }[] }>(
    '/marking-main/exam/create',
    {
      token,
      body: {
        name: QUIZ,
        examType: '周练',
        gradeId: midterm.gradeId,
        examDate: '2026-12-03',
        subjects: [{ subjectCode: '数学', subjectName: '数学', fullMarks: 30 }],
        classIds: midterm.classes.map((c) => c.classId),
      },
    },
  );
  expect(created.code).toBe(200);
  const examId = created.data.id;
  const subjectId = created.data.subjects[0]!.id;
  const questions = ['1', '2', '3'].map((number) => ({
    number,
    kind: 'subjective',
    fullMarks: 10,
  }));
  expect(
    (
      await app.api('/marking-main/exam/subject/questions/save', {
        token,
        body: { examSubjectId: subjectId, questions },
      })
    ).code,
  ).toBe(200);
  const students = await app.api<{ studentNo: string; name: string }[]>(
    '/marking-main/exam/students',
    { token, body: { id: examId } },
  );
  const imported = await app.api('/marking-main/exam/score/import', {
    token,
    body: { examSubjectId: subjectId, file: (await scoreFile(students.data)).toString('base64') },
  });
  expect(imported.code).toBe(200);
  const finished = await app.api('/marking-main/exam/transition', {
    token,
    body: { id: examId, to: 'finished' },
  });
  expect(finished.code).toBe(200);
}

describe('cross-school exams and the analytic centre in the browser', () => {
  it('示范中学 invites 实验中学 by a code; 实验中学 joins; both see the exam of two', async () => {
    const admin = await app.signedIn('admin');
    await openExamMenu(admin, '跨校考试');
    await admin.getByRole('heading', { name: '跨校考试', level: 1 }).waitFor();
    const form = admin.getByRole('form', { name: '生成邀请码' });
    const exam = form.getByLabel('本校考试');
    const option = exam.locator('option', { hasText: MIDTERM });
    await option.waitFor({ state: 'attached' });
    await exam.selectOption((await option.getAttribute('value'))!);
    await form.getByLabel('联考报告中对方看到本校为').selectOption('names');
    await form.getByRole('button', { name: '生成邀请码' }).click();
    const issued = admin.getByRole('status').filter({ hasText: '邀请码：' });
    await issued.waitFor();
    const code = (await issued.locator('strong').innerText()).trim();
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const invites = admin.getByRole('table', { name: '本校发出的邀请码' });
    await invites.getByRole('cell', { name: '有效', exact: true }).waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'cross-invite');

    const lab = await app.signedIn('lab-admin');
    await openExamMenu(lab, '跨校考试');
    await lab.getByRole('button', { name: '加入跨校考试' }).click();
    await lab.getByRole('heading', { name: '加入跨校考试', level: 1 }).waitFor();
    await lab.getByLabel('邀请码').fill(code.toLowerCase());
    await lab.getByRole('button', { name: '加入', exact: true }).click();
    await lab.getByRole('heading', { name: `已加入“${MIDTERM}”` }).waitFor();
    const schools = lab.getByRole('table', { name: '参考学校' });
    expect(await schools.locator('tbody tr td:first-child').allInnerTexts()).toEqual([
      '示范中学',
      '实验中学',
    ]);
    expect(await axeViolations(lab)).toEqual([]);
    await screenshot(lab, 'cross-joined');
    await lab.getByRole('button', { name: '返回跨校考试' }).click();
    const labList = lab.getByRole('table', { name: '跨校考试列表' });
    await labList.getByText(MIDTERM).waitFor();
    expect(await labList.locator('tbody tr td:nth-child(3)').allInnerTexts()).toEqual(['示范中学']);

    // The host sees the code used by 实验中学, and the exam of two in its list.
    await admin.reload();
    await invites.getByRole('cell', { name: '已使用', exact: true }).waitFor();
    expect(await invites.locator('tbody tr td:nth-child(5)').allInnerTexts()).toEqual(['实验中学']);
    const hostList = admin.getByRole('table', { name: '跨校考试列表' });
    await hostList.getByText(MIDTERM).waitFor();
    await hostList.getByRole('button', { name: `联考报告 ${MIDTERM}` }).waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'cross-list-host');
  });

  it('an analysis of two exams shows each student’s trend with percentile ranks', async () => {
    await seedQuiz(await app.tokenOf('admin'));
    const admin = await app.signedIn('admin');
    await openExamMenu(admin, '分析中心');
    await admin.getByRole('heading', { name: '分析中心', level: 1 }).waitFor();
    await admin.getByRole('button', { name: '新建分析' }).click();
    const form = admin.getByRole('form', { name: '分析信息' });
    await form.getByLabel('分析名称').fill('高一期中到周练');
    await form.getByRole('checkbox', { name: new RegExp(`^${MIDTERM}`) }).check();
    await form.getByRole('checkbox', { name: new RegExp(`^${QUIZ}`) }).check();
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'analytic-create');
    await form.getByRole('button', { name: '创建', exact: true }).click();

    await admin.getByRole('heading', { name: '高一期中到周练·年级报告' }).waitFor();
    const exams = admin.getByRole('table', { name: '考试概况' });
    expect(await exams.locator('tbody tr td:first-child').allInnerTexts()).toEqual([MIDTERM, QUIZ]);
    const students = admin.getByRole('table', { name: '学生趋势' });
    await students.waitFor();
    const firstRow = students.locator('tbody tr').first();
    // Each exam's cell: total (rank, percentile); the best of the latest exam is listed first.
    expect(await firstRow.locator('td').nth(4).innerText()).toMatch(/（第1名，\d+\.\d%）$/);
    await admin.getByRole('img', { name: '班级均分趋势图' }).waitFor();
    await admin.getByRole('img', { name: '整体学科均分趋势图' }).waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'analytic-grade-report');

    // One student's subject trend: the total and each subject, per exam, with its chart.
    const name = await firstRow.locator('td').nth(1).innerText();
    await firstRow.getByRole('button', { name: `学科趋势 ${name}` }).click();
    await admin.getByRole('heading', { name: new RegExp(`^${name}（.*）的学科趋势$`) }).waitFor();
    const subjects = admin.getByRole('table', { name: `${name}的各科成绩趋势` });
    await subjects.waitFor();
    const subjectRows = await subjects.locator('tbody tr td:first-child').allInnerTexts();
    expect(subjectRows[0]).toBe('总分');
    expect(subjectRows).toContain('数学');
    // The total's row is the student's own row of 学生趋势: the same stored figures.
    const totalCells = await subjects.locator('tbody tr').first().locator('td').allInnerTexts();
    expect(totalCells.slice(1, 3)).toEqual([
      await firstRow.locator('td').nth(3).innerText(),
      await firstRow.locator('td').nth(4).innerText(),
    ]);
    await admin.getByRole('img', { name: `${name}的各科百分位趋势图` }).waitFor();
    expect(admin.url()).toContain('studentId=');
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'analytic-student-subjects');
    await admin.getByRole('button', { name: '收起学科趋势' }).click();
    await subjects.waitFor({ state: 'detached' });

    await admin.getByRole('link', { name: '班级报告' }).click();
    await admin.getByRole('heading', { name: '高一期中到周练·班级报告' }).waitFor();
    const classSelect = admin.getByLabel('班级', { exact: true });
    await classSelect.waitFor();
    const classNames = await classSelect.locator('option').allInnerTexts();
    expect(classNames.length).toBeGreaterThan(1);
    await classSelect.selectOption({ label: classNames[1]! });
    await admin.getByRole('table', { name: '班级均分趋势' }).getByText(classNames[1]!).waitFor();
    const classes = await admin
      .getByRole('table', { name: '学生趋势' })
      .locator('tbody tr td:nth-child(3)')
      .allInnerTexts();
    expect(new Set(classes)).toEqual(new Set([classNames[1]]));
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'analytic-class-report');
  });
});
