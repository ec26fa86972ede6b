import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resourceWrongRoutes } from '@examkit/contracts';
import { reportPages } from '../../report';
import { directorUser, reportApi } from '../../report/test/fixtures';
import {
  bankItem,
  EXAM_QUESTION,
  createFakeApi,
  demoUser,
  ok,
  renderApp,
  SCHOOL_ROUTES,
} from '../../test/fixtures';
import { resourcePages } from '../index';

vi.mock('../../report/components/Chart', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const key = (route: { url: string }) => `POST ${route.url}`;
const CODES = ['Home', 'Resources', 'StudySituation', 'Exam', 'Exam-Single-Report-Class'];
const user = demoUser({ allPerm: { '2026': { '1': CODES } } });

const bankQuestion = (id: number, stem: string) =>
  bankItem({
    id,
    bank: 'cloud',
    subjectCode: '数学',
    difficulty: 3,
    stem,
    options: ['1', '2', '3', '4'],
    answer: 'C',
    points: [{ id: 1, name: '函数的概念' }],
  });

const LIST = {
  grades: [{ id: 10, name: '高一' }],
  classes: [{ id: 101, name: '高一(1)班' }],
  subjects: ['数学'],
  gradeId: 10,
  exams: [{ id: 5, name: '期中考试', examDate: '2026-11-12' }],
  rows: [
    {
      studentId: 31,
      name: '张三',
      studentNo: '2026001',
      classId: 101,
      className: '高一(1)班',
      wrongCount: 3,
      homeworkWrongCount: 2,
      examCount: 1,
    },
  ],
};

const DETAIL = {
  student: { id: 31, name: '张三', studentNo: '2026001', className: '高一(1)班' },
  questions: [
    {
      ...EXAM_QUESTION,
      knowledgePoints: ['函数的概念'],
      score: 0,
      choice: 'A',
      classScoreRate: 0.42,
      recommendations: [
        { question: bankQuestion(900, '函数练习题'), sharedPoints: ['函数的概念'] },
      ],
    },
  ],
  homework: [
    {
      homeworkId: 8,
      homeworkName: '函数的单调性练习',
      date: '2026-11-20',
      subjectName: '数学',
      questionNo: 4,
      label: '4',
      fullMarks: 10,
      score: 7,
      answer: null,
      choice: null,
      rubricItems: ['步骤不完整'],
      knowledgePoints: [],
      bankQuestion: null,
      recommendations: [],
    },
    {
      homeworkId: 9,
      homeworkName: '二次函数课后作业',
      date: '2026-11-21',
      subjectName: '数学',
      questionNo: 1,
      label: '1',
      fullMarks: 4,
      score: 0,
      answer: 'B',
      choice: 'C',
      rubricItems: [],
      knowledgePoints: ['函数的概念'],
      bankQuestion: bankQuestion(901, '二次函数的对称轴'),
      recommendations: [
        { question: bankQuestion(902, '二次函数的顶点'), sharedPoints: ['函数的概念'] },
      ],
    },
  ],
};

const api = () =>
  createFakeApi({
    ...SCHOOL_ROUTES,
    [key(resourceWrongRoutes.studentWrongList)]: ok(LIST),
    [key(resourceWrongRoutes.studentWrongDetail)]: ok(DETAIL),
  });

afterEach(() => vi.restoreAllMocks());

describe('学生错题', () => {
  it('lists students with their wrong-question counts and opens one student', async () => {
    const u = userEvent.setup();
    const { router } = await renderApp({
      path: '/resource/student-wrong',
      api: api(),
      user,
      pages: resourcePages,
    });
    const table = await screen.findByRole('table', { name: '学生错题列表' });
    expect(within(table).getByRole('cell', { name: '张三' })).toBeInTheDocument();
    // 3 wrong questions, 2 of them from homework (the detail's 1 exam and 2 homework questions).
    const row = within(table).getByRole('row', { name: /张三/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['张三', '2026001', '高一(1)班', '1', '3', '2', '查看错题']);
    expect(within(table).getByRole('columnheader', { name: '其中作业错题' })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: '查看错题 张三' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/resource/student-wrong/detail'),
    );
    expect(router.state.location.search).toContain('studentId=31');
    expect(
      await screen.findByRole('heading', { name: '张三的错题', level: 1 }),
    ).toBeInTheDocument();
    const item = screen.getByRole('article', { name: '期中考试 数学 第3题' });
    expect(within(item).getByText('42.0%')).toBeInTheDocument();
    await u.click(within(item).getByText('推荐练习（1 题）'));
    expect(within(item).getByText(/函数练习题/)).toBeVisible();
    // Wrong homework questions join the exams' in the 错题本, each linked to its homework report.
    const homework = screen.getByRole('article', { name: '函数的单调性练习 数学 第4题' });
    expect(within(homework).getByText('步骤不完整')).toBeInTheDocument();
    expect(
      within(homework)
        .getByRole('link', { name: /查看作业报告/ })
        .getAttribute('href'),
    ).toBe('/homework/school-base/student/31/report/analysis?id=8');
    // A paper's question with no tagged knowledge point has nothing to practise from; from the bank it has.
    expect(within(homework).getByText(/来自上传的试卷，尚未标注知识点/)).toBeInTheDocument();
    const fromBank = screen.getByRole('article', { name: '二次函数课后作业 数学 第1题' });
    await u.click(within(fromBank).getByText('推荐练习（1 题）'));
    expect(within(fromBank).getByText(/二次函数的顶点/)).toBeVisible();
  });

  it('downloads the 错题本 as Word for the student', async () => {
    const u = userEvent.setup();
    const fetchMock = vi.fn(
      async () =>
        new Response(new Blob(['x']), {
          headers: { 'content-type': 'application/octet-stream' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    await renderApp({
      path: '/resource/student-wrong/detail?studentId=31',
      api: api(),
      user,
      pages: resourcePages,
    });
    await u.click(await screen.findByRole('button', { name: '下载错题本（Word）' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const url = String((fetchMock.mock.calls[0] as unknown[])[0]);
    expect(url).toContain('/marking-resources/wrong/notebook?');
    expect(url).toContain('studentId=31');
    expect(url).toContain('format=docx');
    vi.unstubAllGlobals();
  });
});

describe('相似题推荐', () => {
  it('is offered on report pages only with the grade report key its page needs', async () => {
    const classOnly = demoUser({
      allPerm: { '2026': { '1': ['Home', 'Exam', 'Exam-Single', 'Exam-Single-Report-Class'] } },
    });
    await renderApp({
      path: '/exam/single/report/class/basic/5?classId=101',
      api: reportApi(),
      user: classOnly,
      pages: { ...reportPages, ...resourcePages },
    });
    expect(await screen.findByRole('button', { name: '预警报告' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '相似题推荐' })).not.toBeInTheDocument();
  });

  it('is reached from an exam report and leads to the practice paper', async () => {
    const u = userEvent.setup();
    const similar = {
      examName: '期中考试',
      classes: [
        {
          classId: 101,
          className: '高一(1)班',
          questions: [
            {
              ...DETAIL.questions[0]!,
              classScoreRate: 0.2,
              gradeScoreRate: 0.3,
              wrongCount: 12,
              recommendations: [
                { question: bankQuestion(900, '函数练习题'), sharedPoints: ['函数的概念'] },
                { question: bankQuestion(901, '函数提高题'), sharedPoints: ['函数的概念'] },
              ],
            },
          ],
        },
      ],
    };
    const reports = reportApi({ [key(resourceWrongRoutes.similarRecommend)]: ok(similar) });
    const { router } = await renderApp({
      path: '/exam/single/report/class/basic/5?classId=101',
      api: reports,
      user: directorUser(),
      pages: { ...reportPages, ...resourcePages },
    });
    await u.click(await screen.findByRole('button', { name: '相似题推荐' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/exam/single/report/similar_recom/list/5'),
    );
    const item = await screen.findByRole('article', { name: '高一(1)班 数学 第3题' });
    expect(within(item).getAllByText(/推荐 \d/)).toHaveLength(2);
    await u.click(screen.getByRole('button', { name: '组成练习卷' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('已选 2 题'));
    await u.click(screen.getByRole('checkbox', { name: '选用第 1 题' }));
    await u.click(screen.getByRole('checkbox', { name: '选用第 2 题' }));
    expect(screen.getByRole('status')).toHaveTextContent('已选 0 题');
    expect(screen.getByRole('button', { name: '导出练习卷（Word）' })).toBeDisabled();
  });
});
