import type { ReactNode } from 'react';
import { FormField, PasswordInput, TextInput, type TextInputProps } from '@examkit/ui';

/** Props of {@link LoginField}: the input's own attributes besides its value and change. */
export interface LoginFieldProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  label: string;
  value: string;
  /** Told what the user typed. */
  onValue: (value: string) => void;
  /** Help text under the input. */
  hint?: ReactNode;
  /** A password input with its show/hide toggle. @default false */
  password?: boolean;
}

/** A required row of a sign-in form: its label, a text or password input, and a hint. */
export function LoginField({ label, hint, password, onValue, ...input }: LoginFieldProps) {
  const Input = password ? PasswordInput : TextInput;
  return (
    <FormField label={label} required hint={hint}>
      <Input {...input} onChange={(e) => onValue(e.target.value)} />
    </FormField>
  );
}
