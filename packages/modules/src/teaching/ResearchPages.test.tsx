import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { permissionCatalogue, teachingRoutes, teachResearchRoutes } from '@examkit/contracts';
import { reportPages } from '../report';
import { systemPages } from '../system';
import { createFakeApi, demoUser, ok, renderApp, SCHOOL_ROUTES } from '../test/fixtures';

vi.mock('../report/components/Chart', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const key = (route: { url: string }) => `POST ${route.url}`;
const CODES = [
  'Home',
  'Teach-Research',
  'Teach-Research-Study',
  'Teach-Research-Fluctuation',
  'Teach-Research-Datav',
];
const staff = () => demoUser({ allPerm: { '2026': { '1': CODES } } });
/** With the menus of these codes too (the header's menus are the user's `perms`). */
const researcher = () =>
  demoUser({
    perms: permissionCatalogue.filter((p) => CODES.includes(p.permCode)),
    allPerm: { '2026': { '1': CODES } },
  });
const pages = reportPages;

const EXAMS = [
  { examId: 5, examName: '第一次月考', examDate: '2026-10-01' },
  { examId: 6, examName: '期中考试', examDate: '2026-11-12' },
];
const GRADES = [
  { gradeId: 10, gradeName: '高一' },
  { gradeId: 11, gradeName: '高二' },
];

const STUDENTS = {
  grades: GRADES,
  gradeId: 10,
  exams: EXAMS,
  students: [
    {
      studentId: 31,
      name: '张三',
      studentNo: '2026001',
      classId: 101,
      className: '高一(1)班',
      percentiles: [75, 25],
      change: -50,
      falling: true,
      below: false,
    },
  ],
  homework: {
    list: [
      { homeworkId: 41, name: '函数练习', subjectName: '数学', assignedAt: 1, fullMarks: 20 },
      { homeworkId: 42, name: '数列练习', subjectName: '数学', assignedAt: 2, fullMarks: 20 },
    ],
    students: [{ studentId: 31, corrected: 2, scoreRate: 0.625, scoreRates: [0.75, 0.5] }],
  },
};

const RECORD = {
  student: { studentId: 31, name: '张三', studentNo: '2026001', className: '高一(1)班' },
  exams: [],
  points: [],
  wrongQuestions: [
    {
      examId: 6,
      examName: '期中考试',
      examDate: '2026-11-12',
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
  homework: [],
};

const TEACHER_HOMEWORK = {
  list: STUDENTS.homework.list,
  classes: [{ userId: 7, classId: 101, subjectName: '数学', count: 2, scoreRate: 0.8375 }],
  teachers: [{ userId: 7, assigned: 2, corrected: 43 }],
};

const TEACHER_CLASS = {
  userId: 7,
  teacherName: '李老师',
  classId: 101,
  className: '高一(1)班',
  subjectName: '数学',
  means: [100, 102.5],
  gradeMeans: [98, 99],
  ranks: [2, 1],
  classCounts: [4, 4],
};

beforeEach(() => vi.spyOn(window, 'scrollTo').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

describe('师生学情', () => {
  it('学生学情 lists who needs attention and leads to the student’s record and wrong questions', async () => {
    const u = userEvent.setup();
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(teachResearchRoutes.studyStudents)]: (req: { data: string }) => {
        // a period chosen: the homework first assigned in it (数列练习 only)
        const body = JSON.parse(req.data) as { homeworkPeriod: unknown };
        if (!body.homeworkPeriod) return ok(STUDENTS);
        return ok({
          ...STUDENTS,
          homework: {
            list: [STUDENTS.homework.list[1]],
            students: [{ studentId: 31, corrected: 1, scoreRate: 0.5, scoreRates: [0.5] }],
          },
        });
      },
      [key(teachingRoutes.studyClasses)]: ok({
        classes: [{ classId: 101, className: '高一(1)班', gradeName: '高一' }],
        classId: 101,
        students: [{ studentId: 31, name: '张三', studentNo: '2026001' }],
      }),
      [key(teachingRoutes.studentRecord)]: ok(RECORD),
    });
    const { router } = await renderApp({
      path: '/teach-research/study/student',
      api,
      user: staff(),
      pages,
    });
    const table = await screen.findByRole('table', { name: '需要关注的学生' });
    // a framed page has the header's menu (数据大屏 below has none)
    expect(screen.getByRole('navigation', { name: '主菜单' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '-50.0' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '百分位下降' })).toBeInTheDocument();
    // the student's homework score rate over the grade's newest homework
    expect(within(table).getByRole('cell', { name: '62.5%（2）' })).toBeInTheDocument();
    // and its trend, homework by homework beside the percentiles
    expect(within(table).getByRole('cell', { name: '75.0% → 50.0%' })).toBeInTheDocument();
    expect(screen.getByText(/最近2次校本作业（函数练习、数列练习）/)).toBeInTheDocument();
    expect(api.lastBody(teachResearchRoutes.studyStudents.url)).toEqual({
      gradeId: null,
      drop: 10,
      line: 20,
      homeworkPeriod: null,
    });
    // 作业范围 by 布置时间: the period is sent once both dates are there, the figures follow
    await u.selectOptions(screen.getByLabelText('作业范围'), '按布置时间');
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '2026-11-20' } });
    await waitFor(() =>
      expect(api.lastBody(teachResearchRoutes.studyStudents.url)).toMatchObject({
        homeworkPeriod: { dateFrom: '2026-11-01', dateTo: '2026-11-20' },
      }),
    );
    expect(
      await screen.findByText(/2026-11-01至2026-11-20布置的1次校本作业（数列练习）/),
    ).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '50.0%（1）' })).toBeInTheDocument();
    await u.selectOptions(screen.getByLabelText('作业范围'), '最近10次校本作业');
    expect(screen.queryByLabelText('开始日期')).not.toBeInTheDocument();
    await screen.findByText(/最近2次校本作业/);
    await u.selectOptions(screen.getByLabelText('百分位下降'), '20个百分点及以上');
    await waitFor(() =>
      expect(api.lastBody(teachResearchRoutes.studyStudents.url)).toMatchObject({ drop: 20 }),
    );
    await u.click(within(table).getByRole('link', { name: '查看张三的学情' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/teach-research/study/student/detail'),
    );
    expect(await screen.findByRole('heading', { name: '学生学情详情', level: 1 })).toBeVisible();
    await waitFor(() =>
      expect(api.lastBody(teachingRoutes.studentRecord.url)).toEqual({ studentId: 31 }),
    );
    expect(api.lastBody(teachingRoutes.studyClasses.url)).toEqual({ classId: 101 });
    await u.click(await screen.findByRole('link', { name: '查看错题' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/teach-research/study/student/wrong'),
    );
    expect(await screen.findByRole('table', { name: '错题列表' })).toHaveTextContent('期中考试');
    expect(screen.getByRole('table', { name: '作业错题' })).toHaveTextContent('函数练习');
  }, 20_000);

  it('教师学情 compares teachers and opens one teacher’s detail', async () => {
    const u = userEvent.setup();
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(teachResearchRoutes.studyTeachers)]: ok({
        grades: GRADES,
        gradeId: 10,
        exams: EXAMS,
        classes: [TEACHER_CLASS],
        teachers: [
          {
            userId: 7,
            name: '李老师',
            marking: [
              { marked: 0, pairs: 0, disagreements: 0 },
              { marked: 120, pairs: 100, disagreements: 5 },
            ],
          },
        ],
        homework: TEACHER_HOMEWORK,
      }),
      [key(teachResearchRoutes.teacherDetail)]: ok({
        teacher: { userId: 7, name: '李老师' },
        gradeName: '高一',
        exams: EXAMS,
        classes: [TEACHER_CLASS],
        blocks: [
          {
            examId: 6,
            examName: '期中考试',
            blockName: '数学第2题',
            marked: 120,
            pairs: 100,
            disagreements: 5,
            mean: 6.5,
            blockMean: 6.1,
          },
        ],
        homework: TEACHER_HOMEWORK,
      }),
    });
    const { router } = await renderApp({
      path: '/teach-research/study/student',
      api,
      user: staff(),
      pages,
    });
    await u.click(await screen.findByRole('link', { name: '教师学情' }));
    const classes = await screen.findByRole('table', { name: '各教师任教班级成绩' });
    expect(within(classes).getByRole('cell', { name: '102.5（+3.5，第1/4名）' })).toBeVisible();
    const marking = screen.getByRole('table', { name: '各教师阅卷' });
    expect(within(marking).getByRole('cell', { name: '120份，误差超限5.0%' })).toBeVisible();
    const rowText = (name: string) =>
      within(screen.getByRole('table', { name }))
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        );
    expect(rowText('任教班级作业得分率')).toEqual([['李老师', '高一(1)班', '数学', '2', '83.8%']]);
    expect(rowText('作业布置与批改')).toEqual([['李老师', '2', '43']]);
    await u.selectOptions(screen.getByLabelText('年级'), '高二');
    await waitFor(() =>
      expect(api.lastBody(teachResearchRoutes.studyTeachers.url)).toEqual({
        gradeId: 11,
        homeworkPeriod: null,
      }),
    );
    await u.click(within(marking).getByRole('link', { name: '查看李老师的详情' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/teach-research/study/teacher/detail'),
    );
    expect(await screen.findByRole('heading', { name: '李老师（高一）' })).toBeVisible();
    expect(api.lastBody(teachResearchRoutes.teacherDetail.url)).toEqual({
      gradeId: 10,
      userId: 7,
      homeworkPeriod: null,
    });
    expect(screen.getByRole('img', { name: '李老师任教班级名次趋势' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: '各题块阅卷' })).toHaveTextContent('数学第2题');
    expect(rowText('任教班级作业得分率')).toEqual([['李老师', '高一(1)班', '数学', '2', '83.8%']]);
  }, 20_000);
});

