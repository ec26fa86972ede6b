import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportRoutes, teachingAssistantRoutes } from '@examkit/contracts';
import { reportPages } from '../report';
import { createFakeApi, demoUser, ok, renderApp, SCHOOL_ROUTES } from '../test/fixtures';

const key = (route: { url: string }) => `POST ${route.url}`;
const BASE = ['Home', 'Exam', 'Exam-Single', 'Exam-Single-Report-Class'];
const userWith = (codes: string[]) => demoUser({ allPerm: { '2026': { '1': codes } } });

const LIST = {
  list: [
    {
      id: 41,
      composition: false,
      name: '函数练习',
      gradeName: '高一',
      subjectName: '数学',
      targets: ['高一(1)班'],
      fullMarks: 20,
      expected: 40,
      submitted: 3,
      corrected: 2,
      average: 16.75,
      scoreRate: 0.8375,
      createdAt: 1_764_000_000_000,
    },
    {
      id: 45,
      composition: true,
      name: '我的家乡',
      gradeName: '高一',
      subjectName: '语文',
      targets: ['高一(1)班'],
      fullMarks: 60,
      expected: 40,
      submitted: 2,
      corrected: 2,
      average: 45.8,
      scoreRate: 45.8 / 60,
      createdAt: 1_764_000_100_000,
    },
  ],
  total: 2,
  pageNum: 1,
  pageSize: 10,
};

const TOPICS = {
  homeworks: [
    { id: 41, name: '函数练习', gradeName: '高一', subjectName: '数学' },
    { id: 40, name: '集合练习', gradeName: '高一', subjectName: '数学' },
  ],
  homeworkId: 41,
  composition: false,
  name: '函数练习',
  subjectName: '数学',
  targets: [
    { kind: 'class', id: 101, name: '高一(1)班' },
    { kind: 'teachingClass', id: 7, name: '数学提高班' },
  ],
  threshold: 0.6,
  questions: [
    { no: 1, label: '1', type: '客观题', fullMarks: 5, scored: 3, wrong: 1, scoreRate: 0.5 },
  ],
  points: [
    { name: '函数单调性', questionLabels: ['1', '3'], fullMarks: 15, scoreRate: 0.55, wrong: 2 },
  ],
  untagged: 1,
  dimensions: [],
};

/** 题目列表 of a 作文: the rubric's parts at or under the rate. */
const ESSAY_TOPICS = {
  ...TOPICS,
  homeworkId: 45,
  composition: true,
  name: '我的家乡',
  subjectName: '语文',
  targets: [
    { kind: 'class', id: 101, name: '高一(1)班' },
    { kind: 'class', id: 102, name: '高一(2)班' },
  ],
  questions: [],
  points: [],
  untagged: 0,
  dimensions: [{ label: '语言', points: 15, average: 8.5, scoreRate: 0.567 }],
};

afterEach(() => vi.restoreAllMocks());

/** The row's 基本情况 and 学生 links open the homework's report at `base`. */
function expectReportLinks(row: HTMLElement, name: string, base: string) {
  for (const [link, tab] of [
    ['基本情况', 'basic'],
    ['学生', 'student'],
  ])
    expect(within(row).getByRole('link', { name: `${link}：${name}` })).toHaveAttribute(
      'href',
      `${base}/report/${tab}`,
    );
}

