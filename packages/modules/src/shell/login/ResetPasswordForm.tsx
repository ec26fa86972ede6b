import { useState } from 'react';
import { isNetworkFailure, type SchoolOption } from '@examkit/core';
import { useExamkit } from '@examkit/core/react';
import { Button, FormField, PasswordInput } from '@examkit/ui';
import { messageOf } from '../../utils/messageOf';
import { PhoneCodeFields, usePhoneCode } from './PhoneCodeFields';
import { SignInForm } from './SignInForm';

export interface ResetPasswordFormProps {
  /** Back to sign-in; `done` is true after the password was reset. */
  onDone: (done: boolean) => void;
}

const PASSWORD = /^(?=.*[A-Za-z])(?=.*[0-9]).{6,64}$/;

/**
 * 忘记密码: a code sent to the teacher's phone, then a new password twice. The
 * server limits wrong codes like sign-in (it says how many tries are left) and
 * ends every session of the account once the password is reset.
 */
export function ResetPasswordForm({ onDone }: ResetPasswordFormProps) {
  const { auth } = useExamkit();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [schools, setSchools] = useState<SchoolOption[] | null>(null);

  const phone = usePhoneCode(setError);
  const { tel, code } = phone;

  const reset = async (schoolId?: number) => {
    setPending(true);
    setError(null);
    try {
      const result = await auth.resetPassword({
        tel,
        code,
        newPassWord: password,
        ...(schoolId && { schoolId }),
      });
      if (isNetworkFailure(result)) setError(result.message);
      else onDone(true);
    } catch (reply) {
      const r = reply as { code?: number; data?: { schools?: SchoolOption[] } };
      if (r.code === 6002 && r.data?.schools) setSchools(r.data.schools);
      else setError(`重置失败，${messageOf(reply)}`);
    } finally {
      setPending(false);
    }
  };

  return (
    <SignInForm
      label="找回密码"
      schools={schools}
      pending={pending}
      error={error}
      onSubmit={() => {
        const problem = phone.problem();
        if (problem) return setError(problem);
        if (!password) return setError('请输入新密码');
        if (!PASSWORD.test(password)) return setError('密码须为至少6位的字母和数字组合');
        if (!repeat) return setError('请再次输入新密码');
        if (repeat !== password) return setError('两次输入新密码不一致!');
        void reset();
      }}
      onChoose={(id) => void reset(id)}
      onCancel={() => setSchools(null)}
      submitText="重置密码"
      after={
        <Button type="text" onClick={() => onDone(false)}>
          返回登录
        </Button>
      }
    >
      <PhoneCodeFields phone={phone} telHint="账号绑定的手机号" />
      <FormField label="新密码" required>
        <PasswordInput
          name="newPassword"
          autoComplete="new-password"
          placeholder="请输入数字和字母组合的密码，至少6位"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
      <FormField label="确认新密码" required>
        <PasswordInput
          name="repeatPassword"
          autoComplete="new-password"
          placeholder="请再次输入新密码"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
        />
      </FormField>
    </SignInForm>
  );
}
