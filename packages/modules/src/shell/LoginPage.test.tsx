import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCHOOL_ROUTES, createFakeApi, demoUser, fail, ok, renderApp } from '../test/fixtures';

const LOGIN_PD = 'POST /marking-login/login/school_login_pd';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function fillAndSubmit(
  user: ReturnType<typeof userEvent.setup>,
  loginName: string,
  password: string,
) {
  await user.type(await screen.findByLabelText('账号'), loginName);
  await user.type(screen.getByLabelText('密码'), password);
  await user.click(screen.getByRole('button', { name: '登录' }));
}

describe('LoginPage', () => {
  it('signs in with account and password and lands on the first menu target', async () => {
    const api = createFakeApi({ ...SCHOOL_ROUTES, [LOGIN_PD]: ok(demoUser()) });
    const { router, store } = await renderApp({ api });
    const user = userEvent.setup();
    await fillAndSubmit(user, 'director', 'demo2026');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/index'));
    expect(api.lastBody('/marking-login/login/school_login_pd')).toEqual({
      loginName: 'director',
      password: 'demo2026',
    });
    expect(store.getState().user?.nickName).toBe('王老师');
    expect(await screen.findByText('学生数')).toBeInTheDocument();
  });

  it('shows "登录失败，" with the server message on a wrong password and stays on /login', async () => {
    const api = createFakeApi({ ...SCHOOL_ROUTES, [LOGIN_PD]: fail(400, '账号或密码错误') });
    const { router } = await renderApp({ api });
    await fillAndSubmit(userEvent.setup(), 'director', 'wrong');
    const alerts = await screen.findAllByText('登录失败，账号或密码错误');
    expect(alerts.length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the tries left before the lock, as the server says them', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [LOGIN_PD]: fail(400, '账号或密码错误，还可尝试2次'),
    });
    await renderApp({ api });
    await fillAndSubmit(userEvent.setup(), 'director', 'wrong');
    expect(
      (await screen.findAllByText('登录失败，账号或密码错误，还可尝试2次')).length,
    ).toBeGreaterThan(0);
  });

  it('asks for the account and the password before calling the server', async () => {
    const api = createFakeApi(SCHOOL_ROUTES);
    await renderApp({ api });
    await userEvent.setup().click(await screen.findByRole('button', { name: '登录' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请输入账号');
    expect(api.calls).toHaveLength(0);
  });

  it('lets the user choose a school after a 6002 reply and signs in with that schoolId', async () => {
    const schools = [
      { schoolId: 11, schoolName: '示范中学' },
      { schoolId: 12, schoolName: '实验中学' },
    ];
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [LOGIN_PD]: (req: { data: unknown }) =>
        String(req.data).includes('schoolId=12')
          ? ok(demoUser({ schoolId: 12, schoolName: '实验中学' }))
          : fail(6002, '请选择学校', { schools }),
    });
    const { router, store } = await renderApp({ api });
    const user = userEvent.setup();
    await fillAndSubmit(user, 'multi', 'demo2026');
    const choice = await screen.findByRole('region', { name: '请选择登录学校' });
    await user.click(within(choice).getByRole('button', { name: '实验中学' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/index'));
    expect(api.lastBody('/marking-login/login/school_login_pd')).toMatchObject({
      loginName: 'multi',
      schoolId: '12',
    });
    expect(store.getState().user?.schoolName).toBe('实验中学');
  });

  it.each([
    ['7', '教学诊断平台'],
    ['1', '学校智能诊断中心'],
    ['99999', '大数据分析平台'],
  ])('stores brand variant bv=%s and sets the document title', async (bv, title) => {
    const { store } = await renderApp({ path: `/login?bv=${bv}` });
    await screen.findByLabelText('账号');
    // The page stores bv in an effect after its first render.
    await waitFor(() => expect(store.getState().brandVariant).toBe(Number(bv)));
    await waitFor(() => expect(document.title).toContain(title));
  });

  it('sends a phone code and counts 60 s down before it can be sent again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      'POST /marking-login/login/send_sms_code': ok({ expiresIn: 300, resendIn: 60 }),
      'POST /marking-login/login/school_login_code': ok(demoUser()),
    });
    const { router } = await renderApp({ api });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('tab', { name: '验证码登录' }));
    await user.type(screen.getByLabelText('手机号'), '13800000000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '60秒后重新获取' })).toBeDisabled();
    expect(api.lastBody('/marking-login/login/send_sms_code')).toEqual({ tel: '13800000000' });
    const tick = () => act(() => vi.advanceTimersByTimeAsync(1_000));
    for (let i = 0; i < 59; i++) await tick();
    expect(screen.getByRole('button', { name: '1秒后重新获取' })).toBeDisabled();
    await tick();
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeEnabled();

    await user.type(screen.getByLabelText('验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/index'));
    expect(api.lastBody('/marking-login/login/school_login_code')).toEqual({
      tel: '13800000000',
      code: '123456',
    });
  });

  it('rejects a malformed phone number without sending a code', async () => {
    const api = createFakeApi(SCHOOL_ROUTES);
    await renderApp({ api });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: '验证码登录' }));
    await user.type(screen.getByLabelText('手机号'), '12345');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请输入正确的手机号');
    expect(api.calls).toHaveLength(0);
  });
});
