import { firstMenuChild, firstTarget } from './firstTarget';
import type { PermNode } from './types';

/**
 * Where the system entry goes: the first child of the System module, or
 * `null` when the user has none, meaning the shell shows
 * `notifier.alert(DENIED_TITLE, DENIED_MESSAGE)` instead.
 */
export function systemEntryTarget(menus: readonly PermNode[]): string | null {
  const system = menus.find((m) => m.permCode === 'System');
  return system && firstMenuChild(system) ? firstTarget(system) : null;
}
