import type { FormEvent } from 'react';
import { useExamkit } from '@examkit/core/react';
import { Button } from '@examkit/ui';
import { PhoneCodeFields, usePhoneCode } from './PhoneCodeFields';
import { SchoolChoice } from './SchoolChoice';
import { useSignIn } from './useSignIn';

/** Phone and one-time code sign-in, with a 60 s resend countdown. */
export function CodeLoginForm() {
  const { auth } = useExamkit();
  const { run, pending, error, setError, schools, clearSchools } = useSignIn();
  const phone = usePhoneCode(setError);
  const { tel, code } = phone;

  const signIn = (schoolId?: number) =>
    run(() => auth.loginCode({ tel, code, ...(schoolId && { schoolId }) }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = phone.problem();
    if (problem) return setError(problem);
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
      <PhoneCodeFields phone={phone} />
      {error && <p role="alert">{error}</p>}
      <Button type="primary" nativeType="submit" loading={pending}>
        登录
      </Button>
    </form>
  );
}
