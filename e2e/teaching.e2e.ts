import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import {
  axeViolations,
  dismissGuide,
  examByName,
  openReportCentre,
  openStudentStudy,
  openStudyMenu,
} from './support/app';
import { browserSuite } from './support/suite';

const app = browserSuite();

const MIDTERM = '2026学年第一学期高一期中考试';
/** The demo's assigned homework (server/src/seed/seedHomework.ts), set to 高一(1)班. */
const DEMO_HOMEWORK = '函数的单调性练习';
/** An answer sharing nothing with the key: a wrong answer to an objective question. */
const wrongOption = (key: string | null) =>
  key === '对' ? '错' : key === '错' ? '对' : ([...'ABCD'].find((o) => !key?.includes(o)) ?? 'D');
interface HomeworkDetail {
  gradeId: number;
  subjectId: number;
  questions: {
    no: number;
    type: string;
    answer: string | null;
    fullMarks: number;
    points: { name: string }[];
  }[];
}
/** A homework's detail, as the 录入 page reads it. */
const homeworkDetail = (token: string, id: number) =>
  app.api<HomeworkDetail>('/marking-homework/homework/school-base/detail', { token, body: { id } });
/**
 * Types in (录入) one student's hand-in through the call the 录入 page uses: the questions
 * `right` picks answered with the key (full marks), the others wrong (0).
 */
async function typeIn(
  token: string,
  homework: { id: number; questions: HomeworkDetail['questions'] },
  studentId: number,
  right: (index: number) => boolean,
) {
  const answers = homework.questions.map((q, i) =>
    q.type === 'objective'
      ? { questionNo: q.no, answer: right(i) ? q.answer : wrongOption(q.answer), score: null }
      : { questionNo: q.no, answer: null, score: right(i) ? q.fullMarks : 0 },
  );
  const saved = await app.api('/marking-homework/homework/school-base/manual/save', {
    token,
    body: { id: homework.id, studentId, answers },
  });
  expect(saved.code, JSON.stringify(saved)).toBe(200);
}
const QUIZZES = [
  { name: '2026学年高一数学第十三周周练', examDate: '2026-12-03' },
  { name: '2026学年高一数学第十五周周练', examDate: '2026-12-17' },
];
/** Marks of the three 10-mark questions of the n-th student in quiz q. */
const marksOf = (n: number, q: number) => [(n + q) % 11, (n * 3 + q) % 11, (n * 7) % 11];

async function scoreFile(students: { studentNo: string; name: string }[], q: number) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('成绩');
  sheet.addRow(['考号/学号', '姓名', '1', '2', '3']);
  students.forEach((s, n) => sheet.addRow([s.studentNo, s.name, ...marksOf(n, q)]));
  return Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

const transition = async (token: string, id: number, to: string) =>
  expect((await app.api('/marking-main/exam/transition', { token, body: { id, to } })).code).toBe(
    200,
  );

/** Two more 高一 数学 exams (three questions tagged 函数, 数列, 几何), published with the 期中. */
async function seedExams(token: string) {
  const midterm = await examByName(app.server.url, token, MIDTERM);
  await transition(token, midterm.id, 'published');
  for (const [q, quiz] of QUIZZES.entries()) {
    const created = await app.api<{ id: number; subjects: { id: number }[] }>(
      '/marking-main/exam/create',
      {
        token,
        body: {
          ...quiz,
          examType: '周练',
          gradeId: midterm.gradeId,
          subjects: [{ subjectCode: '数学', subjectName: '数学', fullMarks: 30 }],
          classIds: midterm.classes.map((c) => c.classId),
        },
      },
    );
    expect(created.code).toBe(200);
    const examId = created.data.id;
    const subjectId = created.data.subjects[0]!.id;
    const questions = [
      ['1', '函数'],
      ['2', '数列'],
      ['3', '几何'],
    ].map(([number, point]) => ({
      number,
      kind: 'subjective',
      fullMarks: 10,
      knowledgePoints: [point],
    }));
    const saved = await app.api('/marking-main/exam/subject/questions/save', {
      token,
      body: { examSubjectId: subjectId, questions },
    });
    expect(saved.code, JSON.stringify(saved)).toBe(200);
    const students = await app.api<{ studentNo: string; name: string }[]>(
      '/marking-main/exam/students',
      { token, body: { id: examId } },
    );
    const imported = await app.api('/marking-main/exam/score/import', {
      token,
      body: {
        examSubjectId: subjectId,
        file: (await scoreFile(students.data, q)).toString('base64'),
      },
    });
    expect(imported.code).toBe(200);
    await transition(token, examId, 'finished');
    await transition(token, examId, 'published');
  }
}

