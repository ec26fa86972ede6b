import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportRoutes, resourceWrongRoutes, teachingRoutes } from '@examkit/contracts';
import { reportPages } from '../report';
import { resourcePages } from '../resource';
import { createFakeApi, demoUser, ok, renderApp, SCHOOL_ROUTES } from '../test/fixtures';

vi.mock('../report/components/Chart', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const key = (route: { url: string }) => `POST ${route.url}`;
const CODES = [
  'Home',
  'Exam',
  'Exam-Single',
  'Exam-Single-Report-Class',
  'Exam-Single-Report-Grade',
  'Study',
  'Study-Student',
  'Study-Class',
  'Teach-Research',
  'Teach-Research-Situation',
];
const staff = () => demoUser({ allPerm: { '2026': { '1': CODES } } });
const pages = { ...reportPages, ...resourcePages };

const EXAMS = {
  list: [
    {
      examId: 5,
      name: '期中考试',
      examType: '月考',
      examDate: '2026-11-12',
      gradeId: 10,
      gradeName: '高一',
      state: 'published',
      published: true,
      gradeReport: true,
    },
    {
      examId: 6,
      name: '高二月考',
      examType: '月考',
      examDate: '2026-11-02',
      gradeId: 11,
      gradeName: '高二',
      state: 'published',
      published: true,
      gradeReport: false,
    },
  ],
  total: 2,
  pageNum: 1,
  pageSize: 10,
};

const question = (number: string, rate: number) => ({
  subjectName: '数学',
  number,
  kind: '单选题',
  fullMarks: 5,
  knowledgePoints: ['函数'],
  scoreRate: rate,
  gradeScoreRate: 0.5,
  wrongCount: 7,
});

const TOPICS = {
  examId: 5,
  examName: '期中考试',
  examDate: '2026-11-12',
  level: 'class',
  classes: [
    { classId: 101, className: '高一(1)班' },
    { classId: 102, className: '高一(2)班' },
  ],
  classId: 101,
  threshold: 0.6,
  questions: [question('3', 0.35)],
  points: [
    {
      subjectName: '数学',
      point: '函数',
      fullMarks: 15,
      scoreRate: 0.42,
      gradeScoreRate: 0.5,
      numbers: ['3', '7'],
    },
  ],
};

const CLASSES = {
  classes: [{ classId: 101, className: '高一(1)班', gradeName: '高一' }],
  classId: 101,
  students: [
    { studentId: 31, name: '张三', studentNo: '2026001' },
    { studentId: 32, name: '李四', studentNo: '2026002' },
  ],
};

const examOf = (examId: number, examName: string, percentile: number) => ({
  examId,
  examName,
  examDate: `2026-1${examId - 4}-01`,
  total: {
    score: 500,
    fullMarks: 750,
    gradeRank: 12,
    classRank: 3,
    percentile,
    gradeMean: 480,
  },
  subjects: [
    {
      subjectName: '数学',
      score: 120,
      fullMarks: 150,
      gradeRank: 20,
      percentile,
      classMean: 100,
      gradeMean: 98,
    },
  ],
  wrongCount: 2,
});

const STUDENT = {
  student: { studentId: 31, name: '张三', studentNo: '2026001', className: '高一(1)班' },
  exams: [examOf(5, '第一次月考', 60), examOf(6, '期中考试', 75), examOf(7, '第二次月考', 80)],
  points: [
    // homework only
    {
      subjectName: '数学',
      point: '数列',
      fullMarks: 10,
      scoreRate: 0.3,
      exam: null,
      homework: { fullMarks: 10, scoreRate: 0.3, count: 1 },
    },
    // (0.4 × 45 + 0.8 × 15) / 60
    {
      subjectName: '数学',
      point: '函数',
      fullMarks: 60,
      scoreRate: 0.5,
      exam: { fullMarks: 45, scoreRate: 0.4 },
      homework: { fullMarks: 15, scoreRate: 0.8, count: 2 },
    },
  ],
  wrongQuestions: [
    {
      examId: 7,
      examName: '第二次月考',
      examDate: '2026-12-01',
      subjectName: '数学',
      number: '3',
      knowledgePoints: ['函数'],
      score: 0,
      fullMarks: 5,
      classScoreRate: 0.45,
    },
  ],
  homeworkWrong: [
    {
      homeworkId: 41,
      homeworkName: '函数练习',
      date: '2026-11-04',
      subjectName: '数学',
      label: '2',
      knowledgePoints: ['函数的单调性'],
      score: 2.5,
      fullMarks: 5,
    },
  ],
  homework: [
    {
      homeworkId: 41,
      name: '函数练习',
      subjectName: '数学',
      assignedAt: new Date(2026, 10, 3, 8).getTime(),
      fullMarks: 20,
      status: 'finished',
      score: 13.5,
      scoreRate: 0.675,
      classScoreRate: 0.84,
    },
    {
      homeworkId: 42,
      name: '数列练习',
      subjectName: '数学',
      assignedAt: new Date(2026, 10, 10, 8).getTime(),
      fullMarks: 20,
      status: 'submitted',
      score: null,
      scoreRate: null,
      classScoreRate: 0.7,
    },
  ],
};

beforeEach(() => vi.spyOn(window, 'scrollTo').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

describe('报告中心', () => {
  it('lists the exams with their report links and leads to a class’s topic list', async () => {
    const u = userEvent.setup();
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(reportRoutes.teacherGetExam)]: ok(EXAMS),
      [key(teachingRoutes.topicList)]: ok(TOPICS),
    });
    const { router } = await renderApp({ path: '/report/index', api, user: staff(), pages });
    expect(await screen.findByRole('heading', { name: '报告中心', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '考试报告' });
    expect(within(table).getByRole('link', { name: '班级报告：期中考试' })).toHaveAttribute(
      'href',
      '/exam/single/report/class/basic/5',
    );
    await u.click(within(table).getByRole('link', { name: '题目列表：期中考试' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/report/index/exam/topicList/5'),
    );
    const questions = await screen.findByRole('table', { name: '需关注的题目' });
    expect(within(questions).getByRole('cell', { name: '35.0%' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: '薄弱知识点' })).toHaveTextContent('3、7');
    await u.selectOptions(screen.getByLabelText('得分率不高于'), '70%');
    await waitFor(() =>
      expect(api.lastBody(teachingRoutes.topicList.url)).toMatchObject({ threshold: 0.7 }),
    );
    await u.selectOptions(screen.getByLabelText('班级'), '高一(2)班');
    await waitFor(() =>
      expect(api.lastBody(teachingRoutes.topicList.url)).toMatchObject({
        classId: 102,
        level: 'class',
      }),
    );
  }, 20_000);

  it('校级报告 lists only the exams whose grade report the user may open', async () => {
    const u = userEvent.setup();
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(reportRoutes.teacherGetExam)]: ok(EXAMS),
      [key(teachingRoutes.topicList)]: ok({
        ...TOPICS,
        level: 'grade',
        classes: [],
        classId: null,
      }),
    });
    const { router } = await renderApp({ path: '/report/index/exam', api, user: staff(), pages });
    await screen.findByRole('table', { name: '考试报告' });
    await u.click(screen.getByRole('tab', { name: '校级报告' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/report/index/school'));
    const table = await screen.findByRole('table', { name: '校级报告' });
    expect(within(table).queryByText(/高二月考/)).not.toBeInTheDocument();
    await u.click(within(table).getByRole('link', { name: '年级题目列表：期中考试' }));
    await screen.findByRole('table', { name: '需关注的题目' });
    expect(api.lastBody(teachingRoutes.topicList.url)).toMatchObject({ level: 'grade', examId: 5 });
    expect(screen.queryByLabelText('班级')).not.toBeInTheDocument();
  }, 20_000);
});

describe('学情', () => {
  it('学生学情 follows one student across exams and homework: percentile trend, subjects, points, wrong questions, homework score rates', async () => {
    const u = userEvent.setup();
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(teachingRoutes.studyClasses)]: ok(CLASSES),
      [key(teachingRoutes.studentRecord)]: ok(STUDENT),
    });
    await renderApp({ path: '/study/student', api, user: staff(), pages });
    expect(
      await screen.findByRole('heading', { name: '张三（高一(1)班，2026001）' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '张三的百分位趋势' })).toBeInTheDocument();
    const exams = screen.getByRole('table', { name: '各次考试成绩' });
    expect(within(exams).getAllByRole('row')).toHaveLength(4);
    expect(within(exams).getByRole('cell', { name: '80.0%' })).toBeInTheDocument();
    // 知识点掌握 over exams and homework, each source on its own by 来源
    const rowsOf = () =>
      within(screen.getByRole('table', { name: '知识点掌握度' }))
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        );
    expect(rowsOf()).toEqual([
      ['数学', '数列', '10', '30.0%', '—', '30.0%（1）'],
      ['数学', '函数', '60', '50.0%', '40.0%', '80.0%（2）'],
    ]);
    await u.selectOptions(screen.getByLabelText('来源'), '考试');
    expect(rowsOf()).toEqual([['数学', '函数', '45', '40.0%', '40.0%', '80.0%（2）']]);
    await u.selectOptions(screen.getByLabelText('来源'), '校本作业');
    expect(rowsOf().map((r) => r.slice(0, 4))).toEqual([
      ['数学', '数列', '10', '30.0%'],
      ['数学', '函数', '15', '80.0%'],
    ]);
    expect(screen.getByRole('table', { name: '错题列表' })).toHaveTextContent('第二次月考');
    // the homework beside the exams: the student's score rate and the class's
    expect(screen.getByRole('img', { name: '张三的作业得分率趋势' })).toBeInTheDocument();
    const homework = screen.getByRole('table', { name: '各次作业成绩' });
    const cells = (name: RegExp) =>
      within(within(homework).getByRole('row', { name }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(/函数练习/)).toEqual([
      '函数练习',
      '数学',
      '2026-11-03',
      '13.5/20',
      '67.5%',
      '84.0%',
    ]);
    expect(screen.getByRole('table', { name: '作业错题' })).toHaveTextContent('函数的单调性');
    expect(cells(/数列练习/)).toEqual(['数列练习', '数学', '2026-11-10', '待批改', '—', '70.0%']);
    await u.selectOptions(screen.getByLabelText('学生'), '李四（2026002）');
    await waitFor(() =>
      expect(api.lastBody(teachingRoutes.studentRecord.url)).toEqual({ studentId: 32 }),
    );
  }, 20_000);

  it('班级学情 shows a class’s ranks, mastery, common errors and homework', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(teachingRoutes.studyClasses)]: ok(CLASSES),
      [key(teachingRoutes.classRecord)]: ok({
        classId: 101,
        className: '高一(1)班',
        exams: [
          {
            examId: 5,
            examName: '期中考试',
            examDate: '2026-11-12',
            classCount: 4,
            total: { fullMarks: 750, mean: 512.3, gradeMean: 498, rank: 2 },
            subjects: [{ subjectName: '数学', fullMarks: 150, mean: 101, gradeMean: 98, rank: 1 }],
          },
        ],
        points: [
          {
            subjectName: '数学',
            point: '函数',
            fullMarks: 15,
            scoreRate: 0.42,
            exam: { fullMarks: 15, scoreRate: 0.42 },
            homework: null,
          },
        ],
        commonErrors: [question('3', 0.35)],
        homework: [
          {
            homeworkId: 41,
            name: '函数练习',
            subjectName: '数学',
            assignedAt: new Date(2026, 10, 3, 8).getTime(),
            fullMarks: 20,
            expected: 45,
            submitted: 44,
            corrected: 40,
            average: 16.75,
            scoreRate: 0.84,
          },
        ],
      }),
    });
    await renderApp({ path: '/study/class', api, user: staff(), pages });
    const table = await screen.findByRole('table', { name: '各次考试班级成绩' });
    expect(within(table).getByRole('cell', { name: '2/4' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '512.3' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '高一(1)班掌握度最低的知识点' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: '易错题' })).toHaveTextContent('35.0%');
    const homework = screen.getByRole('table', { name: '各次作业班级成绩' });
    expect(
      within(within(homework).getByRole('row', { name: /函数练习/ }))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['函数练习', '数学', '2026-11-03', '45', '44', '40', '16.8/20', '84.0%']);
  }, 20_000);
});

