import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  SCHOOL_ROUTES,
  createFakeApi,
  demoUser,
  ok,
  renderApp,
  teacherUser,
} from '../test/fixtures';

const topMenu = () => within(screen.getByRole('navigation', { name: '主菜单' }));

describe('MainLayout', () => {
  it('shows the 55 px header with the brand, the top menu, the school name and the user menu', async () => {
    await renderApp({ path: '/home/index', user: demoUser() });
    const header = await screen.findByRole('banner');
    expect(header).toHaveStyle({ height: '55px' });
    expect(within(header).getByText('示范中学')).toBeInTheDocument();
    expect(topMenu().getByRole('link', { name: /首页/ })).toHaveAttribute('href', '/home/index');
    expect(topMenu().getByRole('link', { name: /考试管理/ })).toHaveAttribute(
      'href',
      '/exam/single',
    );
    expect(screen.getByRole('button', { name: '用户菜单：王老师' })).toBeInTheDocument();
  });

  it('gives every user the 下载中心 entry in the header, opening in a new tab (spec 000 §2)', async () => {
    await renderApp({ path: '/home/index', user: teacherUser() });
    const header = await screen.findByRole('banner');
    const entry = within(header).getByRole('link', { name: '下载中心' });
    expect(entry).toHaveAttribute('href', '/new-home-download/index');
    expect(entry).toHaveAttribute('target', '_blank');
    expect(entry).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('marks 首页 with NEW and 作业 with a hot badge', async () => {
    await renderApp({ path: '/home/index', user: demoUser() });
    expect(await screen.findByLabelText('新功能')).toHaveTextContent('NEW');
    expect(topMenu().getByRole('link', { name: /作业/ })).toHaveTextContent('HOT');
  });

  it('shows no 系统管理 entry to a user without System, and "禁止访问！" on a typed system path', async () => {
    const { router } = await renderApp({ path: '/home/index', user: teacherUser() });
    expect(await screen.findByRole('link', { name: /首页/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '系统管理' })).not.toBeInTheDocument();
    await act(() => router.navigate('/system/student/list'));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('禁止访问！');
    expect(alert).toHaveTextContent('对不起，您没有本页访问权限！');
    expect(router.state.location.pathname).toBe('/home/index');
  });

  it('goes to the first system page for a user with System permissions', async () => {
    const { router } = await renderApp({ path: '/home/index', user: demoUser() });
    await userEvent.setup().click(await screen.findByRole('button', { name: '系统管理' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/student/list'));
  });

  it('changes the menus when another role is chosen and opens that role’s first page', async () => {
    const { router, store } = await renderApp({ path: '/exam/single', user: demoUser() });
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: /考试管理/ })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('切换角色'), '班主任');
    await waitFor(() =>
      expect(topMenu().queryByRole('link', { name: /考试管理/ })).not.toBeInTheDocument(),
    );
    expect(topMenu().getByRole('link', { name: /作业/ })).toBeInTheDocument();
    expect(store.getState().activeRoleId).toBe(2);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/index'));
  });

  it('has no role selector for a user with one role', async () => {
    await renderApp({ path: '/home/index', user: teacherUser() });
    await screen.findByRole('banner');
    expect(screen.queryByLabelText('切换角色')).not.toBeInTheDocument();
  });

  it('shows the badge 历史角色 when the previous year’s roles are used', async () => {
    const user = demoUser({
      allPerm: { '2025': { '1': ['Home'] } },
      allRole: { '2025': [{ id: 1, roleName: '教务主任' }] },
    });
    await renderApp({ path: '/home/index', user });
    expect(await screen.findByText('历史角色')).toBeInTheDocument();
  });

  it('hides the second-level menu on the home page and shows it on a module page', async () => {
    const { router } = await renderApp({ path: '/home/index', user: demoUser() });
    await screen.findByRole('banner');
    expect(screen.queryByRole('navigation', { name: '考试管理菜单' })).not.toBeInTheDocument();
    await act(() => router.navigate('/exam/single'));
    const sub = await screen.findByRole('navigation', { name: '考试管理菜单' });
    expect(within(sub).getByRole('link', { name: '单校考试' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(sub).getByRole('link', { name: '联合考试' })).toBeInTheDocument();
  });

  it.each([
    [undefined, true],
    [1, false],
    [7, false],
    [15, true],
  ])('footer for brand variant %s shown: %s', async (variant, shown) => {
    await renderApp({
      path: '/home/index',
      user: demoUser(),
      ...(variant !== undefined && { brandVariant: variant }),
    });
    await screen.findByRole('banner');
    expect(screen.queryByRole('contentinfo') !== null).toBe(shown);
  });

  it('hides header and footer on a fullscreen page', async () => {
    await renderApp({ path: '/exam/multiple/report-pdf', user: demoUser() });
    expect(await screen.findByText('功能建设中')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('hides the user dropdown for brand variant 30', async () => {
    await renderApp({ path: '/home/index', user: demoUser(), brandVariant: 30 });
    await screen.findByRole('banner');
    expect(screen.queryByRole('button', { name: /用户菜单/ })).not.toBeInTheDocument();
  });

  it('logs out from the user menu to /login', async () => {
    const { router, store, api } = await renderApp({ path: '/home/index', user: demoUser() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '用户菜单：王老师' }));
    await user.click(screen.getByRole('menuitem', { name: '退出' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.getState().user).toBeNull();
    expect(api.calls.some((c) => c.url === '/marking-login/login/wz_login_out')).toBe(true);
  });

  it('shows a watermark with the user name when dictionary value 002005015 is "1"', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      'GET /marking-user/user/school/dic/get_other': ok([{ dicCode: '002005015', dicValue: '1' }]),
    });
    const { container } = await renderApp({ path: '/home/index', user: demoUser(), api });
    await screen.findByRole('banner');
    expect(container.querySelector('[data-watermark="王老师"]')).not.toBeNull();
  });

  it('has no watermark when the dictionary value is not "1"', async () => {
    const { container } = await renderApp({ path: '/home/index', user: demoUser() });
    await screen.findByRole('banner');
    expect(container.querySelector('[data-watermark]')).toBeNull();
  });

  it('keeps a keep-alive list page mounted while away and shows it again on return', async () => {
    const seen: string[] = [];
    const { router } = await renderApp({
      path: '/exam/single',
      user: demoUser(),
      pages: {
        'exam-single': async () =>
          function ExamList() {
            useState(() => seen.push('instance'));
            return (
              <label>
                关键词
                <input defaultValue="" />
              </label>
            );
          },
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('关键词'), '期中');
    await act(() => router.navigate('/home/index'));
    expect(await screen.findByText('学生数')).toBeInTheDocument();
    expect(screen.getByLabelText('关键词')).not.toBeVisible();
    await act(() => router.navigate('/exam/single'));
    expect(screen.getByLabelText('关键词')).toBeVisible();
    expect(screen.getByLabelText('关键词')).toHaveValue('期中');
    expect(seen).toEqual(['instance']);
  });
});
