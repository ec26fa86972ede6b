import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  homeworkSubmissionRoutes,
  type CorrectionOverview,
  type SubmissionDetail,
} from '@examkit/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderApp, teacherUser } from '../../test/fixtures';
import { homeworkPages } from '../index';
import { bodiesOf, handInAnswer, homeworkApi, K } from '../test/fixtures';

const R = homeworkSubmissionRoutes;

afterEach(() => vi.restoreAllMocks());

const overview: CorrectionOverview = {
  id: 5,
  name: '分数加减练习',
  questions: [
    { no: 1, label: '1', type: 'objective', answer: 'A', fullMarks: 5 },
    { no: 2, label: '2', type: 'subjective', answer: null, fullMarks: 10 },
  ],
  students: [
    ['张一', 11, 'submitted'],
    ['王二', 12, 'finished'],
    ['李三', null, 'not_submitted'],
  ].map(([name, submissionId, status], i) => ({
    studentId: i + 1,
    studentNo: `2026040${i + 1}`,
    name: name as string,
    className: '四年级(1)班',
    status: status as 'submitted',
    submissionId: submissionId as number | null,
    score: submissionId === null ? null : 5,
    scored: 1,
    source: submissionId === null ? null : 'scan',
  })),
  rubric: [{ id: 3, questionNo: 2, label: '计算错误', points: -2, usedBy: 0 }],
};

const submission = (id: number, name: string): SubmissionDetail => ({
  id,
  homeworkId: 5,
  studentId: id - 10,
  studentName: name,
  className: '四年级(1)班',
  status: 'submitted',
  source: 'scan',
  score: 5,
  hasImage: false,
  correctedBy: null,
  correctedAt: null,
  answers: [
    handInAnswer(1, { answer: 'A', score: 5, judgement: 'right', correctedAt: 1 }),
    handInAnswer(2),
  ],
  annotations: [],
});

describe('作业批改', () => {
  it('scores the subjective question by keyboard and opens the next hand-in; statuses show their icons', async () => {
    const user = userEvent.setup();
    const api = homeworkApi({
      [K(R.correctOverview)]: ok(overview),
      [K(R.submission)]: (req: { data: string }) => {
        const { submissionId } = JSON.parse(req.data) as { submissionId: number };
        return ok(submission(submissionId, submissionId === 11 ? '张一' : '王二'));
      },
      [K(R.score)]: ok({ ...submission(11, '张一'), status: 'finished' }),
    });
    renderApp({ path: '/homework/correct?id=5', api, user: teacherUser(), pages: homeworkPages });
    const roster = await screen.findByRole('table', { name: '学生名单' }, { timeout: 10_000 });
    expect(within(roster).getAllByRole('row')[3]).toHaveTextContent('○未提交');
    expect(within(roster).getAllByRole('row')[2]).toHaveTextContent('●已批改');
    // 李三 has not handed in: nothing to correct.
    expect(within(roster).queryByRole('button', { name: '批改：李三' })).toBeNull();
    await user.click(within(roster).getByRole('button', { name: '批改：张一' }));
    await screen.findByRole('heading', { name: '四年级(1)班 张一 · 第 2 题' });
    expect(screen.getByText('计算错误（-2 分，已用 0 次）')).toBeInTheDocument();
    await user.keyboard('8{Enter}');
    expect(bodiesOf(api, K(R.score)).at(-1)).toEqual({ submissionId: 11, questionNo: 2, score: 8 });
    await screen.findByRole('heading', { name: '四年级(1)班 王二 · 第 2 题' });
    // Over full marks is refused before it is sent.
    await user.keyboard('12{Enter}');
    expect(bodiesOf(api, K(R.score))).toHaveLength(1);
  }, 30_000);

  it('教师批改: a hand-in scored whole but 待批改 says so until the teacher saves a score', async () => {
    const user = userEvent.setup();
    const scored = submission(11, '张一');
    scored.answers[1] = { ...scored.answers[1]!, score: 8, judgement: 'wrong', correctedAt: 1 };
    const one = { ...overview, students: [{ ...overview.students[0]!, scored: 2, score: 13 }] };
    const api = homeworkApi({
      [K(R.correctOverview)]: ok(one),
      [K(R.submission)]: ok(scored),
      [K(R.score)]: ok({ ...scored, status: 'finished' }),
    });
    renderApp({ path: '/homework/correct?id=5', api, user: teacherUser(), pages: homeworkPages });
    const roster = await screen.findByRole('table', { name: '学生名单' }, { timeout: 10_000 });
    await user.click(within(roster).getByRole('button', { name: '批改：张一' }));
    await screen.findByRole('heading', { name: /四年级\(1\)班 张一/ });
    const hint = '各题已有得分，保存本题得分即确认批改（教师批改）。';
    expect(screen.getByText(hint)).toBeInTheDocument();
    // Enter saves the score shown (the one already given).
    await user.keyboard('{Enter}');
    expect(bodiesOf(api, K(R.score)).at(-1)).toMatchObject({ submissionId: 11, score: 8 });
    await vi.waitFor(() => expect(screen.queryByText(hint)).toBeNull());
  }, 30_000);
});
