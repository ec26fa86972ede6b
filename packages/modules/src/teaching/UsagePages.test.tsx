import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { teachResearchUsageRoutes } from '@examkit/contracts';
import { reportPages } from '../report';
import { createFakeApi, demoUser, ok, renderApp, SCHOOL_ROUTES } from '../test/fixtures';

const key = (route: { url: string }) => `POST ${route.url}`;
const user = () =>
  demoUser({
    allPerm: {
      '2026': { '1': ['Home', 'Teach-Research', 'Teach-Research-Usage', 'Teach-Research-Basket'] },
    },
  });

afterEach(() => vi.restoreAllMocks());

describe('教研中心 使用统计 and 试题篮统计', () => {
  it('使用统计 shows each teacher’s counts and asks again for a changed period', async () => {
    const u = userEvent.setup();
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(teachResearchUsageRoutes.usageStatistics)]: ok({
        rows: [
          {
            userId: 3,
            name: '王老师',
            marks: 120,
            homeworkMade: 2,
            homeworkCorrected: 87,
            papersMade: 1,
            basketAdded: 9,
          },
        ],
      }),
    });
    await renderApp({
      path: '/teach-research/usage-statistics',
      api,
      user: user(),
      pages: reportPages,
    });
    const table = await screen.findByRole('table', { name: '使用统计' });
    const row = within(table).getByRole('row', { name: /王老师/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['王老师', '120', '2', '87', '1', '9']);
    const from = screen.getByLabelText('开始日期');
    await u.clear(from);
    await u.type(from, '2026-09-01');
    await waitFor(() =>
      expect(api.lastBody(teachResearchUsageRoutes.usageStatistics.url)).toMatchObject({
        dateFrom: '2026-09-01',
      }),
    );
  }, 20_000);

  it('试题篮统计 lists per teacher and subject', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(teachResearchUsageRoutes.basketStatistics)]: ok({
        rows: [
          {
            userId: 3,
            name: '王老师',
            subjectCode: 'math',
            subjectName: '数学',
            inBasket: 4,
            papers: 2,
            papersToExam: 1,
          },
        ],
      }),
    });
    await renderApp({ path: '/teach-research/basket', api, user: user(), pages: reportPages });
    const table = await screen.findByRole('table', { name: '试题篮统计' });
    expect(within(table).getByRole('row', { name: /王老师/ })).toHaveTextContent('数学');
  });
});
