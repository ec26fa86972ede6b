import { Link, useLocation } from 'react-router-dom';
import { styled } from 'styled-components';
import type { PermNode } from '@examkit/core';
import { firstTarget } from '@examkit/permission';
import { themeOf } from '@examkit/ui';

export interface SubMenuProps {
  /** The active module's menu node. */
  node: PermNode;
}

const Row = styled.nav`
  background: ${(p) => themeOf(p).colors.surface};
  border-bottom: 1px solid ${(p) => themeOf(p).colors.border};
  ul {
    display: flex;
    gap: 4px;
    margin: 0;
    padding: 0 80px;
    list-style: none;
  }
  a {
    display: inline-block;
    padding: 10px 14px;
    color: ${(p) => themeOf(p).colors.textSecondary};
    text-decoration: none;
  }
  a[aria-current='page'] {
    color: ${(p) => themeOf(p).colors.primary};
    font-weight: 600;
  }
  a:focus-visible {
    outline: 2px solid ${(p) => themeOf(p).colors.focus};
  }
`;

/** The second-level menu row of the active module: its children of type 1. */
export function SubMenu({ node }: SubMenuProps) {
  const { pathname } = useLocation();
  const items = node.children.filter((c) => c.type === 1);
  if (items.length === 0) return null;
  return (
    <Row aria-label={`${node.permName}菜单`}>
      <ul>
        {items.map((child) => {
          const target = firstTarget(child);
          const active =
            pathname === target ||
            pathname.startsWith(`${child.moduleUrl}/`) ||
            pathname === child.moduleUrl;
          return (
            <li key={child.id}>
              <Link to={target} aria-current={active ? 'page' : undefined}>
                {child.permName}
              </Link>
            </li>
          );
        })}
      </ul>
    </Row>
  );
}
