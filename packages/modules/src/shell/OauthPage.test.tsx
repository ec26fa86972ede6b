import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SCHOOL_ROUTES, createFakeApi, demoUser, fail, ok, renderApp } from '../test/fixtures';

const TOKEN = 'handover-token-0123456789abcdef';
const LOGIN_TOKEN = 'POST /marking-login/login/school_login_token';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('OauthPage', () => {
  it.each(['/oauth', '/oauth2', '/c-oauth'])(
    '%s signs in with the token, removes it from the URL and lands on the first menu',
    async (path) => {
      window.history.replaceState(null, '', `${path}?token=${TOKEN}&from=partner`);
      const api = createFakeApi({ ...SCHOOL_ROUTES, [LOGIN_TOKEN]: ok(demoUser()) });
      const { router } = await renderApp({ path: `${path}?token=${TOKEN}&from=partner`, api });
      await waitFor(() => expect(router.state.location.pathname).toBe('/home/index'));
      expect(window.location.href).not.toContain(TOKEN);
      expect(window.location.search).toBe('?from=partner');
      expect(
        api.calls.find((c) => c.url === '/marking-login/login/school_login_token')?.params,
      ).toEqual({ token: TOKEN });
    },
  );

  it('explains a failed sign-in and links back to /login', async () => {
    window.history.replaceState(null, '', `/oauth?token=${TOKEN}`);
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [LOGIN_TOKEN]: fail(431, '登录凭证无效或已过期'),
    });
    await renderApp({ path: `/oauth?token=${TOKEN}`, api });
    expect(await screen.findByRole('heading', { name: '统一登录失败' })).toBeInTheDocument();
    expect(screen.getAllByText(/登录凭证无效或已过期/).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: '返回登录页' })).toHaveAttribute('href', '/login');
    expect(window.location.href).not.toContain(TOKEN);
  });

  it('says the link is invalid without a token', async () => {
    window.history.replaceState(null, '', '/oauth');
    await renderApp({ path: '/oauth' });
    expect(await screen.findByText('登录链接无效：缺少登录凭证。')).toBeInTheDocument();
  });
});
