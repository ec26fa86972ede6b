import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  homeworkReportRoutes,
  type ReportBasic,
  type ReportStudentRow,
  type StudentHomeworkReport,
} from '@examkit/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderApp, teacherUser } from '../../test/fixtures';
import { homeworkPages } from '../index';
import { bodiesOf, homeworkApi } from '../test/fixtures';

const K = (route: { url: string }) => `POST ${route.url}`;
const R = homeworkReportRoutes;

beforeEach(() => vi.spyOn(window, 'scrollTo').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

const targets = [
  { kind: 'class' as const, id: 41, name: '四年级(1)班' },
  { kind: 'teachingClass' as const, id: 7, name: '数学提高班' },
];

const basic: ReportBasic = {
  id: 5,
  name: '分数加减练习',
  subjectName: '数学',
  gradeName: '四年级',
  fullMarks: 20,
  targets,
  expected: 40,
  submitted: 3,
  corrected: 2,
  average: 16.25,
  highest: 19,
  lowest: 13.5,
  scoreRate: 0.8125,
  questions: [
    {
      no: 1,
      label: '1',
      type: 'objective',
      answer: 'A',
      fullMarks: 5,
      scored: 3,
      right: 2,
      wrong: 1,
      average: 3.33,
      scoreRate: 0.6667,
    },
    {
      no: 2,
      label: '2',
      type: 'subjective',
      answer: null,
      fullMarks: 15,
      scored: 2,
      right: 0,
      wrong: 2,
      average: 12,
      scoreRate: 0.8,
    },
  ],
  distribution: [
    { label: '60%以下', count: 0 },
    { label: '60%–70%', count: 1 },
    { label: '70%–85%', count: 0 },
    { label: '85%–100%', count: 1 },
  ],
  classes: [
    {
      kind: 'class',
      id: 41,
      name: '四年级(1)班',
      expected: 40,
      submitted: 3,
      corrected: 2,
      average: 16.25,
      scoreRate: 0.8125,
    },
  ],
};

const row = (over: Partial<ReportStudentRow>): ReportStudentRow => ({
  studentId: 1,
  studentNo: '20260401',
  name: '张一',
  className: '四年级(1)班',
  status: 'finished',
  source: 'scan',
  late: false,
  submissionId: 11,
  score: 13.5,
  rank: 2,
  right: 1,
  wrong: 1,
  comment: null,
  ...over,
});

const report = (over: Partial<StudentHomeworkReport> = {}): StudentHomeworkReport => ({
  homework: { id: 5, name: '分数加减练习', subjectName: '数学', fullMarks: 20 },
  student: { id: 1, name: '张一', studentNo: '20260401', className: '四年级(1)班' },
  status: 'finished',
  source: 'scan',
  submissionId: 11,
  hasImage: false,
  score: 13.5,
  classAverage: 16.25,
  comment: '多选题要选全',
  questions: [
    {
      no: 1,
      label: '1',
      type: 'objective',
      answer: 'A',
      fullMarks: 5,
      studentAnswer: 'A',
      score: 5,
      judgement: 'right',
      rubricItems: [],
      adjustment: null,
      annotations: [],
      hasImage: false,
      classScoreRate: 0.6667,
    },
    {
      no: 2,
      label: '2',
      type: 'subjective',
      answer: null,
      fullMarks: 15,
      studentAnswer: null,
      score: 8.5,
      judgement: 'wrong',
      rubricItems: [{ label: '步骤不完整', points: -3 }],
      adjustment: null,
      annotations: [
        { id: 4, questionNo: 2, kind: 'text', x: 0.5, y: 0.5, size: 0.05, text: '漏了单位' },
      ],
      hasImage: false,
      classScoreRate: 0.8,
    },
  ],
  ...over,
});

describe('作业报告', () => {
  it('基本情况 shows the counts, the questions and the distribution; a class filters it', async () => {
    const user = userEvent.setup();
    const api = homeworkApi({
      [K(R.reportBasic)]: ok(basic),
      // Weakest first, as the server orders them.
      [K(R.knowledgeStatistics)]: ok({
        untagged: 0,
        points: [
          { name: '分数的加减', questionNos: [1, 2], fullMarks: 20, scoreRate: 0.7714, wrong: 3 },
          { name: '约分', questionNos: [2], fullMarks: 15, scoreRate: 0.8, wrong: 2 },
        ],
      }),
    });
    renderApp({
      path: '/homework/school-base/5/report/basic',
      api,
      user: teacherUser(),
      pages: homeworkPages,
    });
    await screen.findByRole('heading', { name: '作业报告 · 分数加减练习' }, { timeout: 10_000 });
    const classes = screen.getByRole('table', { name: '班级情况' });
    expect(within(classes).getByText('81.3%')).toBeInTheDocument();
    const questions = screen.getByRole('table', { name: '小题得分' });
    expect(within(questions).getAllByRole('row')[1]).toHaveTextContent('客观题（A）');
    expect(within(questions).getAllByRole('row')[1]).toHaveTextContent('66.7%');
    const knowledge = await screen.findByRole('table', { name: '知识点统计' });
    expect(
      within(knowledge)
        .getAllByRole('row')
        .map((row) =>
          within(row)
            .queryAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([[], ['分数的加减', '1、2', '20', '77.1%', '3'], ['约分', '2', '15', '80%', '2']]);
    expect(screen.queryByText(/未标注知识点/)).toBeNull();
    const distribution = screen.getByRole('table', { name: '分数分布' });
    expect(within(distribution).getAllByRole('row')[2]).toHaveTextContent('60%–70%1 人');
    await user.selectOptions(
      screen.getByRole('combobox', { name: '班级' }),
      '数学提高班（教学班）',
    );
    await waitFor(() =>
      expect(bodiesOf(api, K(R.reportBasic)).at(-1)).toEqual({
        id: 5,
        classId: null,
        teachingClassId: 7,
      }),
    );
    expect(bodiesOf(api, K(R.knowledgeStatistics)).at(-1)).toEqual({
      id: 5,
      classId: null,
      teachingClassId: 7,
    });
  }, 30_000);

  it('知识点统计 says 暂无数据 when no question carries a knowledge point', async () => {
    renderApp({
      path: '/homework/school-base/5/report/basic',
      api: homeworkApi({ [K(R.reportBasic)]: ok(basic) }),
      user: teacherUser(),
      pages: homeworkPages,
    });
    await screen.findByRole('heading', { name: '知识点统计' }, { timeout: 10_000 });
    expect(await screen.findByText('3 道题未标注知识点，不计入知识点统计。')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: '知识点统计' })).toBeNull();
    // The report's other tables have rows: the one 暂无数据 is 知识点统计's.
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
  }, 30_000);

  it('学生 lists statuses with their icons and opens one student’s report with its marks', async () => {
    const user = userEvent.setup();
    const api = homeworkApi({
      [K(R.reportBasic)]: ok(basic),
      [K(R.reportStudent)]: ok([
        row({}),
        row({
          studentId: 2,
          name: '王二',
          status: 'modified',
          source: 'online',
          late: true,
          score: 19,
          rank: 1,
        }),
        row({
          studentId: 3,
          name: '李三',
          status: 'not_submitted',
          source: null,
          submissionId: null,
          score: null,
          rank: null,
          right: 0,
          wrong: 0,
        }),
      ]),
      [K(R.studentAnalysis)]: ok(report()),
      [K(R.studentWrong)]: ok(report({ questions: report().questions.slice(1) })),
    });
    const { router } = await renderApp({
      path: '/homework/school-base/5/report/student',
      api,
      user: teacherUser(),
      pages: homeworkPages,
    });
    const table = await screen.findByRole('table', { name: '学生成绩' }, { timeout: 10_000 });
    const rows = within(table).getAllByRole('row');
    expect(rows[2]).toHaveTextContent('✎已修改（迟交）');
    // Only an on-screen hand-in after the due time is 迟交.
    expect(rows[1]).not.toHaveTextContent('迟交');
    expect(rows[3]).toHaveTextContent('○未提交');
    // A scanned hand-in is changed on the correction screen, not typed in.
    expect(within(table).queryByRole('link', { name: '录入：张一' })).toBeNull();
    expect(within(table).getByRole('link', { name: '录入：李三' })).toBeInTheDocument();
    await user.click(within(table).getByRole('link', { name: '查看：张一' }));
    await screen.findByRole('heading', { name: '学生作业报告 · 张一 · 分数加减练习' });
    expect(router.state.location.pathname).toBe('/homework/school-base/student/1/report/analysis');
    const q2 = screen.getByRole('article', { name: '第 2 题' });
    expect(q2).toHaveTextContent('步骤不完整（-3）');
    expect(q2).toHaveTextContent('文字：漏了单位');
    expect(q2).toHaveTextContent('✗错');
    expect(screen.getByText('教师评语：多选题要选全')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '错题' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/homework/school-base/student/1/report/wrong'),
    );
    await waitFor(() => expect(screen.queryByRole('article', { name: '第 1 题' })).toBeNull());
    expect(await screen.findByRole('article', { name: '第 2 题' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '错题本' }).getAttribute('href')).toBe(
      '/resource/student-wrong/detail?studentId=1',
    );
  }, 30_000);

  it('录入 sends the typed answers and scores', async () => {
    const user = userEvent.setup();
    const empty = report({
      status: 'not_submitted',
      source: null,
      submissionId: null,
      score: null,
      comment: null,
      questions: report().questions.map((q) => ({
        ...q,
        studentAnswer: null,
        score: null,
        judgement: null,
        rubricItems: [],
        annotations: [],
      })),
    });
    const api = homeworkApi({
      [K(R.studentAnalysis)]: ok(empty),
      [K(R.manualSave)]: ok(report({ source: 'manual', comment: null })),
    });
    renderApp({
      path: '/homework/school-base/student/1/report/analysis?id=5&entry=1',
      api,
      user: teacherUser(),
      pages: homeworkPages,
    });
    await screen.findByRole('heading', { name: '录入成绩' }, { timeout: 10_000 });
    await user.type(screen.getByRole('textbox', { name: '第 1 题作答' }), 'a');
    await user.type(screen.getByRole('textbox', { name: '第 2 题得分（满分 15）' }), '8.5');
    await user.click(screen.getByRole('button', { name: '保存录入' }));
    await screen.findByText('已保存录入');
    expect(bodiesOf(api, K(R.manualSave))).toEqual([
      {
        id: 5,
        studentId: 1,
        answers: [
          { questionNo: 1, answer: 'a', score: null },
          { questionNo: 2, answer: null, score: 8.5 },
        ],
      },
    ]);
    expect(screen.getByText('来源：录入')).toBeInTheDocument();
  }, 30_000);

  it('讲评 saves a class comment and a student comment', async () => {
    const user = userEvent.setup();
    const api = homeworkApi({
      [K(R.reportComment)]: ok({
        targets,
        classes: [{ classId: 41, className: '四年级(1)班', comment: null }],
        students: [row({})],
      }),
      [K(R.saveComment)]: ok({ comment: '第 2 题普遍失分' }),
    });
    renderApp({
      path: '/homework/school-base/5/report/comment',
      api,
      user: teacherUser(),
      pages: homeworkPages,
    });
    const field = await screen.findByRole(
      'textbox',
      { name: '四年级(1)班讲评' },
      { timeout: 10_000 },
    );
    await user.type(field, '第 2 题普遍失分');
    await user.click(screen.getByRole('button', { name: '保存四年级(1)班讲评' }));
    await user.type(screen.getByRole('textbox', { name: '张一评语' }), '多选题要选全');
    await user.click(screen.getByRole('button', { name: '保存张一评语' }));
    await waitFor(() => expect(bodiesOf(api, K(R.saveComment))).toHaveLength(2));
    expect(bodiesOf(api, K(R.saveComment))).toEqual([
      { id: 5, classId: 41, studentId: null, text: '第 2 题普遍失分' },
      { id: 5, classId: null, studentId: 1, text: '多选题要选全' },
    ]);
  }, 30_000);
});
