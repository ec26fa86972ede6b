import { homeworkStoreRoutes as S, resourceQuestionRoutes as R } from '@examkit/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderApp, teacherUser } from '../../test/fixtures';
import { homeworkPages } from '../index';
import { bodiesOf, homeworkApi, summary, K } from '../test/fixtures';

afterEach(() => vi.restoreAllMocks());

const question = (id: number, stem: string, answer = 'A') => ({
  id,
  bank: 'school' as const,
  subjectCode: '02',
  stage: 3,
  gradeNum: 10,
  type: 'single' as const,
  difficulty: 2,
  stem,
  options: ['甲', '乙'],
  answer,
  analysis: `${stem}的解析`,
  points: [],
  source: '',
  year: null,
  tags: [],
  children: [],
  version: 1,
  updatedAt: 0,
});
const BASKET = {
  subjectCode: '02',
  items: [
    { question: question(11, '第一道'), score: 5 },
    { question: question(12, '第二道', 'B'), score: 5 },
  ],
};

const api = (extra: Record<string, unknown> = {}) =>
  homeworkApi({
    [K(R.listSubject)]: ok([{ subjectCode: '02', subjectName: '数学' }]),
    [K(R.listStage)]: ok([]),
    [K(S.basketList)]: ok(BASKET),
    ...extra,
  });
const render = (path: string, fake = api()) =>
  renderApp({ path, api: fake, user: teacherUser(), pages: homeworkPages });

describe('作业篮', { timeout: 30_000 }, () => {
  it('reorders and scores, refuses a bad score, and saves before 去布置作业', async () => {
    const user = userEvent.setup();
    const fake = api({
      [K(S.basketSave)]: ok({
        subjectCode: '02',
        items: [
          { question: question(12, '第二道', 'B'), score: 7.5 },
          { question: question(11, '第一道'), score: 5 },
        ],
      }),
    });
    const { router } = await render('/homework/school-base/store/basket?subject=02', fake);
    const list = await screen.findByRole('list', { name: '作业篮试题' }, { timeout: 10_000 });
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.textContent),
    ).toEqual([expect.stringContaining('第一道'), expect.stringContaining('第二道')]);
    await user.click(screen.getAllByRole('button', { name: '下移' })[0]!);
    const first = screen.getByLabelText('第 1 题分值');
    await user.clear(first);
    await user.type(first, '7.3');
    expect(screen.getByRole('status')).toHaveTextContent('共 2 题，总分 5 分');
    await user.click(screen.getByRole('button', { name: '去布置作业' }));
    expect(screen.getByRole('alert')).toHaveTextContent('第 1 题的分值应大于 0、不超过 200');
    expect(bodiesOf(fake, K(S.basketSave))).toEqual([]);
    await user.clear(first);
    await user.type(first, '7.5');
    expect(screen.getByRole('status')).toHaveTextContent('共 2 题，总分 12.5 分');
    await user.click(screen.getByRole('button', { name: '去布置作业' }));
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe('/homework/school-base/basket-confirm'),
    );
    expect(bodiesOf(fake, K(S.basketSave))).toEqual([
      {
        subjectCode: '02',
        items: [
          { questionId: 12, score: 7.5 },
          { questionId: 11, score: 5 },
        ],
      },
    ]);
  });
});

describe('作业题目', { timeout: 30_000 }, () => {
  it('shows the bank questions, and answers with analyses only on request', async () => {
    const user = userEvent.setup();
    const fake = api({
      [K(S.questionItems)]: ok({
        homework: summary({ name: '题库练习', questionCount: 3, fullMarks: 15 }),
        source: 'bank',
        estimatedMinutes: 20,
        questions: [
          {
            no: 1,
            label: '1',
            type: 'objective',
            answer: 'A',
            fullMarks: 5,
            points: [{ id: 2, name: '分数的加减' }],
            question: question(11, '第一道'),
          },
          {
            no: 2,
            label: '2',
            type: 'subjective',
            answer: null,
            fullMarks: 5,
            points: [],
            question: null,
          },
          {
            no: 3,
            label: '3',
            type: 'objective',
            answer: 'C',
            fullMarks: 5,
            points: [
              { id: 2, name: '分数的加减' },
              { id: 3, name: '约分' },
            ],
            question: null,
          },
        ],
      }),
    });
    await render('/homework/school-base/questionItem?id=5', fake);
    await screen.findByRole('heading', { name: '作业题目 · 题库练习' }, { timeout: 10_000 });
    expect(screen.getByText(/预计用时 20 分钟/)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: '第 1 题' })).toHaveTextContent('第一道');
    // Each question's knowledge points: the bank question's, a paper question's tags, or none.
    const pointsOf = (label: string) =>
      screen.getByRole('heading', { name: new RegExp(`^第 ${label} 题`) }).closest('li');
    expect(pointsOf('1')).toHaveTextContent('知识点：分数的加减');
    expect(pointsOf('2')).toHaveTextContent('知识点：未标注');
    expect(pointsOf('3')).toHaveTextContent('知识点：分数的加减、约分');
    expect(screen.queryByText('第一道的解析', { exact: false })).toBeNull();
    await user.click(screen.getByRole('button', { name: '显示答案与解析' }));
    expect(screen.getByText('解析：第一道的解析')).toBeInTheDocument();
    expect(screen.getByText(/主观题，由老师批改/)).toBeInTheDocument();
    expect(bodiesOf(fake, K(S.questionItems))).toEqual([{ id: 5 }]);
  });
});
