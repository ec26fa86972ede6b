import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  bankItem,
  SCHOOL_ROUTES,
  createFakeApi,
  menuUser,
  myScope,
  ok,
  renderApp,
} from '../../test/fixtures';
import { resourcePages } from '../index';

const CODES = ['Home', 'Resources', 'Paper', 'Paper-School', 'Generate', 'Exam', 'Exam-Single'];
const resourceUser = () => menuUser(CODES, '教务主任');

const question = (id: number, type: 'single' | 'answer' = 'single', stem = `试题${id}的题干`) =>
  bankItem({
    id,
    type,
    stem,
    options: type === 'single' ? ['甲', '乙'] : [],
    answer: type === 'single' ? 'A' : '略',
  });

/** A fake server keeping one basket and one saved paper. */
function resourceApi(scope = myScope()) {
  const basket = new Set<number>();
  const saved: unknown[] = [];
  const paper = {
    id: 5,
    bank: 'school',
    subjectCode: 'math',
    gradeNum: 10,
    title: '高一数学周测（一）',
    subtitle: '集合与函数',
    questionCount: 2,
    fullMarks: 17,
    durationMinutes: 45,
    createdBy: null,
    createdAt: 0,
    examIds: [],
    sections: [
      { id: 1, title: '选择题', questions: [{ number: 1, score: 5, question: question(1) }] },
      {
        id: 2,
        title: '解答题',
        questions: [{ number: 2, score: 12, question: question(2, 'answer') }],
      },
    ],
  };
  const body = (req: { data: unknown }) => JSON.parse(String(req.data)) as Record<string, unknown>;
  const api = createFakeApi({
    ...SCHOOL_ROUTES,
    'POST /marking-user/user/school/my_scope': ok(scope),
    'POST /marking-resources/basket/count': () =>
      ok({ questCount: basket.size, subjectCode: basket.size ? 'math' : null, gradeNum: null }),
    'POST /marking-resources/basket/ids': () => ok({ questionIds: [...basket] }),
    'POST /marking-resources/basket/add': (req: { data: unknown }) => {
      basket.add(body(req).questionId as number);
      return ok({ questCount: basket.size });
    },
    'POST /marking-resources/basket/remove': (req: { data: unknown }) => {
      basket.delete(body(req).questionId as number);
      return ok({ questCount: basket.size });
    },
    'POST /marking-resources/basket/list': () => {
      const qs = [...basket].map((id) => question(id, id === 2 ? 'answer' : 'single'));
      const groups = [
        { type: 'single', typeName: '单选题', questions: qs.filter((x) => x.type === 'single') },
        { type: 'answer', typeName: '解答题', questions: qs.filter((x) => x.type === 'answer') },
      ].filter((g) => g.questions.length);
      return ok({ total: qs.length, groups });
    },
    'POST /marking-resources/basket/save_paper': (req: { data: unknown }) => {
      saved.push(body(req).paper);
      basket.clear();
      return ok({ paperId: 5 });
    },
    'POST /marking-resources/paper/detail': () => ok(paper),
    'POST /marking-resources/paper/school/list': () =>
      ok({ list: [paper], total: 1, pageNum: 1, pageSize: 20 }),
  });
  return { api, saved };
}

describe('the basket and 组卷', () => {
  it(
    'warns 请先选择试题 on an empty basket, counts what a paper’s toggles add, and opens the basket',
    { timeout: 20_000 },
    async () => {
      const { api } = resourceApi();
      const { router, notifier } = await renderApp({
        pages: resourcePages,
        path: '/resource/paper/school-detail?id=5',
        user: resourceUser(),
        api,
      });
      const message = vi.spyOn(notifier, 'message');
      const user = userEvent.setup();
      const float = await screen.findByRole('button', { name: '试题篮，0 道试题' });
      await user.click(float);
      expect(message).toHaveBeenCalledWith('warning', '请先选择试题');
      expect(router.state.location.pathname).toBe('/resource/paper/school-detail');

      await screen.findByRole('heading', { name: '高一数学周测（一）' });
      await user.click(await screen.findByRole('button', { name: '加入试题篮：试题 1' }));
      await user.click(screen.getByRole('button', { name: '加入试题篮：试题 2' }));
      expect(await screen.findByRole('button', { name: '移出试题篮：试题 2' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: '试题篮，2 道试题' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/resource/basket'));
      expect(router.state.location.search).toBe('?gradeNum=10&subject=math');
      expect(await screen.findByRole('heading', { name: '单选题（1 道）' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: '解答题（1 道）' })).toBeInTheDocument();
      // The basket page itself shows no floating basket.
      expect(screen.queryByRole('button', { name: /^试题篮，/ })).not.toBeInTheDocument();
    },
  );

  it(
    '组卷 reorders by keyboard, adds up the full marks and saves the sections in order',
    { timeout: 20_000 },
    async () => {
      const { api, saved } = resourceApi();
      const { router } = await renderApp({
        pages: resourcePages,
        path: '/resource/paper/school-detail?id=5',
        user: resourceUser(),
        api,
      });
      const user = userEvent.setup();
      await screen.findByRole('heading', { name: '高一数学周测（一）' });
      await user.click(await screen.findByRole('button', { name: '加入试题篮：试题 1' }));
      await user.click(screen.getByRole('button', { name: '加入试题篮：试题 2' }));
      await router.navigate('/resource/basket-confirm?gradeNum=10&subject=math');
      expect(await screen.findByText(/^共 2 题，满分/)).toHaveTextContent('共 2 题，满分 17 分');

      // 上移 on the answer question moves it into 单选题, with the keyboard.
      const up = screen.getByRole('button', { name: '上移第 2 题' });
      up.focus();
      await user.keyboard('{Enter}');
      // The keyboard stays on the moved question's 上移: Enter again puts it first.
      expect(document.activeElement).toHaveAccessibleName('上移第 2 题');
      await user.keyboard('{Enter}');
      const first = screen.getByRole('region', { name: '第一大题' });
      expect(within(first).getAllByRole('listitem')).toHaveLength(2);
      await user.click(screen.getByRole('button', { name: '删除大题：第二大题' }));
      await user.clear(screen.getByRole('textbox', { name: '第一大题标题' }));
      await user.type(screen.getByRole('textbox', { name: '第一大题标题' }), '综合练习');
      await user.click(screen.getByRole('button', { name: '保存试卷' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('请填写试卷标题');
      await user.type(screen.getByRole('textbox', { name: '试卷标题' }), '我的周练');
      await user.click(screen.getByRole('button', { name: '保存试卷' }));
      await waitFor(() =>
        expect(router.state.location.pathname).toBe('/resource/paper/school-detail'),
      );
      expect(saved).toEqual([
        {
          subjectCode: 'math',
          title: '我的周练',
          subtitle: '',
          durationMinutes: 90,
          gradeNum: 10,
          sections: [
            {
              title: '综合练习',
              questions: [
                { questionId: 2, score: 12 },
                { questionId: 1, score: 5 },
              ],
            },
          ],
        },
      ]);
    },
  );

  it('offers 生成考试 only to who may create an exam of a grade', { timeout: 20_000 }, async () => {
    const { api } = resourceApi(myScope({ schoolWide: false, manageGradeIds: [] }));
    await renderApp({
      pages: resourcePages,
      path: '/resource/paper/school-detail?id=5',
      user: resourceUser(),
      api,
    });
    await screen.findByRole('heading', { name: '高一数学周测（一）' });
    await screen.findByRole('button', { name: '导出PDF' });
    expect(screen.queryByRole('button', { name: '生成考试' })).not.toBeInTheDocument();
  });
});