describe('teaching views in the browser', () => {
  it('a 班主任 follows one student across three exams and reads the report centre’s topic list', async () => {
    await seedExams(await app.tokenOf('director'));
    const page = await app.signedIn('head');
    const student = await openStudentStudy(page);
    const options = await student.locator('option').allInnerTexts();
    await student.selectOption({ label: options[1]! });
    const exams = page.getByRole('table', { name: '各次考试成绩' });
    await exams.getByRole('cell', { name: QUIZZES[1]!.name }).waitFor();
    // 期中 and the two 周练, oldest first, under the header row
    expect(await exams.getByRole('row').count()).toBe(4);
    await page.getByRole('img', { name: /的百分位趋势$/ }).waitFor();
    await page.getByRole('table', { name: '知识点掌握度' }).waitFor();
    expect(await page.getByText('功能建设中').count()).toBe(0);
    expect(await axeViolations(page, ['[data-chart]'])).toEqual([]);
    await screenshot(page, 'study-student');

    await page.goBack();
    await page.waitForURL('**/report/index');
    await openStudyMenu(page, '班级学情', '/study/class');
    await page.getByRole('table', { name: '各次考试班级成绩' }).waitFor();
    await screenshot(page, 'study-class');

    await page
      .getByRole('navigation', { name: '主菜单' })
      .getByRole('link', { name: /首页/ })
      .click();
    await openReportCentre(page);
    const centre = page.getByRole('table', { name: '考试报告' });
    await centre.getByRole('link', { name: `题目列表：${QUIZZES[1]!.name}` }).click();
    await page.waitForURL('**/report/index/exam/topicList/*');
    await page
      .getByRole('table', { name: '薄弱知识点' })
      .or(page.getByText('没有掌握度在此之下的知识点'))
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'report-centre-topics');
    await page.context().close();
  }, 300_000);

  it('a 班主任 reads a homework’s figures and 题目列表 in the report centre’s 助手报告', async () => {
    const token = await app.tokenOf('head');
    const list = await app.api<{ list: { id: number; name: string }[] }>(
      '/marking-report/teaching/assistant/list',
      { token, body: { pageNum: 1, pageSize: 10 } },
    );
    const homework = list.data.list.find((h) => h.name === DEMO_HOMEWORK)!;
    expect(homework, JSON.stringify(list)).toBeDefined();
    // Three hand-ins typed in (录入) by the 班主任, through the call the 录入 page uses.
    const detail = await homeworkDetail(token, homework.id);
    const students = await app.api<{ studentId: number }[]>(
      '/marking-homework/homework/school-base/report/student',
      { token, body: { id: homework.id, classId: null, teachingClassId: null } },
    );
    for (const [n, s] of students.data.slice(0, 3).entries())
      await typeIn(token, { id: homework.id, ...detail.data }, s.studentId, () => n === 0);

    const page = await app.signedIn('head');
    await dismissGuide(page);
    await openReportCentre(page);
    await page.getByRole('tab', { name: '助手报告' }).click();
    await page.waitForURL('**/report/index/assistant');
    const table = page.getByRole('table', { name: '助手报告' });
    const row = table.getByRole('row', { name: new RegExp(DEMO_HOMEWORK) });
    await row.waitFor();
    // One of three corrected hand-ins got full marks: a third of the marks.
    await row.getByRole('cell', { name: '33.3%' }).waitFor();
    await row.getByRole('link', { name: `题目列表：${DEMO_HOMEWORK}` }).click();
    await page.waitForURL('**/report/index/assistant/topicList?id=*');
    await page.getByRole('heading', { name: `${DEMO_HOMEWORK} 题目列表` }).waitFor();
    const questions = page.getByRole('table', { name: '需关注的题目' });
    await questions.waitFor();
    expect(await questions.getByRole('row').count()).toBe(detail.data.questions.length + 1);
    expect(await page.getByText('功能建设中').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'report-centre-homework');
    await page.context().close();
  }, 300_000);
  it('a 班主任 reads a homework knowledge point’s mastery on 学生学情 (来源 校本作业)', async () => {
    // The 数学 teacher makes a homework of two bank questions sharing a knowledge point (作业篮 →
    // 生成作业's call), assigns it to 高一(1)班 and types in the first student's hand-in: the
    // first question right, the second wrong, so the point's mastery is half.
    const teacher = await app.tokenOf('teacher');
    const bank = await app.api<{
      list: {
        id: number;
        points: { name: string }[];
        children: unknown[];
      }[];
    }>('/marking-resources/question/list', {
      token: teacher,
      body: { bank: 'school', subjectCode: '02', stage: 3, pageNum: 1, pageSize: 50 },
    });
    expect(bank.code, JSON.stringify(bank)).toBe(200);
    const plain = bank.data.list.filter((q) => q.children.length === 0);

    const head = await app.tokenOf('head');
    const classes = await app.api<{
      classId: number;
      students: { studentId: number; name: string; studentNo: string }[];
    }>('/marking-report/teaching/studyClasses', { token: head, body: { classId: null } });
    const first = classes.data.students[0]!;
    const demo = await app.api<{ list: { id: number; name: string }[] }>(
      '/marking-report/teaching/assistant/list',
      { token: head, body: { pageNum: 1, pageSize: 50 } },
    );
    // A point no homework of the class carries yet (the demo tags its paper homework's
    // questions), so this homework is the point's only one: （1）.
    const taken = new Set<string>();
    for (const h of demo.data.list)
      for (const q of (await homeworkDetail(head, h.id)).data?.questions ?? [])
        for (const p of q.points) taken.add(p.name);
    const point = plain
      .flatMap((q) => q.points.map((p) => p.name))
      .filter((name) => !taken.has(name))
      .find((name) => plain.filter((q) => q.points.some((p) => p.name === name)).length >= 2)!;
    expect(point, 'two bank questions sharing a point no homework carries').toBeDefined();
    const pair = plain.filter((q) => q.points.some((p) => p.name === point)).slice(0, 2);
    const escaped = point.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const model = await homeworkDetail(
      head,
      demo.data.list.find((h) => h.name === DEMO_HOMEWORK)!.id,
    );
    const made = await app.api<{ id: number }>(
      '/marking-homework/homework/school-base/basket-confirm',
      {
        token: teacher,
        body: {
          name: '知识点掌握练习',
          gradeId: model.data.gradeId,
          subjectId: model.data.subjectId,
          estimatedMinutes: 10,
          items: pair.map((q) => ({ questionId: q.id, score: 5 })),
          idempotencyKey: 'e2e-study-points',
        },
      },
    );
    expect(made.code, JSON.stringify(made)).toBe(200);
    const assigned = await app.api('/marking-homework/homework/school-base/assign', {
      token: teacher,
      body: {
        id: made.data.id,
        classIds: [classes.data.classId],
        teachingClassIds: [],
        dueAt: Date.now() + 86_400_000,
        estimatedMinutes: 10,
        confirmOverLimit: true,
      },
    });
    expect(assigned.code, JSON.stringify(assigned)).toBe(200);
    const detail = await homeworkDetail(teacher, made.data.id);
    await typeIn(teacher, { id: made.data.id, ...detail.data }, first.studentId, (i) => i === 0);

    const page = await app.signedIn('head');
    const student = await openStudentStudy(page);
    await student.selectOption({ label: `${first.name}（${first.studentNo}）` });
    await page
      .getByRole('table', { name: '各次作业成绩' })
      .getByRole('row', { name: /知识点掌握练习/ })
      .waitFor();
    const mastery = page.getByRole('table', { name: '知识点掌握度' });
    const row = mastery.getByRole('row', { name: new RegExp(`数学 ${escaped} `) });
    // 全部: the homework's part is there beside the exams' (one homework)
    await row.getByRole('cell', { name: /（1）$/ }).waitFor();
    await page.getByRole('combobox', { name: '来源' }).selectOption({ label: '校本作业' });
    // 5 of the two questions' 10 marks
    expect(
      await mastery
        .getByRole('row', { name: new RegExp(`数学 ${escaped} `) })
        .getByRole('cell')
        .allInnerTexts(),
    ).toEqual(['数学', point, '10', '50.0%', expect.any(String), '50.0%（1）']);
    expect(await axeViolations(page, ['[data-chart]'])).toEqual([]);
    await screenshot(page, 'study-student-homework-points');
    await page.context().close();
  }, 300_000);
});
