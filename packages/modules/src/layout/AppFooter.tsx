import { styled } from 'styled-components';
import type { FooterKind } from '@examkit/core';
import { themeOf } from '@examkit/ui';

export interface AppFooterProps {
  /** The brand's footer variant (`brandOf(variant).footer`). */
  kind: FooterKind;
}

/** ICP filing register the footer links to. */
export const ICP_URL = 'https://beian.miit.gov.cn/';

const Foot = styled.footer`
  padding: 20px 80px;
  text-align: center;
  font-size: 12px;
  color: ${(p) => themeOf(p).colors.textSecondary};
  p {
    margin: 4px 0;
  }
  a {
    color: inherit;
  }
`;

/**
 * The footer by brand (spec 000 §1): company credit, copyright and ICP link;
 * only a logo for variant 5; a technical-support credit for variant 15;
 * nothing for the variants that hide it.
 */
export function AppFooter({ kind }: AppFooterProps) {
  if (kind === 'hidden') return null;
  if (kind === 'logo') {
    return (
      <Foot>
        <span role="img" aria-label="合作方标志">
          ◆
        </span>
      </Foot>
    );
  }
  if (kind === 'support') {
    return (
      <Foot>
        <p>技术支持：examkit</p>
      </Foot>
    );
  }
  return (
    <Foot>
      <p>examkit 提供技术服务</p>
      <p>© {new Date().getFullYear()} examkit 版权所有</p>
      <p>
        <a href={ICP_URL} target="_blank" rel="noopener noreferrer">
          ICP备案信息
        </a>
      </p>
    </Foot>
  );
}
