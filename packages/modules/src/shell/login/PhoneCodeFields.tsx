import { useState } from 'react';
import { isNetworkFailure } from '@examkit/core';
import { useExamkit } from '@examkit/core/react';
import { Button, FormField, TextInput } from '@examkit/ui';
import { useCountdown } from '../../hooks/useCountdown';
import { messageOf } from '../../utils/messageOf';

/** Seconds before another code can be sent (spec 000 §7 send_sms_code; the server allows one a minute). */
export const SMS_RESEND_SECONDS = 60;

const TEL = /^1[0-9]{10}$/;

/** The phone number and the code a form sends by SMS, with the 60 s resend countdown. */
export function usePhoneCode(setError: (message: string | null) => void) {
  const { auth } = useExamkit();
  const { left, start } = useCountdown();
  const [tel, setTel] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);

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

  /** The first problem with the phone or the code, or null when both are well formed. */
  const problem = (): string | null => {
    if (!TEL.test(tel)) return '请输入正确的手机号';
    if (!/^[0-9]{6}$/.test(code)) return '请输入6位验证码';
    return null;
  };

  return { tel, setTel, code, setCode, sent, left, sendCode, problem };
}

export type PhoneCode = ReturnType<typeof usePhoneCode>;

/** The 手机号 and 验证码 fields and the 获取验证码 button of a phone-code form. */
export function PhoneCodeFields({ phone, telHint }: { phone: PhoneCode; telHint?: string }) {
  const { tel, setTel, code, setCode, sent, left, sendCode } = phone;
  return (
    <>
      <FormField label="手机号" required {...(telHint ? { hint: telHint } : {})}>
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
    </>
  );
}
