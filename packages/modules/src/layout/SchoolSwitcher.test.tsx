import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  bureauUser,
  createFakeApi,
  DEMO_REGION,
  demoUser,
  ok,
  renderApp,
  SCHOOL_ROUTES,
} from '../test/fixtures';

const BUREAU_CODES = ['Home', 'Exam', 'Exam-Single', 'Exam-Single-Report-Grade'];
const bureauIn = (schoolId: number, schoolName: string, token: string) =>
  bureauUser(BUREAU_CODES, { schoolId, schoolName, token });
const REGION = DEMO_REGION;

describe('SchoolSwitcher', () => {
  it('lets bureau staff move to another school of the region without signing out', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      'POST /marking-region/region/school_list': ok(REGION),
      'POST /marking-region/region/enter_school': ok({
        token: 'one-time-token-0123456789',
        expiresIn: 60,
      }),
      'POST /marking-login/login/region_to_school_login': ok(bureauIn(12, '实验中学', 'tok-lab')),
    });
    const { store } = await renderApp({
      path: '/home/index',
      api,
      user: bureauIn(11, '示范中学', 'tok-demo'),
    });
    const header = await screen.findByRole('banner');
    const switcher = await within(header).findByRole('combobox', { name: '切换学校' });
    expect(switcher).toHaveValue('11');
    expect(
      within(switcher)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['示范中学', '实验中学']);

    await userEvent.setup().selectOptions(switcher, '实验中学');
    await waitFor(() => expect(store.getState().user?.schoolName).toBe('实验中学'));
    expect(api.lastBody('/marking-region/region/enter_school')).toEqual({ schoolId: 12 });
    expect(api.lastBody('/marking-login/login/region_to_school_login')).toEqual({
      token: 'one-time-token-0123456789',
      schoolId: 12,
    });
    // The next calls carry the new school's session.
    expect(store.getState().user?.token).toBe('tok-lab');
    await waitFor(() => expect(switcher).toHaveValue('12'));
  });

  it('shows a school account its school name only, without asking for a region', async () => {
    const api = createFakeApi(SCHOOL_ROUTES);
    await renderApp({ path: '/home/index', api, user: demoUser() });
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('示范中学')).toBeInTheDocument();
    expect(within(header).queryByRole('combobox', { name: '切换学校' })).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.url.includes('/marking-region/'))).toBe(false);
  });

  it('keeps a bureau with one school on its school name', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      'POST /marking-region/region/school_list': ok({
        ...REGION,
        schools: REGION.schools.slice(0, 1),
      }),
    });
    await renderApp({ path: '/home/index', api, user: bureauIn(11, '示范中学', 'tok-demo') });
    const header = await screen.findByRole('banner');
    await waitFor(() =>
      expect(api.calls.some((c) => c.url === '/marking-region/region/school_list')).toBe(true),
    );
    expect(within(header).getByText('示范中学')).toBeInTheDocument();
    expect(within(header).queryByRole('combobox', { name: '切换学校' })).not.toBeInTheDocument();
  });
});
