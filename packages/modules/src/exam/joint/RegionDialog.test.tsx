import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { permissionCatalogue } from '@examkit/contracts';
import { createFakeApi, demoUser, ok, renderApp, SCHOOL_ROUTES } from '../../test/fixtures';
import { examPages } from '../index';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

const BUREAU_CODES = ['Home', 'Exam', 'Exam-Multiple', 'Exam-Multiple-Report-Grade'];
const bureauIn = (schoolId: number, schoolName: string, token: string) =>
  demoUser({
    userId: 90 + schoolId,
    token,
    schoolId,
    schoolName,
    nickName: '区教育局',
    roles: [{ id: 30, roleName: '教育局' }],
    perms: permissionCatalogue.filter((p) => BUREAU_CODES.includes(p.permCode)),
    allPerm: { '2026': { '30': BUREAU_CODES } },
    allRole: { '2026': [{ id: 30, roleName: '教育局' }] },
  });
const REGION = {
  regionId: 1,
  regionName: '示范区',
  schools: [
    { schoolId: 11, schoolName: '示范中学' },
    { schoolId: 12, schoolName: '实验中学' },
  ],
};

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
