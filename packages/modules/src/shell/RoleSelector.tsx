import { useNavigate } from 'react-router-dom';
import { useExamkit, useExamkitStore } from '@examkit/core/react';
import { Select } from '@examkit/ui';
import { firstMenuPath } from '../utils/firstMenuPath';

/**
 * The active-role selector, shown only when the user has several roles.
 * Choosing a role rebuilds menus and permissions and opens that role's first
 * menu target, since the current page may not be open to it.
 */
export function RoleSelector() {
  const { auth, store } = useExamkit();
  const navigate = useNavigate();
  const roles = useExamkitStore((s) => s.user?.roles);
  const activeRoleId = useExamkitStore((s) => s.activeRoleId);
  if (!roles || roles.length < 2) return null;
  return (
    <Select
      label="切换角色"
      value={activeRoleId ?? ''}
      options={roles.map((r) => ({ value: r.id, label: r.roleName }))}
      onChange={(event) => {
        auth.setActiveRole(Number(event.target.value));
        navigate(firstMenuPath(store.getState().menus));
      }}
    />
  );
}
