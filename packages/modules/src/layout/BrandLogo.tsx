import { styled } from 'styled-components';
import { themeOf } from '@examkit/ui';

export interface BrandLogoProps {
  /** Logo key from `brandOf(variant).logo`. */
  logo: string;
  /** Brand title, used as the logo's accessible name. */
  title: string;
}

const Mark = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-weight: 600;
  font-size: 16px;
  white-space: nowrap;
  color: inherit;
  i {
    display: inline-grid;
    place-content: center;
    width: 30px;
    height: 30px;
    border-radius: ${(p) => themeOf(p).radius.large};
    background: ${(p) => themeOf(p).colors.primary};
    color: ${(p) => themeOf(p).colors.primaryText};
    font-style: normal;
    font-size: 14px;
  }
`;

/**
 * The brand's logo: a word mark drawn from the brand title, tagged with the
 * logo key so a deployment can style its own artwork per variant.
 */
export function BrandLogo({ logo, title }: BrandLogoProps) {
  return (
    <Mark role="img" aria-label={title} data-logo={logo}>
      <i aria-hidden="true">{title.slice(0, 1)}</i>
      <span aria-hidden="true">{title}</span>
    </Mark>
  );
}
