import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportRoutes } from '@examkit/contracts';
import { renderApp } from '../../test/fixtures';
import { reportPages } from '../index';
import { EXAM, directorUser, key, ok, reportApi } from '../test/fixtures';

vi.mock('../components/Chart', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

afterEach(() => vi.restoreAllMocks());

const TRANSCRIPT = {
  exam: EXAM,
  previousExam: { examId: 4, name: '月考', examDate: '2026-10-10' },
  student: {
    studentId: 9,
    name: '程涵紫',
    studentNo: '2026100143',
    examNo: '2026100143',
    classId: 101,
    className: '高一(1)班',
  },
  basic: [
    {
      subjectId: 0,
      subjectName: '总分',
      fullMarks: 300,
      score: 260.5,
      level: 'excellent',
      classRank: 1,
      gradeRank: 2,
      z: 2.1345,
      t: 71.345,
      balance: null,
      rankChange: 5,
      percentileChange: 12.5,
      classMean: 200.123,
      gradeMean: 198,
      classMax: 260.5,
      gradeMax: 270,
    },
  ],
  mistakes: [
    {
      subjectId: 22,
      subjectName: '数学',
      questions: [
        {
          questionId: 3,
          number: '12',
          kind: 'single',
          fullMarks: 5,
          answer: 'B',
          knowledgePoints: ['三角函数'],
          score: 0,
          studentAnswer: 'C',
          classScoreRate: 0.492,
          gradeScoreRate: 0.4758,
        },
      ],
    },
  ],
};

const api = () =>
  reportApi({
    [key(reportRoutes.studentTranscript)]: ok(TRANSCRIPT),
    [key(reportRoutes.warningReport)]: ok({
      exam: EXAM,
      students: [
        {
          studentId: 4,
          name: '李四',
          studentNo: '20264',
          classId: 101,
          className: '高一(1)班',
          totalScore: 120.25,
          gradeRank: 180,
          reasons: ['总分不及格', '数学低分'],
        },
      ],
    }),
  });

const open = (path: string, fake = api()) =>
  renderApp({ path, api: fake, user: directorUser(), pages: reportPages });

describe('student transcript', () => {
  it('shows the basic tab, switches to the mistakes and opens the print page', async () => {
    const user = userEvent.setup();
    const { router } = await open('/exam/single/report/class/transcript/5/101/9/transcriptBasic');
    const table = await screen.findByRole('table', { name: '程涵紫成绩' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('260.5');
    expect(row).toHaveTextContent('优秀');
    expect(row).toHaveTextContent('+5');
    // 进退步 by percentile, raw rank change beside, and the page says so
    expect(row).toHaveTextContent('+12.5%');
    expect(screen.getByText(/进退步按年级百分位比较/)).toBeInTheDocument();
    expect(row).toHaveTextContent('2.13');
    expect(row).toHaveTextContent('71.3');
    expect(row).toHaveTextContent('200.12');

    await user.click(screen.getByRole('tab', { name: '错题' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/transcriptMistakes$/));
    const mistakes = await screen.findByRole('table', { name: '数学错题' });
    expect(within(mistakes).getAllByRole('row')[1]).toHaveTextContent('单选题');
    expect(within(mistakes).getAllByRole('row')[1]).toHaveTextContent('49.20%');

    await user.click(screen.getByRole('button', { name: '打印错题' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/print/5/101/9/transcriptMistakes'),
    );
    // The transcript page stays up until the lazily loaded print page has rendered.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
        '2026学年第一学期高一期中考试 · 程涵紫成绩单',
      ),
    );
    expect(screen.getByRole('table', { name: '数学错题' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});

describe('warning report print page', () => {
  it('lists the students to watch with their reasons', async () => {
    await open('/print/5/warningReport');
    const table = await screen.findByRole('table', { name: '预警学生' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('李四');
    expect(row).toHaveTextContent('120.25');
    expect(row).toHaveTextContent('总分不及格、数学低分');
    expect(screen.getByRole('button', { name: '导出Excel' })).toBeInTheDocument();
  });
});
