import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, ok, renderApp } from '../../test/fixtures';
import { examPages } from '../index';
import { EXAM, WEEKLY_PAPER, bodiesOf, examApi } from '../test/fixtures';

afterEach(() => vi.restoreAllMocks());

describe('AnswerKeyPage', () => {
  it('lists the objective questions and saves keys with partial credit', async () => {
    const api = examApi({
      [EXAM.questionsGet]: ok(WEEKLY_PAPER),
      [EXAM.answerSave]: ok(WEEKLY_PAPER),
    });
    await renderApp({
      path: '/exam/single/answer-new/21',
      api,
      user: demoUser(),
      pages: examPages,
    });
    const user = userEvent.setup();
    expect(await screen.findByLabelText('第1题答案')).toHaveValue('A');
    expect(screen.queryByLabelText('第4(1)题答案')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('第2题答案'));
    await user.type(screen.getByLabelText('第2题答案'), 'Z');
    await user.click(screen.getByRole('button', { name: '保存答案' }));
    expect(screen.getByText('单选题答案须为 A-D 中的一个字母')).toBeInTheDocument();
    expect(bodiesOf(api, EXAM.answerSave)).toHaveLength(0);

    await user.clear(screen.getByLabelText('第2题答案'));
    await user.type(screen.getByLabelText('第2题答案'), 'b');
    await user.clear(screen.getByLabelText('第3题部分得分'));
    await user.type(screen.getByLabelText('第3题部分得分'), '4');
    await user.click(screen.getByRole('button', { name: '保存答案' }));
    await waitFor(() =>
      expect(bodiesOf(api, EXAM.answerSave)).toEqual([
        {
          examSubjectId: 21,
          answers: [
            { questionId: 1, answer: 'A' },
            { questionId: 2, answer: 'B' },
            { questionId: 3, answer: 'ABD', partialMarks: 4 },
          ],
        },
      ]),
    );
    expect(await screen.findByText('答案已保存')).toBeInTheDocument();
  });
});
