import { useMemo } from 'react';
import { styled } from 'styled-components';
import type { PermItem } from '@examkit/contracts';
import { themeOf } from '@examkit/ui';

export interface PermissionTreeProps {
  /** The flat catalogue; the tree is built through `pPermId`. */
  items: readonly PermItem[];
  /** The chosen keys (`permCode`). */
  checked: ReadonlySet<string>;
  onChange(next: Set<string>): void;
  /** Accessible name of the tree. @default '权限' */
  label?: string;
}

interface Node {
  item: PermItem;
  children: Node[];
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding-left: 20px;
  &[role='tree'] {
    padding-left: 0;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    padding: 2px 0;
    cursor: pointer;
  }
  small {
    color: ${(p) => themeOf(p).colors.textSecondary};
  }
`;

const codesUnder = (node: Node): string[] => [
  node.item.permCode,
  ...node.children.flatMap(codesUnder),
];

/**
 * The permission keys of spec 001 §6 as a tree of checkboxes. Checking an entry checks
 * everything under it and the entries above it (a key is of no use without its module);
 * unchecking one unchecks everything under it. A checked entry with some of its children
 * left out shows as mixed. What is checked is exactly what a save sends.
 */
export function PermissionTree({ items, checked, onChange, label = '权限' }: PermissionTreeProps) {
  const { roots, parents } = useMemo(() => {
    const nodes = new Map<number, Node>(items.map((item) => [item.id, { item, children: [] }]));
    const roots: Node[] = [];
    const parents = new Map<string, string>();
    for (const node of nodes.values()) {
      const parent = nodes.get(node.item.pPermId);
      if (parent) {
        parent.children.push(node);
        parents.set(node.item.permCode, parent.item.permCode);
      } else roots.push(node);
    }
    const byOrder = (a: Node, b: Node) => a.item.moduleOrder - b.item.moduleOrder;
    const sort = (list: Node[]) => {
      list.sort(byOrder);
      list.forEach((n) => sort(n.children));
    };
    sort(roots);
    return { roots, parents };
  }, [items]);

  const toggle = (node: Node, on: boolean) => {
    const next = new Set(checked);
    for (const code of codesUnder(node)) {
      if (on) next.add(code);
      else next.delete(code);
    }
    if (on) {
      for (let up = parents.get(node.item.permCode); up; up = parents.get(up)) next.add(up);
    }
    onChange(next);
  };

  const render = (list: Node[], top: boolean) => (
    <List role={top ? 'tree' : 'group'} aria-label={top ? label : undefined}>
      {list.map((node) => {
        const code = node.item.permCode;
        const on = checked.has(code);
        const under = node.children.length ? codesUnder(node).slice(1) : [];
        const mixed = on && under.some((c) => !checked.has(c));
        return (
          <li
            key={code}
            role="treeitem"
            aria-selected={on}
            aria-expanded={under.length ? true : undefined}
          >
            <label title={code}>
              <input
                type="checkbox"
                checked={on}
                ref={(el) => {
                  if (el) el.indeterminate = mixed;
                }}
                aria-label={node.item.permName}
                aria-checked={mixed ? 'mixed' : on}
                onChange={(e) => toggle(node, e.target.checked)}
              />
              {node.item.permName}
              <small>{code}</small>
            </label>
            {node.children.length > 0 && render(node.children, false)}
          </li>
        );
      })}
    </List>
  );

  return render(roots, true);
}
