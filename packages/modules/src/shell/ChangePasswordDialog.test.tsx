import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SCHOOL_ROUTES, createFakeApi, demoUser, fail, ok, renderApp } from '../test/fixtures';
import { PASSWORD_PLACEHOLDER } from './ChangePasswordDialog';

const UPDATE = 'POST /marking-user/user/teacher/user/update/pass';

async function openDialog(api = createFakeApi({ ...SCHOOL_ROUTES, [UPDATE]: ok(null) })) {
  const app = await renderApp({ path: '/home/index', user: demoUser(), api });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: '用户菜单：王老师' }));
  await user.click(screen.getByRole('menuitem', { name: '修改密码' }));
  const dialog = await screen.findByRole('dialog', { name: '修改密码' });
  return { ...app, user, dialog };
}

describe('ChangePasswordDialog (spec 000 §5)', () => {
  it('is 580 px wide and asks for digits and letters of at least 6 characters', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveStyle({ width: '580px' });
    expect(screen.getByLabelText('新密码')).toHaveAttribute('placeholder', PASSWORD_PLACEHOLDER);
    expect(PASSWORD_PLACEHOLDER).toMatch(/数字和字母.*至少6位/);
  });

  it.each([
    ['current password', '原密码', '', '请输入原密码'],
    ['new password', '新密码', '', '请输入新密码'],
    ['confirm', '确认密码', '', '请再次输入新密码'],
  ])('%s is required, checked on blur: %s → "%s"', async (_field, label, value, message) => {
    const { user } = await openDialog();
    await user.click(screen.getByLabelText(label));
    if (value) await user.type(screen.getByLabelText(label), value);
    await user.tab();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('says "两次输入新密码不一致!" when the confirmation differs, on blur', async () => {
    const { user } = await openDialog();
    await user.type(screen.getByLabelText('新密码'), 'abc123');
    await user.type(screen.getByLabelText('确认密码'), 'abc124');
    await user.tab();
    expect(await screen.findByText('两次输入新密码不一致!')).toBeInTheDocument();
  });

  it('re-validates a non-empty confirmation when the new password changes', async () => {
    const { user } = await openDialog();
    await user.type(screen.getByLabelText('新密码'), 'abc12');
    await user.type(screen.getByLabelText('确认密码'), 'abc123');
    await user.tab();
    expect(await screen.findByText('两次输入新密码不一致!')).toBeInTheDocument();
    await user.type(screen.getByLabelText('新密码'), '3');
    await waitFor(() =>
      expect(screen.queryByText('两次输入新密码不一致!')).not.toBeInTheDocument(),
    );
  });

  it('clears a shown error as soon as the user corrects the field', async () => {
    const { user } = await openDialog();
    await user.click(screen.getByLabelText('新密码'));
    await user.tab();
    expect(await screen.findByText('请输入新密码')).toBeInTheDocument();
    await user.type(screen.getByLabelText('新密码'), 'a');
    await waitFor(() => expect(screen.queryByText('请输入新密码')).not.toBeInTheDocument());
  });

  it('does not call the server while a rule fails', async () => {
    const { user, api } = await openDialog();
    const before = api.calls.length;
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请输入新密码')).toBeInTheDocument();
    expect(screen.getByText('请输入原密码')).toBeInTheDocument();
    expect(screen.getByText('请再次输入新密码')).toBeInTheDocument();
    expect(api.calls.length).toBe(before);
  });

  it('on success says "修改成功", sends id, newPassWord and the current password, closes and stays signed in', async () => {
    const { user, api, router, store } = await openDialog();
    await user.type(screen.getByLabelText('原密码'), 'old123');
    await user.type(screen.getByLabelText('新密码'), 'abc123');
    await user.type(screen.getByLabelText('确认密码'), 'abc123');
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(api.lastBody('/marking-user/user/teacher/user/update/pass')).toEqual({
      id: 7,
      newPassWord: 'abc123',
      oldPassWord: 'old123',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '修改密码' })).not.toBeInTheDocument(),
    );
    expect(router.state.location.pathname).toBe('/home/index');
    expect(store.getState().user?.userId).toBe(7);
  });

  it('on failure says "修改失败，" with the message and stays signed in', async () => {
    const api = createFakeApi({ ...SCHOOL_ROUTES, [UPDATE]: fail(400, '原密码错误，还可尝试3次') });
    const { user, store } = await openDialog(api);
    await user.type(screen.getByLabelText('原密码'), 'wrong1');
    await user.type(screen.getByLabelText('新密码'), 'abcdef');
    await user.type(screen.getByLabelText('确认密码'), 'abcdef');
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('修改失败，原密码错误，还可尝试3次')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '修改密码' })).toBeInTheDocument();
    expect(store.getState().user?.userId).toBe(7);
  });
});
