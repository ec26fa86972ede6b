import type { ReactNode } from 'react';
import { Button } from '@examkit/ui';
import { Actions, ErrorText } from './styled';

export interface FormSubmitProps {
  /** The form's last error, shown as an alert above the buttons; empty or null shows none. */
  error: string | null;
  /** Shows the submitting button as busy. */
  busy: boolean;
  /** The submitting button's label, e.g. 保存章节. */
  label: string;
  /** Called on click; left out, the button submits its surrounding `<form>`. */
  onSubmit?(): unknown;
  /** What stands beside the submitting button: 取消, or a link back. */
  children?: ReactNode;
}

/** A form's end: its error, the primary button that submits it, and 取消 or a way back. */
export function FormSubmit({ error, busy, label, onSubmit, children }: FormSubmitProps) {
  const submits = onSubmit ? { onClick: () => void onSubmit() } : { nativeType: 'submit' as const };
  return (
    <>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      <Actions>
        <Button type="primary" loading={busy} {...submits}>
          {label}
        </Button>
        {children}
      </Actions>
    </>
  );
}