describe('助手报告', () => {
  it('lists the homework reports with their figures and leads to a homework’s topic list', async () => {
    const u = userEvent.setup();
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(reportRoutes.teacherGetExam)]: ok({ list: [], total: 0, pageNum: 1, pageSize: 10 }),
      [key(teachingAssistantRoutes.assistantReports)]: ok(LIST),
      [key(teachingAssistantRoutes.assistantTopics)]: ok(TOPICS),
    });
    const { router } = await renderApp({
      path: '/report/index/exam',
      api,
      user: userWith([...BASE, 'Homework', 'Homework-SchoolBase']),
      pages: reportPages,
    });
    await u.click(await screen.findByRole('tab', { name: '助手报告' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/report/index/assistant'));
    const table = await screen.findByRole('table', { name: '助手报告' });
    const row = within(table).getByRole('row', { name: /函数练习/ });
    expect(row).toHaveTextContent('3/40');
    expect(row).toHaveTextContent('83.8%');
    expectReportLinks(row, '函数练习', '/homework/school-base/41');
    await u.click(within(row).getByRole('link', { name: '题目列表：函数练习' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=41'));
    expect(await screen.findByRole('heading', { name: '函数练习 题目列表' })).toBeInTheDocument();
    expect(api.lastBody(teachingAssistantRoutes.assistantTopics.url)).toEqual({
      homeworkId: 41,
      classId: null,
      teachingClassId: null,
      threshold: 0.6,
    });
    const questions = screen.getByRole('table', { name: '需关注的题目' });
    expect(within(questions).getByRole('cell', { name: '50.0%' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: '薄弱知识点' })).toHaveTextContent('函数单调性');
    expect(screen.getByText(/有 1 道题没有知识点/)).toBeInTheDocument();
    await u.selectOptions(screen.getByLabelText('班级'), '数学提高班');
    await waitFor(() =>
      expect(api.lastBody(teachingAssistantRoutes.assistantTopics.url)).toMatchObject({
        classId: null,
        teachingClassId: 7,
      }),
    );
    await u.selectOptions(screen.getByLabelText('得分率不高于'), '80%');
    await waitFor(() =>
      expect(api.lastBody(teachingAssistantRoutes.assistantTopics.url)).toMatchObject({
        threshold: 0.8,
      }),
    );
    await u.selectOptions(screen.getByLabelText('作业'), '集合练习（高一数学）');
    await waitFor(() => expect(router.state.location.search).toBe('?id=40'));
    await waitFor(() =>
      expect(api.lastBody(teachingAssistantRoutes.assistantTopics.url)).toMatchObject({
        homeworkId: 40,
        teachingClassId: null,
      }),
    );
  }, 20_000);

  it('lists a 作文 with links to its own report and its rubric parts as the topic list', async () => {
    const u = userEvent.setup();
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(teachingAssistantRoutes.assistantReports)]: ok(LIST),
      [key(teachingAssistantRoutes.assistantTopics)]: ok(ESSAY_TOPICS),
    });
    await renderApp({
      path: '/report/index/assistant',
      api,
      user: userWith([...BASE, 'Homework', 'Homework-SchoolBase']),
      pages: reportPages,
    });
    const table = await screen.findByRole('table', { name: '助手报告' });
    const row = within(table).getByRole('row', { name: /我的家乡/ });
    expect(row).toHaveTextContent('我的家乡（作文）');
    expect(row).toHaveTextContent('76.3%');
    expectReportLinks(row, '我的家乡', '/homework/composition/45');
    expect(within(row).queryByRole('link', { name: '讲评：我的家乡' })).not.toBeInTheDocument();
    await u.click(within(row).getByRole('link', { name: '题目列表：我的家乡' }));
    const parts = await screen.findByRole('table', { name: '需关注的评分维度' });
    expect(within(parts).getByRole('row', { name: /语言/ })).toHaveTextContent('语言158.556.7%');
    expect(screen.queryByRole('table', { name: '需关注的题目' })).not.toBeInTheDocument();
    expect(api.lastBody(teachingAssistantRoutes.assistantTopics.url)).toMatchObject({
      homeworkId: 45,
    });
    // a 作文's parts over one class
    await u.selectOptions(screen.getByLabelText('班级'), '高一(2)班');
    await waitFor(() =>
      expect(api.lastBody(teachingAssistantRoutes.assistantTopics.url)).toMatchObject({
        homeworkId: 45,
        classId: 102,
        teachingClassId: null,
      }),
    );
  }, 20_000);

  it('is not offered to a user without 校本作业', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(reportRoutes.teacherGetExam)]: ok({ list: [], total: 0, pageNum: 1, pageSize: 10 }),
    });
    await renderApp({ path: '/report/index/exam', api, user: userWith(BASE), pages: reportPages });
    expect(await screen.findByRole('tab', { name: '考试报告' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: '助手报告' })).not.toBeInTheDocument();
  });
});
