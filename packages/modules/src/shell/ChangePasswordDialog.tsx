import { useState, type FormEvent } from 'react';
import { useExamkit, useExamkitStore } from '@examkit/core/react';
import { Button, Dialog, FormField, PasswordInput, useFormValidation } from '@examkit/ui';

export interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Width of the dialog in px (spec 000 §9). */
export const CHANGE_PASSWORD_WIDTH = 580;

/** The placeholder of the new password (spec 000 §5). */
export const PASSWORD_PLACEHOLDER = '请输入数字和字母组合的密码，至少6位';

type Values = { oldPassword: string; password: string; repeatPassword: string };

const RULES = {
  oldPassword: [{ required: true, message: '请输入原密码' }],
  password: [{ required: true, message: '请输入新密码' }],
  repeatPassword: [
    { required: true, message: '请再次输入新密码' },
    {
      validator: (value: unknown, all: Values) => value === all.password,
      message: '两次输入新密码不一致!',
    },
  ],
};

/**
 * The change-password dialog of the user menu (spec 000 §5): the current
 * password (checked by the server) and the new one twice, every field required
 * and checked on blur, the confirmation re-checked when the new password
 * changes. On success the auth client says "修改成功" and the dialog closes;
 * the user stays signed in (the server ends their other sessions). On failure
 * it says "修改失败，" with the server's message.
 */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const { auth } = useExamkit();
  const userId = useExamkitStore((s) => s.user?.userId ?? null);
  const [pending, setPending] = useState(false);
  const form = useFormValidation<Values>(RULES, {
    initialValues: { oldPassword: '', password: '', repeatPassword: '' },
    dependents: { password: ['repeatPassword'] },
  });

  // A shown error is re-checked while typing, so it clears before the user reaches 确定
  // (otherwise the blur of that click removes it and the button moves under the pointer).
  const field = (name: keyof Values) => {
    const props = form.field(name);
    return {
      ...props,
      onChange: (event: { target: { value: string } }) => {
        props.onChange(event);
        if (form.errors[name]) form.validateField(name);
      },
    };
  };

  const close = () => {
    form.reset();
    onClose();
  };

  const onSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!form.validate() || userId === null) return;
    setPending(true);
    const ok = await auth.changePassword(userId, form.values.password, form.values.oldPassword);
    setPending(false);
    if (ok) close();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="修改密码"
      width={CHANGE_PASSWORD_WIDTH}
      footer={
        <>
          <Button onClick={close}>取消</Button>
          <Button type="primary" loading={pending} onClick={() => void onSubmit()}>
            确定
          </Button>
        </>
      }
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="修改密码">
        <FormField label="原密码" required error={form.errors.oldPassword}>
          <PasswordInput
            autoComplete="current-password"
            placeholder="请输入原密码"
            {...field('oldPassword')}
          />
        </FormField>
        <FormField label="新密码" required error={form.errors.password}>
          <PasswordInput
            autoComplete="new-password"
            placeholder={PASSWORD_PLACEHOLDER}
            {...field('password')}
          />
        </FormField>
        <FormField label="确认密码" required error={form.errors.repeatPassword}>
          <PasswordInput
            autoComplete="new-password"
            placeholder="请再次输入新密码"
            {...field('repeatPassword')}
          />
        </FormField>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Dialog>
  );
}
