import { createMenuFilter } from './createMenuFilter';
import type { MenuContext, PermItem, PermNode } from './types';

/** Builds the header menu tree from the permissions returned at sign-in (spec 000 §6). */
export function buildMenuTree(perms: readonly PermItem[], context: MenuContext = {}): PermNode[] {
  return createMenuFilter(context)(perms);
}
