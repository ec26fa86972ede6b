import type { AuthorizedProps } from './types';
import { usePermission } from './usePermission';

/**
 * Shows its children only to a user holding `perm` (spec 000 §6's element
 * directive); otherwise shows `fallback`, nothing by default.
 */
export function Authorized({ perm, fallback = null, children }: AuthorizedProps) {
  return usePermission(perm) ? children : fallback;
}
