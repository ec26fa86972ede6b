import { useState, type FormEvent } from 'react';
import { Button, FormField, PasswordInput } from '@examkit/ui';
import { Row } from './operatorStyled';

/**
 * 重置密码 of one account in the operator console: the button opens the new password's field;
 * `save` answers whether the password was set (then the field closes).
 */
export function ResetPassword({
  loginName,
  label,
  save,
}: {
  loginName: string;
  /** The button's accessible name. */
  label: string;
  save: (password: string) => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await save(password)) setOpen(false);
  };
  if (!open)
    return (
      <Button
        size="small"
        aria-label={label}
        onClick={() => {
          setPassword('');
          setOpen(true);
        }}
      >
        重置密码
      </Button>
    );
  return (
    <Row onSubmit={(e) => void submit(e)}>
      <FormField label={`${loginName}的新密码`} hint="至少6位的字母和数字组合">
        <PasswordInput value={password} onChange={(e) => setPassword(e.target.value)} />
      </FormField>
      <Button type="primary" nativeType="submit" disabled={!password}>
        确定
      </Button>
      <Button onClick={() => setOpen(false)}>取消</Button>
    </Row>
  );
}
