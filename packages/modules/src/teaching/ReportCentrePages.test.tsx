import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { reportRoutes, teachingRoutes } from '@examkit/contracts';
import { createFakeApi, ok, renderApp, SCHOOL_ROUTES } from '../test/fixtures';
import { EXAMS, key, pages, question, setUpPageTests, staff } from './test/fixtures';

vi.mock('../report/components/Chart', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

// 报告中心 (ReportCentrePages.tsx): 考试报告, 校级报告 and an exam's 题目列表.
setUpPageTests();

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
