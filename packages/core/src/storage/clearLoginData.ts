import type { KeyValueStorage } from '../types';
import { STORAGE_KEYS } from './STORAGE_KEYS';

/**
 * Removes what spec 000 §4 clears on session expiry and logout: token, user
 * info, menus, path array, history role, school id and the homework header store.
 */
export function clearLoginData(storage: KeyValueStorage): void {
  for (const key of Object.values(STORAGE_KEYS)) storage.remove(key);
}
