import { useExamkitStore } from '@examkit/core/react';
import { hasPermission } from './hasPermission';
import type { PermissionKey } from './types';

/**
 * Whether the signed-in user holds a permission key, read synchronously from
 * the stored permission codes (so a guarded element never flickers). Re-renders
 * when the active role changes.
 */
export function usePermission(key: PermissionKey | null | undefined): boolean {
  const codes = useExamkitStore((s) => s.permCodes);
  return hasPermission(codes, key);
}
