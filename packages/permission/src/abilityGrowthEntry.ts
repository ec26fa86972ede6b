import { ABILITY_GROWTH_CODE, isWebShown } from './createMenuFilter';
import type { PermItem } from './types';

/**
 * The ability-growth module, which the header menu leaves out and the shell
 * opens through its own entry (in a new tab); `null` when the user lacks it.
 */
export function abilityGrowthEntry(perms: readonly PermItem[]): PermItem | null {
  return perms.find((p) => p.permCode === ABILITY_GROWTH_CODE && isWebShown(p)) ?? null;
}
