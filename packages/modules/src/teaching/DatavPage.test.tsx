import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { teachResearchRoutes } from '@examkit/contracts';
import { createFakeApi, ok, renderApp, SCHOOL_ROUTES } from '../test/fixtures';
import { key, setUpPageTests } from './test/fixtures';
import { pages, staff } from './test/research';

vi.mock('../report/components/Chart', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

// 教研中心 数据大屏 (DatavPage.tsx).
setUpPageTests();

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
  compositionReports: [
    {
      gradeName: '高一',
      assigned: 1,
      expected: 50,
      submitted: 40,
      submitRate: 0.8,
      scoreRate: 0.75,
      classes: [
        {
          name: '高一(1)班',
          assigned: 1,
          expected: 50,
          submitted: 40,
          submitRate: 0.8,
          scoreRate: 0.75,
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
    // 作文 beside it: the grade's figures and each class's
    const essays = within(screen.getByRole('region', { name: '近30天作文' })).getByRole('article', {
      name: '高一作文',
    });
    expect(within(essays).getByText('提交率', { selector: 'dt' }).nextSibling).toHaveTextContent(
      '80.0%',
    );
    const essayRows = within(essays).getByRole('table', { name: '高一各班作文' });
    expect(within(essayRows).getAllByRole('row')[1]).toHaveTextContent('高一(1)班180.0%75.0%');
    const teachers = screen.getByRole('table', { name: '近30天教师使用' });
    expect(within(teachers).getAllByRole('row')[1]).toHaveTextContent('李老师32041802');
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/home/index');
  }, 20_000);

  it('says so when no 校本作业 or 作文 was assigned in the last 30 days', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(teachResearchRoutes.datav)]: ok({
        ...DATAV,
        homeworkReports: [],
        compositionReports: [],
      }),
    });
    await renderApp({ path: '/teach-research/datav', api, user: staff(), pages });
    const homework = await screen.findByRole('region', { name: '近30天校本作业' });
    expect(homework).toHaveTextContent('近30天暂无布置的校本作业');
    expect(screen.getByRole('region', { name: '近30天作文' })).toHaveTextContent(
      '近30天暂无布置的作文',
    );
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
