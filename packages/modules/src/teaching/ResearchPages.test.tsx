import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { teachingRoutes, teachResearchRoutes } from '@examkit/contracts';
import { createFakeApi, ok, renderApp, SCHOOL_ROUTES, tableCells } from '../test/fixtures';
import { key, setUpPageTests } from './test/fixtures';
import { EXAMS, GRADES, pages, RECORD, staff, STUDENTS, STUDY_CLASSES } from './test/research';

vi.mock('../report/components/Chart', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

// 教研中心 师生学情 (ResearchPages.tsx): 学生学情 and 教师学情.
setUpPageTests();

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
      [key(teachingRoutes.studyClasses)]: ok(STUDY_CLASSES),
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
    expect(tableCells('任教班级作业得分率')).toEqual([
      ['李老师', '高一(1)班', '数学', '2', '83.8%'],
    ]);
    expect(tableCells('作业布置与批改')).toEqual([['李老师', '2', '43']]);
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
    expect(tableCells('任教班级作业得分率')).toEqual([
      ['李老师', '高一(1)班', '数学', '2', '83.8%'],
    ]);
  }, 20_000);
});
