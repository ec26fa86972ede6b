import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineRoutes, type StudentExam } from '@examkit/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, fail, ok, renderApp } from '../../test/fixtures';
import { examPages } from '../index';
import { bodiesOf } from '../test/fixtures';

afterEach(() => vi.restoreAllMocks());

const ENTER = `POST ${onlineRoutes.enter.url}`;
const SAVE = `POST ${onlineRoutes.autosave.url}`;
const SUBMIT = `POST ${onlineRoutes.submit.url}`;

const exam = (overrides: Partial<StudentExam> = {}): StudentExam => ({
  ticket: 'ticket-0123456789abcdef',
  examName: '在线小测',
  subjectName: '数学',
  studentName: '王小明',
  className: '高一(1)班',
  endsAt: Date.now() + 3_600_000,
  deadlineAt: Date.now() + 1_800_000,
  durationMinutes: 30,
  questions: [
    {
      id: 11,
      number: '1',
      kind: 'single',
      stem: '一加一等于',
      options: ['一', '二'],
      fullMarks: 2,
    },
    { id: 12, number: '2', kind: 'judge', stem: '地球是圆的', options: [], fullMarks: 2 },
    { id: 13, number: '3', kind: 'subjective', stem: '简述理由', options: [], fullMarks: 10 },
  ],
  answers: [],
  submittedAt: null,
  ...overrides,
});

describe('OnlineStudentPage', () => {
  it('enters by code and number, saves answers as they are typed and hands in once', async () => {
    const api = createFakeApi({
      [ENTER]: ok(exam()),
      [SAVE]: ok({ savedAt: Date.now() }),
      [SUBMIT]: ok({
        submittedAt: Date.now(),
        objectiveScore: 2,
        objectiveFull: 4,
        pendingMarks: 10,
      }),
    });
    await renderApp({ path: '/online-exam', api, pages: examPages });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('考试码'), 'abcd2345');
    await user.type(screen.getByLabelText('学号'), '2026100101');
    await user.click(screen.getByRole('button', { name: '进入考试' }));
    expect(await screen.findByRole('heading', { name: '在线小测 · 数学' })).toBeInTheDocument();
    expect(bodiesOf(api, ENTER)).toEqual([{ code: 'abcd2345', studentNo: '2026100101' }]);

    await user.click(
      within(screen.getByRole('group', { name: '第 1 题' })).getByRole('radio', { name: /二/ }),
    );
    await user.click(within(screen.getByRole('group', { name: '第 2 题' })).getByLabelText('对'));
    await user.type(screen.getByLabelText('第 3 题解答'), '因为');
    await screen.findByText(/答案已自动保存/, {}, { timeout: 4000 });
    const saved = bodiesOf(api, SAVE).at(-1)!;
    expect(saved.answers).toEqual(
      expect.arrayContaining([
        { questionId: 11, answer: 'B' },
        { questionId: 12, answer: 'T' },
      ]),
    );

    await user.click(screen.getByRole('button', { name: '交卷' }));
    const dialog = await screen.findByRole('alertdialog', { name: '确认交卷' });
    await user.click(within(dialog).getByRole('button', { name: '确定交卷' }));
    expect(await screen.findByRole('heading', { name: '交卷成功' })).toBeInTheDocument();
    expect(screen.getByText('选择、判断和填空题得分：2 / 4')).toBeInTheDocument();
    expect(screen.getByText('解答题共 10 分，等待老师阅卷。')).toBeInTheDocument();
    expect(bodiesOf(api, SUBMIT)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: '交卷' })).toBeNull();
  }, 20_000);

  it('shows why an entry is refused', async () => {
    const api = createFakeApi({ [ENTER]: fail(404, '考试码或学号不正确') });
    await renderApp({ path: '/online-exam', api, pages: examPages });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('考试码'), 'WRONG222');
    await user.type(screen.getByLabelText('学号'), '1');
    await user.click(screen.getByRole('button', { name: '进入考试' }));
    await waitFor(() =>
      expect(screen.getAllByText('考试码或学号不正确').length).toBeGreaterThan(0),
    );
    expect(screen.queryByRole('button', { name: '交卷' })).toBeNull();
  });
});
