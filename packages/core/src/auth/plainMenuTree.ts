import type { PermItem, PermNode } from '@examkit/contracts';

/**
 * The default menu filter: a tree of the web items that are shown
 * (platformType 0, isShow 0), children under `pPermId`, each level sorted by
 * `moduleOrder`. The children of a filtered-out item go with it; an item whose
 * parent is not among `perms` at all is a top-level entry. `@examkit/permission`
 * supplies the full rules of spec 000 §6.
 */
export function plainMenuTree(perms: PermItem[]): PermNode[] {
  const ids = new Set(perms.map((p) => p.id));
  // Sorted first, so every level is filled in moduleOrder.
  const shown = perms
    .filter((p) => p.platformType === 0 && p.isShow === 0)
    .sort((a, b) => a.moduleOrder - b.moduleOrder);
  const nodes = new Map(shown.map((p): [number, PermNode] => [p.id, { ...p, children: [] }]));
  const roots: PermNode[] = [];
  for (const node of nodes.values())
    (ids.has(node.pPermId) ? nodes.get(node.pPermId)?.children : roots)?.push(node);
  return roots;
}
