import type { PermNode } from '@examkit/core';
import { firstTarget } from '@examkit/permission';

/** Where a freshly signed-in user lands: the first target of the first menu entry, else the home page. */
export function firstMenuPath(menus: readonly PermNode[], fallback = '/home/index'): string {
  const first = menus[0];
  return first ? firstTarget(first) : fallback;
}
