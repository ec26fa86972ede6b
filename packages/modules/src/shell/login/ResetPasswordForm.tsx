import { useState, type FormEvent } from 'react';
import { isNetworkFailure, type SchoolOption } from '@examkit/core';
import { useExamkit } from '@examkit/core/react';
import { Button, FormField, PasswordInput, TextInput } from '@examkit/ui';
import { useCountdown } from '../../hooks/useCountdown';
import { messageOf } from '../../utils/messageOf';
import { SMS_RESEND_SECONDS } from './CodeLoginForm';
import { SchoolChoice } from './SchoolChoice';

export interface ResetPasswordFormProps {
  /** Back to sign-in; `done` is true after the password was reset. */
  onDone: (done: boolean) => void;
}

const TEL = /^1[0-9]{10}$/;
const PASSWORD = /^(?=.*[A-Za-z])(?=.*[0-9]).{6,64}$/;

/**
 * 忘记密码: a code sent to the teacher's phone, then a new password twice. The
 * server limits wrong codes like sign-in (it says how many tries are left) and
 * ends every session of the account once the password is reset.
 */
export function ResetPasswordForm({ onDone }: ResetPasswordFormProps) {
  const { auth } = useExamkit();
  const { left, start } = useCountdown();
  const [tel, setTel] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [schools, setSchools] = useState<SchoolOption[] | null>(null);

  const sendCode = async () => {
    if (!TEL.test(tel)) return setError('请输入正确的手机号');
    setError(null);
    start(SMS_RESEND_SECONDS);
    try {
      const result = await auth.sendSmsCode({ tel });
      if (isNetworkFailure(result)) {
        setError(result.message);
        start(0);
      } else setSent(true);
    } catch (reply) {
      setError(`验证码发送失败，${messageOf(reply)}`);
    }
  };

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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!TEL.test(tel)) return setError('请输入正确的手机号');
    if (!/^[0-9]{6}$/.test(code)) return setError('请输入6位验证码');
    if (!password) return setError('请输入新密码');
    if (!PASSWORD.test(password)) return setError('密码须为至少6位的字母和数字组合');
    if (!repeat) return setError('请再次输入新密码');
    if (repeat !== password) return setError('两次输入新密码不一致!');
    void reset();
  };

  if (schools) {
    return (
      <SchoolChoice
        schools={schools}
        pending={pending}
        onChoose={(id) => void reset(id)}
        onCancel={() => setSchools(null)}
      />
    );
  }
  return (
    <form onSubmit={onSubmit} aria-label="找回密码" noValidate>
      <FormField label="手机号" required hint="账号绑定的手机号">
        <TextInput
          name="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          placeholder="请输入手机号"
          value={tel}
          onChange={(e) => setTel(e.target.value.trim())}
        />
      </FormField>
      <FormField label="验证码" required hint={sent ? '验证码已发送，请查收短信' : undefined}>
        <TextInput
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="请输入6位验证码"
          value={code}
          onChange={(e) => setCode(e.target.value.trim())}
        />
      </FormField>
      <Button type="plain" disabled={left > 0} onClick={() => void sendCode()}>
        {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
      </Button>
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
      {error && <p role="alert">{error}</p>}
      <Button type="primary" nativeType="submit" loading={pending}>
        重置密码
      </Button>
      <Button type="text" onClick={() => onDone(false)}>
        返回登录
      </Button>
    </form>
  );
}
