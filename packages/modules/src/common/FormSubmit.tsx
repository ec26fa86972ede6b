import type { ReactNode } from 'react';
import { Button } from '@examkit/ui';
import { Actions, ErrorText } from './styled';

export interface FormSubmitProps {
  /** The form's last error, shown as an alert above the buttons; empty shows none. */
  error: string;
  /** Shows the submitting button as busy. */
  busy: boolean;
  /** The submitting button's label, e.g. 保存章节. */
  label: string;
  onSubmit(): unknown;
  /** What stands beside the submitting button: 取消, or a link back. */
  children?: ReactNode;
}

/** A form's end: its error, the primary button that submits it, and 取消 or a way back. */
export function FormSubmit({ error, busy, label, onSubmit, children }: FormSubmitProps) {
  return (
    <>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      <Actions>
        <Button type="primary" loading={busy} onClick={() => void onSubmit()}>
          {label}
        </Button>
        {children}
      </Actions>
    </>
  );
}
