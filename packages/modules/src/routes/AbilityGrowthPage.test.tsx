import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Loader from '../abilityGrowth/loadAbilityGrowth';
import type { LoadedAbilityGrowth } from '../abilityGrowth/loadAbilityGrowth';
import type { AbilityGrowthLifecycle, AbilityGrowthProps } from '../abilityGrowth/types';
import { demoUser, renderApp } from '../test/fixtures';

const load = vi.hoisted(() => vi.fn<(host: string) => Promise<LoadedAbilityGrowth>>());
vi.mock('../abilityGrowth/loadAbilityGrowth', async (original) => ({
  ...(await original<typeof Loader>()),
  loadAbilityGrowth: load,
}));

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  load.mockReset();
});

/** A sub-application like the real one: pages by URL, a window listener, a timer, a subscription. */
function fakeSubApplication() {
  const seen: string[] = [];
  const onResize = vi.fn();
  const tick = vi.fn();
  let props: AbilityGrowthProps | undefined;
  const lifecycle: AbilityGrowthLifecycle = {
    bootstrap: vi.fn(),
    mount: vi.fn((p: AbilityGrowthProps) => {
      props = p;
      const render = (pathname: string) => {
        seen.push(pathname);
        p.container.innerHTML = `<h2>${pathname.endsWith('registration') ? '成长登记' : '成长记录'}</h2><a href="/ability-growth/registration">去登记</a>`;
        p.container.querySelector('a')!.addEventListener('click', (event) => {
          event.preventDefault();
          p.router.navigate('/ability-growth/registration');
        });
      };
      render(p.router.location.pathname);
      p.router.subscribe((location) => render(location.pathname));
      p.state.subscribe(() => {});
      p.tracked.addEventListener(window, 'resize', onResize);
      p.tracked.setInterval(tick, 1000);
      const dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.textContent = '登记说明';
      p.portalTarget.append(dialog);
    }),
    // Forgets its listener, timer and subscriptions on purpose: the host removes them.
    unmount: vi.fn((p: AbilityGrowthProps) => p.container.replaceChildren()),
  };
  return { lifecycle, seen, onResize, tick, props: () => props! };
}

describe('AbilityGrowthPage', () => {
  it('says the sub-application is not configured when no host is given', async () => {
    const { container } = await renderApp({ path: '/ability-growth/home', user: demoUser() });
    expect(await screen.findByText(/独立部署的子应用，当前环境未配置/)).toBeInTheDocument();
    expect(container.ownerDocument.getElementById('ability-growth')).not.toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('shows progress and a busy page while loading, then mounts in a shadow root of #ability-growth', async () => {
    const app = fakeSubApplication();
    let finish: (loaded: LoadedAbilityGrowth) => void = () => {};
    load.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { store } = await renderApp({
      path: '/ability-growth/home',
      user: demoUser(),
      abilityGrowthHost: 'https://growth.example/',
    });
    expect(
      await screen.findByRole('progressbar', { name: '成长档案加载进度' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('正在加载成长档案');
    expect(screen.getByRole('region', { name: '成长档案' })).toHaveAttribute('aria-busy', 'true');
    expect(load).toHaveBeenCalledWith('https://growth.example/');

    await act(async () => finish({ lifecycle: app.lifecycle, styles: [] }));
    await waitFor(() => expect(app.lifecycle.mount).toHaveBeenCalledTimes(1));
    const host = document.getElementById('ability-growth')!;
    expect(host.shadowRoot?.textContent).toContain('成长记录');
    // The dialog went to the portal target, inside the same boundary, not to document.body.
    expect(host.shadowRoot?.querySelector('[role="dialog"]')).not.toBeNull();
    expect(document.body.querySelector('[role="dialog"]')).toBeNull();
    expect(screen.getByRole('region', { name: '成长档案' })).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(app.lifecycle.bootstrap).toHaveBeenCalledTimes(1);
    expect(app.props().state.getState()).toBe(store.getState());
    expect(app.props().basePath).toBe('/ability-growth');
  });

  it('routes the sub-application by the URL and unmounts it cleanly when the user leaves', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    const app = fakeSubApplication();
    load.mockResolvedValue({ lifecycle: app.lifecycle, styles: [] });
    const { router } = await renderApp({
      path: '/ability-growth/home',
      user: demoUser(),
      abilityGrowthHost: 'https://growth.example/',
    });
    await waitFor(() => expect(app.lifecycle.mount).toHaveBeenCalled());
    const shadow = document.getElementById('ability-growth')!.shadowRoot!;

    // A click inside the sub-application moves the main router; the URL change re-renders it.
    await userEvent.click(shadow.querySelector('a')!);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/ability-growth/registration'),
    );
    await waitFor(() => expect(shadow.textContent).toContain('成长登记'));
    // The back button is a URL change too.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(shadow.textContent).toContain('成长记录'));
    expect(app.seen).toEqual([
      '/ability-growth/home',
      '/ability-growth/registration',
      '/ability-growth/home',
    ]);
    vi.advanceTimersByTime(1000);
    expect(app.tick).toHaveBeenCalledTimes(1);

    await act(() => router.navigate('/home/index'));
    await waitFor(() => expect(app.lifecycle.unmount).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(shadow.childNodes).toHaveLength(0));
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(5000);
    expect(app.onResize).not.toHaveBeenCalled();
    expect(app.tick).toHaveBeenCalledTimes(1);
    vi.useRealTimers();

    // Back again: mounted anew, bootstrapped only once.
    await act(() => router.navigate('/ability-growth/home'));
    await waitFor(() => expect(app.lifecycle.mount).toHaveBeenCalledTimes(2));
    expect(app.lifecycle.bootstrap).toHaveBeenCalledTimes(1);
  });

  it('says so when the sub-application cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    load.mockRejectedValue(new Error('entry page answered 502'));
    await renderApp({
      path: '/ability-growth/home',
      user: demoUser(),
      abilityGrowthHost: 'https://growth.example/',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('成长档案加载失败');
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });
});
