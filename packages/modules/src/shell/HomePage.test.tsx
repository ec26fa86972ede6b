import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SCHOOL_ROUTES, createFakeApi, demoUser, ok, renderApp } from '../test/fixtures';

const as = (codes: string[]) => demoUser({ allPerm: { '2026': { '1': codes } } });

const block = {
  blockId: 5,
  examId: 3,
  examName: '高一数学月考',
  examSubjectId: 9,
  subjectName: '数学',
  name: '第17题',
  state: 'open',
  mode: 'double',
  fullScore: 12,
  questionFullScores: [12],
  questionIds: [17],
  tolerance: 2,
  scoreStep: 1,
  distribution: 'average',
  anonymous: true,
  guide: '',
  answer: '',
  recheckPercent: 0,
  leaseMinutes: 10,
  roles: ['marker'],
  papers: { total: 100, done: 40, arbitration: 0, problem: 0 },
};

const reportExam = {
  examId: 1,
  name: '高一期中考试',
  examType: '期中',
  examDate: '2026-11-10',
  gradeId: 1,
  gradeName: '高一',
  state: 'published',
  published: true,
  gradeReport: false,
};

describe('HomePage', () => {
  it('shows a marker the papers left to mark, and no school figures', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      'POST /marking-main/exam/marking/list': ok({ list: [block] }),
    });
    await renderApp({ path: '/home/index', api, user: as(['Home', 'Exam', 'Exam-Wuhen']) });
    const todo = await screen.findByRole('list', { name: '待阅试卷' });
    expect(todo).toHaveTextContent('高一数学月考 · 数学 · 第17题：本题块还剩 60 份未阅完');
    expect(
      within(todo).getByRole('link', { name: '进入阅卷：高一数学月考 数学 第17题' }),
    ).toHaveAttribute('href', '/exam/marking/readPaper/5/0/1/0/0');
    expect(screen.queryByLabelText('学校概况')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '最新报告' })).not.toBeInTheDocument();
  });

  it('shows no exams waiting to a subject teacher who marks but manages no grade', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      'POST /marking-main/exam/marking/list': ok({ list: [block] }),
      'POST /marking-user/user/school/my_scope': ok({
        schoolWide: false,
        manageGradeIds: [],
        gradeIds: [1],
        classes: [{ classId: 1, allSubjects: false, subjectIds: [2] }],
        markingManager: false,
        markingBlockIds: [5],
      }),
    });
    await renderApp({
      path: '/home/index',
      api,
      user: as(['Home', 'Exam', 'Exam-Single', 'Exam-Wuhen']),
    });
    await screen.findByRole('list', { name: '待阅试卷' });
    expect(screen.queryByRole('heading', { name: '待处理的考试' })).not.toBeInTheDocument();
  });

  it('shows a class teacher the newest reports of their classes', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      'POST /marking-report/teacher/getExam': ok({
        list: [reportExam],
        total: 1,
        pageNum: 1,
        pageSize: 5,
      }),
    });
    await renderApp({
      path: '/home/index',
      api,
      user: as(['Home', 'Exam', 'Exam-Single', 'Exam-Single-Report-Class']),
    });
    const reports = await screen.findByRole('list', { name: '最新报告' });
    expect(reports).toHaveTextContent('高一期中考试');
    expect(within(reports).getByRole('link', { name: '班级报告：高一期中考试' })).toHaveAttribute(
      'href',
      '/exam/single/report/class/basic/1',
    );
    expect(screen.queryByRole('heading', { name: '我的阅卷任务' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('学校概况')).not.toBeInTheDocument();
  });

  it('shows an exam manager the exams waiting for scans, marking and publishing', async () => {
    const exam = (id: number, name: string, state: string) => ({
      id,
      name,
      examType: '期中',
      academicYear: 2026,
      gradeId: 1,
      gradeName: '高一',
      examDate: '2026-11-10',
      state,
      subjects: [],
      classCount: 1,
      studentCount: 1,
      createdBy: 1,
      createdAt: 0,
    });
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      'POST /marking-main/exam/marking/list': ok({ list: [] }),
      'POST /marking-user/user/school/my_scope': ok({
        schoolWide: false,
        manageGradeIds: [1],
        gradeIds: [1, 2],
        classes: [],
        markingManager: true,
        markingBlockIds: [],
      }),
      'POST /marking-main/exam/list': ok({
        list: [
          exam(1, '期中考试', 'finished'),
          exam(2, '月考', 'sheet_ready'),
          exam(3, '周练', 'draft'),
          { ...exam(4, '高二月考', 'sheet_ready'), gradeId: 2 },
        ],
        total: 3,
        pageNum: 1,
        pageSize: 100,
      }),
    });
    await renderApp({
      path: '/home/index',
      api,
      user: as(['Home', 'Exam', 'Exam-Single', 'Exam-Wuhen', 'System', 'System-Teacher']),
    });
    const waiting = await screen.findByRole('list', { name: '待处理的考试' });
    expect(waiting).toHaveTextContent('待扫描（1）：月考');
    expect(waiting).toHaveTextContent('待发布报告（1）：期中考试');
    expect(waiting).not.toHaveTextContent('周练');
    // Only the grades the user manages.
    expect(waiting).not.toHaveTextContent('高二月考');
    expect(await screen.findByText('暂无待阅的试卷。')).toBeInTheDocument();
    expect(await screen.findByLabelText('学校概况')).toBeInTheDocument();
  });
});
