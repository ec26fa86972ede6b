import { useRef, type MouseEvent } from 'react';
import { css, styled } from 'styled-components';
import { themeOf } from '../theme/theme';
import { Spinner } from './Spinner';
import type { ButtonProps, ButtonSize, ButtonType } from '../types';

const SIZES: Record<
  ButtonSize,
  { height: number; padding: number; font: 'small' | 'medium' | 'large' }
> = {
  tiny: { height: 22, padding: 8, font: 'small' },
  small: { height: 28, padding: 12, font: 'small' },
  medium: { height: 34, padding: 16, font: 'medium' },
  large: { height: 40, padding: 20, font: 'large' },
};

const StyledButton = styled.button<{ $type: ButtonType; $size: ButtonSize }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  box-sizing: border-box;
  font-family: ${(p) => themeOf(p).font.family};
  font-size: ${(p) => themeOf(p).font.size[SIZES[p.$size].font]};
  line-height: 1;
  white-space: nowrap;
  cursor: pointer;
  border-radius: ${(p) => themeOf(p).radius.medium};
  transition:
    background-color 0.15s,
    border-color 0.15s,
    color 0.15s;
  ${(p) => {
    const t = themeOf(p);
    const s = SIZES[p.$size];
    const box = css`
      height: ${s.height}px;
      padding: 0 ${s.padding}px;
    `;
    switch (p.$type) {
      case 'primary':
        return css`
          ${box};
          color: ${t.colors.primaryText};
          background: ${t.colors.primary};
          border: 1px solid ${t.colors.primary};
          &:hover:not(:disabled) {
            background: ${t.colors.primaryHover};
            border-color: ${t.colors.primaryHover};
          }
        `;
      case 'plain':
        return css`
          ${box};
          color: ${t.colors.primary};
          background: ${t.colors.surface};
          border: 1px solid ${t.colors.primary};
          &:hover:not(:disabled) {
            background: ${t.colors.background};
          }
        `;
      case 'text':
      case 'link':
        return css`
          height: auto;
          padding: 0;
          color: ${t.colors.primary};
          background: none;
          border: none;
          &:hover:not(:disabled) {
            color: ${t.colors.primaryHover};
            text-decoration: ${p.$type === 'link' ? 'underline' : 'none'};
          }
        `;
      default:
        return css`
          ${box};
          color: ${t.colors.text};
          background: ${t.colors.surface};
          border: 1px solid ${t.colors.border};
          &:hover:not(:disabled) {
            color: ${t.colors.primary};
            border-color: ${t.colors.primary};
          }
        `;
    }
  }}
  &:focus-visible {
    outline: 2px solid ${(p) => themeOf(p).colors.focus};
    outline-offset: 2px;
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;

/**
 * A button in one of the spec's types and sizes. With `throttle`, clicks
 * that follow an accepted click within that many ms are swallowed, so a
 * double click cannot submit twice.
 */
export function Button({
  type = 'default',
  size = 'medium',
  nativeType = 'button',
  throttle = 0,
  loading = false,
  disabled = false,
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const lastAccepted = useRef(Number.NEGATIVE_INFINITY);
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (throttle > 0) {
      const now = Date.now();
      if (now - lastAccepted.current < throttle) return;
      lastAccepted.current = now;
    }
    onClick?.(event);
  };
  return (
    <StyledButton
      {...rest}
      type={nativeType}
      $type={type}
      $size={size}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      onClick={handleClick}
    >
      {loading && <Spinner aria-hidden="true" />}
      {children}
    </StyledButton>
  );
}
