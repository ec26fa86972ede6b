import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { styled } from 'styled-components';
import { useExamkit, useExamkitStore } from '@examkit/core/react';
import { BackToTop, themeOf } from '@examkit/ui';
import { findRoute } from '../catalogue/findRoute';
import { isFooterHidden, showsFloatingBasket } from '../catalogue/layoutRules';
import { useBrand } from '../hooks/useBrand';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import { installErrorReporter } from './errorReporter';
import { FloatingBasket } from './FloatingBasket';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { ParentGuide } from './ParentGuide';
import { SubMenu } from './SubMenu';
import { WATERMARK_ON, Watermark } from './Watermark';

export interface MainLayoutProps {
  /**
   * The third-party hosted platform variant (spec 000 §6): hides the user dropdown.
   * @default false
   */
  hostedPlatform?: boolean;
}

/** Side margin of page content in px, except on data-view pages (spec 000 §2). */
export const PAGE_SIDE_MARGIN = 80;

const Frame = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  background: ${(p) => themeOf(p).colors.background};
  color: ${(p) => themeOf(p).colors.text};
  font-family: ${(p) => themeOf(p).font.family};
  font-size: ${(p) => themeOf(p).font.size.medium};
`;

const Main = styled.main<{ $margin: boolean }>`
  flex: 1;
  padding: ${(p) => (p.$margin ? `16px ${PAGE_SIDE_MARGIN}px` : '0')};
`;

/**
 * The product shell around every signed-in page (spec 000 §2): header, the
 * active module's second-level menu, page content, footer by brand,
 * back-to-top, and the watermark when the school turned it on.
 */
export function MainLayout({ hostedPlatform = false }: MainLayoutProps) {
  const { pathname } = useLocation();
  const entry = findRoute(pathname);
  const brand = useBrand();
  const menus = useExamkitStore((s) => s.menus);
  const watermark = useExamkitStore((s) => s.watermark);
  const nickName = useExamkitStore((s) => s.user?.nickName ?? '');
  const permCodes = useExamkitStore((s) => s.permCodes);
  const { http } = useExamkit();
  useEffect(() => installErrorReporter(http), [http]);

  const layout = entry?.layout;
  const fullscreen = layout?.fullscreen ?? false;
  const footerHidden = (layout?.hideFooter ?? false) || isFooterHidden(pathname, entry?.name);
  const subMenuNode =
    !layout?.hideSubMenu && entry?.menu ? menus.find((m) => m.permCode === entry.menu) : undefined;

  return (
    <Frame data-route={entry?.name}>
      {!fullscreen && (
        <AppHeader brand={brand} activeCode={entry?.menu ?? null} hostedPlatform={hostedPlatform} />
      )}
      {!fullscreen && subMenuNode && <SubMenu node={subMenuNode} />}
      <Main $margin={!(layout?.dataView ?? false)}>
        {!fullscreen && <ParentGuide />}
        <KeepAliveOutlet keepAlive={entry?.keepAlive ?? false} />
      </Main>
      {!fullscreen && !footerHidden && <AppFooter kind={brand.footer} />}
      {!footerHidden && <BackToTop />}
      {!fullscreen &&
        permCodes.includes('Resources') &&
        showsFloatingBasket(pathname, entry?.name) && <FloatingBasket />}
      {watermark === WATERMARK_ON && nickName && <Watermark text={nickName} />}
    </Frame>
  );
}
