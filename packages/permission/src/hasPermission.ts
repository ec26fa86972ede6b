import type { PermissionCodes, PermissionKey } from './types';

/**
 * Whether the stored permission codes grant a key. An empty or missing key is
 * always granted; an array of keys is granted when any one of them is held.
 */
export function hasPermission(
  codes: PermissionCodes | null | undefined,
  key: PermissionKey | null | undefined,
): boolean {
  if (key == null || key.length === 0) return true;
  if (!codes) return false;
  const has = (k: string) => ('has' in codes ? codes.has(k) : codes.includes(k));
  return typeof key === 'string' ? has(key) : key.some(has);
}