const FLUCTUATION_STUDENT = {
  studentId: 31,
  name: '张三',
  studentNo: '2026001',
  classId: 101,
  className: '高一(1)班',
  percentiles: [75, 25],
  ranks: [3, 60],
  scores: [600, 420],
  scoreRates: [80, 56],
  spread: 57,
  largestChange: -57,
  swings: 1,
};
const FLUCTUATION = {
  grades: GRADES,
  gradeId: 10,
  exams: EXAMS,
  subjects: [
    { subjectId: 1, subjectName: '语文' },
    { subjectId: 2, subjectName: '数学' },
  ],
  subjectId: null,
  basis: 'rank',
  swing: 50,
  rankChange: 50,
  scoreChangePercent: 10,
  classes: [
    {
      classId: 101,
      className: '高一(1)班',
      compared: 40,
      swinging: 3,
      ranks: [1, 4],
      classCounts: [4, 4],
      rankSpread: 3,
    },
  ],
  students: [FLUCTUATION_STUDENT],
};

/** 波动趋势 for someone who may also change 参数设置·波动设置. */
async function renderWithParm(api: ReturnType<typeof createFakeApi>) {
  const codes = [...CODES, 'System', 'System-Parm', 'Parm-Undulate'];
  return renderApp({
    path: '/teach-research/fluctuation-trend',
    api,
    user: demoUser({
      perms: permissionCatalogue.filter((p) => codes.includes(p.permCode)),
      allPerm: { '2026': { '1': codes } },
    }),
    pages: { ...pages, ...systemPages },
  });
}

