import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { teachingRoutes } from '@examkit/contracts';
import { createFakeApi, ok, renderApp, SCHOOL_ROUTES, tableCells } from '../test/fixtures';
import { key, pages, question, setUpPageTests, staff } from './test/fixtures';
import { HOMEWORK_WRONG, STUDY_CLASSES, WRONG_QUESTION } from './test/research';

vi.mock('../report/components/Chart', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

// 学情 (StudyPages.tsx): 学生学情 and 班级学情.
setUpPageTests();

const CLASSES = {
  ...STUDY_CLASSES,
  students: [...STUDY_CLASSES.students, { studentId: 32, name: '李四', studentNo: '2026002' }],
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
    { ...WRONG_QUESTION, examId: 7, examName: '第二次月考', examDate: '2026-12-01' },
  ],
  homeworkWrong: [HOMEWORK_WRONG],
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
    expect(tableCells('知识点掌握度')).toEqual([
      ['数学', '数列', '10', '30.0%', '—', '30.0%（1）'],
      ['数学', '函数', '60', '50.0%', '40.0%', '80.0%（2）'],
    ]);
    await u.selectOptions(screen.getByLabelText('来源'), '考试');
    expect(tableCells('知识点掌握度')).toEqual([
      ['数学', '函数', '45', '40.0%', '40.0%', '80.0%（2）'],
    ]);
    await u.selectOptions(screen.getByLabelText('来源'), '校本作业');
    expect(tableCells('知识点掌握度').map((r) => r.slice(0, 4))).toEqual([
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
