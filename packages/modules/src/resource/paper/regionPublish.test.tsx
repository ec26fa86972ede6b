import { screen, waitFor } from '@testing-library/react';
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

const CODES = ['Home', 'Resources', 'Paper', 'Paper-School', 'Paper-Cloud'];
const userAs = (roleName: string) => menuUser(CODES, roleName);

const question = (id: number, bank: 'school' | 'cloud') => bankItem({ id, bank });

const paper = (id: number, bank: 'school' | 'cloud') => ({
  id,
  bank,
  subjectCode: 'math',
  gradeNum: 10,
  title: bank === 'school' ? '区域联研数学卷' : '区域联研数学卷（区域云）',
  subtitle: '',
  questionCount: 2,
  fullMarks: 10,
  durationMinutes: 40,
  createdBy: null,
  createdAt: 0,
  examIds: [],
  sections: [
    {
      id: 1,
      title: '选择题',
      questions: [
        { number: 1, score: 5, question: question(bank === 'school' ? 1 : 11, bank) },
        // A question already in the cloud bank has nothing to publish.
        { number: 2, score: 5, question: question(3, 'cloud') },
      ],
    },
  ],
});

function api(canPublish: boolean) {
  const body = (req: { data: unknown }) => JSON.parse(String(req.data)) as Record<string, number>;
  return createFakeApi({
    ...SCHOOL_ROUTES,
    'POST /marking-user/user/school/my_scope': ok(myScope({ schoolWide: false })),
    'POST /marking-resources/basket/count': ok({
      questCount: 0,
      subjectCode: null,
      gradeNum: null,
    }),
    'POST /marking-resources/basket/ids': ok({ questionIds: [] }),
    'POST /marking-resources/region-cloud/status': ok(
      canPublish
        ? { canPublish: true, regionName: '示范区' }
        : { canPublish: false, regionName: null },
    ),
    'POST /marking-resources/region-cloud/publish_question': ok({ questionId: 11, created: true }),
    'POST /marking-resources/region-cloud/publish_paper': ok({ paperId: 9, created: true }),
    'POST /marking-resources/paper/detail': (req: { data: unknown }) =>
      ok(body(req).id === 9 ? paper(9, 'cloud') : paper(5, 'school')),
  });
}

describe('发布到区域云题库', () => {
  it(
    'shows the bureau seat the publish buttons and publishes a question, then the paper',
    { timeout: 20_000 },
    async () => {
      const fake = api(true);
      const { router, notifier } = await renderApp({
        pages: resourcePages,
        path: '/resource/paper/school-detail?id=5',
        user: userAs('教育局'),
        api: fake,
      });
      const message = vi.spyOn(notifier, 'message');
      const user = userEvent.setup();
      await screen.findByRole('heading', { name: '区域联研数学卷' });
      const one = await screen.findByRole('button', { name: '发布到区域云题库：第 1 题' });
      expect(screen.queryByRole('button', { name: '发布到区域云题库：第 2 题' })).toBeNull();
      await user.click(one);
      expect(fake.lastBody('/marking-resources/region-cloud/publish_question')).toEqual({
        questionId: 1,
      });
      expect(message).toHaveBeenCalledWith('success', '已发布到示范区云题库');
      expect(
        await screen.findByRole('button', { name: '发布到区域云题库：第 1 题' }),
      ).toBeDisabled();

      await user.click(screen.getByRole('button', { name: '发布到区域云题库' }));
      await waitFor(() =>
        expect(router.state.location.pathname).toBe('/resource/paper/cloudPreiew'),
      );
      expect(router.state.location.search).toBe('?id=9');
      expect(
        await screen.findByRole('heading', { name: '区域联研数学卷（区域云）' }),
      ).toBeVisible();
      // A cloud paper has nothing to publish.
      expect(screen.queryByRole('button', { name: /^发布到区域云题库/ })).toBeNull();
    },
  );

  it('shows no publish button to school staff, nor to a seat the server refuses', async () => {
    for (const [role, canPublish] of [
      ['教务主任', true],
      ['教育局', false],
    ] as const) {
      const fake = api(canPublish);
      const { unmount } = await renderApp({
        pages: resourcePages,
        path: '/resource/paper/school-detail?id=5',
        user: userAs(role),
        api: fake,
      });
      await screen.findByRole('heading', { name: '区域联研数学卷' });
      await screen.findByRole('button', { name: '加入试题篮：试题 1' });
      expect(screen.queryByRole('button', { name: /^发布到区域云题库/ })).toBeNull();
      // School staff do not even ask.
      expect(fake.calls.some((c) => c.url === '/marking-resources/region-cloud/status')).toBe(
        role === '教育局',
      );
      unmount();
    }
  });
});