describe('波动趋势', () => {
  it('is reached from the 教研中心 menu, lists classes and students who swing, and leads to a record', async () => {
    const u = userEvent.setup();
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(teachResearchRoutes.studyStudents)]: ok(STUDENTS),
      [key(teachResearchRoutes.fluctuation)]: (req: { data: string }) => {
        const body = JSON.parse(req.data) as { basis: string; swing: number | null };
        return ok(
          body.basis === 'percentile'
            ? { ...FLUCTUATION, basis: 'percentile', swing: body.swing ?? 20, subjectId: 1 }
            : FLUCTUATION,
        );
      },
      [key(teachingRoutes.studyClasses)]: ok({
        classes: [{ classId: 101, className: '高一(1)班', gradeName: '高一' }],
        classId: 101,
        students: [{ studentId: 31, name: '张三', studentNo: '2026001' }],
      }),
      [key(teachingRoutes.studentRecord)]: ok(RECORD),
    });
    const { router } = await renderApp({
      path: '/teach-research/study/student',
      api,
      user: researcher(),
      pages,
    });
    await screen.findByRole('table', { name: '需要关注的学生' });
    const menu = screen.getByRole('navigation', { name: '教研中心菜单' });
    await u.click(within(menu).getByRole('link', { name: '波动趋势' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/teach-research/fluctuation-trend'),
    );
    expect(await screen.findByRole('heading', { name: '波动趋势', level: 1 })).toBeVisible();
    const classes = await screen.findByRole('table', { name: '各班波动人数' });
    const row = within(classes).getByRole('row', { name: /高一\(1\)班/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['高一(1)班', '40', '3', '第1/4名', '第4/4名', '3']);
    expect(screen.getByRole('img', { name: '各班名次趋势' })).toBeInTheDocument();
    // by default: the total, by rank, the swing left to the school's 波动设置
    expect(api.lastBody(teachResearchRoutes.fluctuation.url)).toEqual({
      gradeId: null,
      examCount: 5,
      subjectId: null,
      basis: 'rank',
      swing: null,
    });
    expect(screen.getByLabelText('波动幅度')).toHaveDisplayValue('50名及以上（学校波动设置）');
    expect(screen.getByText(/默认取学校的波动设置：50名/)).toBeVisible();
    const students = screen.getByRole('table', { name: '成绩波动的学生' });
    expect(
      within(within(students).getByRole('row', { name: /张三/ }))
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 6),
    ).toEqual(['张三（2026001）', '高一(1)班', '第3名', '第60名', '-57名', '57名']);
    // a subject and the percentile instead
    await u.selectOptions(screen.getByLabelText('科目'), '语文');
    await u.selectOptions(screen.getByLabelText('波动依据'), '百分位变化');
    await waitFor(() =>
      expect(api.lastBody(teachResearchRoutes.fluctuation.url)).toEqual({
        gradeId: null,
        examCount: 5,
        subjectId: 1,
        basis: 'percentile',
        swing: null,
      }),
    );
    expect(await screen.findByText(/按语文百分位比较/)).toBeVisible();
    expect(within(students).getByRole('cell', { name: '75.0%' })).toBeVisible();
    await u.selectOptions(screen.getByLabelText('波动幅度'), '30个百分点及以上');
    await u.selectOptions(screen.getByLabelText('考试场数'), '最近3次考试');
    await waitFor(() =>
      expect(api.lastBody(teachResearchRoutes.fluctuation.url)).toEqual({
        gradeId: null,
        examCount: 3,
        subjectId: 1,
        basis: 'percentile',
        swing: 30,
      }),
    );
    await u.click(
      within(screen.getByRole('table', { name: '成绩波动的学生' })).getByRole('link', {
        name: '查看张三的学情',
      }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/teach-research/study/student/detail'),
    );
    await waitFor(() =>
      expect(api.lastBody(teachingRoutes.studentRecord.url)).toEqual({ studentId: 31 }),
    );
  }, 20_000);

  it('follows the school’s 波动设置: the students listed before and after it is changed', async () => {
    // a fake school: its 波动设置 as saved on 参数设置, and students whose ranks moved 2 and 1 places
    let rankChange = 2;
    const moved = [
      { ...FLUCTUATION_STUDENT, ranks: [1, 3], largestChange: -2, spread: 2 },
      {
        ...FLUCTUATION_STUDENT,
        studentId: 32,
        name: '李四',
        ranks: [3, 2],
        largestChange: 1,
        spread: 1,
      },
    ];
    const u = userEvent.setup();
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      'GET /marking-user/user/school/param/list': () =>
        ok([{ paramType: 'undulate', value: { rankChange, scoreChangePercent: 10 } }]),
      'POST /marking-user/user/school/param/add': (req: { data: string }) => {
        const body = JSON.parse(req.data) as { value: { rankChange: number } };
        rankChange = body.value.rankChange;
        return ok(null);
      },
      [key(teachResearchRoutes.fluctuation)]: (req: { data: string }) => {
        const body = JSON.parse(req.data) as { swing: number | null };
        const swing = body.swing ?? rankChange;
        return ok({
          ...FLUCTUATION,
          swing,
          rankChange,
          students: moved.filter((s) => Math.abs(s.largestChange) >= swing),
        });
      },
    });
    const { router } = await renderWithParm(api);
    const listed = async () =>
      within(await screen.findByRole('table', { name: '成绩波动的学生' }))
        .getAllByRole('link')
        .map((a) => a.textContent);
    await screen.findByText(/默认取学校的波动设置：2名/);
    expect(await listed()).toEqual(['查看张三的学情']);
    await router.navigate('/system/parm/undulate');
    const field = await screen.findByLabelText('名次波动（名）');
    await u.clear(field);
    await u.type(field, '1');
    await u.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(rankChange).toBe(1));
    await router.navigate('/teach-research/fluctuation-trend');
    await screen.findByText(/默认取学校的波动设置：1名/);
    expect(await listed()).toEqual(['查看张三的学情', '查看李四的学情']);
    expect(screen.getByLabelText('波动幅度')).toHaveDisplayValue('1名及以上（学校波动设置）');
  }, 20_000);

  it('by 分数波动: the score rate swing follows the school’s 波动设置 before and after it is changed', async () => {
    // a fake school: its 分数波动 as saved on 参数设置; 张三's total fell from 80 % to 56 % of the full marks
    let scoreChangePercent = 10;
    const u = userEvent.setup();
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      'GET /marking-user/user/school/param/list': () =>
        ok([{ paramType: 'undulate', value: { rankChange: 50, scoreChangePercent } }]),
      'POST /marking-user/user/school/param/add': (req: { data: string }) => {
        const body = JSON.parse(req.data) as { value: { scoreChangePercent: number } };
        scoreChangePercent = body.value.scoreChangePercent;
        return ok(null);
      },
      [key(teachResearchRoutes.fluctuation)]: (req: { data: string }) => {
        const body = JSON.parse(req.data) as { basis: string; swing: number | null };
        if (body.basis !== 'score') return ok(FLUCTUATION);
        const swing = body.swing ?? scoreChangePercent;
        return ok({
          ...FLUCTUATION,
          basis: 'score',
          swing,
          scoreChangePercent,
          students: [{ ...FLUCTUATION_STUDENT, largestChange: -24, spread: 24 }].filter(
            (s) => Math.abs(s.largestChange) >= swing,
          ),
        });
      },
    });
    const { router } = await renderWithParm(api);
    await screen.findByText(/默认取学校的波动设置：50名/);
    await u.selectOptions(screen.getByLabelText('波动依据'), '分数波动');
    await screen.findByText(/默认取学校的波动设置：分数波动10%/);
    expect(api.lastBody(teachResearchRoutes.fluctuation.url)).toMatchObject({
      basis: 'score',
      swing: null,
    });
    const table = await screen.findByRole('table', { name: '成绩波动的学生' });
    // each exam's score with its score rate, the change in points of the full marks
    expect(within(table).getByText('600（80.0%）')).toBeInTheDocument();
    expect(within(table).getByText('420（56.0%）')).toBeInTheDocument();
    expect(within(table).getByText('-24.0%')).toBeInTheDocument();
    expect(screen.getByLabelText('波动幅度')).toHaveDisplayValue('10%及以上（学校波动设置）');
    // the school raises 分数波动 to 30 %: 张三's 24 points are no longer a swing
    await router.navigate('/system/parm/undulate');
    const field = await screen.findByLabelText('分数波动（%）');
    await u.clear(field);
    await u.type(field, '30');
    await u.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(scoreChangePercent).toBe(30));
    await router.navigate('/teach-research/fluctuation-trend');
    await u.selectOptions(await screen.findByLabelText('波动依据'), '分数波动');
    await screen.findByText(/默认取学校的波动设置：分数波动30%/);
    expect(await screen.findByText('没有成绩波动的学生')).toBeInTheDocument();
    expect(screen.getByLabelText('波动幅度')).toHaveDisplayValue('30%及以上（学校波动设置）');
  }, 20_000);
});

