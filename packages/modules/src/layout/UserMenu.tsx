import { useState } from 'react';
import { useExamkit } from '@examkit/core/react';
import { Dropdown } from '@examkit/ui';
import { ChangePasswordDialog } from '../shell/ChangePasswordDialog';

export interface UserMenuProps {
  nickName: string;
}

const ITEMS = [
  { key: 'password', label: '修改密码' },
  { key: 'logout', label: '退出' },
] as const;

/** The user dropdown of the header: 修改密码 opens the dialog, 退出 signs out. */
export function UserMenu({ nickName }: UserMenuProps) {
  const { auth } = useExamkit();
  const [changing, setChanging] = useState(false);
  return (
    <>
      <Dropdown
        label={nickName}
        ariaLabel={`用户菜单：${nickName}`}
        items={ITEMS}
        onSelect={(key) => (key === 'password' ? setChanging(true) : void auth.logout())}
      />
      <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />
    </>
  );
}
