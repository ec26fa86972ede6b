import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  bureauUser,
  createFakeApi,
  DEMO_REGION,
  ok,
  renderApp,
  SCHOOL_ROUTES,
} from '../../test/fixtures';
import { examPages } from '../index';

const BUREAU_CODES = ['Home', 'Exam', 'Exam-Multiple', 'Exam-Multiple-Report-Grade'];
const bureauIn = (schoolId: number, schoolName: string, token: string) =>
  bureauUser(BUREAU_CODES, { schoolId, schoolName, token }, true);
const REGION = DEMO_REGION;

describe('区域设置 on /exam/multiple', () => {
  it('renames the region and lets a school leave it in 区域设置', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      'POST /marking-region/region/school_list': ok(REGION),
      'POST /marking-main/joint/list': ok([]),
      'POST /marking-region/region/update': ok({
        regionId: 1,
        regionName: '示范新区',
        schools: REGION.schools.slice(0, 1),
      }),
    });
    await renderApp({
      path: '/exam/multiple',
      api,
      user: bureauIn(11, '示范中学', 'tok-demo'),
      pages: examPages,
    });
    const user = userEvent.setup();
    const header = await screen.findByRole('banner');
    await user.click(await screen.findByRole('button', { name: '区域设置' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: '区域设置' });
    const name = within(dialog).getByRole('textbox', { name: /区域名称/ });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByText('请输入区域名称')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/marking-region/region/update')).toBe(false);
    await user.type(name, '示范新区');
    // The school the bureau is in cannot be unticked.
    expect(within(dialog).getByRole('checkbox', { name: /示范中学/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: '实验中学' }));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(api.lastBody('/marking-region/region/update')).toEqual({
        name: '示范新区',
        schoolIds: [11],
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '区域设置' })).toBeNull());
    expect(within(header).getByText('示范中学')).toBeInTheDocument();
  }, 30_000);
});
