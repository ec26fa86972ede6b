import { useEffect } from 'react';
import { useExamkitStore } from '@examkit/core/react';
import { abilityGrowthEntry } from '@examkit/permission';
import { prefetchAbilityGrowth } from './prefetchAbilityGrowth';

/** Preloads the AbilityGrowth sub-application at idle time for users who have its entry. */
export function AbilityGrowthPrefetch({ host }: { host: string }) {
  const user = useExamkitStore((s) => s.user);
  const entitled = user !== null && abilityGrowthEntry(user.perms) !== null;
  useEffect(() => (entitled ? prefetchAbilityGrowth(host) : undefined), [entitled, host]);
  return null;
}
