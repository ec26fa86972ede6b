import { useState, type FormEvent } from 'react';
import { isNetworkFailure } from '@examkit/core';
import { useExamkit } from '@examkit/core/react';
import { Button, FormField, TextInput } from '@examkit/ui';
import { useCountdown } from '../../hooks/useCountdown';
import { messageOf } from '../../utils/messageOf';
import { SchoolChoice } from './SchoolChoice';
import { useSignIn } from './useSignIn';

/** Seconds before another code can be sent (spec 000 §7 send_sms_code; the server allows one a minute). */
export const SMS_RESEND_SECONDS = 60;

const TEL = /^1[0-9]{10}$/;

/** Phone and one-time code sign-in, with a 60 s resend countdown. */
export function CodeLoginForm() {
  const { auth } = useExamkit();
  const { run, pending, error, setError, schools, clearSchools } = useSignIn();
  const { left, start } = useCountdown();
  const [tel, setTel] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);

  const sendCode = async () => {
    if (!TEL.test(tel)) {
      setError('请输入正确的手机号');
      return;
    }
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

  const signIn = (schoolId?: number) =>
    run(() => auth.loginCode({ tel, code, ...(schoolId && { schoolId }) }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!TEL.test(tel)) return setError('请输入正确的手机号');
    if (!/^[0-9]{6}$/.test(code)) return setError('请输入6位验证码');
    void signIn();
  };

  if (schools) {
    return (
      <SchoolChoice
        schools={schools}
        pending={pending}
        onChoose={(id) => void signIn(id)}
        onCancel={clearSchools}
      />
    );
  }
  return (
    <form onSubmit={onSubmit} aria-label="验证码登录" noValidate>
      <FormField label="手机号" required>
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
      {error && <p role="alert">{error}</p>}
      <Button type="primary" nativeType="submit" loading={pending}>
        登录
      </Button>
    </form>
  );
}