const DATAV = {
  schoolName: '示范中学',
  students: 1200,
  classes: 24,
  teachers: 80,
  exams: [
    {
      examId: 6,
      examName: '期中考试',
      examDate: '2026-11-12',
      gradeName: '高一',
      sat: 400,
      fullMarks: 750,
      mean: 498.2,
      passRate: 0.82,
      excellentRate: 0.2,
      classes: [
        { className: '高一(2)班', mean: 510, rank: 1 },
        { className: '高一(1)班', mean: 490, rank: 2 },
      ],
    },
  ],
  homework: { assigned: 30, submitted: 900, corrected: 850 },
  homeworkReports: [
    {
      gradeName: '高一',
      assigned: 12,
      expected: 800,
      submitted: 760,
      submitRate: 0.95,
      scoreRate: 0.8125,
      classes: [
        {
          name: '高一(1)班',
          assigned: 7,
          expected: 400,
          submitted: 390,
          submitRate: 0.975,
          scoreRate: 0.84,
        },
        {
          name: '高一(2)班',
          assigned: 5,
          expected: 400,
          submitted: 370,
          submitRate: 0.925,
          scoreRate: null,
        },
      ],
    },
  ],
  usage: { marked: 5000, exams: 2, papers: 6 },
  teacherUsage: [
    { name: '李老师', marks: 320, homeworkMade: 4, homeworkCorrected: 180, papersMade: 2 },
  ],
};

