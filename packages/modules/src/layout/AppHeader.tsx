import { useExamkit, useExamkitStore } from '@examkit/core/react';
import {
  DENIED_MESSAGE,
  DENIED_TITLE,
  abilityGrowthEntry,
  systemEntryTarget,
} from '@examkit/permission';
import { Button, themeOf } from '@examkit/ui';
import { useNavigate } from 'react-router-dom';
import { styled } from 'styled-components';
import { DOWNLOAD_CENTRE_PATH } from '../common/downloadCentrePath';
import { RoleSelector } from '../shell/RoleSelector';
import { BrandLogo } from './BrandLogo';
import { MessageEntry } from './MessageEntry';
import { SchoolSwitcher } from './SchoolSwitcher';
import { TopMenu } from './TopMenu';
import { UserMenu } from './UserMenu';

/** Header height in px (spec 000 §9). */
export const HEADER_HEIGHT = 55;

/** Brand variants without the password/exit dropdown (spec 000 §6). */
export const USER_MENU_HIDDEN_VARIANTS: readonly number[] = [30];

/** Brand variants without the user info block: only the school name shows (spec 000 §6). */
export const USER_INFO_HIDDEN_VARIANTS: readonly number[] = [5, 9];

export interface AppHeaderProps {
  brand: { title: string; logo: string; variant: number | null };
  activeCode: string | null;
  /** Third-party hosted platform: the user dropdown is hidden. */
  hostedPlatform: boolean;
}

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${(p) => themeOf(p).zIndex.header};
  display: flex;
  align-items: center;
  gap: 20px;
  height: ${HEADER_HEIGHT}px;
  padding: 0 24px;
  background: ${(p) => themeOf(p).colors.surface};
  border-bottom: 1px solid ${(p) => themeOf(p).colors.border};
  > nav {
    height: 100%;
    flex: 1;
    min-width: 0;
  }
`;

const Side = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  white-space: nowrap;
  a {
    color: ${(p) => themeOf(p).colors.primary};
    text-decoration: none;
  }
  a:focus-visible {
    outline: 2px solid ${(p) => themeOf(p).colors.focus};
  }
`;

const HistoryBadge = styled.span`
  padding: 2px 8px;
  font-size: 12px;
  border-radius: 10px;
  color: ${(p) => themeOf(p).colors.warning};
  border: 1px solid currentColor;
`;

/**
 * The 55 px header: logo, top menu, school name (a bureau's school switcher), history-role badge, role
 * selector, the system and ability-growth entries, and the user dropdown.
 */
export function AppHeader({ brand, activeCode, hostedPlatform }: AppHeaderProps) {
  const { notifier } = useExamkit();
  const navigate = useNavigate();
  const menus = useExamkitStore((s) => s.menus);
  const user = useExamkitStore((s) => s.user);
  const growth = user ? abilityGrowthEntry(user.perms) : null;
  const variantIn = (list: readonly number[]) =>
    brand.variant !== null && list.includes(brand.variant);
  const showUserInfo = !variantIn(USER_INFO_HIDDEN_VARIANTS);
  const showUserMenu = showUserInfo && !hostedPlatform && !variantIn(USER_MENU_HIDDEN_VARIANTS);

  const openSystem = () => {
    const target = systemEntryTarget(menus);
    if (target) navigate(target);
    else notifier.alert(DENIED_TITLE, DENIED_MESSAGE);
  };

  return (
    <Bar>
      <BrandLogo logo={brand.logo} title={brand.title} />
      <TopMenu menus={menus} activeCode={activeCode} />
      <Side>
        {growth && (
          <a href={growth.moduleUrl} target="_blank" rel="noopener noreferrer">
            {growth.permName}
          </a>
        )}
        {/* Every user's own exports (spec 000 §2: the entry opens in a new tab). */}
        {user && (
          <a href={DOWNLOAD_CENTRE_PATH} target="_blank" rel="noopener noreferrer">
            下载中心
          </a>
        )}
        {/* Shown only to users the server lets into a system page (issue #12: no entry that is refused). */}
        {systemEntryTarget(menus) !== null && (
          <Button
            type="text"
            onClick={openSystem}
            aria-current={activeCode === 'System' ? 'page' : undefined}
          >
            系统管理
          </Button>
        )}
        {user && <MessageEntry />}
        {user && <SchoolSwitcher />}
        {user?.isHistoryRole && (
          <HistoryBadge title="当前学年无权限，正在使用上一学年的角色">历史角色</HistoryBadge>
        )}
        {showUserInfo && <RoleSelector />}
        {user && showUserMenu && <UserMenu nickName={user.nickName} />}
      </Side>
    </Bar>
  );
}
