/** The part of `navigator` that decides whether preloading is worth it. */
export interface PrefetchNavigator {
  onLine?: boolean;
  connection?: { saveData?: boolean; effectiveType?: string } | undefined;
}

/** Connection types on which the sub-application's assets are not preloaded (spec 000 §2). */
export const SLOW_CONNECTIONS: readonly string[] = ['slow-2g', '2g', '3g'];

/**
 * Whether idle-time preloading may run now: not when the browser is offline, in data-saver
 * mode, or on a 2g/3g connection (spec 000 §2). Read afresh at every prefetch, since a laptop
 * moves between networks.
 */
export function canPrefetch(nav: PrefetchNavigator | undefined = globalThis.navigator): boolean {
  if (!nav) return false;
  if (nav.onLine === false) return false;
  const connection = nav.connection;
  if (connection?.saveData) return false;
  return !(connection?.effectiveType && SLOW_CONNECTIONS.includes(connection.effectiveType));
}
