import type { ReactNode } from 'react';
import type { SchoolOption } from '@examkit/core';
import { Button } from '@examkit/ui';
import { SchoolChoice } from './SchoolChoice';

export interface SignInFormProps {
  /** The form's accessible name (账号登录). */
  label: string;
  /** The schools to choose from after a 6002 reply; the form is shown while null. */
  schools: readonly SchoolOption[] | null;
  pending: boolean;
  error: string | null;
  /** The fields are sent (the default submit is already prevented). */
  onSubmit(): void;
  onChoose(schoolId: number): void;
  onCancel(): void;
  /**
   * The submit button's text.
   * @default '登录'
   */
  submitText?: string;
  /** The fields, then (in `after`) what follows the submit button. */
  children: ReactNode;
  after?: ReactNode;
}

/** A sign-in form (账号, 验证码, 找回密码): its fields, error and submit, or the school choice. */
export function SignInForm({
  label,
  schools,
  pending,
  error,
  onSubmit,
  onChoose,
  onCancel,
  submitText = '登录',
  children,
  after,
}: SignInFormProps) {
  if (schools)
    return (
      <SchoolChoice schools={schools} pending={pending} onChoose={onChoose} onCancel={onCancel} />
    );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      aria-label={label}
      noValidate
    >
      {children}
      {error && <p role="alert">{error}</p>}
      <Button type="primary" nativeType="submit" loading={pending}>
        {submitText}
      </Button>
      {after}
    </form>
  );
}