describe('数据大屏', () => {
  it('shows the school’s figures and newest exams full screen, without the header', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(teachResearchRoutes.datav)]: ok(DATAV),
    });
    await renderApp({ path: '/teach-research/datav', api, user: staff(), pages });
    expect(
      await screen.findByRole('heading', { name: '示范中学数据大屏', level: 1 }),
    ).toBeVisible();
    expect(screen.queryByRole('navigation', { name: '主菜单' })).not.toBeInTheDocument();
    const tiles = screen.getByRole('list', { name: '学校概况' });
    expect(within(tiles).getByText('近30天网上阅卷').nextSibling).toHaveTextContent('5000');
    const exam = screen.getByRole('article', { name: '高一期中考试' });
    expect(exam).toHaveTextContent('82.0%');
    const ranks = within(exam).getByRole('list', { name: '各班均分排名' });
    expect(within(ranks).getAllByRole('listitem')[0]).toHaveTextContent('1. 高一(2)班');
    // 校本作业 of the last 30 days: the grade's figures and each class's
    const homework = screen.getByRole('article', { name: '高一校本作业' });
    expect(within(homework).getByText('布置数', { selector: 'dt' }).nextSibling).toHaveTextContent(
      '12',
    );
    expect(within(homework).getByText('提交率', { selector: 'dt' }).nextSibling).toHaveTextContent(
      '95.0%',
    );
    expect(
      within(homework).getByText('平均得分率', { selector: 'dt' }).nextSibling,
    ).toHaveTextContent('81.3%');
    const perClass = within(homework).getByRole('table', { name: '高一各班校本作业' });
    const [, one, two] = within(perClass).getAllByRole('row');
    expect(one).toHaveTextContent('高一(1)班797.5%84.0%');
    expect(two).toHaveTextContent('高一(2)班592.5%—');
    const teachers = screen.getByRole('table', { name: '近30天教师使用' });
    expect(within(teachers).getAllByRole('row')[1]).toHaveTextContent('李老师32041802');
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/home/index');
  }, 20_000);

  it('says so when no 校本作业 was assigned in the last 30 days', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(teachResearchRoutes.datav)]: ok({ ...DATAV, homeworkReports: [] }),
    });
    await renderApp({ path: '/teach-research/datav', api, user: staff(), pages });
    const homework = await screen.findByRole('region', { name: '近30天校本作业' });
    expect(homework).toHaveTextContent('近30天暂无布置的校本作业');
  }, 20_000);
});

