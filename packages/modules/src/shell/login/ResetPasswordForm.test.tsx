import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SCHOOL_ROUTES, createFakeApi, fail, ok, renderApp } from '../../test/fixtures';

const SEND = 'POST /marking-login/login/send_sms_code';
const RESET = 'POST /marking-login/login/reset_pass_by_code';

async function openReset(api: ReturnType<typeof createFakeApi>) {
  const app = await renderApp({ api });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: '忘记密码' }));
  const form = await screen.findByRole('form', { name: '找回密码' });
  return { ...app, user, form };
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: { tel?: string; code?: string; password?: string; repeat?: string },
) {
  if (values.tel) await user.type(screen.getByLabelText('手机号'), values.tel);
  if (values.code) await user.type(screen.getByLabelText('验证码'), values.code);
  if (values.password) await user.type(screen.getByLabelText('新密码'), values.password);
  if (values.repeat) await user.type(screen.getByLabelText('确认新密码'), values.repeat);
}

describe('忘记密码 on the login page', () => {
  it('sends a code to the phone, sets the new password and returns to sign-in saying so', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [SEND]: ok({ expiresIn: 300, resendIn: 60 }),
      [RESET]: ok(null),
    });
    const { user } = await openReset(api);
    await fill(user, { tel: '13800000004' });
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('验证码已发送，请查收短信')).toBeInTheDocument();
    expect(api.lastBody('/marking-login/login/send_sms_code')).toEqual({ tel: '13800000004' });
    await fill(user, { code: '123456', password: 'new2027pw', repeat: 'new2027pw' });
    await user.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByRole('status')).toHaveTextContent('密码已重置，请使用新密码登录');
    expect(api.lastBody('/marking-login/login/reset_pass_by_code')).toEqual({
      tel: '13800000004',
      code: '123456',
      newPassWord: 'new2027pw',
    });
    expect(screen.getByRole('tab', { name: '账号登录' })).toHaveAttribute('aria-selected', 'true');
  });

  it.each([
    [{ tel: '1380000' }, '请输入正确的手机号'],
    [{ tel: '13800000004', code: '123' }, '请输入6位验证码'],
    [{ tel: '13800000004', code: '123456' }, '请输入新密码'],
    [
      { tel: '13800000004', code: '123456', password: 'abcdefg' },
      '密码须为至少6位的字母和数字组合',
    ],
    [{ tel: '13800000004', code: '123456', password: 'abc123' }, '请再次输入新密码'],
    [
      { tel: '13800000004', code: '123456', password: 'abc123', repeat: 'abc124' },
      '两次输入新密码不一致!',
    ],
  ])('checks %o before calling the server: "%s"', async (values, message) => {
    const api = createFakeApi(SCHOOL_ROUTES);
    const { user } = await openReset(api);
    await fill(user, values);
    await user.click(screen.getByRole('button', { name: '重置密码' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(api.calls.filter((c) => c.url.includes('reset_pass_by_code'))).toHaveLength(0);
  });

  it("shows the server's answer with the tries left, once, beside the form", async () => {
    const api = createFakeApi({ ...SCHOOL_ROUTES, [RESET]: fail(400, '验证码错误，还可尝试3次') });
    const { user } = await openReset(api);
    await fill(user, { tel: '13800000004', code: '000000', password: 'abc123', repeat: 'abc123' });
    await user.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('重置失败，验证码错误，还可尝试3次');
    expect(screen.getAllByText(/验证码错误，还可尝试3次/)).toHaveLength(1);
  });

  it('asks which school when the phone has accounts in several, then resets there', async () => {
    const schools = [
      { schoolId: 11, schoolName: '示范中学' },
      { schoolId: 12, schoolName: '实验中学' },
    ];
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [RESET]: (req: { data: unknown }) =>
        String(req.data).includes('schoolId=12')
          ? ok(null)
          : fail(6002, '该账号存在于多所学校，请选择学校', { schools }),
    });
    const { user } = await openReset(api);
    await fill(user, { tel: '13800000009', code: '123456', password: 'abc123', repeat: 'abc123' });
    await user.click(screen.getByRole('button', { name: '重置密码' }));
    const choice = await screen.findByRole('region', { name: '请选择登录学校' });
    await user.click(within(choice).getByRole('button', { name: '实验中学' }));
    expect(await screen.findByRole('status')).toHaveTextContent('密码已重置，请使用新密码登录');
    expect(api.lastBody('/marking-login/login/reset_pass_by_code')).toMatchObject({
      schoolId: '12',
    });
  });

  it('返回登录 goes back to the sign-in tabs', async () => {
    const { user } = await openReset(createFakeApi(SCHOOL_ROUTES));
    await user.click(screen.getByRole('button', { name: '返回登录' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: '账号登录' })).toBeInTheDocument());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