describe('学情概况', () => {
  it('年级 shows each class’s mean and rank per exam, for the total or a subject', async () => {
    const u = userEvent.setup();
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(teachingRoutes.gradeSituation)]: ok({
        grades: [{ gradeId: 10, gradeName: '高一' }],
        gradeId: 10,
        exams: [
          {
            examId: 5,
            examName: '期中考试',
            examDate: '2026-11-12',
            fullMarks: 750,
            gradeMean: 480,
          },
          {
            examId: 7,
            examName: '十二月月考',
            examDate: '2026-12-12',
            fullMarks: 750,
            gradeMean: 470,
          },
        ],
        classes: [
          {
            classId: 101,
            className: '高一(1)班',
            subjectName: '总分',
            means: [512.3, 500],
            ranks: [1, 2],
          },
          {
            classId: 102,
            className: '高一(2)班',
            subjectName: '总分',
            means: [470, 505],
            ranks: [2, 1],
          },
          {
            classId: 101,
            className: '高一(1)班',
            subjectName: '数学',
            means: [101, null],
            ranks: [1, null],
          },
        ],
      }),
    });
    await renderApp({ path: '/teach-research/situation/grade', api, user: staff(), pages });
    const table = await screen.findByRole('table', { name: '各班总分均分与名次' });
    expect(within(table).getByRole('cell', { name: '512.3（第1名）' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '505.0（第1名）' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '各班总分名次趋势' })).toBeInTheDocument();
    await u.selectOptions(screen.getByLabelText('学科'), '数学');
    const math = screen.getByRole('table', { name: '各班数学均分与名次' });
    expect(within(math).getAllByRole('row')).toHaveLength(2);
    expect(within(math).getByRole('cell', { name: '—' })).toBeInTheDocument();
  }, 20_000);
});

