import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { homeworkOnlineRoutes } from '@examkit/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderApp, teacherUser, type FakeRequest } from '../../test/fixtures';
import { homeworkPages } from '../index';
import { HW, bodiesOf, detail, homeworkApi } from '../test/fixtures';

afterEach(() => vi.restoreAllMocks());

const OPEN = `POST ${homeworkOnlineRoutes.onlineOpen.url}`;

describe('在线作答 on the question page', () => {
  it('hands a confirmed homework out on screen with a 作业码 and takes it back', async () => {
    let code: string | null = null;
    const api = homeworkApi({
      [OPEN]: (r: FakeRequest) => {
        code = (JSON.parse(String(r.data)) as { open: boolean }).open ? 'ABCD2345' : null;
        return ok({ id: 5, code });
      },
    });
    await renderApp({
      path: '/homework/school-base/split-confirm?id=5',
      api,
      user: teacherUser(),
      pages: homeworkPages,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '发布在线作答' }));
    expect(await screen.findByLabelText('作业码')).toHaveTextContent('ABCD2345');
    expect(screen.getByText(/\/homework-online，输入作业码和学号/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '停止在线作答' }));
    expect(await screen.findByRole('button', { name: '发布在线作答' })).toBeInTheDocument();
    expect(bodiesOf(api, OPEN)).toEqual([
      { id: 5, open: true },
      { id: 5, open: false },
    ]);
  });

  it('is not offered before the questions are confirmed', async () => {
    const api = homeworkApi({
      [HW.homeworkDetail]: ok(detail({ state: 'draft' })),
    });
    await renderApp({
      path: '/homework/school-base/split-confirm?id=5',
      api,
      user: teacherUser(),
      pages: homeworkPages,
    });
    expect(await screen.findByRole('heading', { name: '题目' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '在线作答' })).toBeNull();
  });
});
