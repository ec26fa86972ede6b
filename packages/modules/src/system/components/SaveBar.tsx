import { Button } from '@examkit/ui';
import { Actions, ErrorText, Note } from './styled';

export interface SaveBarProps {
  error: string | null;
  note: string | null;
  saving: boolean;
  onSave(): void;
}

/** Under an editable table: the error (alert), the outcome note (status) and the 保存 button. */
export function SaveBar({ error, note, saving, onSave }: SaveBarProps) {
  return (
    <>
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {note && <Note role="status">{note}</Note>}
      <Actions style={{ marginTop: 16 }}>
        <Button type="primary" loading={saving} onClick={onSave}>
          保存
        </Button>
      </Actions>
    </>
  );
}
