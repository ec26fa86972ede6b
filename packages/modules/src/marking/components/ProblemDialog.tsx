import { useEffect, useState } from 'react';
import { PROBLEM_REASONS, type ProblemReason } from '@examkit/contracts';
import { Button, Dialog, FormField, Select, TextInput } from '@examkit/ui';
import { PROBLEM_LABELS } from '../utils/scoring';

export interface ProblemDialogProps {
  open: boolean;
  onClose(): void;
  /** Flags the paper; resolves to whether the server took it. */
  onFlag(reason: ProblemReason, note: string): Promise<boolean>;
}

/**
 * 标记问题卷: the marker picks a problem type (and a note, required for 其他) for the paper on
 * screen. The fields start empty each time the dialog opens.
 */
export function ProblemDialog({ open, onClose, onFlag }: ProblemDialogProps) {
  const [reason, setReason] = useState<ProblemReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setReason('');
      setNote('');
      setError(null);
    }
  }, [open]);
  const confirm = async () => {
    if (!reason) {
      setError('请选择问题类型');
      return;
    }
    if (reason === 'other' && !note.trim()) {
      setError('请填写问题说明');
      return;
    }
    setBusy(true);
    await onFlag(reason, note.trim());
    setBusy(false);
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="标记问题卷"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={busy} onClick={() => void confirm()}>
            确定标记
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        <FormField label="问题类型" required error={error}>
          <Select
            value={reason}
            placeholder="请选择"
            options={PROBLEM_REASONS.map((r) => ({ value: r, label: PROBLEM_LABELS[r]! }))}
            onChange={(e) => {
              setReason(e.target.value as ProblemReason);
              setError(null);
            }}
          />
        </FormField>
        <FormField label="问题说明">
          <TextInput value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        </FormField>
      </form>
    </Dialog>
  );
}
