import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { savedDownload, screenshot } from './support/browser';
import { axeViolations, openExamMenu, signIn } from './support/app';
import { browserSuite } from './support/suite';

// Every joint exam goes to the DuckDB engine here (its threshold at 0), so the built server's
// DuckDB path (native module, rows, generations) answers the grade pages users open.
const app = browserSuite({ JOINT_DUCKDB_MIN_STUDENTS: '0' });

const NAME = '2026学年高一数学联考';
/** The joint exam's subjects: 语数外, 物理 and two re-chosen ones, so a 新高考 analysis can total them. */
const SUBJECTS = ['语文', '数学', '英语', '物理', '化学', '生物'];
const HEADER = ['考号/学号', '姓名', '1', '2', '3'];
/** Marks of the three 10-mark questions of the n-th student. */
const marksOf = (n: number) => [n % 11, (n * 3) % 11, (n * 7) % 11];

async function scoreFile(students: { studentNo: string; name: string }[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('成绩');
  sheet.addRow(HEADER);
  students.forEach((s, n) => sheet.addRow([s.studentNo, s.name, ...marksOf(n)]));
  return Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

/** A paper-structure template (题号, 小题号, 题型, 满分, 选项数, 答案, 部分得分, 知识点, 能力). */
async function structureFile(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('试题');
  sheet.addRow(['题号', '小题号', '题型', '满分', '选项数', '答案', '部分得分', '知识点', '能力']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

interface Joint {
  id: number;
  name: string;
  schools: { label: string; examId: number | null }[];
}

/** A school's own exam of the joint exam and its 数学 subject, through the API. */
async function ownExam(token: string) {
  const list = await app.api<Joint[]>('/marking-main/joint/list', { token, body: {} });
  const joint = list.data.find((j) => j.name === NAME)!;
  const examId = joint.schools.find((s) => s.examId !== null)!.examId!;
  const detail = await app.api<{ subjects: { id: number; subjectName: string }[] }>(
    '/marking-main/exam/detail',
    { token, body: { id: examId } },
  );
  const students = await app.api<{ studentId: number; studentNo: string; name: string }[]>(
    '/marking-main/exam/students',
    { token, body: { id: examId } },
  );
  return { examId, subjects: detail.data.subjects, students: students.data };
}

/**
 * The school's other subjects' scores imported through the API (the calls its import page
 * makes), and its students' 选科 set to 物理 化学 生物 (the roster's call): the 新高考 analysis
 * totals 语数外, 物理 and the two converted.
 */
async function importOthers(
  token: string,
  exam: Awaited<ReturnType<typeof ownExam>>,
  skip: string[],
) {
  for (const subject of exam.subjects) {
    if (skip.includes(subject.subjectName)) continue;
    const imported = await app.api('/marking-main/exam/score/import', {
      token,
      body: {
        examSubjectId: subject.id,
        file: (await scoreFile(exam.students)).toString('base64'),
      },
    });
    expect(imported.code, subject.subjectName).toBe(200);
  }
  const chosen = await app.api('/marking-user/user/level/exam/set_student_subject', {
    token,
    body: {
      studentIds: exam.students.map((s) => s.studentId),
      comboType: '3+1+2',
      subjects: ['物理', '化学', '生物'],
    },
  });
  expect(chosen.code).toBe(200);
}

const tableTexts = (page: Page, name: string) =>
  page.getByRole('table', { name }).locator('tbody tr td:first-child').allInnerTexts();

describe('joint exam in the browser', () => {
  it('the bureau creates a joint exam of the two demo schools, each imports, the report shows', async () => {
    // The bureau signs in and picks the school to enter from its district's schools.
    const page = await app.openLogin();
    await signIn(page, 'bureau');
    const choice = page.getByRole('region', { name: '请选择登录学校' });
    await choice.getByRole('button', { name: '实验中学' }).waitFor();
    await screenshot(page, 'joint-bureau-school-choice');
    await choice.getByRole('button', { name: '示范中学' }).click();
    await page.getByRole('banner').waitFor();

    await openExamMenu(page, '联合考试');
    await page.getByRole('heading', { name: '联合考试', level: 1 }).waitFor();
    await page.getByRole('button', { name: '创建联考' }).click();
    const form = page.getByRole('form', { name: '联考信息' });
    await form.getByLabel('联考名称').fill(NAME);
    await form.getByLabel('考试类型').selectOption('期中');
    await form.getByLabel('年级', { exact: true }).selectOption({ label: '高一' });
    await form.getByRole('checkbox', { name: '示范中学' }).check();
    await form.getByRole('checkbox', { name: '实验中学' }).check();
    for (const subject of SUBJECTS) {
      await form.getByRole('checkbox', { name: subject, exact: true }).check();
      await form.getByLabel(`${subject}满分`).fill('30');
    }
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'joint-create');
    await form.getByRole('button', { name: '创建', exact: true }).click();

    await page.getByRole('heading', { name: '编辑联考' }).waitFor();
    const schools = page.getByRole('table', { name: '参考学校' });
    await schools.getByText('学校B').waitFor();
    expect(await tableTexts(page, '参考学校')).toEqual(['示范中学', '实验中学']);
    for (const subject of SUBJECTS) {
      await page.getByLabel(`${subject}（满分 30）题目数量`).fill('3');
      await page.getByRole('button', { name: `保存${subject}试卷结构` }).click();
      await page.getByText(`已为 2 所学校保存${subject}试卷结构`).waitFor();
    }
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'joint-edit');

    // 数学's structure from the .xlsx template in the paper editor: a bad row is named and
    // nothing is read; a good file, saved once, is every school's structure.
    const paper = page.getByRole('region', { name: '试卷、答案和答题卡' });
    await paper.getByLabel('科目').selectOption({ label: '数学' });
    await page.getByRole('heading', { name: `试题设置 · ${NAME} · 数学` }).waitFor();
    await page.getByText('从表格导入（粘贴或上传模板）').click();
    const upload = page.getByLabel('上传试题模板文件');
    await upload.setInputFiles({
      name: '数学试题.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await structureFile([
        ['1', '', '解答', 10, '', '', '', '函数'],
        ['2', '', '多项', 10],
      ]),
    });
    const refused = page.getByRole('table', { name: /未读取任何题目明细/ });
    await refused.getByText('题型“多项”无法识别').waitFor();
    await screenshot(page, 'joint-structure-import-refused');
    await upload.setInputFiles({
      name: '数学试题.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await structureFile([
        ['1', '', '解答', 10, '', '', '', '函数'],
        ['2', '', '解答', 10, '', '', '', '数列'],
        ['3', '', '解答', 10, '', '', '', '立体几何'],
      ]),
    });
    await page.getByText('已读取 3 道题，请检查后保存').waitFor();
    await page.getByRole('button', { name: '保存试卷结构' }).click();
    await page.getByText('试卷结构已保存').waitFor();
    expect(await page.getByLabel('第3题知识点').inputValue()).toBe('立体几何');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'joint-structure-imported');
    for (const login of ['admin', 'lab-admin']) {
      const token = await app.tokenOf(login);
      const own = await ownExam(token);
      const math = own.subjects.find((s) => s.subjectName === '数学')!;
      const copy = await app.api<{ questions: { number: string; knowledgePoints: string[] }[] }>(
        '/marking-main/exam/subject/questions/get',
        { token, body: { examSubjectId: math.id } },
      );
      expect(
        copy.data.questions.map((q) => [q.number, q.knowledgePoints]),
        login,
      ).toEqual([
        ['1', ['函数']],
        ['2', ['数列']],
        ['3', ['立体几何']],
      ]);
    }

    // 示范中学 imports its scores through its own exam's import page.
    const admin = await app.signedIn('admin');
    const demo = await ownExam(await app.tokenOf('admin'));
    await openExamMenu(admin, '单校考试');
    await admin.getByRole('link', { name: NAME }).first().click();
    await admin.getByRole('link', { name: '数学导入成绩' }).click();
    await admin.getByRole('heading', { name: `导入成绩 · ${NAME}` }).waitFor();
    await admin.getByLabel('成绩文件').setInputFiles({
      name: '数学成绩.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await scoreFile(demo.students),
    });
    await admin.getByRole('button', { name: '导入', exact: true }).click();
    await admin.getByRole('status').filter({ hasText: '导入' }).waitFor();
    await screenshot(admin, 'joint-demo-import');
    await importOthers(await app.tokenOf('admin'), demo, ['数学']);
    await admin.getByRole('link', { name: '返回考试' }).click();
    const states = admin.getByRole('group', { name: '考试状态' });
    await states.getByRole('button', { name: '完成考试' }).click();
    await states.getByText('已完成').waitFor();

    // 实验中学 imports through the API (the same calls its import page makes).
    const labToken = await app.tokenOf('lab-admin');
    const lab = await ownExam(labToken);
    await importOthers(labToken, lab, []);
    const finished = await app.api('/marking-main/exam/transition', {
      token: labToken,
      body: { id: lab.examId, to: 'finished' },
    });
    expect(finished.code).toBe(200);

    // The bureau's joint grade report: every student of both schools, each school by name.
    await openExamMenu(page, '联合考试');
    await page.getByRole('button', { name: `联考报告 ${NAME}` }).click();
    await page.getByRole('heading', { name: `联考年级报告·基本情况：${NAME}` }).waitFor();
    const overview = page.getByRole('table', { name: '联考各学科成绩概况' });
    await overview.waitFor();
    const totalRow = overview.locator('tbody tr').first();
    const count = demo.students.length + lab.students.length;
    expect(await totalRow.locator('td').nth(2).innerText()).toBe(String(count));
    expect(await tableTexts(page, '总分各校对比')).toEqual(['示范中学', '实验中学']);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'joint-report-bureau');

    // 示范中学 sees the other school by its code, and only its own students in the ranking.
    await openExamMenu(admin, '联合考试');
    await admin.getByRole('button', { name: `联考报告 ${NAME}` }).click();
    await admin.getByRole('table', { name: '总分各校对比' }).waitFor();
    expect(await tableTexts(admin, '总分各校对比')).toEqual(['示范中学', '学校B']);
    await screenshot(admin, 'joint-report-school');
    await admin.getByRole('link', { name: '排名分析' }).click();
    const ranks = admin.getByRole('table', { name: '总分联考排名（前 200 名）' });
    await ranks.waitFor();
    const schoolsInRanking = await ranks.locator('tbody tr td:nth-child(4)').allInnerTexts();
    expect(schoolsInRanking.length).toBe(Math.min(200, demo.students.length));
    expect(new Set(schoolsInRanking)).toEqual(new Set(['示范中学']));
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'joint-rank-school');
    await admin.getByRole('link', { name: '成绩单', exact: true }).click();
    const transcript = admin.getByRole('table', { name: /^联考成绩单/ });
    await transcript.waitFor();
    const transcriptSchools = await transcript.locator('tbody tr td:nth-child(3)').allInnerTexts();
    expect(new Set(transcriptSchools)).toEqual(new Set(['示范中学']));
    await admin.getByRole('link', { name: '本校对比' }).click();
    await admin
      .getByRole('table', { name: `本校与联考整体对比（本校 ${demo.students.length} 人）` })
      .waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'joint-school-basic');

    // The school's grade 试卷讲评: the other school is an aggregate under its code.
    const demoNames = new Set(demo.students.map((s) => s.name));
    await admin.getByRole('link', { name: '试卷讲评' }).click();
    await admin.getByRole('heading', { name: `${NAME} · 联考年级报告` }).waitFor();
    const review = admin.getByRole('table', { name: /逐题讲评$/ });
    await review.waitFor();
    const perSchool = await review.locator('tbody tr').first().innerText();
    expect(perSchool).toContain('学校B');
    expect(perSchool).not.toContain('实验中学');
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'joint-grade-comment-school');

    // Its class pages: its own classes only, each beside the whole joint exam.
    await admin.getByRole('tab', { name: '班级讲评' }).click();
    await admin.getByRole('heading', { name: `${NAME} · 联考班级报告` }).waitFor();
    const classPicker = admin.getByLabel('班级', { exact: true });
    await classPicker.waitFor();
    const classOptions = await classPicker.locator('option').allInnerTexts();
    expect(classOptions.length).toBeGreaterThan(0);
    for (const name of classOptions) expect(name).not.toContain('实验中学');
    const classComment = admin.getByRole('table', { name: /逐题讲评$/ });
    await classComment.waitFor();
    await classComment.getByRole('columnheader', { name: '联考得分率' }).waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'joint-class-comment');
    await admin.getByRole('tab', { name: '班级成绩单' }).click();
    const classTranscript = admin.getByRole('table', { name: /成绩单$/ });
    await classTranscript.getByRole('columnheader', { name: '联考排名', exact: true }).waitFor();
    const classNames = await classTranscript.locator('tbody tr td:first-child').allInnerTexts();
    expect(classNames.length).toBeGreaterThan(0);
    for (const name of classNames) expect(demoNames.has(name), name).toBe(true);
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'joint-class-transcript');

    // The joint report as PDF, from the report page through the download centre.
    await admin.getByRole('link', { name: '导出PDF' }).click();
    await admin.getByRole('heading', { name: '联考报告导出' }).waitFor();
    await admin.getByRole('button', { name: '生成联考报告PDF' }).click();
    const save = admin.getByRole('button', { name: /^下载 .*\.pdf$/ });
    await save.waitFor({ timeout: 90_000 });
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'joint-report-pdf');
    const [download] = await Promise.all([admin.waitForEvent('download'), save.click()]);
    const pdf = readFileSync(await savedDownload(download));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The bureau opens any school's class, named with its school.
    await page.getByRole('link', { name: '班级成绩单' }).click();
    const bureauPicker = page.getByLabel('班级', { exact: true });
    await bureauPicker.waitFor();
    const labClass = (await bureauPicker.locator('option').allInnerTexts()).find((n) =>
      n.startsWith('实验中学 '),
    )!;
    expect(labClass).toBeTruthy();
    await bureauPicker.selectOption({ label: labClass });
    const labTranscript = page.getByRole('table', { name: `${labClass}成绩单` });
    await labTranscript.waitFor();
    const labNames = new Set(lab.students.map((s) => s.name));
    const shown = await labTranscript.locator('tbody tr td:first-child').allInnerTexts();
    expect(shown.length).toBeGreaterThan(0);
    for (const name of shown) expect(labNames.has(name), name).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'joint-class-transcript-bureau');

    // The bureau makes a 新高考 analysis of the joint exam with its profile: both schools'
    // students converted and ranked together, each school named.
    await openExamMenu(page, '新高考模拟');
    await page.getByRole('heading', { name: '新高考模拟', level: 1 }).waitFor();
    await page.getByRole('link', { name: '新建分析' }).click();
    await page.getByRole('radio', { name: '3+1+2 通用方案' }).check();
    await page.getByRole('button', { name: '下一步' }).click();
    const joints = page.getByRole('table', { name: '可选联考' });
    await joints.getByRole('button', { name: `选择 ${NAME}` }).click();
    await page.getByRole('heading', { name: '设置等级' }).waitFor();
    await page.getByRole('button', { name: '创建分析' }).click();
    await page.getByRole('heading', { name: `${NAME}新高考分析`, level: 1 }).waitFor();
    const gaokaoTotals = page.getByRole('table', { name: '总分概况' });
    await gaokaoTotals.waitFor();
    const physicsRow = await gaokaoTotals.locator('tbody tr').nth(1).locator('td').allInnerTexts();
    expect(physicsRow.slice(0, 2)).toEqual(['物理类', String(count)]);
    expect(await tableTexts(page, '各校总分对比')).toEqual(['示范中学', '实验中学']);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'joint-gaokao-summary-bureau');

    // 示范中学 reads it from its own 新高考 list: itself by name, the other school by its code,
    // and its own students only in the transcript.
    await admin.getByRole('link', { name: '返回联考报告' }).click();
    await openExamMenu(admin, '新高考模拟');
    await admin.getByRole('link', { name: `查看报告 ${NAME}新高考分析` }).click();
    await admin.getByRole('table', { name: '各校总分对比' }).waitFor();
    expect(await tableTexts(admin, '各校总分对比')).toEqual(['示范中学（本校）', '学校B']);
    await screenshot(admin, 'joint-gaokao-summary-school');
    await admin
      .getByRole('navigation', { name: '总体报告' })
      .getByRole('link', { name: '成绩单' })
      .click();
    const gaokaoTranscript = admin.getByRole('table', { name: '新高考成绩单' });
    await gaokaoTranscript.waitFor();
    const gaokaoNames = await gaokaoTranscript.locator('tbody tr td:nth-child(3)').allInnerTexts();
    expect(gaokaoNames.length).toBe(demo.students.length);
    for (const name of gaokaoNames) expect(demoNames.has(name), name).toBe(true);
    expect(await axeViolations(admin)).toEqual([]);

    // 区域分析: the bureau's own analysis over the region's joint exam (the demo has this one), on
    // 分析中心; each school by name with its mean, rank and percentile from the joint report.
    await openExamMenu(page, '分析中心');
    await page.getByRole('heading', { name: '区域分析', level: 2 }).waitFor();
    await page.getByRole('button', { name: '新建区域分析' }).click();
    const regionForm = page.getByRole('form', { name: '新建区域分析' });
    await regionForm.getByLabel('分析名称').fill('示范区联考趋势');
    await regionForm.getByRole('checkbox', { name: new RegExp(`^${NAME}`) }).check();
    await regionForm.getByRole('button', { name: '创建', exact: true }).click();
    await page.getByRole('heading', { name: '示范区联考趋势', level: 3 }).waitFor();
    const trend = page.getByRole('table', { name: '各校总分趋势' });
    // The snapshot is ready once the report pages above have been read; until then the page
    // shows its status, so 查看 reads it again.
    for (let i = 0; i < 30 && !(await trend.isVisible()); i++) {
      await page.waitForTimeout(1000);
      await page.getByRole('button', { name: '查看 示范区联考趋势' }).click();
    }
    expect(await tableTexts(page, '各校总分趋势')).toEqual(['示范中学', '实验中学']);
    expect(await trend.locator('tbody tr td').nth(1).innerText()).toMatch(
      /（第[12]名，(0|50)\.0%）$/,
    );
    await page.getByRole('img', { name: '各校总分均分趋势图' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'region-analysis-bureau');
  }, 420_000);
});
