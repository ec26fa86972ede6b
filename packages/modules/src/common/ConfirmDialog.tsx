import type { ReactNode } from 'react';
import { Button, Dialog } from '@examkit/ui';
import { Actions } from './styled';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The label of the confirming button, e.g. 确定删除. */
  confirmLabel: string;
  /** Shows the confirming button as busy. */
  loading?: boolean;
  onCancel(): void;
  onConfirm(): void;
  children: ReactNode;
}

/** An alert dialog asking to confirm a destructive action: 取消 and a primary confirm button. */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  loading = false,
  onCancel,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      role="alertdialog"
      title={title}
      onClose={onCancel}
      footer={
        <Actions>
          <Button onClick={onCancel}>取消</Button>
          <Button type="primary" loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Actions>
      }
    >
      {children}
    </Dialog>
  );
}
