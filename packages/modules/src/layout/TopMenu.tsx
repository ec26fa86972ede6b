import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import type { PermNode } from '@examkit/core';
import { firstTarget } from '@examkit/permission';
import { themeOf } from '@examkit/ui';
import { AI_AGENT_NAME, MENU_BADGES, OWN_ENTRY_CODES, isExternalEntry } from './menuRules';

export interface TopMenuProps {
  menus: readonly PermNode[];
  /** Code of the module the current page belongs to. */
  activeCode: string | null;
}

const List = styled.ul`
  display: flex;
  align-items: stretch;
  height: 100%;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
  }
  a {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    padding: 0 14px;
    color: inherit;
    text-decoration: none;
    border-bottom: 3px solid transparent;
  }
  a[aria-current='page'] {
    color: ${(p) => themeOf(p).colors.primary};
    border-bottom-color: ${(p) => themeOf(p).colors.primary};
  }
  a:hover {
    color: ${(p) => themeOf(p).colors.primary};
  }
  a:focus-visible {
    outline: 2px solid ${(p) => themeOf(p).colors.focus};
    outline-offset: -2px;
  }
  img {
    height: 22px;
  }
`;

const Badge = styled.span`
  font-size: 10px;
  line-height: 14px;
  padding: 0 4px;
  border-radius: 7px;
  color: #fff;
  background: ${(p) => themeOf(p).colors.danger};
`;

const AI_AGENT_IMAGE =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="72" height="22"><rect width="72" height="22" rx="11" fill="#6d4aff"/><text x="36" y="15" font-size="12" text-anchor="middle" fill="#fff" font-family="sans-serif">AI Agent</text></svg>',
  );

/**
 * The header's top-level menu: one link per module the user may open, going
 * to the entry's first target; help and download entries open in a new tab.
 */
export function TopMenu({ menus, activeCode }: TopMenuProps) {
  return (
    <nav aria-label="主菜单">
      <List>
        {menus
          .filter((node) => !OWN_ENTRY_CODES.includes(node.permCode))
          .map((node) => {
            const badge = MENU_BADGES[node.permCode];
            const label =
              node.permName === AI_AGENT_NAME ? (
                <img src={AI_AGENT_IMAGE} alt={AI_AGENT_NAME} />
              ) : (
                node.permName
              );
            const content = (
              <>
                {label}
                {badge && <Badge aria-label={badge === 'HOT' ? '热门' : '新功能'}>{badge}</Badge>}
              </>
            );
            return (
              <li key={node.id}>
                {isExternalEntry(node) ? (
                  <a href={node.moduleUrl} target="_blank" rel="noopener noreferrer">
                    {content}
                  </a>
                ) : (
                  <Link
                    to={firstTarget(node)}
                    aria-current={activeCode === node.permCode ? 'page' : undefined}
                  >
                    {content}
                  </Link>
                )}
              </li>
            );
          })}
      </List>
    </nav>
  );
}
