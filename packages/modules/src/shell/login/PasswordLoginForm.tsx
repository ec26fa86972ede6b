import { useState } from 'react';
import { useExamkit } from '@examkit/core/react';
import { FormField, PasswordInput, TextInput } from '@examkit/ui';
import { SignInForm } from './SignInForm';
import { useSignIn } from './useSignIn';

/** Account and password sign-in; after a 6002 reply the user picks a school and it signs in again. */
export function PasswordLoginForm() {
  const { auth } = useExamkit();
  const { run, pending, error, setError, schools, clearSchools } = useSignIn();
  const [loginName, setLoginName] = useState('');
  const [password, setPassword] = useState('');

  const signIn = (schoolId?: number) =>
    run(() =>
      auth.loginPassword({ loginName: loginName.trim(), password, ...(schoolId && { schoolId }) }),
    );

  return (
    <SignInForm
      label="账号登录"
      schools={schools}
      pending={pending}
      error={error}
      onSubmit={() => {
        if (!loginName.trim() || !password)
          setError(!loginName.trim() ? '请输入账号' : '请输入密码');
        else void signIn();
      }}
      onChoose={(id) => void signIn(id)}
      onCancel={clearSchools}
    >
      <FormField label="账号" required>
        <TextInput
          name="loginName"
          autoComplete="username"
          placeholder="请输入账号"
          value={loginName}
          onChange={(e) => setLoginName(e.target.value)}
        />
      </FormField>
      <FormField label="密码" required>
        <PasswordInput
          name="password"
          autoComplete="current-password"
          placeholder="请输入密码"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
    </SignInForm>
  );
}
