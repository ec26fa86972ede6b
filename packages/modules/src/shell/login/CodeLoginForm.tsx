import { useExamkit } from '@examkit/core/react';
import { PhoneCodeFields, usePhoneCode } from './PhoneCodeFields';
import { SignInForm } from './SignInForm';
import { useSignIn } from './useSignIn';

/** Phone and one-time code sign-in, with a 60 s resend countdown. */
export function CodeLoginForm() {
  const { auth } = useExamkit();
  const { run, pending, error, setError, schools, clearSchools } = useSignIn();
  const phone = usePhoneCode(setError);
  const { tel, code } = phone;

  const signIn = (schoolId?: number) =>
    run(() => auth.loginCode({ tel, code, ...(schoolId && { schoolId }) }));

  return (
    <SignInForm
      label="验证码登录"
      schools={schools}
      pending={pending}
      error={error}
      onSubmit={() => {
        const problem = phone.problem();
        if (problem) setError(problem);
        else void signIn();
      }}
      onChoose={(id) => void signIn(id)}
      onCancel={clearSchools}
    >
      <PhoneCodeFields phone={phone} />
    </SignInForm>
  );
}