describe('数据大屏 refreshes itself', () => {
  let visibility: DocumentVisibilityState = 'visible';
  beforeEach(() => {
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => vi.useRealTimers());

  it('asks again every minute without blanking, and not while the tab is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let students = 1200;
    let scoreRate = 0.8125;
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(teachResearchRoutes.datav)]: () =>
        ok({
          ...DATAV,
          students,
          homeworkReports: DATAV.homeworkReports.map((g) => ({ ...g, scoreRate })),
        }),
    });
    const asked = () => api.calls.filter((c) => c.url === teachResearchRoutes.datav.url).length;
    await renderApp({ path: '/teach-research/datav', api, user: staff(), pages });
    const tiles = await screen.findByRole('list', { name: '学校概况' });
    const shown = () => within(tiles).getByText('在校学生').nextSibling;
    expect(shown()).toHaveTextContent('1200');
    expect(screen.getByRole('status')).toHaveTextContent(/数据更新于 .*每60秒自动刷新/);
    expect(asked()).toBe(1);
    const homeworkRate = () =>
      within(screen.getByRole('article', { name: '高一校本作业' })).getByText('平均得分率', {
        selector: 'dt',
      }).nextSibling;
    expect(homeworkRate()).toHaveTextContent('81.3%');
    students = 1250;
    scoreRate = 0.9;
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(asked()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(asked()).toBe(2));
    await waitFor(() => expect(shown()).toHaveTextContent('1250'));
    // the homework figures come with the same answer
    expect(homeworkRate()).toHaveTextContent('90.0%');
    // the same tiles, updated in place: the screen never blanked while asking
    expect(screen.getByRole('list', { name: '学校概况' })).toBe(tiles);
    // a hidden tab asks nothing, however long
    visibility = 'hidden';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(asked()).toBe(2);
    // shown again: at once, then every minute
    students = 1300;
    visibility = 'visible';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(asked()).toBe(3));
    await waitFor(() => expect(shown()).toHaveTextContent('1300'));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await waitFor(() => expect(asked()).toBe(4));
  }, 20_000);
});