describe('巩固提升', () => {
  it('易错题 makes a class’s practice paper from similar questions in one click', async () => {
    const u = userEvent.setup();
    const codes = [
      'Home',
      'Resources',
      'Consolidate',
      'Consolidate-CommitError',
      'Exam-Single-Report-Class',
    ];
    const user = demoUser({ allPerm: { '2026': { '1': codes } } });
    const common = {
      examName: '期中考试',
      classes: [
        {
          classId: 101,
          className: '高一(1)班',
          questions: [
            {
              examId: 5,
              examName: '期中考试',
              examDate: '2026-11-12',
              subjectId: 2,
              subjectName: '数学',
              questionId: 77,
              number: '3',
              kind: 'single',
              fullMarks: 5,
              answer: 'B',
              knowledgePoints: ['函数'],
              classScoreRate: 0.2,
              gradeScoreRate: 0.3,
              wrongCount: 12,
              recommendations: [],
            },
          ],
        },
      ],
    };
    const similar = {
      ...common,
      classes: [
        {
          ...common.classes[0]!,
          questions: [
            {
              ...common.classes[0]!.questions[0]!,
              recommendations: [
                { question: { id: 900 }, sharedPoints: ['函数'] },
                { question: { id: 901 }, sharedPoints: ['函数'] },
              ],
            },
          ],
        },
      ],
    };
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(reportRoutes.teacherGetExam)]: ok(EXAMS),
      [key(resourceWrongRoutes.commonErrors)]: ok(common),
      [key(resourceWrongRoutes.similarRecommend)]: ok(similar),
      [key(resourceWrongRoutes.practicePaper)]: ok({ paperId: 44 }),
      'POST /marking-resources/paper/detail': ok(null),
    });
    const { router } = await renderApp({ path: '/consolidate/commitError', api, user, pages });
    await screen.findByRole('table', { name: '高一(1)班 易错题' });
    await u.click(screen.getByRole('button', { name: '高一(1)班 数学 用相似题组卷' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/resource/paper/school-detail?id=44',
      ),
    );
    expect(api.lastBody(resourceWrongRoutes.practicePaper.url)).toMatchObject({
      examId: 5,
      questionIds: [900],
    });
  }, 20_000);
  it('巩固提升 with 校本作业: a homework’s weakest points per class, and a practice paper per point', async () => {
    const u = userEvent.setup();
    const codes = [
      'Home',
      'Resources',
      'Homework-SchoolBase',
      'Consolidate',
      'Consolidate-CommitError',
      'Consolidate-WeakKnowledgePoint',
      'Exam-Single-Report-Class',
    ];
    const user = demoUser({ allPerm: { '2026': { '1': codes } } });
    const homework = {
      homeworks: [{ id: 31, name: '指数函数练习', subjectName: '数学' }],
      homeworkId: 31,
      homeworkName: '指数函数练习',
      subjectName: '数学',
      untagged: 1,
      classes: [
        {
          kind: 'class',
          classId: 101,
          className: '高一(1)班',
          questions: [
            {
              no: 1,
              label: '1',
              fullMarks: 5,
              knowledgePoints: ['指数函数'],
              classScoreRate: 0.4,
              homeworkScoreRate: 0.5,
              wrongCount: 3,
              fromBank: true,
            },
          ],
          points: [
            {
              point: '指数函数',
              fullMarks: 5,
              scoreRate: 0.4,
              homeworkScoreRate: 0.5,
              labels: ['1'],
              wrongCount: 3,
            },
          ],
        },
      ],
    };
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(reportRoutes.teacherGetExam)]: ok(EXAMS),
      [key(resourceWrongRoutes.weakPoints)]: ok({ examName: '期中考试', classes: [] }),
      [key(resourceWrongRoutes.homeworkClassErrors)]: ok(homework),
      [key(resourceWrongRoutes.homeworkPracticePaper)]: ok({ paperId: 45, questionCount: 1 }),
      'POST /marking-resources/paper/detail': ok(null),
    });
    const { router } = await renderApp({
      path: '/consolidate/weakKnowledgePoint',
      api,
      user,
      pages,
    });
    // The two 巩固提升 pages link each other (no second-level menu there)
    const nav = await screen.findByRole('navigation', { name: '巩固提升' });
    expect(within(nav).getByRole('link', { name: '易错题' })).toBeTruthy();
    await u.selectOptions(await screen.findByLabelText('来源'), '校本作业');
    const table = await screen.findByRole('table', { name: '高一(1)班 作业薄弱知识点' });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['指数函数', '5', '40.0%', '50.0%', '1', '3', '组卷']);
    expect(screen.getByText(/有 1 道题不是从题库选的/)).toBeTruthy();
    await u.click(within(table).getByRole('button', { name: '高一(1)班 指数函数 用相似题组卷' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/resource/paper/school-detail?id=45',
      ),
    );
    expect(api.lastBody(resourceWrongRoutes.homeworkPracticePaper.url)).toMatchObject({
      homeworkId: 31,
      kind: 'class',
      classId: 101,
      point: '指数函数',
    });
  }, 20_000);
});
