import { useState, type FormEvent } from 'react';
import { Button, FormField, TextInput } from '@examkit/ui';
import { ErrorText, Note } from './styled';

export interface StudentEntryFormProps {
  /** What the teacher hands out: 考试码, 作业码. */
  codeLabel: string;
  /** The form's name and its button: 进入考试, 进入作业. */
  action: string;
  note: string;
  /** Enters with the trimmed code and 学号; answers the error to show, or null. */
  onEnter(code: string, studentNo: string): Promise<string | null>;
}

/**
 * The public student pages' way in (/online-exam, /homework-online): a code from the teacher
 * and the 学号, no account (docs/online-exams.md).
 */
export function StudentEntryForm({ codeLabel, action, note, onEnter }: StudentEntryFormProps) {
  const [code, setCode] = useState('');
  const [studentNo, setStudentNo] = useState('');
  const [error, setError] = useState('');
  const [entering, setEntering] = useState(false);

  async function enter(event: FormEvent) {
    event.preventDefault();
    if (!code.trim() || !studentNo.trim()) return setError(`请输入${codeLabel}和学号`);
    setEntering(true);
    setError('');
    const message = await onEnter(code.trim(), studentNo.trim());
    setEntering(false);
    if (message !== null) setError(message);
  }

  return (
    <>
      <form
        noValidate
        onSubmit={(e) => void enter(e)}
        aria-label={action}
        style={{ maxWidth: 360 }}
      >
        <FormField label={codeLabel} required>
          <TextInput
            value={code}
            maxLength={16}
            autoComplete="off"
            onChange={(e) => setCode(e.target.value)}
          />
        </FormField>
        <FormField label="学号" required>
          <TextInput
            value={studentNo}
            maxLength={32}
            autoComplete="off"
            onChange={(e) => setStudentNo(e.target.value)}
          />
        </FormField>
        {error && <ErrorText role="alert">{error}</ErrorText>}
        <Button type="primary" nativeType="submit" loading={entering}>
          {action}
        </Button>
      </form>
      <Note>{note}</Note>
    </>
  );
}
